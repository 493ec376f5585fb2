package jsonval

import (
	"math/big"
	"unicode/utf8"
)

// assertions checks the keywords that look at v alone.
func (vd *validator) assertions(s *Schema, v any) []*Error {
	var errs []*Error
	if s.Types != 0 {
		if got := typeName(v); !s.Types.allows(got) {
			errs = append(errs, vd.fail(s, KindType, "type", s.Types, got))
		}
	}
	if s.Const != nil && !equal(*s.Const, v) {
		errs = append(errs, vd.fail(s, KindConst, "const", *s.Const, v))
	}
	if s.Enum != nil && !inEnum(s.Enum, v) {
		errs = append(errs, vd.fail(s, KindEnum, "enum", s.Enum, v))
	}
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
	if s.MultipleOf != nil && !multipleOf(r, s.MultipleOf) {
		errs = append(errs, vd.fail(s, KindMultipleOf, "multipleOf", s.MultipleOf, v))
	}
	return errs
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
