package typescript

import (
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// zschema is a zod schema read statically. Like zod's own values it is
// immutable: every method returns a new one (see clone).
type zschema struct {
	// t is the schema's IR; for an object it holds the annotations and
	// constraints, and the properties come from obj (see zodIR).
	t   *ir.Type
	obj *zobject
	// optional: the property holding it may be left out (.optional(),
	// .default(), and in zod 3 any/unknown).
	optional bool
	version  int
}

// zobject is the shape of a z.object and what it does with unknown keys.
type zobject struct {
	props    []zprop
	mode     zmode
	catchall *zschema
}

type zprop struct {
	name string
	off  int
	z    *zschema
}

type zmode uint8

const (
	zStrip zmode = iota
	zStrict
	zPassthrough
	zCatchall
)

func (r *resolver) newZod(v int, k ir.Kind, pos ir.Pos) *zschema {
	return &zschema{t: r.newType(k, pos), version: v}
}

// clone copies z so that a modifier can change the copy.
func (r *resolver) clone(z *zschema) *zschema {
	t := r.newType(0, ir.Pos{})
	*t = *z.t
	cp := *z
	cp.t = t
	return &cp
}

// zodRefTo is a reference to the zod constant c, whose value is z.
func (r *resolver) zodRefTo(c *constDecl, z *zschema) *zschema {
	n := r.zodNamed(c)
	t := r.newType(ir.KindRef, c.file.pos(c.off))
	t.Ref = n.n
	return &zschema{t: t, obj: z.obj, optional: z.optional, version: z.version}
}

// zodNamed returns the named type of a zod schema constant, creating it
// on first use.
func (r *resolver) zodNamed(c *constDecl) *namedEntry {
	if c.named != nil {
		return c.named
	}
	ent := &namedEntry{n: &ir.Named{Name: c.name, Exported: c.exported, Pos: c.file.pos(c.off)}, file: c.file.path, off: c.off}
	r.entries = append(r.entries, ent)
	c.named = ent
	if c.state == constDone && c.val.kind == vZod {
		ent.n.Type = r.zodIR(c.val.z)
	}
	return ent
}

// maxZodDepth bounds the nesting zodIR follows.
const maxZodDepth = 200

// zodIR converts a zod schema to fresh IR.
func (r *resolver) zodIR(z *zschema) *ir.Type {
	return r.zodIRDepth(z, 0)
}

func (r *resolver) zodIRDepth(z *zschema, depth int) *ir.Type {
	t := r.newType(0, ir.Pos{})
	*t = *z.t
	if depth > maxZodDepth {
		r.diags.Errorf(t.Pos, "zod schema nested too deeply")
		return t
	}
	if z.obj == nil || t.Kind != ir.KindObject {
		return t
	}
	o := z.obj
	t.Properties = make([]*ir.Property, 0, len(o.props))
	for _, p := range o.props {
		pt := r.zodIRDepth(p.z, depth+1)
		t.SetProp(r.newProp(ir.Property{Name: p.name, Type: pt, Required: !p.z.optional, Pos: pt.Pos}))
	}
	switch o.mode {
	case zStrip:
		if z.version == 3 {
			t.Additional = ir.AdditionalClosed // zod-to-json-schema closes stripping objects
		} else {
			t.Additional = ir.AdditionalOpen
		}
	case zStrict:
		t.Additional = ir.AdditionalClosed
	case zPassthrough:
		t.Additional = ir.AdditionalOpen
	case zCatchall:
		t.Additional, t.AdditionalType = ir.AdditionalTyped, r.zodIRDepth(o.catchall, depth+1)
	}
	return t
}

// call evaluates a call of callee with args.
func (e *evaluator) call(callee *value, args []*value, off int) *value {
	switch callee.kind {
	case vMember:
		switch callee.recv.kind {
		case vZodNS:
			return e.zodCtor(callee.recv.zv, callee.text, args, callee.off)
		case vZod:
			return e.zodMethod(callee.recv, callee.text, args, callee.off)
		}
	case vBuiltin:
		if len(args) > 0 && (args[0].kind == vZod || callee.text == "jsonSchema") {
			return args[0]
		}
	}
	return e.opaque(callee.off, "a call of "+calleeName(callee)+"()")
}

func (e *evaluator) zodValue(z *zschema, off int) *value {
	return &value{kind: vZod, off: off, f: e.f, z: z}
}

func (e *evaluator) errorf(off int, format string, args ...any) {
	e.r.diags.Errorf(e.f.pos(off), format, args...)
}

func (e *evaluator) warnf(off int, format string, args ...any) {
	e.r.diags.Add(diag.Warnf(e.f.pos(off), format, args...))
}

// schemaArg returns argument i as a zod schema, reporting what it is
// otherwise (an any schema stands in, so that reading goes on).
func (e *evaluator) schemaArg(args []*value, i int, v int, what string, off int) *zschema {
	if i >= len(args) {
		e.errorf(off, "%s needs a zod schema argument", what)
		return e.r.newZod(v, ir.KindAny, e.f.pos(off))
	}
	return e.asSchema(args[i], v, what)
}

// asSchema returns a as a zod schema, reporting what it is otherwise.
func (e *evaluator) asSchema(a *value, v int, what string) *zschema {
	switch a.kind {
	case vZod:
		return a.z
	case vBusy:
		e.r.diags.Errorf(a.f.pos(a.off), "%s refers to %s inside its own definition: wrap the reference in z.lazy(() => %s)", what, a.c.name, a.c.name)
	default:
		e.r.diags.Errorf(a.f.pos(a.off), "%s: expected a zod schema, found %s", what, describeValue(a))
	}
	return e.r.newZod(v, ir.KindAny, a.f.pos(a.off))
}
