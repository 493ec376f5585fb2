package typescript

import (
	"strings"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
)

// zodCtor evaluates z.NAME(args): the constructors of zod's namespace.
func (e *evaluator) zodCtor(v int, name string, args []*value, off int) *value {
	pos := e.f.pos(off)
	prim := func(k ir.Kind) *value { return e.zodValue(e.r.newZod(v, k, pos), off) }
	switch name {
	case "string":
		return prim(ir.KindString)
	case "number":
		return prim(ir.KindNumber)
	case "int":
		if v == 4 {
			return prim(ir.KindInteger)
		}
	case "boolean":
		return prim(ir.KindBoolean)
	case "null":
		return prim(ir.KindNull)
	case "any", "unknown":
		z := e.r.newZod(v, ir.KindAny, pos)
		z.optional = v == 3 // zod-to-json-schema leaves them out of "required"
		return e.zodValue(z, off)
	case "never":
		return prim(ir.KindNever)
	case "email", "url", "uuid", "iso":
		if v == 4 && name != "iso" {
			return e.zodMethod(prim(ir.KindString), name, args, off)
		}
	case "date":
		if v == 3 {
			// zod-to-json-schema's default dateStrategy, "format:date-time".
			z := e.r.newZod(v, ir.KindString, pos)
			z.t.Format = "date-time"
			return e.zodValue(z, off)
		}
	case "literal":
		return e.zodLiteral(v, args, off)
	case "enum":
		return e.zodEnum(v, args, off)
	case "nativeEnum":
		return e.zodNativeEnum(v, args, off)
	case "object", "strictObject", "looseObject":
		return e.zodObject(v, name, args, off)
	case "array":
		z := e.r.newZod(v, ir.KindArray, pos)
		z.items = e.schemaArg(args, 0, v, "z.array", off)
		return e.zodValue(z, off)
	case "tuple":
		return e.zodTuple(v, args, off)
	case "union":
		return e.zodUnion(v, args, off, "", ir.AnyOf)
	case "discriminatedUnion":
		if len(args) == 0 || args[0].kind != vString {
			e.errorf(off, "z.discriminatedUnion needs the discriminator's name as a string first")
			return prim(ir.KindAny)
		}
		style := ir.AnyOf
		if v == 4 {
			style = ir.OneOf
		}
		return e.zodUnion(v, args[1:], off, args[0].text, style)
	case "intersection":
		a, b := e.schemaArg(args, 0, v, "z.intersection", off), e.schemaArg(args, 1, v, "z.intersection", off)
		return e.zodValue(e.r.intersect(v, a, b, pos), off)
	case "record":
		return e.zodRecord(v, args, off)
	case "lazy":
		return e.zodLazy(v, args, off)
	case "optional", "nullable", "nullish":
		inner := e.schemaArg(args, 0, v, "z."+name, off)
		return e.zodMethod(e.zodValue(inner, off), name, nil, off)
	case "preprocess":
		z := e.schemaArg(args, 1, v, "z.preprocess", off)
		e.warnf(off, "z.preprocess runs code tscg cannot express in JSON Schema; the schema describes the input of its inner schema")
		if v == 3 {
			z = e.effects(z, "preprocess")
		}
		return e.zodValue(z, off)
	case "toJSONSchema":
		if len(args) > 0 && args[0].kind == vZod {
			return args[0]
		}
	case "coerce":
		// Reached only as a value; z.coerce.T() is read in member.
	}
	e.errorf(off, "z.%s() is not supported: tscg reads the zod subset tool schemas use (see the TypeScript frontend's docs)", name)
	return prim(ir.KindAny)
}

// zodISO evaluates z.iso.NAME(args) (zod 4): string formats.
func (e *evaluator) zodISO(v int, name string, args []*value, off int) *value {
	switch name {
	case "datetime", "date", "time", "duration":
		return e.zodMethod(e.zodValue(e.r.newZod(v, ir.KindString, e.f.pos(off)), off), name, args, off)
	}
	e.errorf(off, "z.iso.%s() is not supported (z.iso.datetime, date, time and duration are)", name)
	return e.zodValue(e.r.newZod(v, ir.KindString, e.f.pos(off)), off)
}

