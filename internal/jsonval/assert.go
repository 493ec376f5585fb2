package jsonval

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// gate checks type, const and enum. A value that fails one of them is
// reported by that alone: the schema's other keywords were written for
// another kind of value, and what they say would be noise (santhosh v6
// reports the same way).
func (vd *validator) gate(s *Schema, v any) []*Error {
	if s.Types != 0 {
		if got := typeName(v); !s.Types.allows(got) {
			if vd.quick {
				return decided // before boxing got: deciding allocates nothing
			}
			return []*Error{vd.fail(s, KindType, "type", s.Types, got)}
		}
	}
	if s.Const != nil && !equal(*s.Const, v) {
		if vd.quick {
			return decided
		}
		return []*Error{vd.fail(s, KindConst, "const", *s.Const, v)}
	}
	if s.Enum != nil && !inEnum(s.Enum, v) {
		if vd.quick {
			return decided
		}
		return []*Error{vd.fail(s, KindEnum, "enum", s.Enum, v)}
	}
	return nil
}

// assertions checks the other keywords that look at v alone.
func (vd *validator) assertions(s *Schema, v any) []*Error {
	var errs []*Error
	if isNumber(v) {
		errs = append(errs, vd.number(s, v)...)
	}
	if str, ok := v.(string); ok {
		errs = append(errs, vd.str(s, str)...)
	}
	if s.format != nil {
		if err := s.format(v); err != nil {
			errs = append(errs, vd.fail(s, KindFormat, "format", s.Format, err))
		}
	}
	return errs
}

func inEnum(values []any, v any) bool {
	for _, e := range values {
		if equal(e, v) {
			return true
		}
	}
	return false
}

func (vd *validator) number(s *Schema, v any) []*Error {
	if s.Minimum == nil && s.Maximum == nil && s.ExclusiveMinimum == nil && s.ExclusiveMaximum == nil && s.MultipleOf == nil {
		return nil
	}
	if f, ok := shortDecimal(v); ok && s.bounds.short && s.MultipleOf == nil {
		return vd.floatBounds(s, v, f)
	}
	r, ok := toRat(v)
	if !ok {
		return nil
	}
	var errs []*Error
	check := func(bound *big.Rat, k Kind, key string, bad func(c int) bool) {
		if bound != nil && bad(r.Cmp(bound)) {
			errs = append(errs, vd.fail(s, k, key, bound, v))
		}
	}
	check(s.Minimum, KindMinimum, "minimum", func(c int) bool { return c < 0 })
	check(s.Maximum, KindMaximum, "maximum", func(c int) bool { return c > 0 })
	check(s.ExclusiveMinimum, KindExclusiveMinimum, "exclusiveMinimum", func(c int) bool { return c <= 0 })
	check(s.ExclusiveMaximum, KindExclusiveMaximum, "exclusiveMaximum", func(c int) bool { return c >= 0 })
	if s.MultipleOf != nil && !multipleOfValue(v, r, s.MultipleOf) {
		errs = append(errs, vd.fail(s, KindMultipleOf, "multipleOf", s.MultipleOf, v))
	}
	return errs
}

// multipleOfValue is multipleOf for v, whose value is r unless big.Rat
// could not hold it.
func multipleOfValue(v any, r, m *big.Rat) bool {
	if n, ok := v.(json.Number); ok {
		if _, exact := new(big.Rat).SetString(string(n)); !exact {
			return multipleOfText(string(n), m)
		}
	}
	return multipleOf(r, m)
}

// multipleOf reports whether r/m is an integer, exactly. A quotient too
// large to hold exactly (1e308 / 0.123456789e-300) cannot be computed in
// reasonable time; such numbers are beyond any float64 tool anyway, so a
// huge numerator is judged by float64 arithmetic.
func multipleOf(r, m *big.Rat) bool {
	if r.Num().BitLen()+m.Denom().BitLen() > 4096 {
		fr, _ := r.Float64()
		fm, _ := m.Float64()
		q := fr / fm
		return q == float64(int64(q)) || q > 1<<62 || q < -(1<<62)
	}
	return new(big.Rat).Quo(r, m).IsInt()
}

func (vd *validator) str(s *Schema, str string) []*Error {
	var errs []*Error
	if s.MinLength != nil || s.MaxLength != nil {
		n := utf8.RuneCountInString(str)
		if s.MinLength != nil && n < *s.MinLength {
			errs = append(errs, vd.fail(s, KindMinLength, "minLength", *s.MinLength, n))
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			errs = append(errs, vd.fail(s, KindMaxLength, "maxLength", *s.MaxLength, n))
		}
	}
	if s.Pattern != nil && !s.Pattern.MatchString(str) {
		errs = append(errs, vd.fail(s, KindPattern, "pattern", s.Pattern.String(), str))
	}
	return errs
}

// floatBounds is the range check when the value and every bound are short
// decimals (see shortDecimal): float64 orders those exactly, without
// big.Rat's allocations.
func (vd *validator) floatBounds(s *Schema, v any, f float64) []*Error {
	var errs []*Error
	b := &s.bounds
	if s.Minimum != nil && f < b.min {
		errs = append(errs, vd.fail(s, KindMinimum, "minimum", s.Minimum, v))
	}
	if s.Maximum != nil && f > b.max {
		errs = append(errs, vd.fail(s, KindMaximum, "maximum", s.Maximum, v))
	}
	if s.ExclusiveMinimum != nil && f <= b.exMin {
		errs = append(errs, vd.fail(s, KindExclusiveMinimum, "exclusiveMinimum", s.ExclusiveMinimum, v))
	}
	if s.ExclusiveMaximum != nil && f >= b.exMax {
		errs = append(errs, vd.fail(s, KindExclusiveMaximum, "exclusiveMaximum", s.ExclusiveMaximum, v))
	}
	return errs
}

// floatBounds are a schema's range bounds as float64, when all of them are
// short decimals.
type floatBounds struct {
	short                  bool
	min, max, exMin, exMax float64
}

// shortDecimal is v as a float64 when v is a json.Number of at most 15
// significant digits without exponent. Any two such decimals convert to
// float64 in the same order (15 digits round-trip through a float64), so
// comparing the floats compares the numbers exactly.
func shortDecimal(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok || len(n) > 32 {
		return 0, false
	}
	digits, leading := 0, true
	for i := 0; i < len(n); i++ {
		c := n[i]
		switch {
		case c == '0' && leading:
		case c >= '0' && c <= '9':
			leading = false
			digits++
		case c == '.' || (c == '-' && i == 0):
		default:
			return 0, false
		}
	}
	if digits > 15 {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil
}

// ratBound is shortDecimal for a bound compiled as a *big.Rat: its
// decimal text must be short too.
func ratBound(r *big.Rat) (float64, bool) {
	if r == nil {
		return 0, true
	}
	exact := r.FloatString(20)
	exact = strings.TrimRight(strings.TrimRight(exact, "0"), ".")
	if r.Cmp(mustRat(exact)) != 0 {
		return 0, false
	}
	return shortDecimal(json.Number(exact))
}

func mustRat(s string) *big.Rat {
	r, _ := new(big.Rat).SetString(s)
	return r
}
