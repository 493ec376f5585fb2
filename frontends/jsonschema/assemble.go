package jsonschema

import (
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"strings"
)

// typeKeyword checks "type": a name or an array of names.
func (c *converter) typeKeyword(s *scan, m member) bool {
	v := m.val
	switch v.kind {
	case nString:
	case nArray:
		for _, e := range v.elems {
			if e.kind != nString {
				return c.malformed(m, "a string or an array of strings")
			}
		}
	default:
		return c.malformed(m, "a string or an array of strings")
	}
	s.typ = v
	return true
}

// kinds reads "type": the non-null kinds in order without repeats, and
// whether null is allowed. ok is false when "type" sets no constraint (it
// is absent, names "any", or names nothing known).
func (c *converter) kinds(v *node) (kinds []ir.Kind, null, ok bool) {
	if v == nil {
		return nil, false, false
	}
	names := []*node{v}
	if v.kind == nArray {
		names = v.elems
	}
	seen := map[ir.Kind]bool{}
	for _, e := range names {
		k, known := lookupType(e.str)
		switch {
		case !known:
			c.warnf(e.pos(), "unknown type %q; treated as no type constraint", e.str)
			continue
		case k == ir.KindAny:
			return nil, false, false
		case k == ir.KindNull:
			null = true
		case !seen[k]:
			seen[k] = true
			kinds = append(kinds, k)
		}
	}
	return kinds, null, len(kinds) > 0 || null
}

// assemble combines the keywords that depend on each other: the kind,
// "$ref" and the applicators.
func (c *converter) assemble(t *ir.Type, s *scan) {
	c.arrays(t, s)
	c.objects(t, s)
	kinds, null, typed := c.kinds(s.typ)
	asserts := typed || s.family() || len(s.anyOf)+len(s.oneOf)+len(s.allOf) > 0
	if s.ref != nil && c.legacyRefs {
		c.legacyRef(t, s, asserts)
		return
	}
	switch {
	case typed && len(kinds) == 0:
		t.Kind = ir.KindNull
	case typed && len(kinds) == 1:
		t.Kind = kinds[0]
		t.Nullable = null && !excludesNull(t)
	case typed:
		c.typeUnion(t, kinds, null)
	case s.ref != nil && !asserts:
		t.Kind, t.Ref, t.Untyped = ir.KindRef, s.ref.Ref, true
	default:
		t.Untyped = true
		t.Kind = infer(t, s)
	}
	if s.ref != nil && t.Kind != ir.KindRef {
		t.AllOf = append(t.AllOf, s.ref)
	}
	c.applicators(t, s)
	c.defaultAdditional(t, s)
}

// legacyRef builds a draft-07 "$ref", whose sibling keywords validators
// ignore: only the annotations are kept.
func (c *converter) legacyRef(t *ir.Type, s *scan, asserts bool) {
	if asserts || len(t.Extra) > 0 || t.Enum != nil || t.Const != nil {
		c.diags.Add(diag.Diagnostic{Pos: t.Pos, Severity: diag.Info,
			Message: "keywords next to \"$ref\" are ignored in draft-07 and older; dropped"})
	}
	*t = ir.Type{Kind: ir.KindRef, Ref: s.ref.Ref, Pos: t.Pos, Untyped: true,
		Title: t.Title, Description: t.Description, Default: t.Default, Examples: t.Examples,
		Deprecated: t.Deprecated, ReadOnly: t.ReadOnly, WriteOnly: t.WriteOnly}
}

// excludesNull reports whether an enum or const already rules out null, so
// a "null" in "type" adds nothing.
func excludesNull(t *ir.Type) bool {
	if t.Const != nil {
		return string(t.Const) != "null"
	}
	if t.Enum == nil {
		return false
	}
	for _, v := range t.Enum {
		if string(v) == "null" {
			return false
		}
	}
	return true
}

