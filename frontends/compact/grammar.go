package compact

import (
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// The compact grammar's words, shared by this reader and its writer
// (codegen/describe), so that what one writes the other reads back.

// PolicyWords names each object policy as the compact form writes it.
var PolicyWords = map[ir.Additional]string{ir.AdditionalDefault: "default", ir.AdditionalOpen: "open",
	ir.AdditionalClosed: "closed", ir.AdditionalTyped: "typed"}

// IsBareWord reports whether s can be written without quotes: an
// identifier-like word that is not a JSON keyword.
func IsBareWord(s string) bool {
	if s == "" || s == "true" || s == "false" || s == "null" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
		case i > 0 && ('0' <= r && r <= '9' || r == '-' || r == '.' || r == '/'):
		default:
			return false
		}
	}
	return !strings.HasSuffix(s, ".") && !strings.Contains(s, "..")
}

// TitleCase is the title generators like pydantic derive from a name:
// "max_length" → "Max Length" (Python's str.title after "_" → " ").
func TitleCase(name string) string {
	words := strings.Split(name, "_")
	for i, w := range words {
		if w == "" {
			return ""
		}
		words[i] = strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
	}
	return strings.Join(words, " ")
}
