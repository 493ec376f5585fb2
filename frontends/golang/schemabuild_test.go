package golang

import (
	"encoding/json"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// The evaluator's function values, append, make and sorting, which
// schema edits are written with (schemabuild.go).
func TestEvaluatorFunctionValues(t *testing.T) {
	checkEvalCases(t, []evalCase{
		{"literal called through a parameter", `package x
func apply(g func(string) string) string { return g("a") }
func f() string { return apply(func(s string) string { return s + "b" }) }`, "ab"},
		{"named function as a value", `package x
func twice(s string) string { return s + s }
func apply(g func(string) string) string { return g("c") }
func f() string { return apply(twice) }`, "cc"},
		{"a literal writes a captured variable", `package x
func f() string { s := "a"; add := func() { s += "z" }; add(); add(); return s }`, "azz"},
		{"a void call for its effect", `package x
func edit(g func()) { g() }
func f() int { n := 1; edit(func() { n = 7 }); return n }`, int64(7)},
		{"append, make and sort", `package x
import "sort"
func f() []any { xs := make([]string, 0, 2); xs = append(xs, "b", "a"); xs = append(xs, []string{"c"}...); sort.Strings(xs); out := []any{}; for _, x := range xs { out = append(out, x) }; return out }`, []any{"a", "b", "c"}},
		{"address of a basic value", `package x
func ptr(n int) *int { return &n }
func f() int { return *ptr(3) }`, nil}, // *p is not read
		{"address of a struct is unknown", `package x
type c struct{ N int }
func f() int { v := &c{N: 1}; return v.N }`, nil},
		{"generic function with its type argument", `package x
func id[T any](v T) T { return v }
func f() string { return id[string]("g") }`, "g"},
	})
}

// A range over a map whose result is sorted right after is not order
// dependent: no warning; unsorted, or used before sorting, it is.
func TestMapRangeSortedAfter(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		warn       bool
	}{
		{"sorted", `for k := range m { names = append(names, k) }; sort.Strings(names)`, false},
		{"not sorted", `for k := range m { names = append(names, k) }`, true},
		{"used before sorting", `for k := range m { names = append(names, k) }; first = names[0]; sort.Strings(names)`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `package x
import "sort"
var _ = sort.Strings
func f() string { m := map[string]any{"b": 1, "a": 2}; names := []string{}; first := ""; ` + tc.body + `; _ = first; return names[0] }`
			_, _, warnings := evalSource(t, src)
			got := strings.Contains(strings.Join(warnings, "\n"), "ranges over a map")
			if got != tc.warn {
				t.Fatalf("warning %v, want %v (%q)", got, tc.warn, warnings)
			}
		})
	}
}

// Fields of a *jsonschema.Schema set and read as jsonschema-go holds them.
func TestSchemaFields(t *testing.T) {
	ev := newEvaluator(newConv(nil, ""))
	s := &ir.Type{Kind: ir.KindObject, Properties: []*ir.Property{
		{Name: "a", Type: &ir.Type{Kind: ir.KindString}, Required: true},
		{Name: "b", Type: &ir.Type{Kind: ir.KindArray, Nullable: true, Items: &ir.Type{Kind: ir.KindString}}},
	}}
	a := s.Properties[0].Type
	for _, set := range []struct {
		name string
		v    any
	}{{"MaxLength", int64(9)}, {"Enum", []any{"x", int64(2), true}}, {"Description", "d"}, {"Maximum", 1.5}, {"Minimum", int64(0)}} {
		if !ev.setSchemaField(a, set.name, set.v, 0) {
			t.Fatalf("set %s refused", set.name)
		}
	}
	if *a.MaxLength != 9 || a.Description != "d" || string(*a.Maximum) != "1.5" || string(*a.Minimum) != "0" {
		t.Fatalf("fields not set: %+v", a)
	}
	if got := []string{string(a.Enum[0]), string(a.Enum[1]), string(a.Enum[2])}; !reflect.DeepEqual(got, []string{`"x"`, "2", "true"}) {
		t.Fatalf("enum %v", got)
	}
	if v, ok := ev.schemaField(a, "Enum", 0); !ok || !reflect.DeepEqual(v, []any{"x", int64(2), true}) {
		t.Fatalf("enum read back %#v", v)
	}
	if !ev.setSchemaField(s, "Required", []any{"b"}, 0) || s.Properties[0].Required || !s.Properties[1].Required {
		t.Fatal("Required not applied")
	}
	if ev.setSchemaField(s, "Required", []any{"c"}, 0) {
		t.Fatal("Required naming no property accepted")
	}
	b := s.Properties[1].Type
	if v, _ := ev.schemaField(b, "Type", 0); v != "" {
		t.Fatalf("Type of a nullable schema = %#v, want empty (it has Types)", v)
	}
	if v, _ := ev.schemaField(a, "Properties", 0); v != nil {
		t.Fatalf("Properties of a string = %#v, want nil", v)
	}
	ev.why = nil
	if ev.setSchemaField(a, "DependentRequired", map[string]any{}, 7) || ev.why == nil || !strings.Contains(ev.why.msg, "DependentRequired") {
		t.Fatal("an unmapped field must fail naming it")
	}
	// Extra (schemaextra.go): set from a map, keywords sorted, read back.
	if !ev.setSchemaField(a, "Extra", map[string]any{"x-b": true, "x-a": "v"}, 0) || len(a.Extra) != 2 || a.Extra[0].Name != "x-a" || string(a.Extra[1].Value) != "true" {
		t.Fatalf("Extra not applied: %+v", a.Extra)
	}
	if v, ok := ev.schemaField(a, "Extra", 0); !ok || !reflect.DeepEqual(v, map[string]any{"x-a": "v", "x-b": true}) {
		t.Fatalf("Extra read as %#v", v)
	}
	if ev.setSchemaField(a, "Extra", "x", 0) {
		t.Fatal("Extra set from a string accepted")
	}
	c := copySchema(s)
	c.Properties[0].Type = b
	if s.Properties[0].Type == b {
		t.Fatal("a copy's property replaced in the original")
	}
}

// jsonschema-go makes a struct's "properties" at its first visible
// field: a struct without any has none (the go-sdk lists such a tool's
// input as {"type":"object","additionalProperties":false}); one with
// only unexported fields has an empty one (issue 28: caido-mcp-server's
// seven tools without parameters).
func TestGoogleEmptyStructProperties(t *testing.T) {
	pkg := types.NewPackage("x", "x")
	hidden := types.NewStruct([]*types.Var{types.NewField(0, pkg, "note", types.Typ[types.String], false)}, nil)
	for _, tc := range []struct {
		name string
		st   *types.Struct
		want string
	}{
		{"no field", types.NewStruct(nil, nil), `{"type":"object","additionalProperties":false}`},
		{"unexported field only", hidden, `{"type":"object","properties":{},"additionalProperties":false}`},
	} {
		c := newConv(token.NewFileSet(), "")
		typ := c.googleType(tc.st, token.NoPos, "t")
		got, err := jsonschema.Named(&ir.Named{Name: "T", Type: typ}, jsonschema.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(got, &doc); err != nil {
			t.Fatal(err)
		}
		delete(doc, "$schema")
		b, _ := json.Marshal(doc)
		var want map[string]any
		_ = json.Unmarshal([]byte(tc.want), &want)
		w, _ := json.Marshal(want)
		if string(b) != string(w) {
			t.Errorf("%s: got %s, want %s", tc.name, b, w)
		}
	}
}
