package describe

import (
	"encoding/json"
	"strings"
	"unicode"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/lazyre"
)

// text returns the description to write for an item called name with type
// t (nil for a tool). The compact level keeps it verbatim; the terse level
// drops it when it only restates the name or the type, and otherwise
// strips deterministic filler: the final period, which the grammar's line
// end makes redundant, a leading article, a leading phrase naming the
// kind the signature shows ("array of", "flag indicating"), and a
// sentence stating the default the signature shows ("Defaults to 10.").
func (w *compactWriter) text(desc, name string, t *ir.Type) string {
	if w.level == LevelCompact {
		return desc
	}
	if restates(desc, name, t) {
		return ""
	}
	trimmed := strings.TrimRight(desc, " ")
	if t != nil && t.Default != nil {
		trimmed = dropDefault(trimmed, t.Default)
	}
	if strings.HasSuffix(trimmed, ".") && !strings.HasSuffix(trimmed, "..") && !strings.ContainsAny(trimmed, "\n") {
		trimmed = strings.TrimSuffix(trimmed, ".")
	}
	trimmed = cutPrefix(trimmed, "The ", "A ", "An ")
	if t != nil {
		trimmed = cutPrefix(trimmed, kindPhrases[t.Kind]...)
	}
	return trimmed
}

// cutPrefix removes the first of prefixes that starts s (ignoring the
// case of its first letter) when something follows it.
func cutPrefix(s string, prefixes ...string) string {
	for _, f := range prefixes {
		if len(s) > len(f) && strings.EqualFold(s[:1], f[:1]) && s[1:len(f)] == f[1:] {
			return s[len(f):]
		}
	}
	return s
}

// kindPhrases open descriptions by naming the kind the signature shows.
var kindPhrases = map[ir.Kind][]string{
	ir.KindArray:   {"array of ", "list of "},
	ir.KindBoolean: {"boolean flag indicating ", "boolean flag to ", "flag indicating ", "flag that indicates ", "flag to ", "boolean indicating "},
}

// defaultSentence matches a statement of the default value: "(default:
// 1)", "Defaults to 'metric'.", "Default is true".
var defaultSentence = lazyre.New(`\s*(?:\((?i:default): ([^()]*)\)|(?:^|\. )(?i:defaults? (?:is|to)) ([^ .,;()]+)\.?$)`)

// dropDefault removes a statement of the default from desc when it names
// exactly the default value def, which the signature shows as "= def".
func dropDefault(desc string, def ir.Value) string {
	m := defaultSentence.Get().FindStringSubmatchIndex(desc)
	if m == nil {
		return desc
	}
	var val string
	if m[2] >= 0 {
		val = desc[m[2]:m[3]] // "(default: X)"
	} else {
		val = desc[m[4]:m[5]] // "Defaults to X"
	}
	val = strings.Trim(val, `'"`+"`")
	var s string
	if string(def) != val && !(json.Unmarshal(def, &s) == nil && s == val && s != "") {
		return desc
	}
	out := desc[:m[0]]
	if strings.HasPrefix(strings.TrimSpace(desc[m[0]:]), ". ") {
		out += "." // the sentence before the default statement keeps its period
	}
	return strings.TrimSpace(out + desc[m[1]:])
}

// fillerWords carry no information once the name and type are shown.
var fillerWords = map[string]bool{
	"the": true, "a": true, "an": true, "of": true, "to": true, "for": true, "this": true, "is": true,
	"value": true, "parameter": true, "field": true, "given": true, "specified": true, "provided": true,
}

// abbreviations spell out the short words names use: "repo" restates
// "Repository name", "user_id" restates "The identifier of the user".
var abbreviations = map[string][]string{
	"id": {"identifier"}, "ids": {"identifiers"}, "repo": {"repository"},
	"num": {"number"}, "max": {"maximum"}, "min": {"minimum"}, "desc": {"description"},
	"info": {"information"}, "dir": {"directory"}, "msg": {"message"}, "addr": {"address"},
	"config": {"configuration"}, "qty": {"quantity"}, "lang": {"language"}, "pwd": {"password"},
	"img": {"image"}, "org": {"organization"}, "loc": {"location"}, "temp": {"temperature"},
	"auth": {"authentication", "authorization"}, "db": {"database"}, "url": {"url", "address"},
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
		for _, long := range abbreviations[w] {
			known[long] = true
		}
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
