package golang

import (
	"strings"
)

// jsonTag is a parsed `json:"…"` struct tag.
type jsonTag struct {
	Name     string
	Skip     bool // json:"-"
	Optional bool // omitempty or omitzero
	String   bool // ,string
	Inline   bool // ,inline (not encoding/json, but invopop flattens it)
}

// parseJSONTag reads a json tag the way encoding/json does: a lone "-"
// skips the field, "-," names it "-".
func parseJSONTag(tag string) jsonTag {
	if tag == "-" {
		return jsonTag{Skip: true}
	}
	name, opts, _ := strings.Cut(tag, ",")
	jt := jsonTag{Name: name}
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

// schemaTag is a parsed `jsonschema:"…"` tag in invopop's syntax: a comma
// separated list of key=value pairs and bare flags, where "\," escapes a
// comma inside a value.
type schemaTag struct {
	Skip     bool
	Required bool
	Nullable bool
	// Pairs keeps key=value items in order (enum and example repeat).
	Pairs []tagPair
	// Unknown lists items that are neither a known key nor a known flag.
	Unknown []string
	// Description is set when the whole tag reads as prose, the style of
	// google/jsonschema-go, instead of invopop's key=value list.
	Description string
}

type tagPair struct{ Key, Value string }

// knownKeys are the invopop keys tscg understands.
var knownKeys = map[string]bool{
	"title": true, "description": true, "type": true, "enum": true, "default": true, "example": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "pattern": true, "format": true, "readOnly": true, "writeOnly": true,
	"minItems": true, "maxItems": true, "uniqueItems": true, "anchor": true,
	"oneof_type": true, "anyof_type": true, "oneof_ref": true, "anyof_ref": true,
	"oneof_required": true, "anyof_required": true,
}

// parseSchemaTag parses a jsonschema tag. A tag whose first item is
// neither a known key=value nor a known flag is prose: the whole tag is a
// description (google/jsonschema-go writes `jsonschema:"the user's name"`).
func parseSchemaTag(tag string) schemaTag {
	var st schemaTag
	if strings.TrimSpace(tag) == "" {
		return st
	}
	items := splitUnescaped(tag)
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
			if ok && knownKeys[k] {
				st.Pairs = append(st.Pairs, tagPair{k, v})
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
	return ok && knownKeys[k]
}

// splitUnescaped splits on commas not preceded by a backslash, dropping
// the backslash, as invopop does.
func splitUnescaped(s string) []string {
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

// parseExtras reads `jsonschema_extras:"k=v,…"`; a repeated key becomes a
// list, "true"/"false" become booleans, as in invopop.
func parseExtras(tag string) []tagPair {
	if tag == "" {
		return nil
	}
	var out []tagPair
	for _, it := range splitUnescaped(tag) {
		if k, v, ok := strings.Cut(it, "="); ok {
			out = append(out, tagPair{k, v})
		}
	}
	return out
}