func (e *evaluator) zodLiteral(v int, args []*value, off int) *value {
	pos := e.f.pos(off)
	if len(args) == 0 {
		e.errorf(off, "z.literal needs a value")
		return e.zodValue(e.r.newZod(v, ir.KindAny, pos), off)
	}
	a := args[0]
	vals := []*value{a}
	if a.kind == vArray && v == 4 {
		vals = a.elems
	}
	var js []ir.Value
	for _, x := range vals {
		j, ok := jsonValue(x)
		if !ok || x.kind == vArray || x.kind == vObject {
			e.r.diags.Errorf(x.f.pos(x.off), "z.literal: expected a string, number, boolean or null literal, found %s", describeValue(x))
			return e.zodValue(e.r.newZod(v, ir.KindAny, pos), off)
		}
		js = append(js, j)
	}
	z := e.r.newZod(v, ir.KindAny, pos)
	if len(js) == 1 {
		z.t = e.r.literal(string(js[0]), pos)
		if string(js[0]) == "null" {
			z.t.Kind = ir.KindNull
		}
		return e.zodValue(z, off)
	}
	z.t.Kind = ir.ValuesKind(js)
	z.t.Enum = js
	return e.zodValue(z, off)
}

func (e *evaluator) zodEnum(v int, args []*value, off int) *value {
	pos := e.f.pos(off)
	z := e.r.newZod(v, ir.KindString, pos)
	if len(args) == 0 {
		e.errorf(off, "z.enum needs an array of strings")
		return e.zodValue(z, off)
	}
	a := args[0]
	switch {
	case a.kind == vEnumDecl && v == 4:
		return e.zodNativeEnum(v, args, off)
	case a.kind == vObject && v == 4:
		for _, p := range a.props {
			j, ok := jsonValue(p.v)
			if !ok {
				e.r.diags.Errorf(p.v.f.pos(p.v.off), "z.enum: expected a literal value, found %s", describeValue(p.v))
				continue
			}
			z.t.Enum = append(z.t.Enum, j)
		}
		z.t.Kind = ir.ValuesKind(z.t.Enum)
		return e.zodValue(z, off)
	case a.kind != vArray:
		e.r.diags.Errorf(a.f.pos(a.off), "z.enum: expected an array of string literals, found %s", describeValue(a))
		return e.zodValue(z, off)
	}
	for _, x := range a.elems {
		if x.kind != vString {
			e.r.diags.Errorf(x.f.pos(x.off), "z.enum: expected a string literal, found %s", describeValue(x))
			continue
		}
		z.t.Enum = append(z.t.Enum, ir.MarshalValue(x.text))
	}
	return e.zodValue(z, off)
}

func (e *evaluator) zodNativeEnum(v int, args []*value, off int) *value {
	pos := e.f.pos(off)
	z := e.r.newZod(v, ir.KindString, pos)
	if len(args) == 0 || args[0].kind != vEnumDecl {
		what := "nothing"
		if len(args) > 0 {
			what = describeValue(args[0])
		}
		e.errorf(off, "z.nativeEnum: expected a TypeScript enum, found %s", what)
		return e.zodValue(z, off)
	}
	vals, ok := enumValues(args[0].enum)
	if !ok {
		e.errorf(off, "z.nativeEnum: enum %s has a computed member", args[0].enum.name)
		return e.zodValue(z, off)
	}
	z.t.Enum = vals
	z.t.Kind = ir.ValuesKind(vals)
	return e.zodValue(z, off)
}

func (e *evaluator) zodObject(v int, ctor string, args []*value, off int) *value {
	z := e.r.newZod(v, ir.KindObject, e.f.pos(off))
	z.obj = &zobject{}
	switch ctor {
	case "strictObject":
		z.obj.mode = zStrict
	case "looseObject":
		z.obj.mode = zPassthrough
	}
	if len(args) == 0 {
		return e.zodValue(z, off)
	}
	z.obj.props = e.shape(args[0], v, "z."+ctor)
	return e.zodValue(z, off)
}

