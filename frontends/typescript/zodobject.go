package typescript

import (
	"github.com/tscg/tscg/compiler/ir"
)

// objectMethod evaluates the z.object methods that derive a new object.
func (e *evaluator) objectMethod(recv *value, name string, args []*value, off int) *value {
	z0 := recv.z
	v := z0.version
	if z0.obj == nil {
		e.errorf(off, ".%s() is only read on z.object schemas; this is %s", name, kindName(z0))
		return e.zodValue(z0, off)
	}
	if name == "keyof" {
		z := e.r.newZod(v, ir.KindString, e.f.pos(off))
		for _, p := range z0.obj.props {
			z.t.Enum = append(z.t.Enum, ir.MarshalValue(p.name))
		}
		regraph(z, z0, "ZodEnum", nil)
		return e.zodValue(z, off)
	}
	z := e.derived(z0, off, name)
	o := z.obj
	switch name {
	case "strict":
		o.mode, o.catchall = zStrict, nil
	case "passthrough", "loose":
		o.mode, o.catchall = zPassthrough, nil
	case "strip":
		o.mode, o.catchall = zStrip, nil
	case "catchall":
		o.mode, o.catchall = zCatchall, e.schemaArg(args, 0, v, ".catchall", off)
	case "extend", "safeExtend":
		if len(args) > 0 {
			for _, p := range e.shape(args[0], v, "."+name) {
				o.props = setZProp(o.props, p)
			}
		}
	case "merge":
		if len(args) > 0 {
			other := e.asSchema(args[0], v, ".merge")
			if other.obj == nil {
				e.errorf(off, ".merge needs a z.object schema")
				break
			}
			for _, p := range other.obj.props {
				o.props = setZProp(o.props, p)
			}
			o.mode, o.catchall = other.obj.mode, other.obj.catchall
		}
	case "pick", "omit":
		keys := e.keyMask(args, name, off)
		kept := o.props[:0:0]
		for _, p := range o.props {
			if keys[p.name] == (name == "pick") {
				kept = append(kept, p)
			}
		}
		o.props = kept
	case "partial", "required", "deepPartial":
		if name == "deepPartial" {
			e.errorf(off, ".deepPartial() is not supported (removed in zod 4); use .partial()")
			break
		}
		var keys map[string]bool
		if len(args) > 0 {
			keys = e.keyMask(args, name, off)
		}
		for i, p := range o.props {
			if keys != nil && !keys[p.name] {
				continue
			}
			var c *zschema
			switch {
			case name == "partial":
				c = e.wrapper(p.z, "ZodOptional") // zod 3: fieldSchema.optional()
			case v == 3:
				// zod 3 unwraps every ZodOptional around the field.
				u := p.z
				for u.g != nil && u.g.typeName == "ZodOptional" && u.g.inner != nil {
					u = u.g.inner
				}
				c = e.r.clone(p.z)
				c.g = u.g
			default:
				c = e.r.clone(p.z)
			}
			c.optional = name == "partial"
			if name == "partial" {
				c.defaulted = false
			}
			if name == "required" && v == 3 {
				// zod 3 unwraps .optional() only: a default still makes
				// the property optional.
				c.optional = c.t.Default != nil
			}
			o.props[i].z = c
		}
	}
	return e.zodValue(z, off)
}

// derived copies an object schema for a method that returns a new one:
// a fresh object (annotations are not carried over, as zod 4 does not
// carry a description over to the new schema) with a copy of the shape.
func (e *evaluator) derived(z0 *zschema, off int, name string) *zschema {
	z := &zschema{t: e.r.newType(ir.KindObject, e.f.pos(off)), version: z0.version, optional: z0.optional, g: z0.g}
	if name == "merge" && z0.g != nil {
		// zod 3's merge builds a new definition without the description.
		z.g = &zgraph{typeName: "ZodObject"}
	}
	if z0.t.Kind == ir.KindObject {
		*z.t = *z0.t
		z.t.Pos = e.f.pos(off)
		if z0.version == 4 && (name == "extend" || name == "merge" || name == "pick" || name == "omit" || name == "partial" || name == "required" || name == "safeExtend") {
			z.t.Description, z.t.Title, z.t.Examples = "", "", nil
		}
	}
	o := *z0.obj
	o.props = append([]zprop(nil), z0.obj.props...)
	z.obj = &o
	return z
}

// keyMask reads the `{a: true, b: true}` argument of pick/omit/partial.
func (e *evaluator) keyMask(args []*value, name string, off int) map[string]bool {
	keys := map[string]bool{}
	if len(args) == 0 || args[0].kind != vObject {
		e.errorf(off, ".%s needs an object literal of keys ({ name: true })", name)
		return keys
	}
	for _, p := range args[0].props {
		if p.v.kind == vBool && p.v.text == "true" {
			keys[p.key] = true
		}
	}
	return keys
}

func kindName(z *zschema) string {
	if t := z.t.Resolve(); t != nil {
		return "a " + t.Kind.String() + " schema"
	}
	return "a schema"
}
