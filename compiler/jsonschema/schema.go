package jsonschema

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/tscg/tscg/compiler/ir"
)

// schema writes t's schema as a value at the given depth: an object, {}
// when there is no type, or false for a constraint-free KindNever.
func (g *gen) schema(t *ir.Type, depth int) error {
	if t == nil {
		g.lit("{}")
		return nil
	}
	if isFalse(t) {
		g.lit("false")
		return nil
	}
	o := g.open(depth, len(t.Extra) > 0)
	err := g.fields(&o, t)
	g.close(&o)
	return err
}

// isFalse reports whether t renders as the schema false.
func isFalse(t *ir.Type) bool { return t.Kind == ir.KindNever && isBare(t) }

// fields writes the members of t's schema into o. Every key is written
// once: no two rules below produce the same key, except the enum/const
// pair that values resolves itself, and extra keywords that trailing
// skips when the key is taken.
func (g *gen) fields(o *object, t *ir.Type) error {
	if g.opts.Output && t.NullInOutput && !t.Nullable {
		cp := *t
		cp.Nullable = true
		t = &cp
	}
	if t.Pointer != "" {
		g.kw(o, "$ref")
		g.str(t.Pointer)
		return nil
	}
	var err error
	switch t.Kind {
	case ir.KindRef:
		err = g.ref(o, t)
	case ir.KindUnion:
		err = g.union(o, t)
	case ir.KindNever:
		g.annotations(o, t)
		g.kw(o, "not")
		g.lit("{}")
	default:
		g.typeKeyword(o, t)
		g.annotations(o, t)
		g.values(o, t)
		err = g.constraints(o, t)
	}
	if err != nil {
		return err
	}
	if t.Kind == ir.KindRef || t.Kind == ir.KindUnion {
		g.values(o, t)
	}
	all := t.AllOf
	if len(all) > 0 {
		var err error
		if all, err = g.beside(o, t); err != nil {
			return err
		}
	}
	if len(all) > 0 {
		g.kw(o, "allOf")
		if err := g.list(all, o.depth+1, false); err != nil {
			return err
		}
	}
	return g.trailing(o, t)
}

// beside writes the entries of t.AllOf marked Beside as t's own anyOf or
// oneOf keyword, where the JSON input had them, and returns the entries
// left for allOf: those not so marked, one carrying more than its
// variants, and one whose keyword t already writes (a union's own).
func (g *gen) beside(o *object, t *ir.Type) ([]*ir.Type, error) {
	taken := map[string]bool{}
	if t.Kind == ir.KindUnion {
		taken["anyOf"], taken["oneOf"] = true, true
	}
	var rest []*ir.Type
	for _, a := range t.AllOf {
		key := "anyOf"
		if a.UnionStyle == ir.OneOf {
			key = "oneOf"
		}
		if !a.Beside || a.Kind != ir.KindUnion || a.TypeList || !isBare(a) || a.Pointer != "" || taken[key] ||
			a.Enum != nil || a.Const != nil {
			rest = append(rest, a)
			continue
		}
		taken[key] = true
		g.kw(o, key)
		if err := g.list(a.Variants, o.depth+1, a.Nullable); err != nil {
			return nil, err
		}
	}
	return rest, nil
}

func isBare(t *ir.Type) bool {
	return t.Title == "" && t.Description == "" && t.Default == nil && len(t.Examples) == 0 &&
		!t.Deprecated && len(t.AllOf) == 0 && len(t.Extra) == 0
}

// list writes an array of the schemas of ts, and of null when orNull is
// set.
func (g *gen) list(ts []*ir.Type, depth int, orNull bool) error {
	a := g.openArray(depth)
	for _, c := range ts {
		g.item(&a)
		if err := g.schema(c, depth+1); err != nil {
			return err
		}
	}
	if orNull {
		g.item(&a)
		g.nullSchema(depth + 1)
	}
	g.closeArray(&a)
	return nil
}

