package typescript

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// convTuple converts `[A, B?, ...C[]]` to prefix items with bounds.
func (r *resolver) convTuple(te *typeExpr, c ctx) *ir.Type {
	t := r.newType(ir.KindArray, c.f.pos(te.off))
	min, optionalSeen := int64(0), false
	for i, e := range te.elems {
		if e.rest {
			if i != len(te.elems)-1 {
				r.errorf(c, e.off, "a rest element must be the last element of a tuple")
				continue
			}
			rest := r.conv(e.elem, c).Resolve()
			if rest == nil || rest.Kind != ir.KindArray || rest.Items == nil {
				r.errorf(c, e.off, "a tuple's rest element must be an array type")
				continue
			}
			t.Items = copyType(rest.Items, rest.Items.Pos)
			if e.text != "" && t.Items.Title == "" {
				t.Items.Title = e.text
			}
			continue
		}
		et := r.conv(e.elem, c)
		if e.text != "" && et.Title == "" {
			et.Title = e.text // as ts-json-schema-generator names tuple members
		}
		t.PrefixItems = append(t.PrefixItems, et)
		if e.optional {
			optionalSeen = true
		} else if !optionalSeen {
			min++
		}
	}
	t.MinItems = ir.Int64(min)
	if t.Items == nil {
		t.MaxItems = ir.Int64(int64(len(t.PrefixItems)))
	}
	return t
}

// stringKeys returns the string literal values of a literal type or
// literal union; ok is false for anything else.
func stringKeys(t *ir.Type) (keys []string, ok bool) {
	if t == nil || t.Kind != ir.KindString {
		return nil, false
	}
	vals := t.Enum
	if t.Const != nil {
		vals = []ir.Value{t.Const}
	}
	if len(vals) == 0 {
		return nil, false
	}
	for _, v := range vals {
		var s string
		if json.Unmarshal(v, &s) != nil {
			return nil, false
		}
		keys = append(keys, s)
	}
	return keys, true
}

// convMapped converts `{ [K in Keys]: V }` over literal keys (or string).
func (r *resolver) convMapped(te *typeExpr, c ctx) *ir.Type {
	obj := r.newType(ir.KindObject, c.f.pos(te.off))
	keyT := r.conv(te.elem, c)
	kt := keyT.Resolve()
	if kt != nil && (kt.Kind == ir.KindString || kt.Kind == ir.KindNumber) && kt.Const == nil && len(kt.Enum) == 0 {
		inner := ctx{f: c.f, ns: c.ns, env: &env{parent: c.env, names: map[string]binding{te.text: {t: kt}}}}
		obj.Additional, obj.AdditionalType = ir.AdditionalTyped, r.conv(te.index, inner)
		return obj
	}
	keys, ok := stringKeys(kt)
	if !ok {
		r.errorf(c, te.elem.off, "mapped type keys must be string literals or string")
		return obj
	}
	for _, k := range keys {
		lit := r.literal(string(ir.MarshalValue(k)), c.f.pos(te.elem.off))
		inner := ctx{f: c.f, ns: c.ns, env: &env{parent: c.env, names: map[string]binding{te.text: {t: lit}}}}
		v, undef := r.convOpt(te.index, inner)
		req := te.required || !te.optional && !undef
		obj.Properties = append(obj.Properties, &ir.Property{Name: k, Type: v, Required: req, Pos: c.f.pos(te.off)})
	}
	return obj
}

// convKeyof turns `keyof T` of a known object type into a string enum.
func (r *resolver) convKeyof(te *typeExpr, c ctx) *ir.Type {
	pos := c.f.pos(te.off)
	o := r.objectOf(r.conv(te.elem, c), c, te.elem.off, "keyof needs an object type")
	if o == nil {
		return r.anyAt(c, te.off)
	}
	if o.Additional == ir.AdditionalTyped {
		return r.newType(ir.KindString, pos)
	}
	if len(o.Properties) == 0 {
		r.errorf(c, te.off, "keyof of an object without properties is never")
		return r.newType(ir.KindNever, pos)
	}
	var vals []ir.Value
	for _, p := range o.Properties {
		vals = append(vals, ir.MarshalValue(p.Name))
	}
	return enumOf(ir.KindString, vals, pos)
}

