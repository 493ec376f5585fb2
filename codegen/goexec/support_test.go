package goexec

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRuntimeNamesDocumented keeps runtime/gensupport's list of the
// runtime names generated code uses equal to what this generator emits.
func TestRuntimeNamesDocumented(t *testing.T) {
	emitted := map[string]bool{}
	use := regexp.MustCompile(`(?:Qual\(RuntimePath, |rt\()"([A-Za-z]+)"`)
	for _, f := range []string{"build.go", "checks.go", "decode.go", "goexec.go", "model.go", "tools.go", "types.go", "validate.go"} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range use.FindAllStringSubmatch(string(src), -1) {
			emitted[m[1]] = true
		}
	}
	doc, err := os.ReadFile("../../runtime/gensupport/gensupport.go")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(doc), "emits): ")
	j := strings.Index(string(doc), ". Moving them")
	if i < 0 || j < i {
		t.Fatal("gensupport's doc has no list of runtime names")
	}
	var documented []string
	for _, w := range regexp.MustCompile(`\b[A-Z][A-Za-z]+\b`).FindAllString(string(doc[i:j]), -1) {
		documented = append(documented, w)
	}
	var want []string
	for n := range emitted {
		want = append(want, n)
	}
	slices.Sort(want)
	slices.Sort(documented)
	if len(want) < 10 || !slices.Equal(want, documented) {
		t.Errorf("generated code uses runtime.%v;\nruntime/gensupport documents %v", want, documented)
	}
}
