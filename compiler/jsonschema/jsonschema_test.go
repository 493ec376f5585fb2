package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/golden"
)

func str() *ir.Type { return &ir.Type{Kind: ir.KindString} }

func prop(name string, t *ir.Type, req bool) *ir.Property {
	return &ir.Property{Name: name, Type: t, Required: req}
}

func obj(props ...*ir.Property) *ir.Type { return &ir.Type{Kind: ir.KindObject, Properties: props} }

// cases builds IR by hand for each construct the renderer handles.
func cases() map[string]*ir.Type {
	node := &ir.Named{Name: "Node", Exported: true}
	node.Type = obj(
		prop("value", &ir.Type{Kind: ir.KindInteger, Minimum: ir.Num("0")}, true),
		prop("children", &ir.Type{Kind: ir.KindArray, Items: &ir.Type{Kind: ir.KindRef, Ref: node}}, false),
	)
	unit := &ir.Named{Name: "Unit", Type: &ir.Type{Kind: ir.KindString, Enum: []ir.Value{ir.Value(`"celsius"`), ir.Value(`"fahrenheit"`)}}}
	odd := &ir.Named{Name: "Page<Item/x>", Type: obj(prop("n", &ir.Type{Kind: ir.KindNumber}, true))}
	clash := &ir.Named{Name: "Unit", Type: &ir.Type{Kind: ir.KindBoolean}}
	return map[string]*ir.Type{
		"primitives": obj(
			prop("s", &ir.Type{Kind: ir.KindString, MinLength: ir.Int64(1), MaxLength: ir.Int64(8), Pattern: "^[a-z]+$", Format: "email", Description: "an address"}, true),
			prop("n", &ir.Type{Kind: ir.KindNumber, ExclusiveMinimum: ir.Num("0"), Maximum: ir.Num("1e3"), MultipleOf: ir.Num("0.5")}, true),
			prop("i", &ir.Type{Kind: ir.KindInteger, Default: ir.Value(`5`), Examples: []ir.Value{ir.Value(`1`), ir.Value(`2`)}}, false),
			prop("b", &ir.Type{Kind: ir.KindBoolean, Deprecated: true}, false),
			prop("any", &ir.Type{Kind: ir.KindAny, Description: "anything"}, false),
			prop("c", &ir.Type{Kind: ir.KindString, Const: ir.Value(`"fixed"`)}, true),
		),
		"nullable": obj(
			prop("s", &ir.Type{Kind: ir.KindString, Nullable: true}, true),
			prop("e", &ir.Type{Kind: ir.KindString, Nullable: true, Enum: []ir.Value{ir.Value(`"a"`), ir.Value(`"b"`)}}, true),
			prop("r", &ir.Type{Kind: ir.KindRef, Ref: unit, Nullable: true, Description: "unit or null"}, true),
			prop("k", &ir.Type{Kind: ir.KindString, Const: ir.Value(`"x"`), Nullable: true}, true),
		),
		"recursive":  {Kind: ir.KindRef, Ref: node},
		"tuple":      {Kind: ir.KindArray, PrefixItems: []*ir.Type{str(), {Kind: ir.KindNumber}}, MinItems: ir.Int64(1), MaxItems: ir.Int64(2)},
		"tuple-rest": {Kind: ir.KindArray, PrefixItems: []*ir.Type{str()}, Items: &ir.Type{Kind: ir.KindBoolean}, MinItems: ir.Int64(1)},
		"maps": obj(
			prop("typed", &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalTyped, AdditionalType: &ir.Type{Kind: ir.KindInteger}}, true),
			prop("open", &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalOpen}, true),
			prop("closed", &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalClosed}, true),
		),
		"union": {Kind: ir.KindUnion, Discriminator: "kind", Variants: []*ir.Type{
			obj(prop("kind", &ir.Type{Kind: ir.KindString, Const: ir.Value(`"a"`)}, true)),
			obj(prop("kind", &ir.Type{Kind: ir.KindString, Const: ir.Value(`"b"`)}, true), prop("x", str(), false)),
		}},
		"names": obj(
			prop("u", &ir.Type{Kind: ir.KindRef, Ref: unit}, true),
			prop("v", &ir.Type{Kind: ir.KindRef, Ref: clash}, true),
			prop("p", &ir.Type{Kind: ir.KindRef, Ref: odd}, true),
		),
		"untyped": {Kind: ir.KindObject, Untyped: true, Properties: []*ir.Property{prop("a", str(), false)},
			Extra: []ir.Keyword{{Name: "patternProperties", Value: ir.Value(`{"^x-":{"type":"string"}}`)}}},
		"never": {Kind: ir.KindNever},
	}
}

