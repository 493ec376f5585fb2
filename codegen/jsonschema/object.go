package jsonschema

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// object is a JSON object that keeps its keys in insertion order, so
// property order is the declared order and output is byte-deterministic.
//
// Keys and values share one slice so an object costs one allocation
// (most schema nodes have one to four keys).
type object struct {
	fields []field
}

type field struct {
	key string
	val any
}

func (o *object) set(key string, v any) {
	for i := range o.fields {
		if o.fields[i].key == key {
			o.fields[i].val = v
			return
		}
	}
	o.add(key, v)
}

func (o *object) has(key string) bool {
	for i := range o.fields {
		if o.fields[i].key == key {
			return true
		}
	}
	return false
}

func (o *object) len() int { return len(o.fields) }

// add appends a key the caller knows is new (no duplicate check, so
// large documents stay linear).
func (o *object) add(key string, v any) {
	if o.fields == nil {
		o.fields = make([]field, 0, 4)
	}
	o.fields = append(o.fields, field{key, v})
}

// encode writes v with two-space indentation (json.MarshalIndent's
// layout), at the given nesting depth. Supported values: *object, []any,
// string, bool, int64, json.Number, json.RawMessage, and pointers to
// string, int64, json.Number and json.RawMessage. The pointers point into
// the IR being rendered: boxing one in an any does not allocate, boxing a
// string or slice header does, and nearly every schema node has some.
func encode(buf *bytes.Buffer, v any, depth int) {
	switch v := v.(type) {
	case *object:
		if len(v.fields) == 0 {
			buf.WriteString("{}")
			return
		}
		buf.WriteByte('{')
		for i, f := range v.fields {
			if i > 0 {
				buf.WriteByte(',')
			}
			newline(buf, depth+1)
			encodeString(buf, f.key)
			buf.WriteString(": ")
			encode(buf, f.val, depth+1)
		}
		newline(buf, depth)
		buf.WriteByte('}')
	case []any:
		if len(v) == 0 {
			buf.WriteString("[]")
			return
		}
		buf.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				buf.WriteByte(',')
			}
			newline(buf, depth+1)
			encode(buf, e, depth+1)
		}
		newline(buf, depth)
		buf.WriteByte(']')
	case string:
		encodeString(buf, v)
	case *string:
		encodeString(buf, *v)
	case *int64:
		buf.WriteString(strconv.FormatInt(*v, 10))
	case *json.Number:
		buf.WriteString(string(*v))
	case *json.RawMessage:
		encodeRaw(buf, *v, depth)
	case bool:
		buf.WriteString(strconv.FormatBool(v))
	case int64:
		buf.WriteString(strconv.FormatInt(v, 10))
	case json.Number:
		buf.WriteString(string(v))
	case json.RawMessage:
		encodeRaw(buf, v, depth)
	default:
		panic("jsonschema: cannot encode value of this type")
	}
}

// encodeRaw re-indents a JSON value kept verbatim (enum values, defaults,
// extra keywords) to the surrounding depth.
func encodeRaw(buf *bytes.Buffer, raw json.RawMessage, depth int) {
	if len(raw) > 0 && raw[0] != '{' && raw[0] != '[' {
		if err := json.Compact(buf, raw); err != nil {
			buf.WriteString("null")
		}
		return
	}
	var tmp bytes.Buffer
	prefix := strings.Repeat("  ", depth)
	if err := json.Indent(&tmp, raw, prefix, "  "); err != nil {
		buf.WriteString("null")
		return
	}
	buf.Write(tmp.Bytes())
}

// indent is a newline followed by enough spaces for typical depths, so
// newline is usually one copy.
const indent = "\n                                                                "

func newline(buf *bytes.Buffer, depth int) {
	if n := 1 + 2*depth; n <= len(indent) {
		buf.WriteString(indent[:n])
		return
	}
	buf.WriteByte('\n')
	for i := 0; i < depth; i++ {
		buf.WriteString("  ")
	}
}

const hexDigits = "0123456789abcdef"

// encodeString writes s as a JSON string the way encoding/json does with
// HTML escaping off: control characters, quote, backslash, invalid UTF-8
// (as U+FFFD) and U+2028/U+2029 are escaped.
func encodeString(buf *bytes.Buffer, s string) {
	buf.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			buf.WriteString(s[start:i])
			switch c {
			case '"', '\\':
				buf.WriteByte('\\')
				buf.WriteByte(c)
			case '\n':
				buf.WriteString(`\n`)
			case '\r':
				buf.WriteString(`\r`)
			case '\t':
				buf.WriteString(`\t`)
			case '\b':
				buf.WriteString(`\b`)
			case '\f':
				buf.WriteString(`\f`)
			default:
				buf.WriteString(`\u00`)
				buf.WriteByte(hexDigits[c>>4])
				buf.WriteByte(hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf.WriteString(s[start:i])
			buf.WriteString(`\ufffd`)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			buf.WriteString(s[start:i])
			buf.WriteString(`\u202`)
			buf.WriteByte(hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf.WriteString(s[start:])
	buf.WriteByte('"')
}

// pretty renders v with two-space indentation and a final newline.
func pretty(v any) []byte {
	var out bytes.Buffer
	encode(&out, v, 0)
	out.WriteByte('\n')
	return out.Bytes()
}

// objArena hands out the schema nodes of one root's tree. The tree lives
// only until it is encoded, so a generator reuses the nodes (and their
// field slices) for its next root instead of allocating ~50 small objects
// per entry: in NamedMap that was a third of all allocations.
type objArena struct {
	chunks [][]object
	n      int // nodes handed out since the last reset
}

const arenaChunk = 256

// obj returns an empty object from g's arena, valid until g.reset.
func (g *gen) obj() *object {
	a := &g.objs
	c, i := a.n/arenaChunk, a.n%arenaChunk
	if c == len(a.chunks) {
		a.chunks = append(a.chunks, make([]object, arenaChunk))
	}
	a.n++
	o := &a.chunks[c][i]
	clear(o.fields) // drop the previous tree's values for the collector
	o.fields = o.fields[:0]
	return o
}

// reset makes every node handed out so far free for reuse.
func (a *objArena) reset() { a.n = 0 }
