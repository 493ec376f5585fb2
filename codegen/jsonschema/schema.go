package jsonschema

import (
	"encoding/json"
	"fmt"

	"github.com/tscg/tscg/compiler/ir"
)

// schema renders one node. It returns an *object, or false for a
// constraint-free KindNever.
func (g *gen) schema(t *ir.Type) (any, error) {
	if t == nil {
		return g.obj(), nil
	}
	o := g.obj()
	var err error
	switch t.Kind {
	case ir.KindRef:
		err = g.ref(o, t)
	case ir.KindUnion:
		err = g.union(o, t)
	case ir.KindNever:
		if isBare(t) {
			return false, nil
		}
		g.annotations(o, t)
		o.set("not", g.obj())
	default:
		g.typeKeyword(o, t)
		g.annotations(o, t)
		g.values(o, t)
		err = g.constraints(o, t)
	}
	if err != nil {
		return nil, err
	}
	if t.Kind == ir.KindRef || t.Kind == ir.KindUnion {
		g.values(o, t)
	}
	if len(t.AllOf) > 0 {
		all, err := g.list(t.AllOf)
		if err != nil {
			return nil, err
		}
		o.set("allOf", all)
	}
	g.trailing(o, t)
	return o, nil
}

func isBare(t *ir.Type) bool {
	return t.Title == "" && t.Description == "" && t.Default == nil && len(t.Examples) == 0 &&
		!t.Deprecated && len(t.AllOf) == 0 && len(t.Extra) == 0
}