// ref renders a reference. A nullable reference becomes anyOf [ref, null];
// annotations sit next to "$ref" (allowed in 2020-12, ignored but harmless
// in draft-07).
func (g *gen) ref(o *object, t *ir.Type) error {
	if t.Ref == nil {
		return fmt.Errorf("%s: reference to an unresolved type", t.Pos)
	}
	if g.lookup(t.Ref) < 0 {
		g.collect(t)
	}
	if t.Nullable {
		g.kw(o, "anyOf")
		a := g.openArray(o.depth + 1)
		g.item(&a)
		r := g.open(a.depth+1, false)
		g.kw(&r, "$ref")
		g.refURI(t.Ref)
		g.close(&r)
		g.item(&a)
		g.nullSchema(a.depth + 1)
		g.closeArray(&a)
	} else {
		g.kw(o, "$ref")
		g.refURI(t.Ref)
	}
	g.annotations(o, t)
	return nil
}

func (g *gen) union(o *object, t *ir.Type) error {
	if t.TypeList && kindsOnly(t.Variants) {
		g.kw(o, "type")
		a := g.openArray(o.depth + 1)
		for _, v := range t.Variants {
			g.item(&a)
			g.kind(v.Kind)
		}
		if t.Nullable && !slices.ContainsFunc(t.Variants, func(v *ir.Type) bool { return v.Kind == ir.KindNull }) {
			g.item(&a)
			g.lit(`"null"`)
		}
		g.closeArray(&a)
		g.annotations(o, t)
		return nil
	}
	g.annotations(o, t)
	key := "anyOf"
	if t.UnionStyle == ir.OneOf {
		key = "oneOf"
	}
	g.kw(o, key)
	return g.list(t.Variants, o.depth+1, t.Nullable)
}

// kindsOnly reports whether each variant is a kind and nothing more, so
// that a union of them can be written as a list of type names.
func kindsOnly(vs []*ir.Type) bool {
	for _, v := range vs {
		switch v.Kind {
		case ir.KindString, ir.KindNumber, ir.KindInteger, ir.KindBoolean, ir.KindNull, ir.KindArray, ir.KindObject:
		default:
			return false
		}
		if !reflect.DeepEqual(*v, ir.Type{Kind: v.Kind, Pos: v.Pos}) {
			return false
		}
	}
	return len(vs) > 0
}

func (g *gen) nullSchema(depth int) {
	n := g.open(depth, false)
	g.kw(&n, "type")
	g.lit(`"null"`)
	g.close(&n)
}

// typeKeyword writes "type", adding "null" for nullable primitives.
func (g *gen) typeKeyword(o *object, t *ir.Type) {
	if t.Untyped || t.Kind == ir.KindAny {
		return
	}
	g.kw(o, "type")
	if t.Nullable && t.Kind != ir.KindNull {
		a := g.openArray(o.depth + 1)
		g.item(&a)
		g.kind(t.Kind)
		g.item(&a)
		g.lit(`"null"`)
		g.closeArray(&a)
		return
	}
	g.kind(t.Kind)
}

// kind writes a kind's name, which JSON takes as it is, as a string.
func (g *gen) kind(k ir.Kind) {
	g.buf = append(g.buf, '"')
	g.buf = append(g.buf, k.String()...)
	g.buf = append(g.buf, '"')
}

func (g *gen) annotations(o *object, t *ir.Type) {
	if t.Title != "" {
		g.kw(o, "title")
		g.str(t.Title)
	}
	if t.Description != "" {
		g.kw(o, "description")
		g.str(t.Description)
	}
}

// values renders enum and const. A nullable enum also lists null, or the
// type's null would be rejected by the enum; a nullable const becomes an
// enum of the constant and null (in the enum's place when there is both).
func (g *gen) values(o *object, t *ir.Type) {
	plain := t.Kind != ir.KindRef && t.Kind != ir.KindUnion
	constEnum := t.Const != nil && t.Nullable && plain && string(t.Const) != "null"
	if t.Enum != nil || constEnum {
		g.kw(o, "enum")
		a := g.openArray(o.depth + 1)
		if constEnum {
			g.item(&a)
			g.raw(t.Const, a.depth+1)
			g.item(&a)
			g.lit("null")
		} else {
			hasNull := false
			for _, v := range t.Enum {
				g.item(&a)
				g.raw(v, a.depth+1)
				hasNull = hasNull || string(v) == "null"
			}
			if t.Nullable && !hasNull && plain {
				g.item(&a)
				g.lit("null")
			}
		}
		g.closeArray(&a)
	}
	if t.Const != nil && !constEnum {
		g.kw(o, "const")
		g.raw(t.Const, o.depth+1)
	}
}

