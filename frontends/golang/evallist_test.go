package golang

import (
	"reflect"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

// A nullable schema's Types is ["null", T]; Type set while Types is not
// empty is held until Types is cleared, as jsonschema-go holds both (and
// refuses to write a schema left with both).
func TestSchemaTypes(t *testing.T) {
	ev := newEvaluator(newConv(nil, ""))
	s := &ir.Type{Kind: ir.KindArray, Nullable: true, Items: &ir.Type{Kind: ir.KindString}}
	if v, ok := ev.schemaField(s, "Types", 0); !ok || !reflect.DeepEqual(v, []any{"null", "array"}) {
		t.Fatalf("Types = %#v, %v", v, ok)
	}
	if !ev.setSchemaField(s, "Type", "array", 0) {
		t.Fatal("Type set beside Types refused: jsonschema-go holds both until Types is cleared")
	}
	if v, _ := ev.schemaField(s, "Type", 0); v != "array" {
		t.Fatalf("Type = %#v, want the one set", v)
	}
	if !ev.halfTyped() {
		t.Fatal("a schema with both Type and Types not reported")
	}
	if !ev.setSchemaField(s, "Types", nil, 0) || s.Nullable || s.Kind != ir.KindArray || ev.halfTyped() {
		t.Fatalf("Types = nil after Type: %+v", s)
	}
	if v, _ := ev.schemaField(s, "Types", 0); v != nil {
		t.Fatalf("Types of a plain schema = %#v, want nil", v)
	}
	if !ev.setSchemaField(s, "Types", []any{"null", "string"}, 0) || !s.Nullable || s.Kind != ir.KindString {
		t.Fatalf("Types = [null string]: %+v", s)
	}
	if ev.setSchemaField(s, "Types", []any{"string", "integer"}, 0) {
		t.Fatal("a list of two types accepted (tscg does not model it)")
	}
	n := &ir.Type{Kind: ir.KindString, Nullable: true}
	if !ev.setSchemaField(n, "Types", nil, 0) || n.Nullable || !n.Untyped {
		t.Fatalf("Types cleared without Type: %+v, want a schema without type", n)
	}
}

// CloneSchemas copies every schema of the tree: editing the clone leaves
// the original as it was.
func TestCloneSchemas(t *testing.T) {
	leaf := &ir.Type{Kind: ir.KindString, Nullable: true}
	s := &ir.Type{Kind: ir.KindObject, Properties: []*ir.Property{
		{Name: "a", Type: &ir.Type{Kind: ir.KindArray, Items: leaf}},
		{Name: "m", Type: &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalTyped, AdditionalType: leaf}},
		{Name: "u", Type: &ir.Type{Kind: ir.KindUnion, Variants: []*ir.Type{leaf}}},
	}}
	c := cloneSchemas(s)
	var before, after []*ir.Type
	walkSchema(s, func(x *ir.Type) { before = append(before, x) })
	walkSchema(c, func(x *ir.Type) { after = append(after, x) })
	if len(before) != len(after) || len(before) != 7 {
		t.Fatalf("%d schemas, clone %d", len(before), len(after))
	}
	for i := range before {
		if before[i] == after[i] {
			t.Fatalf("schema %d shared with the clone", i)
		}
	}
	if !reflect.DeepEqual(s, c) {
		t.Fatal("the clone differs from the original")
	}
	c.Properties[0].Type.Items.Nullable = false
	if !leaf.Nullable {
		t.Fatal("editing the clone edited the original")
	}
}

// The slice operations a middleware's loop over the listing uses.
func TestEvaluatorSlices(t *testing.T) {
	checkEvalCases(t, []evalCase{
		{"element set", `package x
func f() string { s := []string{"a", "b"}; s[1] = "c"; return s[0] + s[1] }`, "ac"},
		{"set seen through a copy of the slice", `package x
func f() string { s := []string{"a", "b"}; t := s; t[0] = "z"; return s[0] }`, "z"},
		{"slice of a slice", `package x
func f() int { s := []string{"a", "b", "c"}; return len(s[1:]) }`, int64(2)},
		{"range over nil", `package x
func f() int { var s []string; n := 0; for range s { n++ }; return n }`, int64(0)},
		// log.Printf is run past only in a middleware's listing.
		{"a logging call is not run", `package x
import "log"
func f() string { log.Printf("x %d", 1); return "ran" }`, nil},
	})
}
