package main

import (
	"reflect"
	"testing"

	"github.com/tscg/tscg/internal/orderedjson"
)

func tools(t *testing.T, doc string) map[string]*orderedjson.Object {
	t.Helper()
	v, err := orderedjson.Decode([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*orderedjson.Object{}
	collect(v, out)
	return out
}

// TestCompareListings checks each verdict and class on small listings.
func TestCompareListings(t *testing.T) {
	want := tools(t, `{"tools": [
	  {"name": "same", "description": "d", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a", "b"]}, "annotations": {}},
	  {"name": "titled", "description": "d", "inputSchema": {"type": "object", "title": "T", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string"}}}},
	  {"name": "opened", "description": "d", "inputSchema": {"type": "object", "properties": {"a": {"type": "string", "default": "x"}}, "required": []}},
	  {"name": "gone", "description": "d", "inputSchema": {"type": "object"}}
	]}`)
	got := tools(t, `{"mcp": [
	  {"name": "same", "description": "d", "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"b": {"type": "integer"}, "a": {"type": "string"}}, "required": ["b", "a"]}},
	  {"name": "titled", "description": "d", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}}},
	  {"name": "opened", "description": "d", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}},
	  {"name": "extra", "description": "d", "inputSchema": {"type": "object"}}
	]}`)
	byName := map[string]toolDiff{}
	for _, d := range compareListings(want, got) {
		byName[d.name] = d
	}
	cases := []struct {
		name    string
		classes []string
		model   bool
	}{
		{"same", nil, true},
		{"titled", []string{"inputSchema.$defs", "inputSchema.$ref", "inputSchema.title", "inputSchema.type"}, true},
		{"opened", []string{"inputSchema.additionalProperties", "inputSchema.default"}, false},
		{"gone", []string{"missing tool"}, false},
		{"extra", []string{"extra tool"}, false},
	}
	for _, c := range cases {
		d, ok := byName[c.name]
		if !ok {
			t.Errorf("%s: not compared", c.name)
			continue
		}
		if !reflect.DeepEqual(d.classes, c.classes) || d.model != c.model {
			t.Errorf("%s: classes %q model %v, want %q model %v", c.name, d.classes, d.model, c.classes, c.model)
		}
	}
	if len(byName) != len(cases) {
		t.Errorf("compared %d tools, want %d", len(byName), len(cases))
	}
}

// TestUnusedFieldsAreNotCompared: a field the framework never publishes
// (no title in the whole capture) is not held against tscg.
func TestUnusedFieldsAreNotCompared(t *testing.T) {
	want := tools(t, `[{"name": "a", "parameters": {"type": "object"}, "producer": "x"}]`)
	got := tools(t, `{"tools": [{"name": "a", "title": "A", "description": "d", "inputSchema": {"type": "object"}}]}`)
	d := compareListings(want, got)
	if len(d) != 1 || len(d[0].classes) != 0 || !d[0].model {
		t.Errorf("got %+v, want one listing-exact, model-equivalent tool", d)
	}
}

// A function-tool listing (OpenAI Agents JS: parameters and strict) is
// told apart from an MCP listing, and OpenAI Chat's {"type": "function",
// "function": {…}} wrapper is read as the tool inside it.
func TestFunctionListing(t *testing.T) {
	want := tools(t, `{"tools": [{"name": "look", "description": "d", "parameters": {"type": "object"}, "strict": true}]}`)
	if !functionTools(want) {
		t.Error("a listing with strict is a function-tool listing")
	}
	if functionTools(tools(t, `{"tools": [{"name": "look", "inputSchema": {"type": "object"}}]}`)) {
		t.Error("an MCP listing is not")
	}
	got := tools(t, `[{"type": "function", "function": {"name": "look", "description": "d", "parameters": {"type": "object"}, "strict": true}}]`)
	for _, d := range compareListings(want, got) {
		if len(d.classes) != 0 {
			t.Errorf("%s: %v", d.name, d.classes)
		}
	}
	if got := tools(t, `[{"type": "function", "function": {"name": "look", "strict": false}}]`); len(compareListings(want, got)[0].classes) == 0 {
		t.Error("a strict difference is not seen")
	}
}
