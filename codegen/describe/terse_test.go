package describe

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/frontends/compact"
)

// stripText removes what the terse level may drop, in place: every
// description and title, and the $schema keyword. What is left is the
// constraints and the shape, which terse must keep.
func stripText(cat *ir.Catalog) {
	seen := map[*ir.Type]bool{}
	var visit func(t *ir.Type)
	visit = func(t *ir.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		t.Description, t.Title = "", ""
		t.Extra = slices.DeleteFunc(slices.Clone(t.Extra), func(k ir.Keyword) bool { return k.Name == "$schema" })
		if len(t.Extra) == 0 {
			t.Extra = nil
		}
		if t.Ref != nil {
			visit(t.Ref.Type)
		}
		for _, p := range t.Properties {
			visit(p.Type)
		}
		for _, c := range append(append(append([]*ir.Type{t.Items, t.AdditionalType}, t.PrefixItems...), t.Variants...), t.AllOf...) {
			visit(c)
		}
	}
	for _, tool := range cat.Tools {
		tool.Description = ""
		visit(tool.Params)
		visit(tool.Result)
	}
}

// checkTerseConstraints parses the terse rendering of cat back and
// compares it with cat, both without descriptions and titles: the JSON
// Schemas must agree byte for byte. It strips cat in place, so it runs
// after every other check on cat.
func checkTerseConstraints(t *testing.T, name string, cat *ir.Catalog) bool {
	t.Helper()
	back, err := compact.Parse(Compact(cat, LevelTerse))
	if err != nil {
		t.Errorf("%s: parse terse: %v", name, err)
		return false
	}
	stripText(cat)
	stripText(back)
	want, got := toolSchemas(t, cat), toolSchemas(t, back)
	if len(want) != len(got) {
		t.Errorf("%s: %d tools back from terse, want %d", name, len(got), len(want))
		return false
	}
	for i := range want {
		if !bytes.Equal(want[i], got[i]) {
			t.Errorf("%s: tool %s loses a constraint in terse:\n--- want\n%s\n--- got\n%s", name, cat.Tools[i].Name, want[i], got[i])
			return false
		}
	}
	return true
}

// TestTerseArrayItems drops an item description that repeats its array's
// and keeps one that says something else.
func TestTerseArrayItems(t *testing.T) {
	item := func(desc string) *ir.Type {
		return &ir.Type{Kind: ir.KindString, Pattern: "^[a-z]{2}$", Description: desc}
	}
	tool := &ir.Tool{Name: "f", Params: &ir.Type{Kind: ir.KindObject, Properties: []*ir.Property{
		{Name: "same", Type: &ir.Type{Kind: ir.KindArray, Description: "Country codes", Items: item("Country codes")}},
		{Name: "other", Type: &ir.Type{Kind: ir.KindArray, Description: "Country codes", Items: item("One code")}},
	}}}
	got := string(CompactTool(tool, LevelTerse))
	if n := strings.Count(got, "Country codes"); n != 2 {
		t.Errorf("terse writes %q %d times, want once per array:\n%s", "Country codes", n, got)
	}
	if !strings.Contains(got, "One code") {
		t.Errorf("terse dropped an item description that differs from its array's:\n%s", got)
	}
	if c := string(CompactTool(tool, LevelCompact)); strings.Count(c, "Country codes") != 3 {
		t.Errorf("compact must keep every description verbatim:\n%s", c)
	}
}
