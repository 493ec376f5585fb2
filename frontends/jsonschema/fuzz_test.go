package jsonschema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// FuzzLoadBytes feeds arbitrary bytes to the JSON frontend: it may report
// diagnostics but must not panic, and every error must carry a position.
// Seeds: one input per shape, plus every golden input.
func FuzzLoadBytes(f *testing.F) {
	seeds := []string{
		`[{"type":"function","function":{"name":"a","parameters":{"type":"object","properties":{"x":{"type":"string"}}}}}]`,
		`[{"type":"function","name":"a","parameters":{"type":"object"},"output_schema":{"type":"string"}}]`,
		`[{"name":"a","input_schema":{"type":"object","properties":{"x":{"$ref":"#/$defs/X"}},"$defs":{"X":{"type":"integer"}}}}]`,
		`{"tools":[{"name":"a","inputSchema":{"type":"object"},"outputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}]}`,
		`{"result":{"tools":[{"name":"a","inputSchema":{"anyOf":[{"type":"object"}]}}]}}`,
		"{\"id\":\"x\",\"question\":[],\"function\":[{\"name\":\"a.b\",\"parameters\":{\"type\":\"dict\",\"properties\":{\"f\":{\"type\":\"float\"}}}}]}\n{\"id\":\"y\",\"question\":[],\"function\":[]}\n",
		`[{"name":"a","description":"d","parameters":{"type":"object","properties":{"p":{"type":"string","example_value":"1"}},"optional":[]}}]`,
		`{"answer_generation":{"function":[{"name":"a","parameters":{}}]}}`,
		`{"$defs":{"A":{"type":["string","null"],"prefixItems":[true],"items":false}},"$ref":"#/$defs/A","not":{"$ref":"#"}}`,
		`{"type":"array","items":[{"type":"string"}],"additionalItems":{"$ref":"#/items/0"}}`,
		`[{"name":"a","parameters":{"$ref":"#"}}]`,
		`{"a": [1, 2, {"b": "\ud83d\ude00"}]`,
	}
	for _, s := range seeds {
		f.Add("seed.json", []byte(s))
	}
	golden, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	for _, g := range golden {
		ar, err := txtar.ParseFile(g)
		if err != nil {
			continue
		}
		for _, file := range ar.Files {
			if file.Name != "ir" && file.Name != "diagnostics" {
				f.Add(file.Name, file.Data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		for _, opts := range []Options{{}, {CloseObjects: true}} {
			cat, diags := LoadBytes(name, data, opts)
			if cat == nil {
				t.Fatal("nil catalog")
			}
			for _, d := range diags {
				if d.Pos.File != name {
					t.Fatalf("diagnostic without the file's position: %v", d)
				}
			}
			for _, tool := range cat.Tools {
				if tool.Params == nil || tool.Name == "" {
					t.Fatalf("tool without params or name: %+v", tool)
				}
			}
			Schema(name, data, opts)
		}
	})
}

// TestFuzzRegressions replays inputs in testdata/fuzz (none yet: add
// findings there as files).
func TestFuzzRegressions(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "*"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		LoadBytes(file, data, Options{})
	}
}
