package jsonschema

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzRaw checks the verbatim-value writer, fast path included, against
// json.Compact (scalars) and json.Indent (objects and arrays) at the
// depth it is written at, and null for invalid JSON.
func FuzzRaw(f *testing.F) {
	for _, s := range []string{``, `"a"`, `"a b"`, `"a\"b"`, `"\u00e9"`, `"中文"`, "\"tab\there\"", `"`, `"a`, `a"`,
		`0`, `-0`, `01`, `-`, `12`, `-12`, `1.5e3`, `1e`, ` 1`, `1 `, `true`, `false`, `null`, `nul`, `tru e`,
		`{}`, `[]`, `{"a":[1,{"b":null}],"c":{}}`, `[ 1 , 2 ]`, `{"a":}`, `[1,]`, `{"a":1} x`} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, s string, depth int) {
		depth = min(max(depth, 0), 40)
		var want bytes.Buffer
		var err error
		if len(s) > 0 && s[0] != '{' && s[0] != '[' {
			err = json.Compact(&want, []byte(s))
		} else {
			err = json.Indent(&want, []byte(s), strings.Repeat("  ", depth), "  ")
		}
		if err != nil {
			want.Reset()
			want.WriteString("null")
		}
		g := newGen(Options{})
		g.buf = []byte("x")
		g.raw(json.RawMessage(s), depth)
		if got := g.buf[1:]; !bytes.Equal(got, want.Bytes()) {
			t.Errorf("raw(%q, %d) = %s, want %s", s, depth, got, want.Bytes())
		}
	})
}

// TestWriterMatchesIndent checks the writer's layout against
// encoding/json's on a document with nesting, empty containers and
// verbatim values.
func TestWriterMatchesIndent(t *testing.T) {
	g := newGen(Options{})
	doc := g.open(0, false)
	g.key(&doc, "k")
	inner := g.open(1, false)
	g.key(&inner, "e")
	e := g.openArray(2)
	g.closeArray(&e)
	g.key(&inner, "o")
	o := g.open(2, false)
	g.close(&o)
	g.key(&inner, "raw")
	g.raw(json.RawMessage(`{"a":[1,{"b":null}],"c":{}}`), 2)
	g.close(&inner)
	g.key(&doc, "list")
	l := g.openArray(1)
	for _, v := range []string{`"x"`, `2`, `true`, `1.5e3`, `[ 1 , 2 ]`} {
		g.item(&l)
		g.raw(json.RawMessage(v), 2)
	}
	g.closeArray(&l)
	g.close(&doc)
	var want bytes.Buffer
	if err := json.Indent(&want, []byte(`{"k":{"e":[],"o":{},"raw":{"a":[1,{"b":null}],"c":{}}},"list":["x",2,true,1.5e3,[1,2]]}`), "", "  "); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g.buf, want.Bytes()) {
		t.Errorf("got\n%s\nwant\n%s", g.buf, want.Bytes())
	}
}
