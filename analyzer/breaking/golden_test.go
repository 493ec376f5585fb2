package breaking

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/golden"
)

func load(t *testing.T, ar *golden.Archive, name string) *ir.Catalog {
	t.Helper()
	cat, ds := jsonfront.LoadBytes(name, ar.File(name), jsonfront.Options{})
	if ds.HasErrors() {
		t.Fatalf("%s: %v", name, ds.Err())
	}
	return cat
}

// TestGolden compares old.json with new.json in each testdata/*.txtar
// and checks the findings (section "findings").
func TestGolden(t *testing.T) {
	golden.Each(t, "testdata/*.txtar", func(t *testing.T, path string) {
		ar := golden.Open(t, path)
		defer ar.Close(t)
		fs := Compare(load(t, ar, "old.json"), load(t, ar, "new.json"))
		var buf bytes.Buffer
		if err := analyzer.WriteText(&buf, fs); err != nil {
			t.Fatal(err)
		}
		ar.Check(t, "findings", buf.Bytes())
	})
}

// TestRulesCovered checks that each rule is shown by some golden case.
func TestRulesCovered(t *testing.T) {
	seen := map[string]bool{}
	golden.Each(t, "testdata/*.txtar", func(t *testing.T, path string) {
		f := string(golden.Open(t, path).File("findings"))
		for _, id := range IDs() {
			if strings.Contains(f, "["+id+"]") {
				seen[id] = true
			}
		}
	})
	for _, id := range IDs() {
		if !seen[id] {
			t.Errorf("rule %s has no golden case", id)
		}
	}
}

// TestIdentical: a catalog compared with itself has no findings.
func TestIdentical(t *testing.T) {
	ar := golden.Open(t, "testdata/params.txtar")
	cat := load(t, ar, "new.json")
	if fs := Compare(cat, cat); len(fs) != 0 {
		t.Errorf("self-comparison found %v", fs)
	}
}
