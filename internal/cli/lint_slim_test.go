package cli

import (
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

// TestSlimRedefinitions: first definitions stay as they are; a later one
// becomes a copy with its name, position and group but no schemas, and
// the tool it copies is not changed (it may be listed first elsewhere).
func TestSlimRedefinitions(t *testing.T) {
	params := &ir.Type{Kind: ir.KindObject}
	a := &ir.Tool{Name: "a", Params: params, Result: params, Examples: []ir.Example{{}}, Group: "g", Pos: ir.Pos{File: "x", Line: 1}}
	a2 := &ir.Tool{Name: "a", Params: params, Group: "h", Pos: ir.Pos{File: "y", Line: 2}}
	b := &ir.Tool{Name: "b", Params: params}
	cat := &ir.Catalog{Tools: []*ir.Tool{a, b, a2, a}}
	slimRedefinitions(cat)
	if cat.Tools[0] != a || cat.Tools[1] != b || a.Params == nil || a.Result == nil || len(a.Examples) != 1 {
		t.Fatalf("first definitions changed: %+v", cat.Tools[:2])
	}
	for _, i := range []int{2, 3} {
		s := cat.Tools[i]
		if s == a || s == a2 || s.Params != nil || s.Result != nil || s.Examples != nil {
			t.Errorf("tool %d not a slim copy: %+v", i, s)
		}
	}
	if s := cat.Tools[2]; s.Name != "a" || s.Group != "h" || s.Pos != a2.Pos {
		t.Errorf("slim copy lost its name, group or position: %+v", s)
	}
	if a2.Params == nil {
		t.Error("the later definition itself was changed")
	}
	if d := cat.DuplicateTools(); len(d) != 2 || d[0].First != a || d[0].Tool.Pos != a2.Pos {
		t.Errorf("DuplicateTools = %+v", d)
	}
}