func (g *gen) constraints(o *object, t *ir.Type) error {
	if t.Format != "" {
		g.kw(o, "format")
		g.str(t.Format)
	}
	if t.Pattern != "" {
		g.kw(o, "pattern")
		g.str(t.Pattern)
	}
	if t.ContentMediaType != "" {
		g.kw(o, "contentMediaType")
		g.str(t.ContentMediaType)
	}
	if t.ContentSchema != nil {
		g.kw(o, "contentSchema")
		if err := g.schema(t.ContentSchema, o.depth+1); err != nil {
			return err
		}
	}
	g.setInt(o, "minLength", t.MinLength)
	g.setInt(o, "maxLength", t.MaxLength)
	g.setNum(o, "minimum", t.Minimum)
	g.setNum(o, "exclusiveMinimum", t.ExclusiveMinimum)
	g.setNum(o, "maximum", t.Maximum)
	g.setNum(o, "exclusiveMaximum", t.ExclusiveMaximum)
	g.setNum(o, "multipleOf", t.MultipleOf)
	if err := g.array(o, t); err != nil {
		return err
	}
	return g.object(o, t)
}

func (g *gen) array(o *object, t *ir.Type) error {
	if t.PrefixItems != nil {
		prefixKey, restKey := "prefixItems", "items"
		if g.opts.Draft == Draft7 {
			prefixKey, restKey = "items", "additionalItems"
		}
		g.kw(o, prefixKey)
		if err := g.list(t.PrefixItems, o.depth+1, false); err != nil {
			return err
		}
		g.kw(o, restKey)
		if t.Items == nil {
			g.lit("false")
		} else if err := g.schema(t.Items, o.depth+1); err != nil {
			return err
		}
	} else if t.Items != nil {
		g.kw(o, "items")
		if err := g.schema(t.Items, o.depth+1); err != nil {
			return err
		}
	}
	g.setInt(o, "minItems", t.MinItems)
	g.setInt(o, "maxItems", t.MaxItems)
	if t.UniqueItems {
		g.kw(o, "uniqueItems")
		g.lit("true")
	}
	return nil
}

func (g *gen) object(o *object, t *ir.Type) error {
	if t.Kind != ir.KindObject && len(t.Properties) == 0 && t.Additional == ir.AdditionalDefault {
		return nil
	}
	// An object type without properties still says "properties": {} unless
	// it is open or typed (a map): providers expect the key on parameter
	// objects, and JSON inputs that left it out keep it out.
	emptyProps := t.Kind == ir.KindObject && !t.Untyped && !t.PropertiesOmitted &&
		(t.PropertiesKept || t.Additional != ir.AdditionalOpen && t.Additional != ir.AdditionalTyped)
	if len(t.Properties) > 0 || emptyProps {
		g.kw(o, "properties")
		if err := g.properties(t.Properties, o.depth+1); err != nil {
			return err
		}
		if g.requiredCount(t) > 0 {
			g.kw(o, "required")
			a := g.openArray(o.depth + 1)
			for _, p := range t.Properties {
				if g.required(p) {
					g.item(&a)
					g.str(p.Name)
				}
			}
			g.closeArray(&a)
		}
	}
	switch t.Additional {
	case ir.AdditionalClosed:
		g.kw(o, "additionalProperties")
		g.lit("false")
	case ir.AdditionalOpen:
		if t.OpenWritten {
			g.kw(o, "additionalProperties")
			g.lit("true")
		}
	case ir.AdditionalDefault:
		if t.Kind == ir.KindObject && !g.opts.AllowAdditional {
			g.kw(o, "additionalProperties")
			g.lit("false")
		}
	case ir.AdditionalTyped:
		g.kw(o, "additionalProperties")
		if err := g.schema(t.AdditionalType, o.depth+1); err != nil {
			return err
		}
	}
	g.setInt(o, "minProperties", t.MinProperties)
	g.setInt(o, "maxProperties", t.MaxProperties)
	return nil
}

