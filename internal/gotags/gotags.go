// Package gotags parses the Go struct tags tscg reads: encoding/json's
// json tag and invopop/jsonschema's jsonschema and jsonschema_extras tags.
// The Go frontend (reading source) and the runtime's reflection path
// (reading compiled types) share it, so a struct gets one schema either
// way. It depends on the standard library only, as the runtime must.
package gotags

import (
	"encoding/json"
	"strings"

	"github.com/tscg/tscg/internal/orderedjson"
)

// JSONTag is a parsed `json:"…"` struct tag.
type JSONTag struct {
	Name     string
	Skip     bool // json:"-"
	Optional bool // omitempty or omitzero
	String   bool // ,string
	Inline   bool // ,inline (not encoding/json, but invopop flattens it)
}

// ParseJSON reads a json tag the way encoding/json does: a lone "-"
// skips the field, "-," names it "-".
func ParseJSON(tag string) JSONTag {
	if tag == "-" {
		return JSONTag{Skip: true}
	}
	name, opts, _ := strings.Cut(tag, ",")
	jt := JSONTag{Name: name}
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		switch o {
		case "omitempty", "omitzero":
			jt.Optional = true
		case "string":
			jt.String = true
		case "inline":
			jt.Inline = true
		}
	}
	return jt
}

// SchemaTag is a parsed `jsonschema:"…"` tag in invopop's syntax: a comma
// separated list of key=value pairs and bare flags, where "\," escapes a
// comma inside a value.
type SchemaTag struct {
	Skip     bool
	Required bool
	Nullable bool
	// Pairs keeps key=value items in order (enum and example repeat).
	Pairs []Pair
	// Unknown lists items that are neither a known key nor a known flag.
	Unknown []string
	// Description is set when the whole tag reads as prose, the style of
	// google/jsonschema-go, instead of invopop's key=value list.
	Description string
}

// Pair is one key=value item of a tag.
type Pair struct{ Key, Value string }

// KnownKeys are the invopop keys tscg understands.
var KnownKeys = map[string]bool{
	"title": true, "description": true, "type": true, "enum": true, "default": true, "example": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "pattern": true, "format": true, "readOnly": true, "writeOnly": true,
	"minItems": true, "maxItems": true, "uniqueItems": true, "anchor": true,
	"oneof_type": true, "anyof_type": true, "oneof_ref": true, "anyof_ref": true,
	"oneof_required": true, "anyof_required": true,
}

// SchemaSkip is ParseSchema(tag).Skip without parsing the rest: the
// first item is "-".
func SchemaSkip(tag string) bool {
	return tag == "-" || strings.HasPrefix(tag, "-,")
}

// ParseSchema parses a jsonschema tag. A tag whose first item is
// neither a known key=value nor a known flag is prose: the whole tag is a
// description (google/jsonschema-go writes `jsonschema:"the user's name"`).
func ParseSchema(tag string) SchemaTag {
	var st SchemaTag
	if strings.TrimSpace(tag) == "" {
		return st
	}
	items := SplitUnescaped(tag)
	if items[0] == "-" {
		st.Skip = true
		return st
	}
	if !knownItem(items[0]) {
		st.Description = strings.TrimSpace(tag)
		return st
	}
	for _, it := range items {
		switch {
		case it == "required":
			st.Required = true
		case it == "nullable":
			st.Nullable = true
		case it == "":
		default:
			k, v, ok := strings.Cut(it, "=")
			if ok && KnownKeys[k] {
				st.Pairs = append(st.Pairs, Pair{k, v})
			} else {
				st.Unknown = append(st.Unknown, it)
			}
		}
	}
	return st
}

func knownItem(it string) bool {
	if it == "required" || it == "nullable" || it == "" {
		return true
	}
	k, _, ok := strings.Cut(it, "=")
	return ok && KnownKeys[k]
}

// SplitUnescaped splits on commas not preceded by a backslash, dropping
// the backslash, as invopop does.
func SplitUnescaped(s string) []string {
	var out []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == ',':
			cur.WriteByte(',')
			i++
		case s[i] == ',':
			out = append(out, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(out, cur.String())
}

// ParseExtras reads `jsonschema_extras:"k=v,…"`; a repeated key becomes a
// list, "true"/"false" become booleans, as in invopop.
func ParseExtras(tag string) []Pair {
	if tag == "" {
		return nil
	}
	var out []Pair
	for _, it := range SplitUnescaped(tag) {
		if k, v, ok := strings.Cut(it, "="); ok {
			out = append(out, Pair{k, v})
		}
	}
	return out
}

// ExtraValue is a jsonschema_extras value as JSON: "true" and "false" are
// booleans (as in invopop), a JSON number literal is a number (invopop
// keeps it a string, which makes minimum=0 an invalid schema), anything
// else is a string. A number with space around it ("0 ", which
// json.Valid accepts) stays a string: json.Number holds the literal alone.
func ExtraValue(v string) any {
	switch {
	case v == "true" || v == "false":
		return v == "true"
	case orderedjson.IsNumber(v):
		return json.Number(v)
	}
	return v
}
