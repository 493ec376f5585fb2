package ir

import (
	"strings"
	"unicode"
)

// SetProp sets the property of p's name on an object type: it replaces
// one declared earlier (a redeclaration or an override in a subclass or
// an extending interface wins, keeping the first one's place) or appends.
func (t *Type) SetProp(p *Property) {
	for i, q := range t.Properties {
		if q.Name == p.Name {
			t.Properties[i] = p
			return
		}
	}
	t.Properties = append(t.Properties, p)
}

// SnakeCase is the tool name a frontend derives from a type or function
// name: "CalculateExpression" → "calculate_expression", "HTTPServer" →
// "http_server", "Get2FACode" → "get2_fa_code". A word boundary is an
// upper-case letter after a lower-case letter or digit, or the last
// upper-case letter of a run that a lower-case letter follows.
func SnakeCase(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