// enumOf is a literal type: Const for one value, Enum for several.
func enumOf(k ir.Kind, vals []ir.Value, pos ir.Pos) *ir.Type {
	t := &ir.Type{Kind: k, Pos: pos}
	if len(vals) == 1 {
		t.Const = vals[0]
	} else {
		t.Enum = vals
	}
	return t
}

// convIndexed converts `T['key']`, `T['a' | 'b']` and `T[number]`.
func (r *resolver) convIndexed(te *typeExpr, c ctx) *ir.Type {
	obj := r.conv(te.elem, c).Resolve()
	idx := r.conv(te.index, c).Resolve()
	if obj != nil && obj.Kind == ir.KindArray && idx != nil && idx.Kind == ir.KindNumber && idx.Const == nil {
		if obj.Items != nil && len(obj.PrefixItems) == 0 {
			return copyType(obj.Items, c.f.pos(te.off))
		}
		vs := append([]*ir.Type(nil), obj.PrefixItems...)
		if obj.Items != nil {
			vs = append(vs, obj.Items)
		}
		return r.buildUnion(vs, false, c.f.pos(te.off))
	}
	keys, ok := stringKeys(idx)
	if obj == nil || obj.Kind != ir.KindObject || !ok {
		r.errorf(c, te.off, "indexed access is supported only as Object['property'] or Array[number]")
		return r.anyAt(c, te.off)
	}
	var vs []*ir.Type
	for _, k := range keys {
		p := obj.Prop(k)
		if p == nil {
			r.errorf(c, te.index.off, "property %q does not exist on the indexed type", k)
			return r.anyAt(c, te.off)
		}
		vs = append(vs, p.Type)
	}
	if len(vs) == 1 {
		return copyType(vs[0], c.f.pos(te.off))
	}
	return r.buildUnion(vs, false, c.f.pos(te.off))
}

// copyType returns a shallow copy of t at a new position, so decorating
// it does not change the type it came from.
func copyType(t *ir.Type, pos ir.Pos) *ir.Type {
	cp := *t
	cp.Pos = pos
	return &cp
}

// convEnum converts an enum declaration to an enum of its values.
func (r *resolver) convEnum(d *decl, c ctx) *ir.Type {
	pos := c.f.pos(d.off)
	var strs, nums []ir.Value
	next, numeric := 0.0, true
	for _, m := range d.enum {
		v, ok := r.enumValue(m, c, &next, &numeric)
		if !ok {
			continue
		}
		if v[0] == '"' {
			strs = append(strs, v)
		} else {
			nums = append(nums, v)
		}
	}
	switch {
	case len(strs) > 0 && len(nums) > 0:
		return &ir.Type{Kind: ir.KindUnion, Pos: pos, Variants: []*ir.Type{
			{Kind: ir.KindString, Pos: pos, Enum: strs}, {Kind: ir.KindNumber, Pos: pos, Enum: nums}}}
	case len(strs) > 0:
		t := r.newType(ir.KindString, pos)
		t.Enum = strs
		return t
	case len(nums) > 0:
		t := r.newType(ir.KindNumber, pos)
		t.Enum = nums
		return t
	}
	r.errorf(c, d.off, "enum %s has no members", d.name)
	return r.newType(ir.KindNever, pos)
}

// enumValue returns one member's value as JSON, auto-incrementing numeric
// members without an initializer.
func (r *resolver) enumValue(m enumMember, c ctx, next *float64, numeric *bool) (ir.Value, bool) {
	if m.init == nil {
		if !*numeric {
			r.errorf(c, m.off, "enum member %s needs an initializer (it follows a string member)", m.name)
			return nil, false
		}
		v := ir.Value(strconv.FormatFloat(*next, 'f', -1, 64))
		*next++
		return v, true
	}
	if m.init.kind != teLit {
		r.errorf(c, m.init.off, "%s is not supported (use a string or number literal)", m.init.text)
		return nil, false
	}
	lit := m.init.text
	if strings.HasPrefix(lit, `"`) {
		*numeric = false
		return ir.Value(lit), true
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		r.errorf(c, m.init.off, "enum member %s: bad number %s", m.name, lit)
		return nil, false
	}
	*numeric, *next = true, f+1
	return ir.Value(lit), true
}

