package jsonschema

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tscg/tscg/internal/orderedjson"
)

// The renderer writes JSON straight into gen.buf as it walks the IR, in
// json.MarshalIndent's layout (two-space indentation). Building a tree of
// ordered maps and encoding it would cost the tree, an interface boxing of
// most values and a second walk.

// object is a JSON object or array being written: its opening bracket is in
// the buffer, and closing it needs to know whether anything was written.
type object struct {
	depth int // nesting depth of the brackets; members sit at depth+1
	n     int // members written so far
	// keys is where this object's keys start in gen.keys when they are
	// recorded (an object with extra keywords must skip keys it already
	// has), -1 when they are not.
	keys int
	// root marks the root object, where an extra keyword named like the
	// $defs key is replaced by the $defs; defsDone records that it was.
	root, defsDone bool
}

// open starts an object whose keys are recorded when track is set.
func (g *gen) open(depth int, track bool) object {
	g.buf = append(g.buf, '{')
	o := object{depth: depth, keys: -1}
	if track {
		o.keys = len(g.keys)
	}
	return o
}

// close ends an object ({} when empty) and drops its recorded keys.
func (g *gen) close(o *object) {
	if o.n > 0 {
		g.newline(o.depth)
	}
	g.buf = append(g.buf, '}')
	if o.keys >= 0 {
		g.keys = g.keys[:o.keys]
	}
}

// key starts o's member k; its value is written next, at depth o.depth+1.
func (g *gen) key(o *object, k string) {
	g.member(o, k)
	g.str(k)
	g.lit(": ")
}

// kw is key for the renderer's own keywords ("type", "$ref", …), which
// JSON takes as they are: most keys are these, and they skip the scan for
// characters to escape.
func (g *gen) kw(o *object, k string) {
	g.member(o, k)
	g.buf = append(g.buf, '"')
	g.buf = append(g.buf, k...)
	g.buf = append(g.buf, `": `...)
}

func (g *gen) member(o *object, k string) {
	if o.n > 0 {
		g.buf = append(g.buf, ',')
	}
	o.n++
	g.newline(o.depth + 1)
	if o.keys >= 0 {
		g.keys = append(g.keys, k)
	}
}

// has reports whether o, whose keys are recorded, already has key k.
func (g *gen) has(o *object, k string) bool {
	for _, have := range g.keys[o.keys:] {
		if have == k {
			return true
		}
	}
	return false
}

func (g *gen) openArray(depth int) object {
	g.buf = append(g.buf, '[')
	return object{depth: depth, keys: -1}
}

// item starts the next element of array a, at depth a.depth+1.
func (g *gen) item(a *object) {
	if a.n > 0 {
		g.buf = append(g.buf, ',')
	}
	a.n++
	g.newline(a.depth + 1)
}

func (g *gen) closeArray(a *object) {
	if a.n > 0 {
		g.newline(a.depth)
	}
	g.buf = append(g.buf, ']')
}

func (g *gen) str(s string) { g.buf = orderedjson.AppendString(g.buf, s) }

func (g *gen) lit(s string) { g.buf = append(g.buf, s...) }

func (g *gen) int(v int64) { g.buf = strconv.AppendInt(g.buf, v, 10) }

// indent is a newline followed by enough spaces for typical depths, so
// newline is usually one copy.
const indent = "\n                                                                "

func (g *gen) newline(depth int) {
	if n := 1 + 2*depth; n <= len(indent) {
		g.buf = append(g.buf, indent[:n]...)
		return
	}
	g.buf = append(g.buf, '\n')
	for i := 0; i < depth; i++ {
		g.buf = append(g.buf, "  "...)
	}
}

// raw writes a JSON value kept verbatim (enum values, defaults, extra
// keywords) re-indented to the surrounding depth, or null if it is not
// valid JSON, as json.Compact and json.Indent would.
func (g *gen) raw(v json.RawMessage, depth int) {
	if len(v) > 0 && v[0] != '{' && v[0] != '[' {
		if compactScalar(v) {
			// Nearly all verbatim values (enum members, consts) are short
			// strings or integers that json.Compact would copy unchanged.
			g.buf = append(g.buf, v...)
			return
		}
		g.tmp.Reset()
		if err := json.Compact(&g.tmp, v); err != nil {
			g.lit("null")
			return
		}
		g.buf = append(g.buf, g.tmp.Bytes()...)
		return
	}
	prefix := ""
	if n := 2 * depth; n < len(indent) {
		prefix = indent[1 : 1+n]
	} else {
		prefix = strings.Repeat("  ", depth)
	}
	g.tmp.Reset()
	if err := json.Indent(&g.tmp, v, prefix, "  "); err != nil {
		g.lit("null")
		return
	}
	g.buf = append(g.buf, g.tmp.Bytes()...)
}

// compactScalar reports whether v is a valid JSON scalar without
// whitespace: a string without escapes or control characters, an integer,
// true, false or null. json.Compact leaves such a value as it is.
func compactScalar(v []byte) bool {
	switch string(v) {
	case "true", "false", "null":
		return true
	}
	if n := len(v); n >= 2 && v[0] == '"' && v[n-1] == '"' {
		for _, c := range v[1 : n-1] {
			if c < 0x20 || c == '"' || c == '\\' {
				return false
			}
		}
		return true
	}
	digits := v
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || (digits[0] == '0' && len(digits) > 1) {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
