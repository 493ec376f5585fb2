package jsonschema

import (
	"fmt"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/golden"
)

// edgeCases are IR shapes that frontends rarely produce but the renderer
// must keep rendering the same way: it writes JSON as it goes, so the
// ordered-map behaviour (a repeated key keeps its first place) is done by
// hand for each of them.
func edgeCases() map[string]*ir.Type {
	many := obj()
	for i := 0; i < 20; i++ {
		many.Properties = append(many.Properties, prop(fmt.Sprintf("p%d", i%18), &ir.Type{Kind: ir.KindInteger, Minimum: ir.Num(fmt.Sprint(i))}, i%3 == 0))
	}
	one := int64(1)
	unit := &ir.Named{Name: "Unit", Type: &ir.Type{Kind: ir.KindString}}
	ref := &ir.Type{Kind: ir.KindRef, Ref: unit}
	extra := func(kws ...string) []ir.Keyword {
		var out []ir.Keyword
		for i := 0; i < len(kws); i += 2 {
			out = append(out, ir.Keyword{Name: kws[i], Value: ir.Value(kws[i+1])})
		}
		return out
	}
	return map[string]*ir.Type{
		// A repeated property name keeps its first place and takes its
		// last schema (also past the size where duplicates are found with
		// a map); "required" lists every required occurrence.
		"dup-props": obj(prop("a", str(), true), prop("b", str(), false), prop("a", &ir.Type{Kind: ir.KindNumber}, true)),
		"dup-many":  many,
		// An extra keyword whose key is taken is dropped; the first of two
		// equal extra keywords wins.
		"extra-taken": {Kind: ir.KindString, Description: "d", Extra: extra("type", `"number"`, "x-a", `1`, "x-a", `2`, "description", `"e"`)},
		// On the root, "$schema" as an extra keyword is written again, and
		// one named like the $defs key gives its place to the $defs (both
		// spellings, so each draft sees one of them as the $defs key).
		"extra-root": {Kind: ir.KindObject, Properties: []*ir.Property{prop("u", ref, true)},
			Extra: extra("$schema", `"x"`, "$defs", `{"k":{}}`, "definitions", `{"k":{}}`, "x-b", `true`)},
		"extra-root-nodefs": {Kind: ir.KindString, Extra: extra("$defs", `{"k":{}}`, "definitions", `[]`)},
		// A nullable constant becomes an enum, in the enum's place.
		"const-enum": {Kind: ir.KindString, Nullable: true, Enum: []ir.Value{ir.Value(`"a"`)}, Const: ir.Value(`"b"`)},
		// Verbatim values: re-indented, compacted, or null when invalid.
		"raw": {Kind: ir.KindString, Default: ir.Value(" \"x\" "), Examples: []ir.Value{ir.Value(`{"a": [1, {"b": null}], "c": {}}`), ir.Value(`{bad`), ir.Value(``), ir.Value(`01`), ir.Value("\"tab\tx\"")},
			Enum: []ir.Value{ir.Value(`"a\"b"`), ir.Value(`-0`), ir.Value(`1.5e3`), ir.Value(`[ 1 , 2 ]`)}},
		// false where a schema is expected, {} for a missing one.
		"never": obj(prop("n", &ir.Type{Kind: ir.KindNever}, true), prop("d", &ir.Type{Kind: ir.KindNever, Description: "never"}, false),
			prop("nil", nil, false), prop("t", &ir.Type{Kind: ir.KindArray, PrefixItems: []*ir.Type{str()}}, false)),
		"never-root": {Kind: ir.KindNever},
		// A union read from a list of type names is written back as that
		// list while its variants are bare kinds (nullable adds "null"),
		// as anyOf once a variant carries more than its kind.
		"type-list": {Kind: ir.KindUnion, TypeList: true, Description: "v", Enum: []ir.Value{ir.Value(`"a"`), ir.Value(`1`)},
			Variants: []*ir.Type{str(), {Kind: ir.KindNumber}, {Kind: ir.KindBoolean}}},
		"type-list-nullable": {Kind: ir.KindUnion, TypeList: true, Nullable: true, Variants: []*ir.Type{{Kind: ir.KindInteger}, {Kind: ir.KindArray}}},
		"type-list-constrained": {Kind: ir.KindUnion, TypeList: true,
			Variants: []*ir.Type{{Kind: ir.KindString, MinLength: &one}, {Kind: ir.KindNull}}},
		"type-list-empty": {Kind: ir.KindUnion, TypeList: true},
		// An allOf entry marked Beside (the JSON input's own oneOf next
		// to "type": "object") is written back as that keyword; one that
		// is not marked, carries a description, or whose keyword a union
		// writes already stays in allOf.
		"beside": {Kind: ir.KindObject, Description: "d", AllOf: []*ir.Type{
			{Kind: ir.KindUnion, Untyped: true, Beside: true, UnionStyle: ir.OneOf, Variants: []*ir.Type{obj(prop("id", str(), true)), obj(prop("name", str(), true))}},
			{Kind: ir.KindUnion, Untyped: true, Beside: true, Nullable: true, Variants: []*ir.Type{str(), {Kind: ir.KindInteger}}},
			{Kind: ir.KindUnion, Untyped: true, Variants: []*ir.Type{str()}},
			{Kind: ir.KindUnion, Untyped: true, Beside: true, Description: "kept", UnionStyle: ir.OneOf, Variants: []*ir.Type{str()}},
		}},
		"beside-union": {Kind: ir.KindUnion, Variants: []*ir.Type{str(), {Kind: ir.KindInteger}}, AllOf: []*ir.Type{
			{Kind: ir.KindUnion, Untyped: true, Beside: true, Variants: []*ir.Type{{Kind: ir.KindString, MinLength: &one}}},
		}},
	}
}

func TestEdgeGolden(t *testing.T) {
	ar := golden.Open(t, "testdata/edge.txtar")
	defer ar.Close(t)
	for name, typ := range edgeCases() {
		for _, d := range []Draft{Draft2020, Draft7} {
			got, err := Type(typ, Options{Draft: d})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			ar.Check(t, name+".draft"+d.String()+".json", got)
		}
	}
}
