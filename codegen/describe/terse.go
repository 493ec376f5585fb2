package describe

import (
	"strings"
	"unicode"

	"github.com/tscg/tscg/compiler/ir"
)

// text returns the description to write for an item called name with type
// t (nil for a tool). The compact level keeps it verbatim; the terse level
// drops it when it only restates the name or the type, and otherwise
// removes the final period, which the grammar's line end makes redundant.
func (w *compactWriter) text(desc, name string, t *ir.Type) string {
	if w.level == LevelCompact {
		return desc
	}
	if restates(desc, name, t) {
		return ""
	}
	trimmed := strings.TrimRight(desc, " ")
	if strings.HasSuffix(trimmed, ".") && !strings.HasSuffix(trimmed, "..") && !strings.ContainsAny(trimmed, "\n") {
		trimmed = strings.TrimSuffix(trimmed, ".")
	}
	for _, f := range []string{"The ", "A ", "An "} {
		if strings.HasPrefix(trimmed, f) && len(trimmed) > len(f) {
			trimmed = trimmed[len(f):]
			break
		}
	}
	return trimmed
}

// fillerWords carry no information once the name and type are shown.
var fillerWords = map[string]bool{
	"the": true, "a": true, "an": true, "of": true, "to": true, "for": true, "this": true, "is": true,
	"value": true, "parameter": true, "field": true, "given": true, "specified": true, "provided": true,
}

// typeWords name kinds the signature already shows.
var typeWords = map[ir.Kind][]string{
	ir.KindString: {"string", "str", "text"}, ir.KindInteger: {"integer", "int", "number"},
	ir.KindNumber: {"number", "num", "float"}, ir.KindBoolean: {"boolean", "bool", "flag"},
	ir.KindArray: {"array", "list"}, ir.KindObject: {"object"},
}

// restates reports whether every word of desc is a word of name, a word
// naming t's kind, or a filler word: "The user ID." for user_id.
func restates(desc, name string, t *ir.Type) bool {
	words := splitWords(desc)
	if len(words) == 0 || name == "" {
		return false
	}
	known := map[string]bool{}
	for _, w := range splitWords(name) {
		if w == "type" || w == "kind" {
			continue // "The type of the relation" says relationType is a category, not a JSON type
		}
		known[w] = true
		known[strings.TrimSuffix(w, "s")] = true
	}
	if t != nil {
		for _, w := range typeWords[t.Kind] {
			known[w] = true
		}
	}
	seenName := false
	for _, w := range words {
		switch {
		case known[w] || known[strings.TrimSuffix(w, "s")]:
			seenName = true
		case fillerWords[w]:
		default:
			return false
		}
	}
	return seenName
}

// splitWords lower-cases s and splits it at non-letters and at case
// changes (userId → user, id); a description with digits or symbols
// other than sentence punctuation is never a restatement.
func splitWords(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			if unicode.IsUpper(r) && prevLower {
				flush()
			}
			prevLower = unicode.IsLower(r)
			cur = append(cur, unicode.ToLower(r))
		default:
			prevLower = false
			flush()
		}
	}
	flush()
	return out
}
