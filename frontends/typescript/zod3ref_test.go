package typescript

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tscg/tscg/compiler/jsonschema"
)

// The MCP listing of a zod 3 tool input writes repeats of a schema as
// zod-to-json-schema does, a JSON pointer to its first place, key for
// key (the corpus test compares with pointers resolved; this one
// compares them as written, $schema aside).
func TestZod3PointerRefs(t *testing.T) {
	dir := filepath.Join("testdata", "register", "mcp-data-zod3")
	data, err := os.ReadFile(filepath.Join(dir, "expected", "reuse", "server.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want struct{ MCP []expectedTool }
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	cat, diags := Load([]string{filepath.Join(dir, "reuse", "server.ts")}, Options{})
	if diags.HasErrors() || len(cat.Tools) != len(want.MCP) {
		t.Fatalf("tools %d, diags %v", len(cat.Tools), diags)
	}
	for i, w := range want.MCP {
		g := cat.Tools[i]
		params := g.Params
		if g.ListingParams != nil {
			params = g.ListingParams
		}
		b, err := jsonschema.Type(params, jsonschema.Options{Draft: jsonschema.Draft7})
		if err != nil {
			t.Fatal(err)
		}
		var got, exp map[string]any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(w.InputSchema, &exp); err != nil {
			t.Fatal(err)
		}
		delete(got, "$schema")
		delete(exp, "$schema")
		if !reflect.DeepEqual(got, exp) {
			t.Errorf("%s:\n tscg: %s\n real: %s", w.Name, b, w.InputSchema)
		}
	}
}