// enumMemberType is the literal type of `Enum.Member`.
func (r *resolver) enumMemberType(ref *enumRef, c ctx, off int) *ir.Type {
	next, numeric := 0.0, true
	for _, m := range ref.d.enum {
		v, ok := r.enumValue(m, declCtx(ref.d, nil), &next, &numeric)
		if m.name == ref.name {
			if !ok {
				return r.anyAt(c, off)
			}
			return r.literal(string(v), c.f.pos(off))
		}
	}
	r.errorf(c, off, "enum %s has no member %s", ref.d.name, ref.name)
	return r.anyAt(c, off)
}

// maxDistributed bounds the object types `A & (B | C) & (D | E)` expands
// into (one per combination of union members).
const maxDistributed = 256

// convIntersection merges the object types of `A & B & {…}`. A union
// among the operands distributes, as TypeScript reads it: `A & (B | C)`
// is `(A & B) | (A & C)`. A primitive intersected only with empty object
// types (`string & {}`, the idiom that keeps an open string union's
// literals) is that primitive.
func (r *resolver) convIntersection(te *typeExpr, c ctx) *ir.Type {
	if prim := openPrimitive(te, c); prim != nil {
		return r.conv(prim, c)
	}
	// Each operand's alternatives: one object, or a union's members.
	alts := make([][]*ir.Type, 0, len(te.elems))
	combos := 1
	for _, e := range te.elems {
		t := r.conv(e, c)
		var opts []*ir.Type
		if u := t.Resolve(); u != nil && u.Kind == ir.KindUnion {
			for _, v := range u.Variants {
				if v.Kind == ir.KindNull {
					continue // A & null is never
				}
				if o := r.objectOf(v, c, e.off, "only object types can be intersected (in a union distributed over the intersection)"); o != nil {
					opts = append(opts, o)
				}
			}
		} else if o := r.objectOf(t, c, e.off, "only object types can be intersected"); o != nil {
			opts = append(opts, o)
		}
		if len(opts) == 0 {
			continue
		}
		combos *= len(opts)
		if combos > maxDistributed {
			r.errorf(c, e.off, "intersection distributes into more than %d object types", maxDistributed)
			return r.anyAt(c, te.off)
		}
		alts = append(alts, opts)
	}
	pos := c.f.pos(te.off)
	var variants []*ir.Type
	pick := make([]int, len(alts))
	for {
		obj := r.newType(ir.KindObject, pos)
		for i, opts := range alts {
			mergeObject(obj, opts[pick[i]])
		}
		variants = append(variants, obj)
		k := len(pick) - 1
		for ; k >= 0; k-- {
			if pick[k]++; pick[k] < len(alts[k]) {
				break
			}
			pick[k] = 0
		}
		if k < 0 {
			break
		}
	}
	if len(variants) == 1 {
		return variants[0]
	}
	return r.buildUnion(variants, false, pos)
}

// openPrimitive returns the primitive of `string & {}` (any predefined
// primitive, operands in any order, parenthesized or not), or nil.
func openPrimitive(te *typeExpr, c ctx) *typeExpr {
	var prim *typeExpr
	for _, e := range te.elems {
		for e.kind == teParen && e.text == "" {
			e = e.elem
		}
		switch {
		case e.kind == teObject && len(e.members) == 0:
		case e.kind == teRef && prim == nil && len(e.elems) == 0 && isOpenable(e.text, c):
			prim = e
		default:
			return nil
		}
	}
	return prim
}

func isOpenable(name string, c ctx) bool {
	if _, shadowed := c.env.lookup(name); shadowed {
		return false
	}
	return name == "string" || name == "number" || name == "boolean"
}
