// Package msg holds the wording violation messages share: how a sent value
// is shown, how lists are cut, the unknown-property message. Package
// runtime's generic validator and runtime/gensupport's generated-code
// support both use it, so a call gets the same words from either path.
package msg

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tscg/tscg/internal/suggest"
)

// Show renders a sent value briefly: scalars as JSON, containers by shape.
func Show(v any) string {
	switch x := v.(type) {
	case map[string]any:
		return fmt.Sprintf("an object with %d propert%s", len(x), map[bool]string{true: "y", false: "ies"}[len(x) == 1])
	case []any:
		return fmt.Sprintf("an array of %d item%s", len(x), Plural(len(x)))
	case string:
		return strconv.Quote(TruncateRunes(x, 60))
	case json.Number:
		return string(x)
	case nil:
		return "null"
	default:
		b, _ := json.Marshal(x)
		return TruncateRunes(string(b), 60)
	}
}

// TruncateRunes cuts s to at most about n bytes at a rune boundary,
// marking the cut with "…".
func TruncateRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := 0
	for i := range s {
		if i > n {
			break
		}
		cut = i
	}
	return s[:cut] + "…"
}

// Plural is the "s" of n items.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// LimitList keeps the first n entries of s and marks the rest with "…".
func LimitList(s []string, n int) []string {
	if len(s) <= n {
		return s
	}
	return append(s[:n:n], "…")
}

// QuoteList quotes each entry and joins them with commas.
func QuoteList(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}

// UnknownProperty is the message for a property an object does not
// declare; known lists the declared names, sorted.
func UnknownProperty(name string, known []string) string {
	m := "unknown property; remove it"
	if s := suggest.Closest(name, known, 1); len(s) > 0 {
		m += " (did you mean " + strconv.Quote(s[0]) + "?)"
	}
	if len(known) > 0 {
		m += "; allowed: " + strings.Join(LimitList(known, 20), ", ")
	}
	return m
}