func TestGolden(t *testing.T) {
	ar := golden.Open(t, "testdata/render.txtar")
	defer ar.Close(t)
	for name, typ := range cases() {
		for _, d := range []Draft{Draft2020, Draft7} {
			got, err := Type(typ, Options{Draft: d})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			ar.Check(t, name+".draft"+d.String()+".json", got)
			validateMeta(t, name, d, got)
		}
	}
	open, err := Type(cases()["primitives"], Options{AllowAdditional: true})
	if err != nil {
		t.Fatal(err)
	}
	ar.Check(t, "primitives.allow-additional.json", open)
}

// validateMeta checks an output against its draft's meta-schema.
func validateMeta(t *testing.T, name string, d Draft, out []byte) {
	t.Helper()
	c := sjs.NewCompiler()
	c.AssertFormat()
	meta, err := c.Compile(d.URI())
	if err != nil {
		t.Fatalf("meta-schema: %v", err)
	}
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("%s: output is not JSON: %v", name, err)
	}
	if err := meta.Validate(doc); err != nil {
		t.Errorf("%s (draft %s): output fails the meta-schema: %v", name, d, err)
	}
	if err := sjs.NewCompiler().AddResource("out.json", doc); err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

// TestSemantics validates instances against rendered schemas, so the
// golden files are backed by behaviour, not only by their text.
func TestSemantics(t *testing.T) {
	tests := []struct {
		name  string
		data  string
		valid bool
	}{
		{"nullable", `{"s":null,"e":null,"r":null,"k":null}`, true},
		{"nullable", `{"s":"x","e":"a","r":"celsius","k":"x"}`, true},
		{"nullable", `{"s":1,"e":"a","r":null,"k":null}`, false},
		{"nullable", `{"s":null,"e":"c","r":null,"k":null}`, false},
		{"recursive", `{"value":1,"children":[{"value":2,"children":[]}]}`, true},
		{"recursive", `{"value":1,"children":[{"value":-2}]}`, false},
		{"recursive", `{"value":1,"extra":true}`, false},
		{"tuple", `["a"]`, true},
		{"tuple", `["a",1]`, true},
		{"tuple", `["a",1,2]`, false},
		{"tuple", `[]`, false},
		{"tuple-rest", `["a",true,false]`, true},
		{"tuple-rest", `["a",1]`, false},
		{"maps", `{"typed":{"a":1},"open":{"x":"y"},"closed":{}}`, true},
		{"maps", `{"typed":{"a":"1"},"open":{},"closed":{}}`, false},
		{"maps", `{"typed":{},"open":{},"closed":{"x":1}}`, false},
		{"union", `{"kind":"b","x":"y"}`, true},
		{"union", `{"kind":"a","x":"y"}`, false},
		{"names", `{"u":"celsius","v":true,"p":{"n":1}}`, true},
		{"names", `{"u":"celsius","v":"celsius","p":{"n":1}}`, false},
		{"untyped", `{"x-a":"s"}`, true},
		{"untyped", `{"x-a":1}`, false},
		{"untyped", `42`, true},
		{"never", `null`, false},
	}
	all := cases()
	for _, d := range []Draft{Draft2020, Draft7} {
		for _, tc := range tests {
			out, err := Type(all[tc.name], Options{Draft: d})
			if err != nil {
				t.Fatal(err)
			}
			if got := validates(t, out, tc.data); got != tc.valid {
				t.Errorf("draft %s %s: %s valid=%v, want %v\nschema: %s", d, tc.name, tc.data, got, tc.valid, out)
			}
		}
	}
}

func validates(t *testing.T, schema []byte, data string) bool {
	t.Helper()
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := sjs.NewCompiler()
	if err := c.AddResource("s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("s.json")
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, schema)
	}
	inst, err := sjs.UnmarshalJSON(bytes.NewReader([]byte(data)))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(inst) == nil
}

