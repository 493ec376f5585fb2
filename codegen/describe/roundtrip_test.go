package describe

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/compact"
	fjs "github.com/tscg/tscg/frontends/jsonschema"
)

// toolSchemas is the comparison form of a catalog for the round trip:
// per tool, the JSON Schemas of its input and result and every tool-level
// field the model sees. Two catalogs are equivalent when these agree byte
// for byte.
func toolSchemas(t testing.TB, cat *ir.Catalog) [][]byte {
	t.Helper()
	opts := jsonschema.Options{}
	var out [][]byte
	for _, tool := range cat.Tools {
		in, err := jsonschema.Type(tool.Params, opts)
		if err != nil {
			t.Fatalf("tool %s: %v", tool.Name, err)
		}
		var res []byte
		if tool.Result != nil {
			if res, err = jsonschema.Type(tool.Result, opts); err != nil {
				t.Fatalf("tool %s result: %v", tool.Name, err)
			}
		}
		head := ir.MarshalValue([]any{tool.Name, tool.Title, tool.Description, tool.Annotations, tool.Deprecated, tool.Group, tool.Examples})
		out = append(out, bytes.Join([][]byte{head, in, res}, []byte("\n")))
	}
	return out
}

func checkRoundTrip(t *testing.T, name string, cat *ir.Catalog) bool {
	t.Helper()
	text := Compact(cat, LevelCompact)
	back, err := compact.Parse(text)
	if err != nil {
		t.Errorf("%s: parse compact: %v", name, err)
		return false
	}
	want, got := toolSchemas(t, cat), toolSchemas(t, back)
	if len(want) != len(got) {
		t.Errorf("%s: %d tools back, want %d", name, len(got), len(want))
		return false
	}
	for i := range want {
		if !bytes.Equal(want[i], got[i]) {
			t.Errorf("%s: tool %s differs after compact round trip:\n--- want\n%s\n--- got\n%s", name, cat.Tools[i].Name, want[i], got[i])
			return false
		}
	}
	again := Compact(back, LevelCompact)
	if !bytes.Equal(text, again) {
		t.Errorf("%s: compact text not stable across a round trip", name)
		return false
	}
	return true
}

func TestRoundTripCorpora(t *testing.T) {
	cats := corpusCatalogs(t)
	tools, failed := 0, 0
	for _, name := range slices.Sorted(maps.Keys(cats)) {
		tools += len(cats[name].Tools)
		if !checkRoundTrip(t, name, cats[name]) || !checkTerseConstraints(t, name, cats[name]) {
			failed++
			if failed > 5 {
				t.Fatal("too many failures")
			}
		}
	}
	if tools < 4000 {
		t.Errorf("only %d tools in the corpora; want every corpus catalog loaded", tools)
	}
	t.Logf("%d catalogs, %d tools round-tripped", len(cats), tools)
}

// TestRoundTripPropertiesKept: an open object that writes "properties": {}
// and one that leaves the key out list differently (MCP servers publish
// what they wrote), so the compact form keeps them apart with props:{}.
func TestRoundTripPropertiesKept(t *testing.T) {
	src := `[{"name":"a","description":"d","parameters":{"type":"object","properties":{
		"x":{"type":"object","properties":{}},
		"y":{"type":"object"},
		"z":{"type":"object","properties":{},"additionalProperties":false},
		"m":{"type":"object","properties":{},"additionalProperties":{"type":"string"}}},"required":["x"]}}]`
	cat, ds := fjs.LoadBytes("tools.json", []byte(src), fjs.Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	text := string(Compact(cat, LevelCompact))
	for _, want := range []string{" x {} props:{}\n", " y? {}\n", " z? {} closed\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("compact text lacks %q:\n%s", want, text)
		}
	}
	checkRoundTrip(t, "properties-kept", cat)
}
