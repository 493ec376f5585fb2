package runtime

import "strings"

// The struct tags SchemaFor reads have invopop/jsonschema's meaning, the
// same meaning tscg's Go frontend gives them when it reads the source, so
// a struct gets one schema whether it is compiled or reflected. The parser
// is a copy of the frontend's (frontends/golang/tags.go): the runtime may
// depend only on the standard library and the validator.

// jsonTag is a parsed `json:"…"` struct tag.
type jsonTag struct {
	name     string
	skip     bool // json:"-"
	optional bool // omitempty or omitzero
	str      bool // ,string
	inline   bool // ,inline (not encoding/json, but invopop flattens it)
}

// parseJSONTag reads a json tag the way encoding/json does: a lone "-"
// skips the field, "-," names it "-".
func parseJSONTag(tag string) jsonTag {
	if tag == "-" {
		return jsonTag{skip: true}
	}
	name, opts, _ := strings.Cut(tag, ",")
	jt := jsonTag{name: name}
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		switch o {
		case "omitempty", "omitzero":
			jt.optional = true
		case "string":
			jt.str = true
		case "inline":
			jt.inline = true
		}
	}
	return jt
}

// schemaTag is a parsed `jsonschema:"…"` tag: comma-separated key=value
// pairs and bare flags, "\," escaping a comma inside a value.
type schemaTag struct {
	skip     bool
	required bool
	nullable bool
	pairs    []tagPair // in order: enum and example repeat
	// prose is the whole tag when it reads as a description (the style of
	// google/jsonschema-go) rather than a key=value list.
	prose string
}

type tagPair struct{ key, value string }

// knownTagKeys are the invopop keys the frontend understands; an unknown
// first item makes the tag prose.
var knownTagKeys = map[string]bool{
	"title": true, "description": true, "type": true, "enum": true, "default": true, "example": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "pattern": true, "format": true, "readOnly": true, "writeOnly": true,
	"minItems": true, "maxItems": true, "uniqueItems": true, "anchor": true,
	"oneof_type": true, "anyof_type": true, "oneof_ref": true, "anyof_ref": true,
	"oneof_required": true, "anyof_required": true,
}

// parseSchemaTag parses a jsonschema tag; unknown items are ignored.
func parseSchemaTag(tag string) schemaTag {
	var st schemaTag
	if strings.TrimSpace(tag) == "" {
		return st
	}
	items := splitUnescaped(tag)
	if items[0] == "-" {
		st.skip = true
		return st
	}
	if !knownTagItem(items[0]) {
		st.prose = strings.TrimSpace(tag)
		return st
	}
	for _, it := range items {
		switch it {
		case "required":
			st.required = true
		case "nullable":
			st.nullable = true
		default:
			if k, v, ok := strings.Cut(it, "="); ok && knownTagKeys[k] {
				st.pairs = append(st.pairs, tagPair{k, v})
			}
		}
	}
	return st
}

func knownTagItem(it string) bool {
	if it == "required" || it == "nullable" || it == "" {
		return true
	}
	k, _, ok := strings.Cut(it, "=")
	return ok && knownTagKeys[k]
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

// tagExtras reads `jsonschema_extras:"k=v,…"` as invopop does: true and
// false are booleans, a repeated key collects its values in a list,
// anything else is a string.
func tagExtras(tag string) (keys []string, vals map[string]any) {
	if tag == "" {
		return nil, nil
	}
	lists := map[string][]any{}
	for _, it := range splitUnescaped(tag) {
		k, v, ok := strings.Cut(it, "=")
		if !ok {
			continue
		}
		if _, seen := lists[k]; !seen {
			keys = append(keys, k)
		}
		var x any = v
		if v == "true" || v == "false" {
			x = v == "true"
		}
		lists[k] = append(lists[k], x)
	}
	vals = map[string]any{}
	for k, l := range lists {
		if len(l) == 1 {
			vals[k] = l[0]
		} else {
			vals[k] = l
		}
	}
	return keys, vals
}
