package describe

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tscg/tscg/internal/lazyre"

	"github.com/tscg/tscg/compiler/ir"
)

// Example synthesises one value valid for t by construction: required
// properties only, the first enum value or the const, the default when
// there is one, bounds respected. ok is false when no value could be
// built (never, unsatisfiable combinations such as patterns).
func Example(t *ir.Type) (ir.Value, bool) {
	v, ok := synth(t, 0)
	if !ok {
		return nil, false
	}
	return ir.MarshalValue(v), true
}

func synth(t *ir.Type, depth int) (any, bool) {
	if t == nil || depth > 12 {
		return nil, t == nil
	}
	if t.Const != nil {
		return raw(t.Const), fits(t.Const, t)
	}
	if len(t.Enum) > 0 {
		for _, e := range t.Enum {
			if fits(e, t) {
				return raw(e), true
			}
		}
		return nil, false
	}
	if t.Default != nil && len(t.AllOf) == 0 && fits(t.Default, t) && simple(t) {
		return raw(t.Default), true
	}
	if len(t.AllOf) > 0 || len(t.Extra) > 0 && hasAssertion(t.Extra) {
		return nil, false
	}
	switch t.Kind {
	case ir.KindAny, ir.KindNull:
		return nil, true
	case ir.KindBoolean:
		return true, true
	case ir.KindInteger, ir.KindNumber:
		return number(t)
	case ir.KindString:
		return str(t)
	case ir.KindArray:
		return array(t, depth)
	case ir.KindObject:
		return object(t, depth)
	case ir.KindRef:
		if t.Ref == nil {
			return nil, false
		}
		return synth(t.Ref.Type, depth+1)
	case ir.KindUnion:
		for _, v := range t.Variants {
			if x, ok := synth(v, depth+1); ok && (t.UnionStyle == ir.AnyOf || len(t.Variants) == 1) {
				return x, true
			}
		}
	}
	return nil, false
}

// fits reports whether a literal's JSON type agrees with t's kind (real
// catalogs carry defaults and enums of the wrong type).
func fits(v ir.Value, t *ir.Type) bool {
	if t.Nullable && string(v) == "null" {
		return true
	}
	c := v[0]
	switch t.Kind {
	case ir.KindString:
		return c == '"'
	case ir.KindInteger:
		_, err := strconv.ParseInt(string(v), 10, 64)
		return err == nil
	case ir.KindNumber:
		return c == '-' || '0' <= c && c <= '9'
	case ir.KindBoolean:
		return c == 't' || c == 'f'
	case ir.KindNull:
		return c == 'n'
	case ir.KindAny:
		return true
	}
	return false
}

// simple reports whether t has no constraint a default could break.
func simple(t *ir.Type) bool {
	return t.MinLength == nil && t.MaxLength == nil && t.Pattern == "" && t.Format == "" && t.Minimum == nil &&
		t.Maximum == nil && t.ExclusiveMinimum == nil && t.ExclusiveMaximum == nil && t.MultipleOf == nil
}

func hasAssertion(extra []ir.Keyword) bool {
	for _, k := range extra {
		switch k.Name {
		case "not", "if", "then", "else", "contains", "dependentRequired", "dependentSchemas", "patternProperties", "propertyNames", "additionalItems", "unevaluatedProperties", "$ref", "$dynamicRef":
			return true
		}
	}
	return false
}

func raw(v ir.Value) any {
	var x any
	d := json.NewDecoder(strings.NewReader(string(v)))
	d.UseNumber()
	_ = d.Decode(&x)
	return x
}

func number(t *ir.Type) (any, bool) {
	if t.MultipleOf != nil || t.ExclusiveMaximum != nil {
		return nil, false
	}
	n := 1.0
	if t.Minimum != nil {
		f, _ := strconv.ParseFloat(string(*t.Minimum), 64)
		n = f
	}
	if t.ExclusiveMinimum != nil {
		f, _ := strconv.ParseFloat(string(*t.ExclusiveMinimum), 64)
		if n <= f {
			n = f + 1
		}
	}
	if t.Maximum != nil {
		if f, _ := strconv.ParseFloat(string(*t.Maximum), 64); n > f {
			n = f
		}
	}
	if t.Kind == ir.KindInteger {
		n = float64(int64(n))
	}
	return json.Number(strconv.FormatFloat(n, 'f', -1, 64)), true
}

