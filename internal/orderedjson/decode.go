package orderedjson

import (
	"encoding/json"

	"github.com/tscg/tscg/internal/jsondec"
)

// maxDepth is encoding/json's nesting limit: deeper input is left to the
// token decoder, which reports it.
const maxDepth = 10000

// scan decodes one JSON document with jsondec's strict scanner (strings
// without escapes are substrings of one copy of the input): a few times
// faster than encoding/json's Token, which allocates per token. It gives
// up (ok false) at anything jsondec refuses or that is not plain JSON,
// and Decode then asks the token decoder, whose value or error is the
// answer: so the two never differ (FuzzDecodeScanner).
func scan(data []byte) (v any, ok bool) {
	d := jsondec.New(data, maxDepth)
	v, ok = value(&d, 0)
	if d.SkipSpace(); !ok || d.Pos != len(data) {
		return nil, false
	}
	return v, true
}

func value(d *jsondec.Decoder, depth int) (any, bool) {
	d.SkipSpace()
	if d.Pos >= len(d.Data) {
		return nil, false
	}
	switch c := d.Data[d.Pos]; {
	case c == '{':
		return object(d, depth+1)
	case c == '[':
		return array(d, depth+1)
	case c == '"':
		s, err := d.Str()
		return s, err == nil
	case c == 't':
		return true, d.Literal("true") == nil
	case c == 'f':
		return false, d.Literal("false") == nil
	case c == 'n':
		return nil, d.Literal("null") == nil
	case c == '-' || isDigit(c):
		text, err := d.NumberText()
		return json.Number(text), err == nil
	}
	return nil, false
}

// object and array read the members and elements after the opening
// bracket, each followed by a comma or the closing one.
func object(d *jsondec.Decoder, depth int) (any, bool) {
	o := NewObject()
	ok := members(d, depth, '}', func() bool {
		if d.Pos >= len(d.Data) || d.Data[d.Pos] != '"' {
			return false
		}
		k, err := d.Str()
		if d.SkipSpace(); err != nil || d.Pos >= len(d.Data) || d.Data[d.Pos] != ':' {
			return false
		}
		d.Pos++
		v, ok := value(d, depth)
		o.Set(k, v)
		return ok
	})
	return o, ok
}

func array(d *jsondec.Decoder, depth int) (any, bool) {
	list := []any{}
	ok := members(d, depth, ']', func() bool {
		v, ok := value(d, depth)
		list = append(list, v)
		return ok
	})
	return list, ok
}

// members reads, after an opening bracket, what one calls for until the
// closing bracket end, with commas between.
func members(d *jsondec.Decoder, depth int, end byte, one func() bool) bool {
	if depth > maxDepth {
		return false
	}
	d.Pos++
	if d.SkipSpace(); d.Pos < len(d.Data) && d.Data[d.Pos] == end {
		d.Pos++
		return true
	}
	for {
		d.SkipSpace()
		if !one() {
			return false
		}
		if d.SkipSpace(); d.Pos >= len(d.Data) {
			return false
		}
		switch d.Data[d.Pos] {
		case ',':
			d.Pos++
		case end:
			d.Pos++
			return true
		default:
			return false
		}
	}
}
