package typescript

// Selected types of one file against ts-json-schema-generator 2.4.0: each
// directory under testdata/conformance/selected holds one file of our own
// (sdk-resource: a resource module in the layout generated API SDKs use),
// types.txt naming the types to compile, and expected/<Type>.json, the
// reference's output for `--type <Type>` (regen.sh). Each type is
// compiled the way `tscg schema FILE --type <Type>` does: only it and what
// it references must compile, so the file's other declarations (classes
// extending imported bases, types from modules not stored) are warnings.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/corpus"
)

func TestConformanceSelected(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join(conformanceDir, "selected", "*"))
	if len(dirs) == 0 {
		corpus.Missing(t, "no selected-type conformance files under %s/selected", conformanceDir)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) { runSelectedCase(t, dir) })
	}
}

func runSelectedCase(t *testing.T, dir string) {
	srcs, _ := filepath.Glob(filepath.Join(dir, "*.ts"))
	if len(srcs) != 1 {
		t.Fatalf("%s: want one .ts file, have %v", dir, srcs)
	}
	list, err := os.ReadFile(filepath.Join(dir, "types.txt"))
	if err != nil {
		t.Fatal(err)
	}
	types := strings.Fields(string(list))
	if len(types) == 0 {
		t.Fatalf("%s/types.txt names no type", dir)
	}
	for _, name := range types {
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(dir, "expected", name+".json"))
			if err != nil {
				t.Fatalf("no reference output (run regen.sh): %v", err)
			}
			want, err := parseSchemaDoc(raw)
			if err != nil {
				t.Fatalf("reference output: %v", err)
			}
			cat, diags := Load(srcs, Options{Select: &Selection{Types: []string{name}}})
			if diags.HasErrors() {
				t.Fatalf("tscg rejected %s for --type %s:\n%v", srcs[0], name, diags)
			}
			for _, d := range diags {
				if d.Pos.Line == 0 {
					t.Errorf("warning without a position: %v", d)
				}
			}
			n := cat.Type(name)
			if n == nil {
				t.Fatalf("tscg has no type %s", name)
			}
			compareNamed(t, n, want)
		})
	}
}
