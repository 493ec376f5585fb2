package workflow

import (
	"bytes"
	"testing"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/codegen/describe"
	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/codegen/schemas"
	"github.com/tscg/tscg/codegen/tsdecl"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/compact"
	"github.com/tscg/tscg/internal/golden"
)

// TestOutputs appends the quarterly-report workflow tool to its catalog
// and checks that every output kind includes it with its parameters.
func TestOutputs(t *testing.T) {
	ar := golden.Open(t, "testdata/parse_quarterly.txtar")
	cat, err := compact.Parse(ar.File("tools.compact"))
	if err != nil {
		t.Fatal(err)
	}
	c, ds := Compile("q.workflow.yaml", ar.File("quarterly_report.workflow.yaml"), cat, jsonschema.Options{})
	if c == nil {
		t.Fatalf("compile: %v", ds)
	}
	cat.Tools = append(cat.Tools, c.Tool)
	gens := map[string]func(*ir.Catalog) ([]codegen.File, error){
		"jsonschema": func(c *ir.Catalog) ([]codegen.File, error) { return schemas.Generate(c, jsonschema.Options{}) },
		"providers":  func(c *ir.Catalog) ([]codegen.File, error) { return providers.Generate(c, providers.Options{}) },
		"describe":   func(c *ir.Catalog) ([]codegen.File, error) { return describe.Generate(c, describe.Options{}) },
		"tsdecl":     func(c *ir.Catalog) ([]codegen.File, error) { return tsdecl.Generate(c, tsdecl.Options{}) },
	}
	for name, gen := range gens {
		files, err := gen(cat)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var all bytes.Buffer
		for _, f := range files {
			all.WriteString(f.Path + "\n")
			all.Write(f.Contents)
		}
		for _, want := range []string{"quarterly_report", "quarter", "Q4"} {
			if !bytes.Contains(all.Bytes(), []byte(want)) {
				t.Errorf("%s output lacks %q", name, want)
			}
		}
	}
}