// infer picks a kind for a schema without "type" from its keywords.
// Outputs do not add a type constraint for it (Untyped is set); the kind
// only tells consumers what the schema is about.
func infer(t *ir.Type, s *scan) ir.Kind {
	switch {
	case (len(s.anyOf) > 0 || len(s.oneOf) > 0) && !s.family():
		return ir.KindUnion
	case s.object:
		return ir.KindObject
	case s.array:
		return ir.KindArray
	case s.string:
		return ir.KindString
	case s.number:
		return ir.KindNumber
	}
	values := t.Enum
	if t.Const != nil {
		values = []ir.Value{t.Const}
	}
	return ir.ValuesKind(values)
}

// typeUnion turns a "type" with several names into a union, moving each
// type-specific constraint to the variants it applies to.
func (c *converter) typeUnion(t *ir.Type, kinds []ir.Kind, null bool) {
	for _, k := range kinds {
		v := &ir.Type{Kind: k, Pos: t.Pos}
		switch k {
		case ir.KindString:
			v.MinLength, v.MaxLength, v.Pattern, v.Format = t.MinLength, t.MaxLength, t.Pattern, t.Format
		case ir.KindInteger, ir.KindNumber:
			v.Minimum, v.Maximum, v.MultipleOf = t.Minimum, t.Maximum, t.MultipleOf
			v.ExclusiveMinimum, v.ExclusiveMaximum = t.ExclusiveMinimum, t.ExclusiveMaximum
		case ir.KindArray:
			v.Items, v.PrefixItems, v.MinItems, v.MaxItems, v.UniqueItems = t.Items, t.PrefixItems, t.MinItems, t.MaxItems, t.UniqueItems
		case ir.KindObject:
			v.Properties, v.Additional, v.AdditionalType = t.Properties, t.Additional, t.AdditionalType
			v.MinProperties, v.MaxProperties = t.MinProperties, t.MaxProperties
		}
		t.Variants = append(t.Variants, v)
	}
	if null {
		t.Variants = append(t.Variants, &ir.Type{Kind: ir.KindNull, Pos: t.Pos})
	}
	keep := *t
	*t = ir.Type{Kind: ir.KindUnion, Pos: keep.Pos, Variants: keep.Variants, TypeList: true,
		Title: keep.Title, Description: keep.Description, Default: keep.Default, Examples: keep.Examples,
		Deprecated: keep.Deprecated, ReadOnly: keep.ReadOnly, WriteOnly: keep.WriteOnly,
		Enum: keep.Enum, Const: keep.Const, AllOf: keep.AllOf, Extra: keep.Extra}
}

// applicators places anyOf, oneOf and allOf. A schema that is nothing but
// an anyOf (or oneOf) is a union; next to other assertions the union
// becomes one more allOf entry, which means the same (marked Beside, so
// that the writer puts it back next to those assertions).
func (c *converter) applicators(t *ir.Type, s *scan) {
	lists := []struct {
		nodes []*node
		style ir.UnionStyle
	}{{s.anyOf, ir.AnyOf}, {s.oneOf, ir.OneOf}}
	for _, l := range lists {
		if len(l.nodes) == 0 {
			continue
		}
		variants := c.convertAll(l.nodes)
		if t.Kind == ir.KindUnion && t.Variants == nil {
			t.Variants, t.UnionStyle = variants, l.style
			continue
		}
		t.AllOf = append(t.AllOf, &ir.Type{Kind: ir.KindUnion, Pos: l.nodes[0].pos(), Untyped: true,
			Variants: variants, UnionStyle: l.style, Beside: true})
	}
	t.AllOf = append(t.AllOf, c.convertAll(s.allOf)...)
}

func (c *converter) convertAll(nodes []*node) []*ir.Type {
	var out []*ir.Type
	for _, n := range nodes {
		out = append(out, c.convert(n))
	}
	return out
}

