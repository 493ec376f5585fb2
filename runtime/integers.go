package runtime

import (
	"encoding/json"
	"math/big"
	"slices"

	"github.com/tscg/tscg/internal/jsonval"
)

// An integer is an integer. JSON Schema counts any number with a zero
// fraction as an integer (the JSON-Schema-Test-Suite requires 1.0 to pass
// {"type": "integer"}, and 1e308 to be a multiple of 0.5), so the
// validator accepts 1.0, 1e3 and 1e308 for an integer parameter. A tool
// must not receive them as written: Python's json reads 1e3 as the float
// 1000.0 and 1e308 as a float, and encoding/json refuses 1e3 for an int.
// After validation, every number that an integer-typed (sub)schema
// accepted is rewritten in its exact decimal integer form (1e3 → 1000,
// 1.0 → 1, -0 → 0, 1e308 → 1 and 308 zeros), so each tool receives the
// integer the model meant, exactly, whatever its language reads JSON
// numbers as. Whether it fits the tool's own integer type (a Go int64)
// is for the tool's decoder to say; Typed and the generated decoders say
// it with the parameter's pointer and the range.

// forcesInteger reports whether sch declares "integer" and not "number".
func forcesInteger(sch *jsonval.Schema) bool {
	ts := sch.Types.Strings()
	return slices.Contains(ts, "integer") && !slices.Contains(ts, "number")
}

// markIntegers records the subschemas from which an integer-typed schema
// can be reached (a fixpoint over children, so cycles are exact), so the
// walk after validation visits nothing else.
func (s *Schema) markIntegers() {
	s.withIntegers, s.integerTyped = map[*jsonval.Schema]bool{}, map[*jsonval.Schema]bool{}
	for _, sch := range s.byLocation {
		if forcesInteger(sch) {
			s.withIntegers[sch], s.integerTyped[sch] = true, true
		}
	}
	if len(s.withIntegers) == 0 {
		return
	}
	for changed := true; changed; {
		changed = false
		for _, sch := range s.byLocation {
			if s.withIntegers[sch] {
				continue
			}
			for _, c := range children(sch) {
				if c != nil && s.withIntegers[c] {
					s.withIntegers[sch], changed = true, true
					break
				}
			}
		}
	}
}

// exactIntegers rewrites, in place, each number of a valid value that an
// integer-typed subschema applies to into its canonical integer text. It
// reports whether it changed anything.
func (s *Schema) exactIntegers(v any) (any, bool) {
	if len(s.withIntegers) == 0 {
		return v, false
	}
	return s.integers(s.root, v, 0)
}

func (s *Schema) integers(sch *jsonval.Schema, v any, depth int) (any, bool) {
	if sch == nil || depth > 2*DefaultLimits.MaxDepth+16 || !s.withIntegers[sch] {
		return v, false
	}
	changed := false
	if n, ok := v.(json.Number); ok && s.integerTyped[sch] {
		if c, ok := canonicalInteger(n); ok && c != n {
			v, changed = c, true
		}
	}
	var c bool
	if v, c = s.integers(sch.Ref, v, depth+1); c {
		changed = true
	}
	if sch.DynamicRef != nil {
		if v, c = s.integers(sch.DynamicRef.Ref, v, depth+1); c {
			changed = true
		}
	}
	for _, a := range sch.AllOf {
		if v, c = s.integers(a, v, depth+1); c {
			changed = true
		}
	}
	// Of anyOf, oneOf and if/then/else, only the alternatives that the
	// value satisfies apply to it.
	for _, alts := range [2][]*jsonval.Schema{sch.AnyOf, sch.OneOf} {
		for _, a := range alts {
			if s.withIntegers[a] && a.Validate(v) == nil {
				if v, c = s.integers(a, v, depth+1); c {
					changed = true
				}
			}
		}
	}
	if sch.If != nil && (s.withIntegers[sch.Then] || s.withIntegers[sch.Else]) {
		branch := sch.Else
		if sch.If.Validate(v) == nil {
			branch = sch.Then
		}
		if v, c = s.integers(branch, v, depth+1); c {
			changed = true
		}
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if ne, c := s.propertyIntegers(sch, k, e, depth+1); c {
				x[k], changed = ne, true
			}
		}
	case []any:
		for i, e := range x {
			if ne, c := s.integers(itemSchema(sch, i), e, depth+1); c {
				x[i], changed = ne, true
			}
		}
	}
	return v, changed
}

// propertyIntegers applies to property k's value e the subschemas of sch
// that govern it: properties, matching patternProperties, else
// additionalProperties.
func (s *Schema) propertyIntegers(sch *jsonval.Schema, k string, e any, depth int) (any, bool) {
	changed, matched := false, false
	var c bool
	if p, ok := sch.Properties[k]; ok {
		matched = true
		if e, c = s.integers(p, e, depth); c {
			changed = true
		}
	}
	for _, pp := range sch.PatternProperties {
		re, p := pp.Pattern, pp.Schema
		if re.MatchString(k) {
			matched = true
			if e, c = s.integers(p, e, depth); c {
				changed = true
			}
		}
	}
	if !matched {
		if e, c = s.integers(sch.AdditionalProperties, e, depth); c {
			changed = true
		}
	}
	return e, changed
}

// itemSchema is the subschema of sch that applies to item i (2020-12
// prefixItems/items, or draft-07 items/additionalItems).
func itemSchema(sch *jsonval.Schema, i int) *jsonval.Schema {
	if i < len(sch.PrefixItems) {
		return sch.PrefixItems[i]
	}
	return sch.Items
}

// canonicalInteger is n's exact integer text, without fraction, exponent
// or a sign on zero; ok is false when n is not an integer. The decoder
// has bounded n (a finite double, at most 1000 digits), so this costs
// microseconds.
func canonicalInteger(n json.Number) (json.Number, bool) {
	t := string(n)
	plain := len(t) > 0 && t != "-0"
	for i := 0; i < len(t) && plain; i++ {
		plain = t[i] >= '0' && t[i] <= '9' || i == 0 && t[i] == '-'
	}
	if plain {
		return n, true
	}
	r, ok := new(big.Rat).SetString(t)
	if !ok || !r.IsInt() {
		return n, false
	}
	return json.Number(r.Num().String()), true
}
