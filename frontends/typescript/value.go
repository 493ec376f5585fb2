package typescript

import (
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// vkind is the kind of a value the evaluator computed from an expression.
type vkind uint8

const (
	vOpaque vkind = iota // something tscg does not evaluate; text says what
	vUndefined
	vNull
	vBool
	vNumber
	vString
	vArray
	vObject
	vRegex
	vFunc
	vZod       // a zod schema
	vZodNS     // the zod namespace (`z`)
	vEnumDecl  // a TypeScript enum, as a value (for z.nativeEnum)
	vBusy      // a constant whose initializer is being evaluated
	vMember    // recv.name, not yet called (zod methods, z.string)
	vBuiltin   // a known function imported from a package (text names it)
	vNamespace // `import * as ns` of a relative module (f is the module)
	vDeclFunc  // a function declaration (decl holds it)
	vPartial   // a string with parts tscg cannot evaluate: text has <expr> placeholders, elems the parts
	vClass     // a class declaration of the project (cls holds it), for new
)

// value is the result of evaluating an expression statically: JSON-like
// data, zod schemas, and opaque values that remember what they were.
type value struct {
	kind vkind
	off  int
	f    *file
	// text is a string's value, a number's JSON, a regex's source,
	// "true"/"false", or what an opaque value is.
	text  string
	flags string // regex flags
	props []vprop
	elems []*value
	z     *zschema
	zv    int // vZodNS: the zod major version (3 or 4)
	enum  *decl
	fn    *funcVal
	c     *constDecl // vBusy; also the constant a value was read from
	recv  *value     // vMember: the receiver
	// spread marks an array element written `...x`.
	spread bool
	// set: a vArray holding a Set's elements in insertion order.
	set bool
	// unknown is the first spread of an object literal that could not be
	// read: the object's properties are then incomplete.
	unknown *value
	// toolAt is 1 + the offset of the tool( call an AI SDK tool's
	// configuration came from, or 0.
	toolAt int
	decl   *funcDecl // vDeclFunc
	cls    *classRange
}

// vprop is one property of an object literal, in source order.
type vprop struct {
	key string
	off int
	v   *value
}

// funcVal is an arrow function, function expression or method: the
// positions of its parameters and body, and the scope it closes over.
type funcVal struct {
	body     int // offset of the body's first token
	params   int // offset of the parameter list's '(' or lone name
	exprBody bool
	env      *scope
}

// prop returns the value of an object's property, or nil.
func (v *value) prop(key string) *value {
	if v == nil || v.kind != vObject {
		return nil
	}
	for i := len(v.props) - 1; i >= 0; i-- {
		if v.props[i].key == key {
			return v.props[i].v
		}
	}
	return nil
}

// describeValue says what a value is, for messages.
func describeValue(v *value) string {
	switch v.kind {
	case vOpaque:
		return v.text
	case vUndefined:
		return "undefined"
	case vNull:
		return "null"
	case vBool:
		return "boolean " + v.text
	case vNumber:
		return "number " + v.text
	case vString:
		return "string " + strconv.Quote(v.text)
	case vArray:
		if v.set {
			return "a Set"
		}
		return "an array"
	case vObject:
		return "an object literal"
	case vRegex:
		return "a regular expression"
	case vFunc:
		return "a function"
	case vZod:
		return "a zod schema"
	case vZodNS:
		return "the zod namespace"
	case vEnumDecl:
		return "enum " + v.enum.name
	case vBusy:
		return v.c.name + " (used inside its own definition)"
	case vMember:
		return "." + v.text
	case vBuiltin, vDeclFunc, vClass:
		return v.text
	case vPartial:
		var parts []string
		for _, h := range v.elems {
			parts = append(parts, describeValue(h))
		}
		return "a string with parts tscg cannot evaluate (" + strings.Join(parts, "; ") + ")"
	}
	return "a value"
}

// jsonValue converts a data value to compact JSON, or reports false.
func jsonValue(v *value) (ir.Value, bool) {
	var b strings.Builder
	if !writeJSON(&b, v, 0) {
		return nil, false
	}
	return ir.Value(b.String()), true
}

// maxJSONDepth bounds nesting of literal data.
const maxJSONDepth = 100

func writeJSON(b *strings.Builder, v *value, depth int) bool {
	if depth > maxJSONDepth {
		return false
	}
	switch v.kind {
	case vNull:
		b.WriteString("null")
	case vBool, vNumber:
		b.WriteString(v.text)
	case vString:
		b.Write(ir.MarshalValue(v.text))
	case vArray:
		if v.set {
			return false // JSON.stringify writes a Set as {}, not its elements
		}
		b.WriteByte('[')
		for i, e := range v.elems {
			if e.spread {
				return false
			}
			if i > 0 {
				b.WriteByte(',')
			}
			if e.kind == vUndefined {
				b.WriteString("null")
			} else if !writeJSON(b, e, depth+1) {
				return false
			}
		}
		b.WriteByte(']')
	case vObject:
		b.WriteByte('{')
		n := 0
		for i, p := range v.props {
			if p.v.kind == vUndefined || v.shadowed(i) {
				continue
			}
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			b.Write(ir.MarshalValue(p.key))
			b.WriteByte(':')
			if !writeJSON(b, p.v, depth+1) {
				return false
			}
		}
		b.WriteByte('}')
	default:
		return false
	}
	return true
}

// shadowed reports whether property i is overwritten by a later one of
// the same key (as `{a: 1, ...{a: 2}}` is).
func (v *value) shadowed(i int) bool {
	for _, q := range v.props[i+1:] {
		if q.key == v.props[i].key {
			return true
		}
	}
	return false
}

// jsNumber formats a float the way JavaScript prints numbers, as JSON.
func jsNumber(f float64) string {
	if f == float64(int64(f)) && f < 1e21 && f > -1e21 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// numberValue parses a numeric literal token's text.
func numberValue(text string) (float64, bool) {
	clean := strings.ReplaceAll(text, "_", "")
	if strings.HasSuffix(clean, "n") {
		return 0, false
	}
	if len(clean) > 2 && clean[0] == '0' && strings.ContainsRune("xXoObB", rune(clean[1])) {
		v, err := strconv.ParseInt(clean, 0, 64)
		return float64(v), err == nil
	}
	f, err := strconv.ParseFloat(clean, 64)
	return f, err == nil
}