// arrays reads items, prefixItems and draft-07's array-form items with
// additionalItems. A tuple's rest is open unless stated: the IR's nil
// rest means closed, so an absent rest becomes an any type.
func (c *converter) arrays(t *ir.Type, s *scan) {
	extraAdditional := s.additionalItems != nil
	switch {
	case s.prefixItems != nil:
		t.PrefixItems = c.convertAll(s.prefixItems.elems)
		t.Items = c.rest(s.items, s.prefixItems)
	case s.items != nil && s.items.kind == nArray && len(s.items.elems) > 0:
		t.PrefixItems = c.convertAll(s.items.elems)
		t.Items = c.rest(s.additionalItems, s.items)
		extraAdditional = false
	case s.items != nil && s.items.kind == nArray:
		// "items": [] constrains no position; additionalItems covers all.
		if s.additionalItems != nil {
			t.Items = c.convert(s.additionalItems)
		}
		extraAdditional = false
	case s.items != nil:
		t.Items = c.convert(s.items)
	}
	if extraAdditional {
		// Without array-form "items", additionalItems has no effect.
		t.Extra = append(t.Extra, ir.Keyword{Name: "additionalItems", Value: s.additionalItems.raw()})
	}
}

// rest converts the schema for a tuple's further elements.
func (c *converter) rest(n, prefix *node) *ir.Type {
	switch {
	case n == nil:
		return &ir.Type{Kind: ir.KindAny, Pos: prefix.pos(), Untyped: true}
	case n.kind == nBool && !n.b:
		return nil
	}
	return c.convert(n)
}

// objects reads properties (in source order), required and
// additionalProperties.
func (c *converter) objects(t *ir.Type, s *scan) {
	if s.properties != nil {
		// Written "properties": {} stays written, as an MCP server
		// publishing this literal lists it.
		t.PropertiesKept = true
		for _, m := range s.properties.members {
			if s.properties.get(m.key) != m.val {
				continue
			}
			t.Properties = append(t.Properties, &ir.Property{Name: strings.Clone(m.key), Type: c.convert(m.val), Pos: m.keyPos()})
		}
	}
	if ap := s.additionalProperties; ap != nil {
		switch {
		case ap.kind == nBool && ap.b:
			// Written true stays written, as a server publishing this
			// literal lists it.
			t.Additional, t.OpenWritten = ir.AdditionalOpen, true
		case ap.kind == nBool:
			t.Additional = ir.AdditionalClosed
		default:
			t.Additional, t.AdditionalType = ir.AdditionalTyped, c.convert(ap)
		}
	}
	for _, name := range s.required {
		if p := t.Prop(name); p != nil {
			p.Required = true
			continue
		}
		// A required name without a declaration: declare it with the
		// schema additionalProperties would have applied to it.
		t.Properties = append(t.Properties, &ir.Property{Name: name, Type: c.undeclared(t), Required: true, Pos: t.Pos})
	}
}

func (c *converter) undeclared(t *ir.Type) *ir.Type {
	switch t.Additional {
	case ir.AdditionalClosed:
		return &ir.Type{Kind: ir.KindNever, Pos: t.Pos}
	case ir.AdditionalTyped:
		return t.AdditionalType
	}
	return &ir.Type{Kind: ir.KindAny, Pos: t.Pos, Untyped: true}
}

// defaultAdditional gives objects without additionalProperties their
// policy: open, as JSON Schema means, unless CloseObjects asks otherwise.
func (c *converter) defaultAdditional(t *ir.Type, s *scan) {
	if s.additionalProperties != nil {
		return
	}
	policy := ir.AdditionalOpen
	if c.opts.CloseObjects {
		policy = ir.AdditionalDefault
	}
	if t.Kind == ir.KindObject {
		t.Additional = policy
	}
	if t.Kind == ir.KindUnion && s.typ != nil {
		for _, v := range t.Variants {
			if v.Kind == ir.KindObject {
				v.Additional = policy
			}
		}
	}
}
