package jsonschema

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzEncodeString checks the hand-written string escaper against
// encoding/json (HTML escaping off), including invalid UTF-8.
func FuzzEncodeString(f *testing.F) {
	for _, s := range []string{"", "plain", "quote\" back\\slash", "\n\r\t\x00\x1f", "中文 <tag> &", "\u2028\u2029", "\xff\xfe bad", "emoji 😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		encodeString(&got, s)
		if !bytes.Equal(got.Bytes(), bytes.TrimRight(want.Bytes(), "\n")) {
			t.Errorf("encodeString(%q) = %s, want %s", s, got.Bytes(), want.Bytes())
		}
	})
}

// TestPrettyMatchesIndent checks the direct indenting encoder against
// encoding/json's layout on a document with nested verbatim values.
func TestPrettyMatchesIndent(t *testing.T) {
	inner := &object{}
	inner.add("e", []any{})
	inner.add("o", &object{})
	inner.add("raw", json.RawMessage(`{"a":[1,{"b":null}],"c":{}}`))
	doc := &object{}
	doc.add("k", inner)
	doc.add("list", []any{"x", int64(2), true, json.Number("1.5e3"), json.RawMessage(`[ 1 , 2 ]`)})
	got := pretty(doc)
	var want bytes.Buffer
	if err := json.Indent(&want, []byte(`{"k":{"e":[],"o":{},"raw":{"a":[1,{"b":null}],"c":{}}},"list":["x",2,true,1.5e3,[1,2]]}`), "", "  "); err != nil {
		t.Fatal(err)
	}
	want.WriteByte('\n')
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("got\n%s\nwant\n%s", got, want.Bytes())
	}
}
