package golang

import (
	"go/token"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/gotags"
	"github.com/tscg/tscg/internal/orderedjson"
)

// kindKeys are the invopop keys that apply to one kind of value.
var kindKeys = map[ir.Kind]map[string]bool{
	ir.KindString:  set("minLength", "maxLength", "pattern", "format", "readOnly", "writeOnly", "default", "example", "enum"),
	ir.KindInteger: set("multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "default", "example", "enum"),
	ir.KindNumber:  set("multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "default", "example", "enum"),
	ir.KindBoolean: set("default"),
	ir.KindArray:   set("minItems", "maxItems", "uniqueItems", "default"),
}

func set(keys ...string) map[string]bool {
	m := map[string]bool{}
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// applyTag applies a field's jsonschema and jsonschema_extras tags with
// invopop's meaning. A keyword for a named type's kind inlines the type,
// so the constraint does not leak into the shared definition.
func (c *conv) applyTag(t *ir.Type, f field, st schemaTag) *ir.Type {
	pos := f.v.Pos()
	for _, u := range st.Unknown {
		c.warnf(pos, "unknown jsonschema tag item %q", u)
	}
	var specific []tagPair
	for _, p := range st.Pairs {
		switch p.Key {
		case "title":
			t.Title = p.Value
		case "description", "anchor":
		case "type":
			switch k, ok := kindNamed(p.Value); {
			case !ok:
				c.warnf(pos, "jsonschema tag: unknown type %q", p.Value)
			case t.Resolve() == nil || t.Resolve().Kind != k:
				t = &ir.Type{Kind: k, Pos: t.Pos, Description: t.Description, Title: t.Title}
			} // the field's own type keeps its items (type=array,format=uri on []string)
		case "oneof_type", "anyof_type":
			t = c.typeUnion(t, p)
		case "oneof_ref", "anyof_ref", "oneof_required", "anyof_required":
			c.warnf(pos, "jsonschema tag key %s is not supported; it is ignored", p.Key)
		default:
			specific = append(specific, p)
		}
	}
	if len(specific) > 0 && t.Kind == ir.KindRef {
		cp := *t.Resolve()
		cp.Pos, cp.Description = t.Pos, firstNonEmpty(t.Description, cp.Description)
		if t.Title != "" {
			cp.Title = t.Title
		}
		t = &cp
	}
	c.applySpecific(t, specific, pos)
	for _, e := range extras(f.tag.Get("jsonschema_extras")) {
		t.Extra = append(t.Extra, e)
	}
	return t
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func kindNamed(s string) (ir.Kind, bool) {
	for _, k := range []ir.Kind{ir.KindString, ir.KindInteger, ir.KindNumber, ir.KindBoolean, ir.KindArray, ir.KindObject, ir.KindNull} {
		if k.String() == s {
			return k, true
		}
	}
	return 0, false
}

func (c *conv) typeUnion(t *ir.Type, p tagPair) *ir.Type {
	u := &ir.Type{Kind: ir.KindUnion, Pos: t.Pos, Description: t.Description, Title: t.Title}
	if p.Key == "oneof_type" {
		u.UnionStyle = ir.OneOf
	}
	for _, name := range strings.Split(p.Value, ";") {
		if k, ok := kindNamed(name); ok {
			u.Variants = append(u.Variants, &ir.Type{Kind: k, Pos: t.Pos})
		}
	}
	if len(u.Variants) == 0 {
		return t // no known type named: an empty oneOf would accept nothing
	}
	return u
}

// applySpecific applies kind-specific keys; an array passes the keys it
// does not take itself to its items, as invopop does.
func (c *conv) applySpecific(t *ir.Type, pairs []tagPair, pos token.Pos) {
	var forItems []tagPair
	var defaults []string
	enumSet := false
	for _, p := range pairs {
		if t.Kind == ir.KindArray {
			switch p.Key {
			case "minItems":
				t.MinItems = parseCount(p.Value)
			case "maxItems":
				t.MaxItems = parseCount(p.Value)
			case "uniqueItems":
				t.UniqueItems = true
			case "default":
				defaults = append(defaults, p.Value)
			default:
				forItems = append(forItems, p)
			}
			continue
		}
		if !kindKeys[t.Kind][p.Key] {
			c.warnf(pos, "jsonschema tag key %s does not apply to a %s value; it is ignored", p.Key, t.Kind)
			continue
		}
		c.applyScalar(t, p, &enumSet)
	}
	if defaults != nil {
		t.Default = ir.MarshalValue(defaults)
	}
	if len(forItems) > 0 && t.Items != nil {
		items := t.Items
		if items.Kind == ir.KindRef {
			cp := *items.Resolve()
			cp.Pos = items.Pos
			items = &cp
			t.Items = items
		}
		c.applySpecific(items, forItems, pos)
	}
}

func (c *conv) applyScalar(t *ir.Type, p tagPair, enumSet *bool) {
	numeric := t.Kind == ir.KindInteger || t.Kind == ir.KindNumber
	val := func() (ir.Value, bool) {
		switch {
		case numeric:
			n, ok := number(p.Value)
			return ir.Value(n), ok
		case t.Kind == ir.KindBoolean:
			if p.Value == "true" || p.Value == "false" {
				return ir.Value(p.Value), true
			}
			return nil, false
		}
		return ir.MarshalValue(p.Value), true
	}
	switch p.Key {
	case "minLength":
		t.MinLength = parseCount(p.Value)
	case "maxLength":
		t.MaxLength = parseCount(p.Value)
	case "pattern":
		t.Pattern = p.Value
	case "format":
		t.Format = p.Value
	case "readOnly":
		t.ReadOnly, _ = strconv.ParseBool(p.Value)
	case "writeOnly":
		t.WriteOnly, _ = strconv.ParseBool(p.Value)
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		if n, ok := number(p.Value); ok {
			*numberField(t, p.Key) = ir.Num(n)
		}
	case "default":
		if v, ok := val(); ok {
			t.Default = v
		}
	case "example":
		if v, ok := val(); ok {
			t.Examples = append(t.Examples, v)
		}
	case "enum":
		if v, ok := val(); ok {
			if !*enumSet {
				t.Enum, *enumSet = nil, true // the tag's list replaces a const-block enum
			}
			t.Enum = append(t.Enum, v)
		}
	}
}

func parseCount(s string) *int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return nil
	}
	return &n
}

// number reads a tag's number, accepting what invopop's toJSONNumber
// accepts (an int64 or a float). Go spellings JSON lacks ("+1", "00",
// ".5", "0x1p-2") are rewritten as JSON numbers, so the output stays
// valid JSON.
func number(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if orderedjson.IsNumber(s) {
		return s, true
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return strconv.FormatInt(n, 10), true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !isInfOrNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64), true
	}
	return "", false
}

func isInfOrNaN(f float64) bool {
	return f != f || f > 1.7976931348623157e308 || f < -1.7976931348623157e308
}

func numberField(t *ir.Type, key string) **ir.Number {
	switch key {
	case "minimum":
		return &t.Minimum
	case "maximum":
		return &t.Maximum
	case "exclusiveMinimum":
		return &t.ExclusiveMinimum
	case "exclusiveMaximum":
		return &t.ExclusiveMaximum
	}
	return &t.MultipleOf
}

// extras converts jsonschema_extras (values as gotags.ExtraValue); a
// repeated key collects its values in a list.
func extras(tag string) []ir.Keyword {
	var keys []string
	vals := map[string][]any{}
	for _, p := range parseExtras(tag) {
		if _, ok := vals[p.Key]; !ok {
			keys = append(keys, p.Key)
		}
		vals[p.Key] = append(vals[p.Key], gotags.ExtraValue(p.Value))
	}
	var out []ir.Keyword
	for _, k := range keys {
		vs := vals[k]
		if len(vs) == 1 {
			out = append(out, ir.Keyword{Name: k, Value: ir.MarshalValue(vs[0])})
			continue
		}
		out = append(out, ir.Keyword{Name: k, Value: ir.MarshalValue(vs)})
	}
	return out
}