func (g *gen) list(ts []*ir.Type) ([]any, error) {
	out := make([]any, 0, len(ts))
	for _, c := range ts {
		s, err := g.schema(c)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// ref renders a reference. A nullable reference becomes anyOf [ref, null];
// annotations sit next to "$ref" (allowed in 2020-12, ignored but harmless
// in draft-07).
func (g *gen) ref(o *object, t *ir.Type) error {
	if t.Ref == nil {
		return fmt.Errorf("%s: reference to an unresolved type", t.Pos)
	}
	if _, ok := g.names[t.Ref]; !ok {
		g.collect(t)
	}
	uri := g.refURI(t.Ref)
	if t.Nullable {
		r := g.obj()
		r.add("$ref", uri)
		o.set("anyOf", []any{r, g.nullSchema()})
	} else {
		o.set("$ref", uri)
	}
	g.annotations(o, t)
	return nil
}

func (g *gen) union(o *object, t *ir.Type) error {
	vs, err := g.list(t.Variants)
	if err != nil {
		return err
	}
	if t.Nullable {
		vs = append(vs, g.nullSchema())
	}
	key := "anyOf"
	if t.UnionStyle == ir.OneOf {
		key = "oneOf"
	}
	g.annotations(o, t)
	o.set(key, vs)
	return nil
}

func (g *gen) nullSchema() *object {
	n := g.obj()
	n.set("type", "null")
	return n
}

// typeKeyword sets "type", adding "null" for nullable primitives.
func (g *gen) typeKeyword(o *object, t *ir.Type) {
	if t.Untyped || t.Kind == ir.KindAny {
		return
	}
	name := kindName(t.Kind)
	if t.Nullable && t.Kind != ir.KindNull {
		o.set("type", []any{name, "null"})
		return
	}
	o.set("type", name)
}

// kindNames holds each kind's name already boxed as an any: storing a
// string in an interface allocates, and "type" is on nearly every node.
var kindNames = func() (names [32]any) {
	for k := range names {
		names[k] = ir.Kind(k).String()
	}
	return names
}()

func kindName(k ir.Kind) any {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return k.String()
}

func (g *gen) annotations(o *object, t *ir.Type) {
	if t.Title != "" {
		o.set("title", &t.Title)
	}
	if t.Description != "" {
		o.set("description", &t.Description)
	}
}

// values renders enum and const. A nullable enum also lists null, or the
// type's null would be rejected by the enum.
func (g *gen) values(o *object, t *ir.Type) {
	if t.Enum != nil {
		vs := make([]any, 0, len(t.Enum)+1)
		hasNull := false
		for i, v := range t.Enum {
			vs = append(vs, &t.Enum[i])
			hasNull = hasNull || string(v) == "null"
		}
		if t.Nullable && !hasNull && t.Kind != ir.KindRef && t.Kind != ir.KindUnion {
			vs = append(vs, json.RawMessage("null"))
		}
		o.set("enum", vs)
	}
	if t.Const != nil {
		if t.Nullable && t.Kind != ir.KindRef && t.Kind != ir.KindUnion && string(t.Const) != "null" {
			o.set("enum", []any{json.RawMessage(t.Const), json.RawMessage("null")})
		} else {
			o.set("const", &t.Const)
		}
	}
}

func (g *gen) constraints(o *object, t *ir.Type) error {
	if t.Format != "" {
		o.set("format", &t.Format)
	}
	if t.Pattern != "" {
		o.set("pattern", &t.Pattern)
	}
	setInt(o, "minLength", t.MinLength)
	setInt(o, "maxLength", t.MaxLength)
	setNum(o, "minimum", t.Minimum)
	setNum(o, "exclusiveMinimum", t.ExclusiveMinimum)
	setNum(o, "maximum", t.Maximum)
	setNum(o, "exclusiveMaximum", t.ExclusiveMaximum)
	setNum(o, "multipleOf", t.MultipleOf)
	if err := g.array(o, t); err != nil {
		return err
	}
	return g.object(o, t)
}

func (g *gen) array(o *object, t *ir.Type) error {
	if t.PrefixItems != nil {
		prefix, err := g.list(t.PrefixItems)
		if err != nil {
			return err
		}
		var rest any = false
		if t.Items != nil {
			if rest, err = g.schema(t.Items); err != nil {
				return err
			}
		}
		if g.opts.Draft == Draft7 {
			o.set("items", prefix)
			o.set("additionalItems", rest)
		} else {
			o.set("prefixItems", prefix)
			o.set("items", rest)
		}
	} else if t.Items != nil {
		items, err := g.schema(t.Items)
		if err != nil {
			return err
		}
		o.set("items", items)
	}
	setInt(o, "minItems", t.MinItems)
	setInt(o, "maxItems", t.MaxItems)
	if t.UniqueItems {
		o.set("uniqueItems", true)
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
	emptyProps := t.Kind == ir.KindObject && !t.Untyped &&
		t.Additional != ir.AdditionalOpen && t.Additional != ir.AdditionalTyped
	if len(t.Properties) > 0 || emptyProps {
		props := g.obj()
		var required []any
		if n := requiredCount(t); n > 0 {
			required = make([]any, 0, n)
		}
		for _, p := range t.Properties {
			s, err := g.schema(p.Type)
			if err != nil {
				return fmt.Errorf("property %s: %w", p.Name, err)
			}
			props.set(p.Name, s)
			if p.Required {
				required = append(required, &p.Name)
			}
		}
		o.set("properties", props)
		if required != nil {
			o.set("required", required)
		}
	}
	switch t.Additional {
	case ir.AdditionalClosed:
		o.set("additionalProperties", false)
	case ir.AdditionalDefault:
		if t.Kind == ir.KindObject && !g.opts.AllowAdditional {
			o.set("additionalProperties", false)
		}
	case ir.AdditionalTyped:
		s, err := g.schema(t.AdditionalType)
		if err != nil {
			return err
		}
		o.set("additionalProperties", s)
	}
	setInt(o, "minProperties", t.MinProperties)
	setInt(o, "maxProperties", t.MaxProperties)
	return nil
}

// trailing renders the annotations that come after the constraints and
// the verbatim extra keywords.
func (g *gen) trailing(o *object, t *ir.Type) {
	if t.Default != nil {
		o.set("default", &t.Default)
	}
	if len(t.Examples) > 0 {
		ex := make([]any, len(t.Examples))
		for i := range t.Examples {
			ex[i] = &t.Examples[i]
		}
		o.set("examples", ex)
	}
	if t.Deprecated {
		o.set("deprecated", true)
	}
	if t.ReadOnly {
		o.set("readOnly", true)
	}
	if t.WriteOnly {
		o.set("writeOnly", true)
	}
	for i, kw := range t.Extra {
		if !o.has(kw.Name) {
			o.set(kw.Name, &t.Extra[i].Value)
		}
	}
}

// requiredCount is the number of required properties of t, so the
// "required" list is allocated once at its size.
func requiredCount(t *ir.Type) int {
	n := 0
	for _, p := range t.Properties {
		if p.Required {
			n++
		}
	}
	return n
}

func setInt(o *object, key string, v *int64) {
	if v != nil {
		o.set(key, v)
	}
}

func setNum(o *object, key string, v *ir.Number) {
	if v != nil {
		o.set(key, v)
	}
}
