package golang

import (
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestInventoryForms loads testdata/servers/edge/inventory: a tool whose
// schema variable a statement tscg does not read changes is an error at
// that statement and is left out, alone, as is a definition made by a
// call tscg does not follow (an error at the call); the other tool is
// read through
// the item constructor, a function literal called in place editing a
// property's field, a schema editor and a lookup (issue 28).
func TestInventoryForms(t *testing.T) {
	root, _ := filepath.Abs(serversDir)
	cat, ds := Load([]string{"./edge/inventory"}, Options{Dir: root})
	var msgs []string
	for _, d := range ds {
		if !strings.Contains(d.Pos.File, "protocol.go") {
			msgs = append(msgs, d.String())
		}
	}
	want := []string{
		"edge/inventory/main.go:25:2: warning: the tools of main.entry registered here are the items the program picks at run time (tscg does not run how it picks them, such as a filter by toolset or feature flag): tscg lists the tools of all 2 definitions that become an item's Def",
		"edge/inventory/main.go:39:2: error: tool list_pots: cannot read this change to schema statically: tscg reads schema.Properties[key] = value and calls of this package's schema editors (functions that only set the properties of the schema they are given and return it)",
		"edge/inventory/main.go:43:11: warning: t(key, fallback) is a lookup given at run time (main.text); tscg reads each of its calls as the fallback, the text in the default configuration (no translation file, no environment variable overriding a key)",
		"edge/inventory/main.go:60:33: error: cannot follow defOf(\"list_lids\") statically to the mcp.Tool literal that becomes main.entry's Def (registered at edge/inventory/main.go:25:2): tscg follows literals, local variables and the parameters of the functions passing it down",
	}
	if !reflect.DeepEqual(msgs, want) {
		t.Errorf("diagnostics:\n got %q\nwant %q", msgs, want)
	}
	if len(cat.Tools) != 1 || cat.Tools[0].Name != "list_pans" {
		t.Fatalf("tools %v, want list_pans alone", cat.Tools)
	}
	tool := cat.Tools[0]
	if tool.Description != "Lists the pans." {
		t.Errorf("description %q", tool.Description)
	}
	var props []string
	for _, p := range tool.Params.Properties {
		props = append(props, p.Name+": "+p.Type.Description)
	}
	if want := []string{"metal: The pan's metal", "limit: At most this many pans"}; !reflect.DeepEqual(props, want) {
		t.Errorf("properties %q, want %q", props, want)
	}
}

func TestIsLookup(t *testing.T) {
	str := types.Typ[types.String]
	sig := func(params []types.Type, results ...types.Type) types.Type {
		var ps, rs []*types.Var
		for _, p := range params {
			ps = append(ps, types.NewParam(token.NoPos, nil, "", p))
		}
		for _, r := range results {
			rs = append(rs, types.NewParam(token.NoPos, nil, "", r))
		}
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(ps...), types.NewTuple(rs...), false)
	}
	for _, c := range []struct {
		t    types.Type
		want bool
	}{
		{sig([]types.Type{str, str}, str), true},
		{sig([]types.Type{str}, str), false},
		{sig([]types.Type{str, types.Typ[types.Int]}, str), false},
		{sig([]types.Type{str, str}, str, str), false},
		{sig([]types.Type{str, str}), false},
		{str, false},
	} {
		if got := isLookup(c.t); got != c.want {
			t.Errorf("isLookup(%s) = %v, want %v", c.t, got, c.want)
		}
	}
}