// formatExamples are sample values of common formats.
var formatExamples = map[string]string{"date-time": "2025-01-31T12:00:00Z", "date": "2025-01-31", "time": "12:00:00Z",
	"email": "user@example.com", "uri": "https://example.com", "url": "https://example.com", "uuid": "123e4567-e89b-12d3-a456-426614174000",
	"ipv4": "192.0.2.1", "ipv6": "2001:db8::1", "hostname": "example.com"}

func str(t *ir.Type) (any, bool) {
	if s, ok := realistic(t); ok {
		return s, true
	}
	if t.Pattern != "" {
		return nil, false
	}
	s := "example"
	if f, ok := formatExamples[t.Format]; ok {
		s = f
	} else if t.Format != "" {
		return nil, false
	}
	if t.MaxLength != nil && int64(len(s)) > *t.MaxLength {
		s = strings.Repeat("x", int(*t.MaxLength))
	}
	if t.MinLength != nil && int64(len(s)) < *t.MinLength {
		s += strings.Repeat("x", int(*t.MinLength)-len(s))
	}
	return s, true
}

func array(t *ir.Type, depth int) (any, bool) {
	out := []any{}
	for _, c := range t.PrefixItems {
		v, ok := synth(c, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	n := int64(len(out))
	if t.MinItems != nil && *t.MinItems > n {
		if t.Items == nil || t.UniqueItems {
			return nil, false
		}
		v, ok := synth(t.Items, depth+1)
		if !ok {
			return nil, false
		}
		for ; n < *t.MinItems; n++ {
			out = append(out, v)
		}
	}
	return out, true
}

func object(t *ir.Type, depth int) (any, bool) {
	if t.MinProperties != nil || t.MaxProperties != nil {
		return nil, false
	}
	o := orderedArgs{}
	for _, p := range t.Properties {
		if !p.Required {
			continue
		}
		v, ok := synth(p.Type, depth+1)
		if !ok {
			return nil, false
		}
		o = append(o, arg{p.Name, v})
	}
	return o, true
}

type arg struct {
	name string
	val  any
}

// orderedArgs marshals as an object in property order.
type orderedArgs []arg

func (o orderedArgs) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, a := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsonString(a.name) + ":" + string(ir.MarshalValue(a.val)))
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// givenExample matches a sample value a description gives in quotes:
// e.g. "Beijing, China", for example 'x', such as “x”, 例如“北京”.
var givenExample = lazyre.New(`(?i)(?:e\.g\.|for example|for instance|such as|例如|比如|如)[,:：，]?\s*(?:"([^"\n]{1,80})"|'([^'\n]{1,80})'|“([^”\n]{1,80})”|「([^」\n]{1,80})」)`)

// realistic is a string the schema itself offers as a sample: its first
// example, else a value its description quotes after "e.g." (or 例如),
// when it meets the length bounds and any pattern.
func realistic(t *ir.Type) (string, bool) {
	var cands []string
	for _, e := range t.Examples {
		var s string
		if json.Unmarshal(e, &s) == nil {
			cands = append(cands, s)
		}
	}
	// givenExample needs one of its quotes: without one it cannot match,
	// and it is neither compiled nor run (its compilation was ~1.5 % of a
	// small build).
	if strings.ContainsAny(t.Description, "\"'“「") {
		if m := givenExample.FindStringSubmatch(t.Description); m != nil {
			for _, g := range m[1:] {
				if g != "" {
					cands = append(cands, g)
				}
			}
		}
	}
	for _, s := range cands {
		n := int64(utf8.RuneCountInString(s))
		if t.MinLength != nil && n < *t.MinLength || t.MaxLength != nil && n > *t.MaxLength {
			continue
		}
		if t.Pattern != "" {
			re, err := regexp.Compile(t.Pattern)
			if err != nil || !re.MatchString(s) {
				continue
			}
		}
		return s, true
	}
	return "", false
}
