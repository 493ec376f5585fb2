package typescript

import (
	"encoding/json"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// zgraph is the zod 3 object a schema value is, as a project's own
// converter reads it through `schema._def` (`_def.typeName === "ZodString"`,
// `_def.innerType`, `_def.shape()`, …): zod's class of that object and the
// parts of its definition tscg keeps. The IR (zschema.t) is normalised
// (`.optional()` is a flag, a union of literals an enum); the graph keeps
// the wrapper chain as zod holds it, one zschema per zod object. Set only
// for zod 3 schemas; shared, never changed once made (a new level makes a
// new zgraph).
type zgraph struct {
	typeName string // "ZodString", "ZodOptional", …
	// desc is this object's own _def.description ("" none): zod 3 copies
	// it into some wrappers (optional, nullable, default, catch,
	// transform, brand, or, and) and not others (array, refine, readonly,
	// pipe), and .describe() sets it on the outermost object only.
	desc string
	// inner is the wrapped schema: innerType (ZodOptional, ZodNullable,
	// ZodDefault, ZodCatch, ZodReadonly), schema (ZodEffects), type
	// (ZodBranded), in (ZodPipeline).
	inner *zschema
	// options: a union's options as written (the IR may have folded a
	// union of literals into an enum); ZodPipeline: [out].
	options []*zschema
	// effect is a ZodEffects' effect.type: "refinement", "transform",
	// "preprocess".
	effect string
}

// zod3Ctors names the zod 3 class each z.NAME() constructor makes.
var zod3Ctors = map[string]string{
	"string": "ZodString", "number": "ZodNumber", "boolean": "ZodBoolean", "null": "ZodNull",
	"any": "ZodAny", "unknown": "ZodUnknown", "never": "ZodNever", "date": "ZodDate",
	"literal": "ZodLiteral", "enum": "ZodEnum", "nativeEnum": "ZodNativeEnum",
	"object": "ZodObject", "strictObject": "ZodObject", "array": "ZodArray", "tuple": "ZodTuple",
	"union": "ZodUnion", "discriminatedUnion": "ZodDiscriminatedUnion",
	"intersection": "ZodIntersection", "record": "ZodRecord",
}

// zod3Keeps are the wrappers whose _def copies the wrapped object's
// description (processCreateParams(this._def) in zod 3's types.js).
var zod3Keeps = map[string]bool{
	"ZodOptional": true, "ZodNullable": true, "ZodDefault": true, "ZodCatch": true,
	"ZodBranded": true, "ZodUnion": true, "ZodIntersection": true,
}

// typed records the class of a schema a zod 3 constructor just made.
func typed(res *value, v int, ctor string) *value {
	if v != 3 || res.kind != vZod || res.z.g != nil {
		return res
	}
	res.z.g = zod3Plain[ctor] // nil for a constructor not listed
	return res
}

// zod3Plain holds one shared graph per class a constructor makes: no
// description, nothing wrapped (graphs are never changed in place).
var zod3Plain = func() map[string]*zgraph {
	m := map[string]*zgraph{}
	for ctor, name := range zod3Ctors {
		m[ctor] = &zgraph{typeName: name}
	}
	return m
}()

// wrapper returns a new zod 3 object of class name around z0 (zod 3
// only; zod 4 schemas are changed as before): a copy of z0's IR for the
// caller to change, whose graph says it wraps z0.
func (e *evaluator) wrapper(z0 *zschema, name string) *zschema {
	if z0.version != 3 {
		return e.r.clone(z0)
	}
	inner := share(z0)
	z := e.r.clone(inner)
	g := &zgraph{typeName: name, inner: inner}
	if zod3Keeps[name] || name == "ZodEffects" {
		g.desc = defDescription(inner)
	}
	z.g = g
	return z
}

// regraph gives z (a fresh copy) a graph of class name with the given
// options and z0's description where zod 3 copies it.
func regraph(z, z0 *zschema, name string, options []*zschema) {
	if z.version != 3 {
		return
	}
	g := &zgraph{typeName: name, options: options}
	if zod3Keeps[name] {
		g.desc = defDescription(z0)
	}
	z.g = g
}

// described is z with its own _def.description set (zod 3's .describe()
// makes a copy of the same class).
func described(z *zschema, text string) {
	if z.g == nil {
		return
	}
	g := *z.g
	g.desc = text
	z.g = &g
}

// defDescription is z's own _def.description.
func defDescription(z *zschema) string {
	if z.g != nil {
		return z.g.desc
	}
	return z.t.Description
}

// defValue evaluates schema._def for a zod 3 schema z: an object of what
// zod holds there, whose other properties are unknown (an error where
// they are read), never guessed.
func (e *evaluator) defValue(recv *value, off int) *value {
	z := recv.z
	g := z.g
	if z.version != 3 || g == nil {
		what := "a zod schema's internal ._def, which tscg does not model"
		if z.version != 3 {
			what = "a zod 4 schema's internal ._def, which tscg does not model (it reads zod 3's)"
		}
		return e.opaque(off, what)
	}
	def := e.r.val(value{kind: vObject, off: off, f: e.f})
	put := func(k string, v *value) { def.props = append(def.props, vprop{key: k, off: off, v: v}) }
	str := func(s string) *value { return e.r.val(value{kind: vString, off: off, f: e.f, text: s}) }
	zv := func(s *zschema) *value { return e.zodValue(s, off) }
	list := func(zs []*zschema) *value {
		a := e.r.val(value{kind: vArray, off: off, f: e.f})
		for _, s := range zs {
			a.elems = append(a.elems, zv(s))
		}
		return a
	}
	put("typeName", str(g.typeName))
	if g.desc != "" {
		put("description", str(g.desc))
	} else {
		put("description", e.r.val(value{kind: vUndefined, off: off, f: e.f}))
	}
	known := []string{"typeName", "description"}
	t := z.t
	if c := z.ref; c != nil && c.state == constDone && c.val.kind == vZod {
		t = c.val.z.t
		z = c.val.z
	}
	switch g.typeName {
	case "ZodOptional", "ZodNullable", "ZodDefault", "ZodCatch", "ZodReadonly":
		put("innerType", zv(g.inner))
	case "ZodEffects":
		put("schema", zv(g.inner))
	case "ZodBranded":
		put("type", zv(g.inner))
	case "ZodPipeline":
		put("in", zv(g.inner))
		put("out", zv(g.options[0]))
	case "ZodArray":
		if z.items != nil {
			put("type", zv(z.items))
		}
	case "ZodObject":
		if z.obj != nil {
			put("shape", e.r.val(value{kind: vMember, off: off, f: e.f, recv: recv, text: "_def.shape"}))
			mode := "strip"
			switch z.obj.mode {
			case zStrict:
				mode = "strict"
			case zPassthrough:
				mode = "passthrough"
			}
			put("unknownKeys", str(mode))
		}
	case "ZodEnum":
		a := e.r.val(value{kind: vArray, off: off, f: e.f})
		for _, j := range t.Enum {
			a.elems = append(a.elems, e.jsonToValue(j, off))
		}
		put("values", a)
	case "ZodLiteral":
		switch {
		case t.Const != nil:
			put("value", e.jsonToValue(t.Const, off))
		case t.Kind == ir.KindNull:
			put("value", e.r.val(value{kind: vNull, off: off, f: e.f}))
		}
	case "ZodUnion", "ZodDiscriminatedUnion":
		put("options", list(g.options))
		if g.typeName == "ZodDiscriminatedUnion" {
			put("discriminator", str(t.Discriminator))
		}
	case "ZodIntersection":
		if len(z.allOf) == 2 {
			put("left", zv(z.allOf[0]))
			put("right", zv(z.allOf[1]))
		}
	case "ZodTuple":
		put("items", list(z.prefix))
		if z.rest != nil {
			put("rest", zv(z.rest))
		} else {
			put("rest", e.r.val(value{kind: vNull, off: off, f: e.f}))
		}
	case "ZodRecord":
		if z.addl != nil {
			put("valueType", zv(z.addl))
		}
	}
	for _, p := range def.props[2:] {
		known = append(known, p.key)
	}
	// Any other property (checks, errorMap, coerce, defaultValue,
	// effect, keyType, catchall, …) is one tscg does not keep: reading
	// it is an error at that expression, naming it.
	def.unknown = e.opaque(off, "a zod 3 ._def of a "+g.typeName+" (tscg models "+strings.Join(known, ", ")+")")
	return def
}

// jsonToValue is the evaluator's value of JSON j (a string, number,
// boolean or null: enum values and literals).
func (e *evaluator) jsonToValue(j ir.Value, off int) *value {
	s := string(j)
	switch {
	case s == "null":
		return e.r.val(value{kind: vNull, off: off, f: e.f})
	case s == "true" || s == "false":
		return e.r.val(value{kind: vBool, off: off, f: e.f, text: s})
	case strings.HasPrefix(s, `"`):
		var str string
		if err := json.Unmarshal(j, &str); err == nil {
			return e.r.val(value{kind: vString, off: off, f: e.f, text: str})
		}
	default:
		return e.r.val(value{kind: vNumber, off: off, f: e.f, text: s})
	}
	return e.opaque(off, "the zod value "+s)
}

// shapeObject is a zod object schema's shape as an object of schemas
// (X.shape, and zod 3's X._def.shape()).
func (e *evaluator) shapeObject(z *zschema, off int) *value {
	obj := e.r.val(value{kind: vObject, off: off, f: e.f})
	for _, p := range z.obj.props {
		obj.props = append(obj.props, vprop{key: p.name, off: p.off, v: e.r.val(value{kind: vZod, off: p.off, f: e.f, z: p.z})})
	}
	return obj
}

// acceptsUndefined is zod 3's schema.safeParse(undefined).success, read
// from the graph; known is false where it depends on project code (a
// refinement or preprocess sees undefined) or on what tscg does not keep.
func acceptsUndefined(z *zschema, depth int) (known, yes bool) {
	g := z.g
	if g == nil || depth > maxZodDepth {
		return false, false
	}
	switch g.typeName {
	case "ZodOptional", "ZodDefault", "ZodCatch", "ZodAny", "ZodUnknown":
		return true, true
	case "ZodNullable", "ZodBranded", "ZodReadonly":
		return acceptsUndefined(g.inner, depth+1)
	case "ZodEffects":
		if g.effect == "preprocess" {
			return false, false // the project's function sees undefined first
		}
		k, y := acceptsUndefined(g.inner, depth+1)
		if g.effect == "refinement" && k && y {
			return false, false // then the refinement runs on undefined
		}
		return k, y
	case "ZodUnion", "ZodDiscriminatedUnion":
		all := true
		for _, o := range g.options {
			k, y := acceptsUndefined(o, depth+1)
			if k && y {
				return true, true
			}
			all = all && k
		}
		return all, false
	case "ZodPipeline":
		// out parses what in made of undefined: known only when in
		// refuses it.
		if k, y := acceptsUndefined(g.inner, depth+1); k && !y {
			return true, false
		}
		return false, false
	case "ZodLazy", "ZodIntersection":
		return false, false
	}
	return true, false
}