// shape reads a zod object shape: an object literal (or constant) whose
// values are zod schemas.
func (e *evaluator) shape(a *value, v int, what string) []zprop {
	if a.kind == vZod && a.z.obj != nil {
		return a.z.obj.props // X.shape passed as a schema
	}
	if a.kind != vObject {
		e.r.diags.Errorf(a.f.pos(a.off), "%s: expected an object of zod schemas, found %s", what, describeValue(a))
		return nil
	}
	if a.unknown != nil {
		e.r.diags.Errorf(a.unknown.f.pos(a.unknown.off), "%s: cannot read the spread %s", what, describeValue(a.unknown))
	}
	props := make([]zprop, 0, len(a.props))
	for _, p := range a.props {
		var z *zschema
		if p.v.kind == vZod { // asSchema's case, without building its message
			z = share(p.v.z)
		} else {
			z = e.asSchema(p.v, v, "property "+p.key)
		}
		props = setZProp(props, zprop{name: p.key, off: p.off, z: z})
	}
	return props
}

// setZProp sets a property, replacing one of the same name in place.
func setZProp(props []zprop, p zprop) []zprop {
	for i := range props {
		if props[i].name == p.name {
			props[i] = p
			return props
		}
	}
	return append(props, p)
}

func (e *evaluator) zodTuple(v int, args []*value, off int) *value {
	pos := e.f.pos(off)
	z := e.r.newZod(v, ir.KindArray, pos)
	if len(args) == 0 || args[0].kind != vArray {
		e.errorf(off, "z.tuple needs an array of zod schemas")
		return e.zodValue(z, off)
	}
	z.prefix = []*zschema{}
	for _, x := range args[0].elems {
		z.prefix = append(z.prefix, e.asSchema(x, v, "z.tuple element"))
	}
	n := int64(len(z.prefix))
	z.t.MinItems = ir.Int64(n)
	if len(args) > 1 && v == 4 { // zod 3's second argument is params; it has .rest()
		z.rest = e.schemaArg(args, 1, v, "z.tuple rest", off)
	} else {
		z.t.MaxItems = ir.Int64(n)
	}
	return e.zodValue(z, off)
}

func (e *evaluator) zodUnion(v int, args []*value, off int, disc string, style ir.UnionStyle) *value {
	pos := e.f.pos(off)
	z := e.r.newZod(v, ir.KindUnion, pos)
	z.t.UnionStyle, z.t.Discriminator = style, disc
	if len(args) == 0 || args[0].kind != vArray {
		e.errorf(off, "a zod union needs an array of schemas")
		z.t.Kind = ir.KindAny
		return e.zodValue(z, off)
	}
	for _, x := range args[0].elems {
		m := e.asSchema(x, v, "union member")
		z.optional = z.optional || m.optional
		z.variants = append(z.variants, m)
	}
	if v == 3 {
		name := "ZodUnion"
		if disc != "" {
			name = "ZodDiscriminatedUnion"
		}
		z.g = &zgraph{typeName: name, options: z.variants}
	}
	if v == 3 && disc == "" {
		literalsAsEnum(z)
	}
	return e.zodValue(z, off)
}

// literalsAsEnum writes a zod 3 union of literals of one type as
// zod-to-json-schema does: {"type": "string", "enum": ["a", "b"]}.
func literalsAsEnum(z *zschema) {
	var vals []ir.Value
	for _, m := range z.variants {
		t := m.t
		if t.Const == nil || t.Description != "" || m.ref != nil || m.optional || m.variants != nil {
			return
		}
		vals = append(vals, t.Const)
	}
	k := ir.ValuesKind(vals)
	if len(vals) < 2 || k == ir.KindAny {
		return
	}
	z.t.Kind, z.t.Enum, z.variants = k, vals, nil
}

// intersect is z.intersection(a, b) (or a.and(b)): allOf, as both
// converters write it.
func (r *resolver) intersect(v int, a, b *zschema, pos ir.Pos) *zschema {
	z := r.newZod(v, ir.KindAny, pos)
	z.allOf = []*zschema{share(a), share(b)}
	// zod-to-json-schema leaves the members' objects open, or no value
	// could match both.
	z.openMembers = v == 3
	return z
}

