package typescript

import (
	"strings"

	"strconv"

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
	// defaulted: .default() is the outermost of .default/.optional, so
	// the output always has the property.
	defaulted bool
	version   int
	// Children, converted when the schema is (zodConv), in the mode
	// asked for: array items, tuple elements and rest, union variants,
	// intersection members, record values.
	items    *zschema
	prefix   []*zschema
	rest     *zschema
	variants []*zschema
	allOf    []*zschema
	addl     *zschema
	// openMembers: zod-to-json-schema's intersection, whose members'
	// objects are left open.
	openMembers bool
	// ref is the constant a reference (t.Kind == KindRef) names.
	ref *constDecl
	// lazyUse: the reference is z.lazy(() => C), a schema of its own in
	// zod that refers to C (see cycleRef).
	lazyUse bool
	// lazyBody: the schema is z.lazy(() => X)'s X (X not a constant).
	lazyBody bool
	// fresh: nothing else holds this schema yet (it is the value of the
	// call just evaluated), so a method may change it in place rather
	// than copy it: `z.string().min(1).max(9)` makes one schema, not
	// three. Storing it anywhere (a constant, an argument, a shape)
	// clears it (see share).
	fresh bool
	// g is the zod 3 object this schema is, for converters reading
	// _def (see zgraph); nil for zod 4.
	g *zgraph
}

// share marks z as held by something, so that it is copied before a
// change.
func share(z *zschema) *zschema {
	z.fresh = false
	return z
}

// zmodeIO says which JSON Schema of a zod schema is wanted.
type zmodeIO struct {
	output   bool // what parsing produces (z.toJSONSchema io "output")
	closeAll bool // every object closed (the AI SDK's addAdditionalProperties)
	// inline writes constants in place, as the MCP SDK's converters do
	// (z.toJSONSchema's reused: "inline"); a constant that recurs stays
	// a reference.
	inline bool
	// cycleDefs writes a zod 4 constant that recurs as z.toJSONSchema
	// does: once, under $defs/__schemaN (numbered in the order the
	// constants are first entered), with a $ref at every use, the first
	// included (Tool.ListingParams). Only with inline.
	cycleDefs bool
	// draft7 is z.toJSONSchema's target "draft-7" (the SDK 1.x line;
	// v2 writes draft 2020-12): "definitions", and a use that is a zod
	// schema of its own (C.optional(), C.describe(), z.lazy(() => C))
	// refers to C as allOf: [{$ref}], since draft-07 ignores a $ref's
	// siblings.
	draft7 bool
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
	z := alloc(&r.zschemas)
	*z = zschema{t: r.newType(k, pos), version: v, fresh: true}
	return z
}

// clone returns z for a modifier to change: z itself when nothing else
// holds it, else a copy.
func (r *resolver) clone(z *zschema) *zschema {
	if z.fresh {
		return z
	}
	t := r.newType(0, ir.Pos{})
	*t = *z.t
	cp := alloc(&r.zschemas)
	*cp = *z
	cp.t, cp.fresh = t, true
	return cp
}

