package typescript

import (
	"bytes"
	"slices"

	"github.com/tscg/tscg/compiler/ir"
)

// convUnion converts `A | B | …`. `null` becomes Nullable (or a null
// variant), `undefined` is reported to the caller as optionality.
func (r *resolver) convUnion(te *typeExpr, c ctx) (*ir.Type, bool) {
	var members []*ir.Type
	undef, null := false, false
	var open []*ir.Type
	for _, e := range te.elems {
		if r.isUndefined(e, c) {
			undef = true
			continue
		}
		t, u := r.convOpt(e, c)
		if x := unparen(e); x.kind == teInter && openPrimitive(x, c) != nil {
			open = append(open, t)
		}
		undef = undef || u
		switch {
		case t.Kind == ir.KindNull && t.Const == nil:
			null = true
		case t.Kind == ir.KindUnion && t.Description == "" && t.Discriminator == "":
			// A nested inline union (a parenthesized one or an inlined
			// generic) flattens into this one.
			for _, v := range t.Variants {
				if v.Kind == ir.KindNull {
					null = true
				} else {
					members = append(members, v)
				}
			}
			null = null || t.Nullable
		default:
			if t.Nullable && t.Kind != ir.KindRef {
				t.Nullable, null = false, true
			}
			members = append(members, t)
		}
	}
	if len(open) > 0 {
		// `'a' | 'b' | (string & {})` keeps its literals beside the open
		// string, as ts-json-schema-generator does: they tell a model the
		// known values.
		saved := r.open
		r.open = open
		defer func() { r.open = saved }()
	}
	return r.buildUnion(members, null, c.f.pos(te.off)), undef
}

// unparen strips parentheses (not tuple element labels).
func unparen(e *typeExpr) *typeExpr {
	for e.kind == teParen && e.text == "" {
		e = e.elem
	}
	return e
}

// isUndefined reports whether e is the `undefined` (or `void`) keyword.
func (r *resolver) isUndefined(e *typeExpr, c ctx) bool {
	for e.kind == teParen && e.text == "" {
		e = e.elem
	}
	if e.kind != teRef || e.text != "undefined" && e.text != "void" {
		return false
	}
	_, shadowed := c.env.lookup(e.text)
	return !shadowed
}

// buildUnion normalizes union members the way ts-json-schema-generator
// does: literals of one kind collapse into an enum, `any` absorbs all,
// `never` vanishes, a single member stands alone.
func (r *resolver) buildUnion(members []*ir.Type, null bool, pos ir.Pos) *ir.Type {
	var kept []*ir.Type
	for _, m := range members {
		if m.Kind == ir.KindAny && m.Const == nil && len(m.Enum) == 0 {
			return r.newType(ir.KindAny, pos)
		}
		if m.Kind != ir.KindNever {
			kept = append(kept, m)
		}
	}
	kept = r.mergeLiterals(kept)
	switch len(kept) {
	case 0:
		if null {
			return r.newType(ir.KindNull, pos)
		}
		return r.newType(ir.KindNever, pos)
	case 1:
		t := kept[0]
		t.Nullable = t.Nullable || null
		return t
	}
	u := r.newType(ir.KindUnion, pos)
	u.Variants = kept
	if null {
		u.Variants = append(u.Variants, r.newType(ir.KindNull, pos))
	}
	u.Discriminator = discriminator(kept)
	return u
}

// isLiteral reports whether t is a bare literal or literal enum of a
// primitive kind (not a reference to a named enum).
func isLiteral(t *ir.Type) bool {
	switch t.Kind {
	case ir.KindString, ir.KindNumber, ir.KindBoolean:
	default:
		return false
	}
	return (t.Const != nil || len(t.Enum) > 0) && t.Description == "" && !t.Nullable
}

// isPlain reports whether t is an unconstrained primitive.
func isPlain(t *ir.Type) bool {
	return t.Const == nil && len(t.Enum) == 0 && t.Format == "" && t.Pattern == "" &&
		t.MinLength == nil && t.MaxLength == nil && t.Minimum == nil && t.Maximum == nil
}

// mergeLiterals groups literal members by kind into one enum each, at the
// place of the kind's first literal. Literals are dropped when the plain
// kind is also a member (`'a' | string` is string); `true | false` is
// boolean.
func (r *resolver) mergeLiterals(ms []*ir.Type) []*ir.Type {
	plain := map[ir.Kind]bool{}
	for _, m := range ms {
		if !isLiteral(m) && isPlain(m) && !slices.Contains(r.open, m) {
			plain[m.Kind] = true
		}
	}
	groups := map[ir.Kind]*ir.Type{}
	var out []*ir.Type
	for _, m := range ms {
		if !isLiteral(m) {
			out = append(out, m)
			continue
		}
		if plain[m.Kind] {
			continue
		}
		g := groups[m.Kind]
		if g == nil {
			g = r.newType(m.Kind, m.Pos)
			groups[m.Kind] = g
			out = append(out, g)
		}
		if m.Const != nil {
			g.Enum = appendUnique(g.Enum, m.Const)
			continue
		}
		for _, v := range m.Enum {
			g.Enum = appendUnique(g.Enum, v)
		}
	}
	for _, g := range groups {
		switch {
		case g.Kind == ir.KindBoolean && len(g.Enum) == 2:
			g.Enum = nil
		case len(g.Enum) == 1:
			g.Const, g.Enum = g.Enum[0], nil
		}
	}
	return out
}

func appendUnique(vs []ir.Value, v ir.Value) []ir.Value {
	for _, w := range vs {
		if bytes.Equal(w, v) {
			return vs
		}
	}
	return append(vs, v)
}

// discriminator finds a property that every variant (all objects)
// requires with a literal value, distinct across variants.
func discriminator(vs []*ir.Type) string {
	objs := make([]*ir.Type, len(vs))
	for i, v := range vs {
		o := v.Resolve()
		if o == nil || o.Kind != ir.KindObject {
			return ""
		}
		objs[i] = o
	}
	for _, cand := range objs[0].Properties {
		if distinctLiterals(objs, cand.Name) {
			return cand.Name
		}
	}
	return ""
}

func distinctLiterals(objs []*ir.Type, name string) bool {
	seen := map[string]bool{}
	for _, o := range objs {
		p := o.Prop(name)
		if p == nil || !p.Required {
			return false
		}
		t := p.Type.Resolve()
		if t == nil || t.Const == nil && len(t.Enum) != 1 {
			return false
		}
		v := t.Const
		if v == nil {
			v = t.Enum[0]
		}
		if seen[string(v)] {
			return false
		}
		seen[string(v)] = true
	}
	return true
}
