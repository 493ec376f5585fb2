package runtime

import (
	"context"
	"encoding/json"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

type rfBase struct {
	ID   string `json:"id"`
	Note string `json:"note,omitempty"`
}

type rfConflictA struct{ X int }
type rfConflictB struct{ X int }
type rfTaggedX struct {
	X int `json:"X"`
}

type rfEmbeds struct {
	rfBase
	*rfConflictA
	rfConflictB
	Own string `json:"own"`
}

type rfTagWins struct {
	rfConflictA
	rfTaggedX
}

type rfShadow struct {
	rfBase
	ID int `json:"id"` // shallower: wins over rfBase.ID
}

type rfNode struct {
	Value int       `json:"value"`
	Next  *rfNode   `json:"next,omitempty" jsonschema:"nullable"`
	Kids  []rfOther `json:"kids,omitempty"`
}

type rfOther struct {
	Back *rfNode `json:"back"`
}

type rfPage[T any] struct {
	Items []T        `json:"items"`
	Next  *rfPage[T] `json:"next,omitempty"`
}

type rfItem struct {
	Name string `json:"name"`
}

type rfText struct{ v string }

func (t rfText) MarshalText() ([]byte, error) { return []byte(t.v), nil }

type rfJSON struct{}

func (rfJSON) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

type rfByte uint8

type rfKinds struct {
	Digest  [4]byte           `json:"digest"`
	Raw     []rfByte          `json:"raw"`
	Text    rfText            `json:"text"`
	Custom  rfJSON            `json:"custom"`
	ByText  map[rfText]int    `json:"by_text"`
	ByUint  map[uint8]bool    `json:"by_uint"`
	Link    url.URL           `json:"link"`
	Wait    time.Duration     `json:"wait"`
	Num     json.Number       `json:"num"`
	Any     map[string]any    `json:"any"`
	Complex complex128        `json:"complex"`
	Ptr     **int             `json:"ptr"`
	Strs    map[string]string `json:"strs"`
}

type rfTags struct {
	Mode   *string   `json:"mode" jsonschema:"enum=a,enum=b,nullable"`
	Choice string    `json:"choice" jsonschema:"oneof_type=string;integer,nullable"`
	Obj    int       `json:"obj" jsonschema:"type=object,title=T"`
	Extra  string    `json:"extra" jsonschema:"format=email" jsonschema_extras:"format=uri,x-k=a,x-k=b"`
	Grid   [][]int   `json:"grid" jsonschema:"minItems=1,maximum=9"`
	Bad    string    `json:"bad" jsonschema:"minLength=-1,maxLength=x,default=z"`
	Flag   bool      `json:"flag,omitempty" jsonschema:"default=yes,enum=true"`
	Desc   string    `json:"desc" description:"plain" jsonschema:"description=from jsonschema"`
	Prose  string    `json:"prose" jsonschema:"the text, as written"`
	Gone   string    `json:"gone" jsonschema:"-"`
	Count  uint      `json:"count,string"`
	Floats []float64 `json:"floats" jsonschema:"example=1.5,example=x,exclusiveMinimum=0"`
}

func TestSchemaFor(t *testing.T) {
	cases := []struct {
		v    any
		want string
	}{
		{rfEmbeds{}, `{"additionalProperties":false,"properties":{"id":{"type":"string"},"note":{"type":"string"},"own":{"type":"string"}},"required":["id","own"],"type":"object"}`},
		{rfTagWins{}, `{"additionalProperties":false,"properties":{"X":{"type":"integer"}},"required":["X"],"type":"object"}`},
		{rfShadow{}, `{"additionalProperties":false,"properties":{"id":{"type":"integer"},"note":{"type":"string"}},"required":["id"],"type":"object"}`},
		{rfNode{}, `{"$defs":{"rfNode":{"additionalProperties":false,"properties":{"kids":{"items":{"additionalProperties":false,"properties":{"back":{"$ref":"#/$defs/rfNode"}},"required":["back"],"type":"object"},"type":"array"},"next":{"anyOf":[{"$ref":"#/$defs/rfNode"},{"type":"null"}]},"value":{"type":"integer"}},"required":["value"],"type":"object"}},"$ref":"#/$defs/rfNode"}`},
		{rfPage[rfItem]{}, `{"$defs":{"rfPage_rfItem":{"additionalProperties":false,"properties":{"items":{"items":{"additionalProperties":false,"properties":{"name":{"type":"string"}},"required":["name"],"type":"object"},"type":"array"},"next":{"$ref":"#/$defs/rfPage_rfItem"}},"required":["items"],"type":"object"}},"$ref":"#/$defs/rfPage_rfItem"}`},
		{rfKinds{}, `{"additionalProperties":false,"properties":{"any":{"type":"object"},"by_text":{"additionalProperties":{"type":"integer"},"type":"object"},"by_uint":{"additionalProperties":{"type":"boolean"},"propertyNames":{"pattern":"^-?[0-9]+$"},"type":"object"},"complex":{},"custom":{},"digest":{"items":{"minimum":0,"type":"integer"},"maxItems":4,"minItems":4,"type":"array"},"link":{"format":"uri","type":"string"},"num":{"type":"number"},"ptr":{"type":"integer"},"raw":{"contentEncoding":"base64","type":"string"},"strs":{"additionalProperties":{"type":"string"},"type":"object"},"text":{"type":"string"},"wait":{"type":"integer"}},"required":["digest","raw","text","custom","by_text","by_uint","link","wait","num","any","complex","ptr","strs"],"type":"object"}`},
		{rfTags{}, `{"additionalProperties":false,"properties":{"bad":{"default":"z","type":"string"},"choice":{"oneOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]},"count":{"type":"string"},"desc":{"description":"from jsonschema","type":"string"},"extra":{"format":"email","type":"string","x-k":["a","b"]},"flag":{"type":"boolean"},"floats":{"items":{"examples":[1.5],"exclusiveMinimum":0,"type":"number"},"type":"array"},"grid":{"items":{"items":{"maximum":9,"type":"integer"},"type":"array"},"minItems":1,"type":"array"},"mode":{"enum":["a","b",null],"type":["string","null"]},"obj":{"additionalProperties":false,"properties":{},"title":"T","type":"object"},"prose":{"description":"the text, as written","type":"string"}},"required":["mode","choice","obj","extra","grid","bad","desc","prose","count","floats"],"type":"object"}`},
	}
	for _, c := range cases {
		s := SchemaFor(reflect.TypeOf(c.v))
		if s["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
			t.Errorf("%T: $schema = %v", c.v, s["$schema"])
		}
		delete(s, "$schema")
		got, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != c.want {
			t.Errorf("%T:\n got %s\nwant %s", c.v, got, c.want)
		}
		if _, err := CompileSchema("t", got); err != nil {
			t.Errorf("%T: schema does not compile: %v", c.v, err)
		}
	}
}

// TestSchemaForByteSlices pins the reading of a slice of a named uint8
// type to what encoding/json writes: a base64 string.
func TestSchemaForByteSlices(t *testing.T) {
	b, err := json.Marshal(struct {
		Raw []rfByte `json:"raw"`
	}{[]rfByte{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"raw":"AQI="`) {
		t.Fatalf("encoding/json no longer writes []rfByte as base64: %s", b)
	}
	raw := SchemaFor(reflect.TypeFor[rfKinds]())["properties"].(map[string]any)["raw"].(map[string]any)
	if raw["type"] != "string" || raw["contentEncoding"] != "base64" {
		t.Fatalf("raw: %v", raw)
	}
}

// TestFuncRecursive runs a recursive, nullable input through Func and the
// registry: the $defs schema compiles and validates at depth.
func TestFuncRecursive(t *testing.T) {
	tool, err := Func("walk", "Walk a list.", func(_ context.Context, in rfNode) (rfNode, error) { return in, nil })
	must(t, err)
	r := NewRegistry()
	must(t, r.Register(tool))
	if res := dispatch(t, r, "walk", `{"value":1,"next":{"value":2,"next":null}}`); res.IsError {
		t.Fatalf("valid: %+v", res)
	}
	res := dispatch(t, r, "walk", `{"value":1,"next":{"value":"two","kids":[{}]}}`)
	for _, want := range []string{"/next/value", "/next/kids/0/back"} {
		if !res.IsError || !strings.Contains(res.Content, want) {
			t.Errorf("missing %s in %+v", want, res)
		}
	}
}

// FuzzSchemaTag builds a struct with a fuzzed jsonschema tag on fields of
// several kinds: SchemaFor must not panic and, unless the tag sets a
// pattern (maybe not a regular expression) or multipleOf (maybe not
// positive), its schema must compile. The same text as jsonschema_extras
// (keywords copied verbatim) must not panic either.
func FuzzSchemaTag(f *testing.F) {
	for _, seed := range []string{"", "enum=a,enum=b", "minimum=1,maximum=5,default=3", `pattern=^a\\,b$`,
		"oneof_type=string;integer,nullable", "type=object,title=x", "minItems=2,uniqueItems=true,enum=1",
		"the prose, with a comma", "-", "required,example=1.5e3,multipleOf=0.5", "readOnly=true,writeOnly=1"} {
		f.Add(seed)
	}
	kinds := []reflect.Type{reflect.TypeFor[string](), reflect.TypeFor[int](), reflect.TypeFor[*float64](),
		reflect.TypeFor[bool](), reflect.TypeFor[[]string](), reflect.TypeFor[[2][]uint8](), reflect.TypeFor[rfItem]()}
	f.Fuzz(func(t *testing.T, tag string) {
		doc := fuzzSchema(t, kinds, `jsonschema:`+strconv.Quote(tag))
		if _, err := CompileSchema("fuzz", doc); err != nil && !strings.Contains(tag, "pattern=") && !strings.Contains(tag, "multipleOf=") {
			t.Fatalf("%q: %s does not compile: %v", tag, doc, err)
		}
		fuzzSchema(t, kinds, `jsonschema_extras:`+strconv.Quote(tag))
	})
}

func fuzzSchema(t *testing.T, kinds []reflect.Type, tag string) []byte {
	var fields []reflect.StructField
	for i, k := range kinds {
		fields = append(fields, reflect.StructField{Name: "F" + strconv.Itoa(i), Type: k, Tag: reflect.StructTag(tag)})
	}
	doc, err := json.Marshal(SchemaFor(reflect.StructOf(fields)))
	if err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	return doc
}
