package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func decodeErr(t *testing.T, in string, lim Limits) *DecodeError {
	t.Helper()
	_, err := Decode([]byte(in), lim)
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("Decode(%.40q) = %v, want a DecodeError", in, err)
	}
	return de
}

func TestDecodeDuplicateKeys(t *testing.T) {
	de := decodeErr(t, `{"a":{"b":1,"c":[{"d":1,"d":2}]}}`, Limits{})
	if de.Keyword != "duplicate-key" || de.Pointer != "/a/c/0/d" {
		t.Fatalf("got %+v", de)
	}
}

func TestDecodeByteLimit(t *testing.T) {
	in := `{"a":"` + strings.Repeat("x", 100) + `"}`
	de := decodeErr(t, in, Limits{MaxBytes: 50})
	if de.Keyword != "max-bytes" {
		t.Fatalf("got %+v", de)
	}
	if _, err := Decode([]byte(in), Limits{MaxBytes: len(in)}); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
}

func TestDecodeDepthLimit(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 10) + "1" + strings.Repeat("}", 10)
	if _, err := Decode([]byte(deep), Limits{MaxDepth: 10}); err != nil {
		t.Fatalf("depth 10 under limit 10: %v", err)
	}
	de := decodeErr(t, deep, Limits{MaxDepth: 9})
	if de.Keyword != "max-depth" || de.Pointer != strings.Repeat("/a", 9) {
		t.Fatalf("got %+v", de)
	}
	arr := strings.Repeat("[", 100000) // a stack-exhaustion attempt
	if de := decodeErr(t, arr, Limits{}); de.Keyword != "max-depth" {
		t.Fatalf("got %+v", de)
	}
}

func TestDecodeInvalidUTF8(t *testing.T) {
	for _, in := range []string{"{\"a\":\"\xff\"}", "{\"\xc3\x28\":1}", "{\"a\":\"x\\n\xed\xa0\x80\"}"} {
		if de := decodeErr(t, in, Limits{}); de.Keyword != "utf8" {
			t.Errorf("%q: got %+v", in, de)
		}
	}
}

func TestDecodeNumbersExact(t *testing.T) {
	v, err := Decode([]byte(`{"big":12345678901234567890123,"f":1.10,"e":-2E+3}`), Limits{})
	must(t, err)
	m := v.(map[string]any)
	if m["big"] != json.Number("12345678901234567890123") || m["f"] != json.Number("1.10") || m["e"] != json.Number("-2E+3") {
		t.Fatalf("numbers changed: %#v", m)
	}
}

func TestDecodeSyntax(t *testing.T) {
	for _, in := range []string{``, `{`, `{"a"}`, `{"a":1,}`, `[1,]`, `01`, `1.`, `-`, `1e`, `"\x"`, `"\u12"`, `{"a":1} x`, `tru`, `{'a':1}`, "\"a\tb\""} {
		if _, err := Decode([]byte(in), Limits{}); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

func TestDecodeMatchesEncodingJSON(t *testing.T) {
	for _, in := range []string{`{"a":[1,2.5,"x\u00e9\ud83d\ude00",true,false,null,{}],"b":{"c":[]}}`, `"\ud800"`, `" \/\b\f\n\r\t"`, ` [ -0 , 0.5e-3 ] `} {
		got, err := Decode([]byte(in), Limits{})
		must(t, err)
		if want := stdDecode(t, []byte(in)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %#v, want %#v", in, got, want)
		}
	}
}

func stdDecode(t testing.TB, data []byte) any {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// FuzzDecode checks the strict decoder against encoding/json: whatever it
// accepts, encoding/json accepts with the same value; whatever it rejects
// is invalid JSON or breaks one of its stricter rules.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"a":1}`, `{"a":[1,{"b":null}],"c":"\u00e9"}`, `[1,2`, `{"a":1,"a":2}`, "\"\xff\"", `"\ud83d\ude00"`, `1e5`, `{"x":-0.0}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Decode(data, Limits{MaxDepth: 1000})
		d := json.NewDecoder(bytes.NewReader(data))
		d.UseNumber()
		var want any
		stdErr := d.Decode(&want)
		if stdErr == nil {
			if _, e := d.Token(); e != io.EOF {
				stdErr = errors.New("trailing data")
			}
		}
		if err == nil {
			if stdErr != nil {
				t.Fatalf("accepted what encoding/json rejects (%v): %q", stdErr, data)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("value differs for %q: %#v vs %#v", data, got, want)
			}
			return
		}
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Fatalf("error is not a DecodeError: %v", err)
		}
		if stdErr == nil && de.Keyword == "syntax" {
			t.Fatalf("syntax error on JSON encoding/json accepts: %v: %q", err, data)
		}
	})
}

// TestDecodeSyntaxPositions pins the scanner's messages and offsets that
// the JSON frontend's file diagnostics share (internal/jsondec): each
// points at the offending token, not past it.
func TestDecodeSyntaxPositions(t *testing.T) {
	for _, c := range []struct {
		in, msg string
		off     int
		ptr     string
	}{
		{`{"a":01}`, "invalid number: leading zero", 5, "/a"},
		{`{"a":"x`, "unterminated string", 5, "/a"},
		{"{\"a\":\"x\ty\"}", "control character U+0009 in string; escape it", 7, "/a"},
		{`{"a":"\q"}`, `invalid escape \q`, 8, "/a"},
		{`{"a":tru}`, "invalid literal; expected true", 5, "/a"},
		{`{"a":-}`, "invalid number: digits expected", 6, "/a"},
	} {
		de := decodeErr(t, c.in, Limits{})
		if de.Msg != c.msg || de.Offset != c.off || de.Pointer != c.ptr || de.Keyword != "syntax" {
			t.Errorf("%s: got %+v, want %q at %d under %q", c.in, de, c.msg, c.off, c.ptr)
		}
	}
}
