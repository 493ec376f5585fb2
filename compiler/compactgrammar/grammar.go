// Package compactgrammar is the word list and quoting rule of the compact
// signature grammar (docs/compact.md): its writer (codegen/describe) and
// its reader (frontends/compact) both import it, so what one writes the
// other reads back, and neither stage imports the other.
package compactgrammar

import (
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// ObjectsHeader opens the line naming the catalog's unmarked object policy.
const ObjectsHeader = "%objects "

// Modifier words written after a type (a trailing ":" takes a value).
const (
	Unique     = "unique"
	Deprecated = "deprecated"
	ReadOnly   = "readonly"
	WriteOnly  = "writeonly"
	Titled     = "titled"
	AllOf      = "allof"
	Also       = "also" // allOf entries the JSON had beside the type's keywords (ir.Type.Beside)
	Const      = "const"
	Mult       = "mult"
	Pattern    = "pattern"
	Format     = "format"
	Disc       = "disc"
	Title      = "title"
	Examples   = "ex"
)

// Range prefixes: "val:1..5" bounds a number, "len:" a string, "items:" an
// array and "props:" an object.
const (
	RangeValue = "val"
	RangeLen   = "len"
	RangeItems = "items"
	RangeProps = "props"
)

// PropsListed follows "props:" on an open or typed object without
// properties whose schema still writes "properties": {} (ir.Type.PropertiesKept).
const PropsListed = "{}"

// Tool attributes, written "@word" (or "@word:value") before a tool.
const (
	AttrReadOnly    = "readonly"
	AttrDestructive = "destructive"
	AttrIdempotent  = "idempotent"
	AttrOpenWorld   = "openworld"
	AttrApproval    = "approval"
	AttrDeprecated  = "deprecated"
	AttrTitle       = "title:"
	AttrGroup       = "group:"
	AttrExample     = "example:"
)

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

// NaturalRange is the range prefix a bare "lo..hi" bound means on each
// kind: the writer omits it there and the reader supplies it.
var NaturalRange = map[ir.Kind]string{ir.KindInteger: RangeValue, ir.KindNumber: RangeValue, ir.KindString: RangeLen,
	ir.KindArray: RangeItems, ir.KindObject: RangeProps}
