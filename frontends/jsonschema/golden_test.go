package jsonschema

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/golden"
)

// Golden cases: testdata/*.txtar. Every file section except "ir" and
// "diagnostics" is an input; the archive comment may say
// "options: close-objects" and "mode: schema" (Schema on the one input
// instead of Load). TSCG_UPDATE=1 rewrites the expected sections.
func TestGolden(t *testing.T) {
	golden.Each(t, filepath.Join("testdata", "*.txtar"), runGolden)
}

func runGolden(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	comment := string(ar.Comment)
	opts := Options{CloseObjects: strings.Contains(comment, "options: close-objects")}
	inputs := map[string][]byte{}
	for _, f := range ar.Files {
		if f.Name != "ir" && f.Name != "diagnostics" {
			inputs[f.Name] = f.Data
		}
	}
	if len(inputs) == 0 {
		t.Fatal("no input sections")
	}
	var got, diags string
	if strings.Contains(comment, "mode: schema") {
		got, diags = goldenSchema(t, inputs, opts)
	} else {
		got, diags = goldenLoad(inputs, opts)
	}
	if os.Getenv("TSCG_UPDATE") != "" {
		setSection(ar, "ir", got)
		setSection(ar, "diagnostics", diags)
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want := section(ar, "ir"); got != want {
		t.Errorf("ir differs (TSCG_UPDATE=1 rewrites)\n--- got\n%s--- want\n%s", got, want)
	}
	if want := section(ar, "diagnostics"); diags != want {
		t.Errorf("diagnostics differ (TSCG_UPDATE=1 rewrites)\n--- got\n%s--- want\n%s", diags, want)
	}
}

// goldenLoad loads the inputs in sorted name order, as Load reads files.
func goldenLoad(inputs map[string][]byte, opts Options) (string, string) {
	names := make([]string, 0, len(inputs))
	for n := range inputs {
		names = append(names, n)
	}
	sort.Strings(names)
	l := newLoader(opts)
	for _, n := range names {
		l.file(n, inputs[n])
	}
	return dump(l.catalog()), dumpDiags(l.diags)
}

func goldenSchema(t *testing.T, inputs map[string][]byte, opts Options) (string, string) {
	if len(inputs) != 1 {
		t.Fatal("mode: schema wants exactly one input")
	}
	for name, data := range inputs {
		typ, named, diags := Schema(name, data, opts)
		var b strings.Builder
		b.WriteString("root: ")
		dumpType(&b, 0, typ)
		b.WriteString(dump(&ir.Catalog{Types: named}))
		return b.String(), dumpDiags(diags)
	}
	return "", ""
}

func section(ar *txtar.Archive, name string) string {
	for _, f := range ar.Files {
		if f.Name == name {
			return string(f.Data)
		}
	}
	return ""
}

func setSection(ar *txtar.Archive, name, data string) {
	for i, f := range ar.Files {
		if f.Name == name {
			ar.Files[i].Data = []byte(data)
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(data)})
}