func TestNamedRecursiveRootRefersToDefs(t *testing.T) {
	node := cases()["recursive"].Ref
	out, err := Named(node, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc["$ref"] != "#/$defs/Node" {
		t.Errorf("root $ref = %v, want #/$defs/Node", doc["$ref"])
	}
	unit := cases()["names"].Properties[0].Type.Ref
	out, err = Named(unit, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte("$defs")) || !bytes.Contains(out, []byte(`"enum"`)) {
		t.Errorf("non-recursive named type should be inlined without $defs:\n%s", out)
	}
}

func TestDeterministic(t *testing.T) {
	for name, typ := range cases() {
		a, _ := Type(typ, Options{})
		for i := 0; i < 5; i++ {
			b, _ := Type(cases()[name], Options{})
			if !bytes.Equal(a, b) {
				t.Fatalf("%s: output differs between runs", name)
			}
		}
	}
}

func TestParseDraft(t *testing.T) {
	for in, want := range map[string]Draft{"": Draft2020, "2020-12": Draft2020, "7": Draft7, "draft-07": Draft7} {
		if got, err := ParseDraft(in); err != nil || got != want {
			t.Errorf("ParseDraft(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseDraft("4"); err == nil {
		t.Error("ParseDraft(4) should fail")
	}
}

// TestNamedMapLarge checks the parallel, in-order join of many entries
// (past the point where the output is grown to its estimate, and with
// entries of very different sizes finishing out of order) against each
// type rendered on its own, and an entry error failing the whole map.
func TestNamedMapLarge(t *testing.T) {
	shared := &ir.Named{Name: "Shared", Exported: true, Type: obj(prop("id", str(), true))}
	types := []*ir.Named{shared}
	for i := 0; i < 300; i++ {
		var props []*ir.Property
		for k := 0; k < i%7*10; k++ { // sizes vary so workers finish out of order
			props = append(props, prop(string(rune('a'+k%26))+string(rune('a'+k/26)), str(), k%2 == 0))
		}
		props = append(props, prop("shared", &ir.Type{Kind: ir.KindRef, Ref: shared}, true))
		types = append(types, &ir.Named{Name: "T" + string(rune('A'+i%26)) + string(rune('A'+i/26)), Exported: true, Type: obj(props...)})
	}
	out, err := NamedMap(types, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	if len(got) != len(types) {
		t.Fatalf("got %d entries, want %d", len(got), len(types))
	}
	last := -1
	for _, n := range types {
		want, err := Named(n, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		_ = json.Compact(&a, got[n.Name])
		_ = json.Compact(&b, want)
		if a.String() != b.String() {
			t.Fatalf("entry %s differs from Named:\n%s\nwant\n%s", n.Name, a.String(), b.String())
		}
		at := bytes.Index(out, []byte("\n  \""+n.Name+"\": {"))
		if at <= last {
			t.Fatalf("entry %s is out of order", n.Name)
		}
		last = at
	}
	var w bytes.Buffer
	if err := WriteNamedMap(&w, types, Options{}); err != nil || !bytes.Equal(w.Bytes(), out) {
		t.Fatalf("WriteNamedMap differs from NamedMap (err %v)", err)
	}
	bad := append([]*ir.Named(nil), types...)
	bad[150] = &ir.Named{Name: "Bad", Type: &ir.Type{Kind: ir.KindRef}}
	_, err = NamedMap(bad, Options{})
	if err == nil {
		t.Fatal("NamedMap with an unresolved reference succeeded")
	}
	w.Reset()
	werr := WriteNamedMap(&w, bad, Options{})
	if werr == nil || werr.Error() != err.Error() {
		t.Fatalf("WriteNamedMap error %v, want %v", werr, err)
	}
	if cut := bytes.Index(out, []byte(",\n  \""+types[150].Name+"\"")); !bytes.Equal(w.Bytes(), out[:cut]) {
		t.Fatalf("WriteNamedMap wrote %d bytes before the failed entry, want the %d before it", w.Len(), cut)
	}
	if err := WriteNamedMap(failWriter{}, types, Options{}); err != errWrite {
		t.Fatalf("WriteNamedMap to a failing writer: %v", err)
	}
}

var errWrite = errors.New("write failed")

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errWrite }