// zodRefTo is a reference to the zod constant c, whose value is z.
func (r *resolver) zodRefTo(c *constDecl, z *zschema) *zschema {
	n := r.zodNamed(c)
	t := r.newType(ir.KindRef, c.file.pos(c.off))
	t.Ref = n.n
	return &zschema{t: t, obj: z.obj, optional: z.optional, defaulted: z.defaulted, version: z.version, ref: c, g: z.g}
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

// maxZodDepth bounds the nesting zodConv follows.
const maxZodDepth = 200

// zodIR converts a zod schema to fresh IR: its input schema, the one
// tool inputs and named types use.
func (r *resolver) zodIR(z *zschema) *ir.Type {
	return r.zodConv(z, zmodeIO{}, 0)
}

// zodConv converts z in mode m. Outside the input mode, references to
// constants are inlined (their named types hold input schemas), except
// where one recurs.
func (r *resolver) zodConv(z *zschema, m zmodeIO, depth int) (out *ir.Type) {
	if r.origins != nil {
		defer func() { r.noteOrigin(out, z) }()
	}
	if depth > maxZodDepth {
		r.diags.Errorf(z.t.Pos, "zod schema nested too deeply")
		return r.newType(ir.KindAny, z.t.Pos)
	}
	if c := z.ref; c != nil && m != (zmodeIO{}) && c.state == constDone && c.val.kind == vZod {
		if n := r.cycles.defs[c]; m.cycleDefs && n != nil {
			return r.cycleRef(z, n, m)
		}
		if r.expanding[c] {
			if m.inline && c.val.z.version == 4 {
				r.cycles.seen = true
				if m.cycleDefs {
					n := &ir.Named{Pos: c.file.pos(c.off)}
					r.cycles.defs[c] = n
					return r.cycleRef(z, n, m)
				}
			}
			goto own
		}
		if r.expanding == nil {
			r.expanding = map[*constDecl]bool{}
		}
		r.expanding[c] = true
		if m.cycleDefs {
			r.cycles.enter(c, c.val.z.lazyBody && (z.t.Description != "" || z.t.Title != ""))
		}
		t := r.zodConv(c.val.z, m, depth+1)
		delete(r.expanding, c)
		if n := r.cycles.defs[c]; m.cycleDefs && n != nil {
			n.Type = t
			return r.cycleRef(z, n, m)
		}
		if z.t.Description != "" {
			t.Description = z.t.Description
		}
		if z.t.Title != "" {
			t.Title = z.t.Title
		}
		if z.t.Default != nil {
			t.Default = z.t.Default
		}
		t.Nullable = t.Nullable || z.t.Nullable
		return t
	}
own:
	t := r.newType(0, ir.Pos{})
	*t = *z.t
	conv := func(c *zschema) *ir.Type { return r.zodConv(c, m, depth+1) }
	if z.items != nil {
		t.Items = conv(z.items)
	}
	if z.prefix != nil {
		t.PrefixItems = make([]*ir.Type, len(z.prefix))
		for i, c := range z.prefix {
			t.PrefixItems[i] = conv(c)
		}
		if z.rest != nil {
			t.Items = conv(z.rest)
		}
	}
	if z.variants != nil {
		t.Variants = make([]*ir.Type, len(z.variants))
		for i, c := range z.variants {
			t.Variants[i] = conv(c)
		}
	}
	if z.allOf != nil {
		t.AllOf = append([]*ir.Type(nil), t.AllOf...)
		for _, c := range z.allOf {
			mt := conv(c)
			if z.openMembers && mt.Kind == ir.KindObject && mt.Additional == ir.AdditionalClosed {
				mt.Additional = ir.AdditionalOpen
			}
			t.AllOf = append(t.AllOf, mt)
		}
	}
	if z.addl != nil {
		t.Additional, t.AdditionalType = ir.AdditionalTyped, conv(z.addl)
	}
	if z.obj == nil || t.Kind != ir.KindObject {
		return t
	}
	o := z.obj
	t.Properties = make([]*ir.Property, 0, len(o.props))
	t.PropertiesKept = len(o.props) == 0
	for _, p := range o.props {
		pt := conv(p.z)
		req := !p.z.optional || m.output && p.z.defaulted
		t.SetProp(r.newProp(ir.Property{Name: p.name, Type: pt, Required: req, Pos: pt.Pos}))
	}
	switch {
	case o.mode == zCatchall:
		t.Additional, t.AdditionalType = ir.AdditionalTyped, conv(o.catchall)
	case o.mode == zStrict || m.closeAll:
		t.Additional = ir.AdditionalClosed
	case o.mode == zStrip && (z.version == 3 || m.output):
		// zod-to-json-schema closes stripping objects, and so does zod 4
		// for what parsing outputs.
		t.Additional = ir.AdditionalClosed
	case o.mode == zPassthrough && z.version == 3:
		t.Additional, t.OpenWritten = ir.AdditionalOpen, true // zod-to-json-schema: true
	case o.mode == zPassthrough:
		t.Additional, t.AdditionalType = ir.AdditionalTyped, r.newType(ir.KindAny, t.Pos) // zod 4: {}
	default:
		t.Additional = ir.AdditionalOpen
	}
	return t
}

// call evaluates a call of callee with args.
func (e *evaluator) call(callee *value, args []*value, off int) *value {
	switch callee.kind {
	case vMember:
		switch callee.recv.kind {
		case vZodNS:
			if callee.recv.text == "iso" {
				return e.zodISO(callee.recv.zv, callee.text, args, callee.off)
			}
			return typed(e.zodCtor(callee.recv.zv, callee.text, args, callee.off), callee.recv.zv, callee.text)
		case vZod:
			return e.zodMethod(callee.recv, callee.text, args, callee.off)
		case vArray, vString, vPartial, vBuiltin:
			if v := e.method(callee.recv, callee.text, args, callee.off); v != nil {
				return v
			}
		}
	case vDeclFunc, vFunc:
		return e.passThrough(e.apply(callee, args, off), args, off)
	case vBuiltin:
		if globalBuiltins[callee.text] {
			if v := e.callGlobal(callee.text, args, off); v != nil {
				return v
			}
			break
		}
		if callee.text == "yargs" {
			return e.r.val(value{kind: vBuiltin, off: off, f: e.f, text: "yargs()"})
		}
		if callee.text == "ai.tool" && len(args) > 0 && args[0].kind == vObject {
			// An AI SDK tool as a value: its configuration, marked with
			// where tool() was called, for the tools objects naming it.
			cp := *args[0]
			cp.toolAt = callee.off + 1
			return &cp
		}
		if len(args) > 0 && (args[0].kind == vZod || callee.text == "jsonSchema") {
			return args[0]
		}
	}
	what := "a call of " + calleeName(callee) + "()"
	if callee.kind == vOpaque && strings.HasPrefix(callee.text, "property ") {
		what = "a call of " + callee.text
	}
	return e.passThrough(e.opaqueAt(callee, what), args, off)
}

// passThrough is, while a tools/list handler is read (resolver.wrappers),
// the result of the function argument of a call whose own result tscg
// cannot know: `await handleRequest("list_tools", params, async () =>
// ({ tools }))`, `breaker.execute(() => handler(p))`. Such wrappers (error
// handling, validation, circuit breakers, timing) call the function and
// pass its result through, as wrappedHandler reads the handler itself.
func (e *evaluator) passThrough(v *value, args []*value, off int) *value {
	if e.r.wrappers == 0 || v.kind != vOpaque {
		return v
	}
	for i := len(args) - 1; i >= 0; i-- {
		if a := args[i]; a.kind == vFunc || a.kind == vDeclFunc {
			return e.apply(a, nil, off)
		}
	}
	return v
}

func (e *evaluator) zodValue(z *zschema, off int) *value {
	return e.r.val(value{kind: vZod, off: off, f: e.f, z: z})
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
		return share(a.z)
	case vBusy:
		e.r.diags.Errorf(a.f.pos(a.off), "%s refers to %s inside its own definition: wrap the reference in z.lazy(() => %s)", what, a.c.name, a.c.name)
	default:
		e.r.diags.Errorf(a.f.pos(a.off), "%s: expected a zod schema, found %s", what, describeValue(a))
	}
	return e.r.newZod(v, ir.KindAny, a.f.pos(a.off))
}