// properties writes the "properties" object. A name declared twice keeps
// its first position and takes its last schema, as an ordered map would:
// the later schema is rendered in order (so errors surface in the same
// order) and then moved into the earlier one's place.
func (g *gen) properties(props []*ir.Property, depth int) error {
	po := g.open(depth, false)
	type slot struct {
		name       string
		start, end int
	}
	var slots []slot // only when some name is declared twice
	dups := g.hasDupNames(props)
	for _, p := range props {
		k := -1
		if dups {
			k = slices.IndexFunc(slots, func(s slot) bool { return s.name == p.Name })
		}
		if k < 0 {
			g.key(&po, p.Name)
		}
		start := len(g.buf)
		if err := g.schema(p.Type, depth+1); err != nil {
			return fmt.Errorf("property %s: %w", p.Name, err)
		}
		switch {
		case k >= 0:
			val := slices.Clone(g.buf[start:])
			s := &slots[k]
			g.buf = slices.Replace(g.buf[:start], s.start, s.end, val...)
			delta := len(val) - (s.end - s.start)
			s.end += delta
			for i := k + 1; i < len(slots); i++ {
				slots[i].start += delta
				slots[i].end += delta
			}
		case dups:
			slots = append(slots, slot{p.Name, start, len(g.buf)})
		}
	}
	g.close(&po)
	return nil
}

// hasDupNames reports whether two properties share a name.
func (g *gen) hasDupNames(props []*ir.Property) bool {
	if len(props) <= 16 {
		for i, p := range props {
			for _, q := range props[:i] {
				if p.Name == q.Name {
					return true
				}
			}
		}
		return false
	}
	if g.propNames == nil {
		g.propNames = map[string]struct{}{}
	}
	defer clear(g.propNames)
	for _, p := range props {
		if _, ok := g.propNames[p.Name]; ok {
			return true
		}
		g.propNames[p.Name] = struct{}{}
	}
	return false
}

// trailing renders the annotations that come after the constraints and
// the verbatim extra keywords; an extra keyword whose key is taken is
// dropped. On the root, an extra keyword named like the $defs key is
// where the $defs go.
func (g *gen) trailing(o *object, t *ir.Type) error {
	if t.Default != nil {
		g.kw(o, "default")
		g.raw(t.Default, o.depth+1)
	}
	if len(t.Examples) > 0 {
		g.kw(o, "examples")
		a := g.openArray(o.depth + 1)
		for _, v := range t.Examples {
			g.item(&a)
			g.raw(v, a.depth+1)
		}
		g.closeArray(&a)
	}
	if t.Deprecated {
		g.kw(o, "deprecated")
		g.lit("true")
	}
	if t.ReadOnly {
		g.kw(o, "readOnly")
		g.lit("true")
	}
	if t.WriteOnly {
		g.kw(o, "writeOnly")
		g.lit("true")
	}
	for _, kw := range t.Extra {
		if g.has(o, kw.Name) {
			continue
		}
		g.key(o, kw.Name)
		if o.root && kw.Name == g.opts.Draft.defsKey() && len(g.order) > 0 {
			o.defsDone = true
			if err := g.defs(o.depth + 1); err != nil {
				return err
			}
			continue
		}
		g.raw(kw.Value, o.depth+1)
	}
	return nil
}

// requiredCount is the number of required properties of t.
func (g *gen) requiredCount(t *ir.Type) int {
	n := 0
	for _, p := range t.Properties {
		if g.required(p) {
			n++
		}
	}
	return n
}

// required reports whether p is required here: a result may leave out
// what its language omits (Property.OmittedInOutput).
func (g *gen) required(p *ir.Property) bool {
	return p.Required && !(g.opts.Output && p.OmittedInOutput)
}

func (g *gen) setInt(o *object, key string, v *int64) {
	if v != nil {
		g.kw(o, key)
		g.int(*v)
	}
}

func (g *gen) setNum(o *object, key string, v *ir.Number) {
	if v != nil {
		g.kw(o, key)
		g.lit(string(*v))
	}
}