func (e *evaluator) zodRecord(v int, args []*value, off int) *value {
	pos := e.f.pos(off)
	z := e.r.newZod(v, ir.KindObject, pos)
	var key, val *zschema
	switch len(args) {
	case 0:
		e.errorf(off, "z.record needs a value schema")
		return e.zodValue(z, off)
	case 1:
		val = e.schemaArg(args, 0, v, "z.record", off)
	default:
		key, val = e.schemaArg(args, 0, v, "z.record key", off), e.schemaArg(args, 1, v, "z.record", off)
	}
	z.addl = val
	names, keys, ok := recordKeys(v, key)
	if !ok {
		e.errorf(off, "z.record: the key schema must be z.string() (optionally with .regex()), a z.enum of strings or a union of string literals")
	}
	if names != "" {
		z.t.Extra = append(z.t.Extra, ir.Keyword{Name: "propertyNames", Value: ir.Value(names)})
	}
	if keys != "" {
		// zod 4's records with enumerable keys are exhaustive: every key
		// is required (zod 3's are partial).
		z.t.Extra = append(z.t.Extra, ir.Keyword{Name: "required", Value: ir.Value(keys)})
	}
	return e.zodValue(z, off)
}

// recordKeys returns the propertyNames schema and, for zod 4 records
// with enumerable keys, the required key list, as zod's converters write
// them: zod 4 gives every key schema its type, zod-to-json-schema only
// the restriction (and nothing for plain strings).
func recordKeys(v int, key *zschema) (names, required string, ok bool) {
	typ := ""
	if v == 4 {
		typ = `"type":"string"`
	}
	obj := func(kw ...string) string {
		var parts []string
		if typ != "" {
			parts = append(parts, typ)
		}
		parts = append(parts, kw...)
		if len(parts) == 0 {
			return ""
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	if key == nil {
		return obj(), "", true
	}
	kt := key.t.Resolve()
	switch {
	case kt == nil:
		return "", "", false
	case len(key.variants) > 0 && v == 4:
		var alts, lits []string
		for _, w := range key.variants {
			c := w.t.Resolve()
			if c == nil || c.Const == nil || !strings.HasPrefix(string(c.Const), `"`) {
				return "", "", false
			}
			alts = append(alts, `{"const":`+string(c.Const)+`,"type":"string"}`)
			lits = append(lits, string(c.Const))
		}
		return `{"anyOf":[` + strings.Join(alts, ",") + `]}`, "[" + strings.Join(lits, ",") + "]", true
	case kt.Kind != ir.KindString || kt.Format != "" || kt.Const != nil || kt.MinLength != nil || kt.MaxLength != nil || kt.Description != "" || kt.Title != "" || kt.Default != nil:
		// A key constraint or annotation zod would write into propertyNames: not read yet.
		return "", "", false
	case len(kt.Enum) > 0:
		var lits []string
		for _, x := range kt.Enum {
			if !strings.HasPrefix(string(x), `"`) {
				return "", "", false
			}
			lits = append(lits, string(x))
		}
		list := "[" + strings.Join(lits, ",") + "]"
		if v == 4 {
			return obj(`"enum":` + list), list, true
		}
		return obj(`"enum":` + list), "", true
	case kt.Pattern != "":
		return obj(`"pattern":` + string(orderedjson.AppendString(nil, kt.Pattern))), "", true
	}
	return obj(), "", true
}

// zodLazy reads z.lazy(() => X): X is evaluated, and a constant still
// being defined becomes a reference to its named type, which is how
// recursion reaches $defs.
func (e *evaluator) zodLazy(v int, args []*value, off int) *value {
	pos := e.f.pos(off)
	if len(args) == 0 || args[0].kind != vFunc {
		e.errorf(off, "z.lazy needs a function returning a schema")
		return e.zodValue(e.r.newZod(v, ir.KindAny, pos), off)
	}
	fn := args[0].fn
	body := fn.body
	if !fn.exprBody {
		// `() => { return X; }`
		p := newParserAt(e.f.src, body)
		p.next()
		if !p.is("return") {
			e.errorf(body, "z.lazy: tscg reads a function whose body is one expression or one return statement")
			return e.zodValue(e.r.newZod(v, ir.KindAny, pos), off)
		}
		body = p.peek(1).off
	}
	e.r.lazy++
	r := e.r.evalAt(e.f, body)
	e.r.lazy--
	z := e.r.clone(e.asSchema(r, v, "z.lazy"))
	if v == 3 {
		z.g = &zgraph{typeName: "ZodLazy"} // its getter is not kept
	}
	if z.ref != nil {
		z.lazyUse = true
	} else {
		z.lazyBody = true
	}
	return e.zodValue(z, off)
}