// zodCycles is what one conversion with cycleDefs found: the zod 4
// constants that recur, each with the $defs entry it is written as.
type zodCycles struct {
	seen  bool // a zod 4 constant recurred (in any inline conversion)
	defs  map[*constDecl]*ir.Named
	order []*constDecl // constants in the order first entered
	// inner are the z.lazy constants first entered through a clone
	// (C.describe(), C.meta()): the clone shares C's inner schema, so
	// zod finds the cycle there and extracts the inner schema rather
	// than C itself, and C is then a schema referring to it.
	inner map[*constDecl]bool
}

func (c *zodCycles) enter(d *constDecl, clone bool) {
	for _, e := range c.order {
		if e == d {
			return
		}
	}
	c.order = append(c.order, d)
	if clone {
		if c.inner == nil {
			c.inner = map[*constDecl]bool{}
		}
		c.inner[d] = true
	}
}

// name numbers the $defs entries as z.toJSONSchema does: __schema0,
// __schema1, … in the order their constants were first entered.
func (c *zodCycles) name() {
	i := 0
	for _, d := range c.order {
		if n := c.defs[d]; n != nil {
			n.Name = "__schema" + strconv.Itoa(i)
			i++
		}
	}
}

// cycleRef is a use z of a recurring constant written as a $ref to its
// $defs entry n, with what the use adds (a description, null).
func (r *resolver) cycleRef(z *zschema, n *ir.Named, m zmodeIO) *ir.Type {
	t := r.newType(0, ir.Pos{})
	*t = *z.t
	t.Kind, t.Ref = ir.KindRef, n
	if !m.draft7 || !(z.lazyUse || z.optional || z.t.Description != "" || z.t.Title != "" || z.t.Default != nil || r.cycles.inner[z.ref]) {
		return t
	}
	w := r.newType(ir.KindAny, t.Pos)
	w.Description, w.Title, w.Default = t.Description, t.Title, t.Default
	t.Description, t.Title, t.Default = "", "", nil
	w.AllOf = []*ir.Type{t}
	return w
}

// listingSchema converts v for the MCP listing again when its inline
// conversion met a zod 4 constant that recurs: z.toJSONSchema writes
// such a constant once under $defs (see cycleDefs). nil: the listing
// is Params.
func (r *resolver) listingSchema(v *value, fw framework, tool string, draft7 bool) *ir.Type {
	if !r.cycles.seen {
		return nil
	}
	r.cycles = zodCycles{defs: map[*constDecl]*ir.Named{}}
	n := len(r.diags)
	t := r.inputSchemaMode(v, fw, tool, zmodeIO{inline: true, cycleDefs: true, draft7: draft7})
	r.diags = r.diags[:n] // the first conversion reported them
	r.cycles.name()
	r.cycles = zodCycles{}
	return t
}
