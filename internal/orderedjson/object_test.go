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
