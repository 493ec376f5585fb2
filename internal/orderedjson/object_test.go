package orderedjson

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestDecodeKeepsOrder(t *testing.T) {
	v, err := Decode([]byte(`{"z":1,"a":{"y":[true,null,"<&>"],"b":{}},"m":[],"z":2}`))
	if err != nil {
		t.Fatal(err)
	}
	o := v.(*Object)
	if got := o.Keys(); len(got) != 3 || got[0] != "z" || got[1] != "a" || got[2] != "m" {
		t.Fatalf("keys %q", got)
	}
	if z, _ := o.Get("z"); z != json.Number("2") {
		t.Errorf("repeated key: last value wins, got %v", z)
	}
	if got := string(Compact(o)); got != `{"z":2,"a":{"y":[true,null,"<&>"],"b":{}},"m":[]}` {
		t.Errorf("Compact = %s", got)
	}
	want := "{\n  \"z\": 2,\n  \"a\": {\n    \"y\": [\n      true,\n      null,\n      \"<&>\"\n    ],\n    \"b\": {}\n  },\n  \"m\": []\n}\n"
	if got := string(Indent(o)); got != want {
		t.Errorf("Indent = %s", got)
	}
	if _, err := Decode([]byte(`{} {}`)); err == nil {
		t.Error("trailing data accepted")
	}
	o.Delete("a")
	o.Delete("nope")
	if o.Obj("a") != nil || o.Str("z") != "" || o.List("m") == nil || o.Len() != 2 {
		t.Errorf("after Delete: %s", Compact(o))
	}
	var nilObj *Object
	if _, ok := nilObj.Get("x"); ok || nilObj.Len() != 0 {
		t.Error("nil object has keys")
	}
}

// FuzzDecode: whatever Decode accepts, encoding/json accepts, and
// Compact's output means the same as the input.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,2,{"b":null}]}`, `"x"`, `1e3`, `{"a":1,"a":2}`, `[1,]`, `{"a"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Decode(data)
		if err != nil {
			return
		}
		// Numbers as json.Number, as Decode keeps them: a literal too
		// large for a float64 (2e309 written out) is valid JSON.
		var a, b any
		if err := unmarshalNumbers(data, &a); err != nil {
			t.Fatalf("Decode accepted what encoding/json rejects: %v", err)
		}
		out := Compact(v)
		if err := unmarshalNumbers(out, &b); err != nil {
			t.Fatalf("Compact wrote invalid JSON %s: %v", out, err)
		}
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Errorf("round trip changed the value: %s vs %s", ja, jb)
		}
		if !json.Valid(Indent(v)) {
			t.Errorf("Indent wrote invalid JSON")
		}
	})
}

// TestDecodeTrailing: only white space may follow the value; anything
// else, a token or bytes that are none ("0A0", FuzzDecode's finding), is
// an error, as encoding/json says.
func TestDecodeTrailing(t *testing.T) {
	for in, ok := range map[string]bool{`0`: true, "{} \n\t": true, `0A0`: false, `{}}`: false, `1 2`: false, `"a" x`: false, `[] /`: false} {
		_, err := Decode([]byte(in))
		if (err == nil) != ok {
			t.Errorf("Decode(%q): err = %v, want ok = %v", in, err, ok)
		}
		if ok != json.Valid([]byte(in)) {
			t.Errorf("%q: the table disagrees with json.Valid", in)
		}
	}
}

// unmarshalNumbers is json.Unmarshal keeping numbers as json.Number.
func unmarshalNumbers(data []byte, v *any) error {
	if !json.Valid(data) {
		return json.Unmarshal(data, v) // its error says why
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

// FuzzDecodeScanner: Decode (its scanner, and the token decoder where the
// scanner gives up) is the token decoder alone: the same value, key
// order included, or the same error.
func FuzzDecodeScanner(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,2,{"b":null}]}`, `"x"`, `1e3`, `-0.5E+7`, `{"a":1,"a":2}`, `[1,]`, `{"a"}`,
		`"\u00e9\ud83d\ude00\n"`, `"\ud800"`, "\"\xff\"", "\"a\tb\"", ` [ true , false , null ] `, `01`, `1.`, `-`, `"\x"`, `{"a":1}x`,
		"\"é\"", `[[[[[]]]]]`, `{"":""}`, `0A0`, ` `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, gerr := Decode(data)
		want, werr := decodeTokens(data)
		if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Fatalf("Decode(%q) error %v, token decoder %v", data, gerr, werr)
		}
		if gerr == nil && !sameValue(got, want) {
			t.Fatalf("Decode(%q) = %s, token decoder %s", data, Compact(got), Compact(want))
		}
	})
}

// sameValue compares decoded values, key order and number literals
// included.
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case *Object:
		y, ok := b.(*Object)
		if !ok || len(x.Keys()) != len(y.Keys()) {
			return false
		}
		for i, k := range x.Keys() {
			if y.Keys()[i] != k || !sameValue(x.Val(k), y.Val(k)) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) || (x == nil) != (y == nil) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

// BenchmarkDecode: a tool's input schema as providers.render decodes it
// (a 2020-12 object schema with nested properties, enums and $defs),
// with the scanner and with the token decoder alone.
func BenchmarkDecode(b *testing.B) {
	data := []byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"city":{"type":"string","description":"City name, e.g. \"Paris\"","minLength":1},"units":{"type":"string","enum":["metric","imperial"],"default":"metric"},"days":{"type":"integer","minimum":1,"maximum":14},"include":{"type":"array","items":{"$ref":"#/$defs/Field"}},"at":{"type":"string","format":"date-time"}},"required":["city"],"additionalProperties":false,"$defs":{"Field":{"type":"object","properties":{"name":{"type":"string"},"weight":{"type":"number"}},"required":["name"],"additionalProperties":false}}}`)
	for _, c := range []struct {
		name string
		fn   func([]byte) (any, error)
	}{{"scanner", Decode}, {"tokens", decodeTokens}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := c.fn(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
