package runtime

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/tscg/tscg/internal/orderedjson"
)

// kindTagKeys are the invopop keys that apply to one kind of value; the
// others are ignored (the Go frontend warns about them).
var kindTagKeys = map[string]map[string]bool{
	"string":  keySet("minLength", "maxLength", "pattern", "format", "readOnly", "writeOnly", "default", "example", "enum"),
	"integer": keySet("multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "default", "example", "enum"),
	"number":  keySet("multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "default", "example", "enum"),
	"boolean": keySet("default"),
}

func keySet(keys ...string) map[string]bool {
	m := map[string]bool{}
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// kindOf names the kind of a schema built by the reflector: its "type",
// or "ref", "union" or "" (any).
func kindOf(s map[string]any) string {
	if t, ok := s["type"].(string); ok {
		return t
	}
	if _, ok := s["$ref"]; ok {
		return "ref"
	}
	return ""
}

// applyFieldTag applies a field's jsonschema and jsonschema_extras tags in
// the frontend's order: title, a type override or a type union, then the
// kind-specific keys, then the extras (which never replace a keyword).
func applyFieldTag(s map[string]any, st schemaTag, extrasTag string) map[string]any {
	var specific []tagPair
	for _, p := range st.Pairs {
		switch p.Key {
		case "title":
			s["title"] = p.Value
		case "description", "anchor", "oneof_ref", "anyof_ref", "oneof_required", "anyof_required":
		case "type":
			if jsonKinds[p.Value] {
				s = carryAnnotations(s, bareKind(p.Value))
			}
		case "oneof_type", "anyof_type":
			if u := typeUnion(p); u != nil {
				s = carryAnnotations(s, u)
			}
		default:
			specific = append(specific, p)
		}
	}
	applySpecific(s, specific)
	keys, vals := tagExtras(extrasTag)
	for _, k := range keys {
		if _, set := s[k]; !set {
			s[k] = vals[k]
		}
	}
	return s
}

var jsonKinds = keySet("string", "integer", "number", "boolean", "array", "object", "null")

// bareKind is the schema of a kind named in a tag: an object is closed
// and has no properties, as the compiler renders an empty Go struct.
func bareKind(kind string) map[string]any {
	if kind == "object" {
		return map[string]any{"type": kind, "properties": map[string]any{}, "additionalProperties": false}
	}
	return map[string]any{"type": kind}
}

// carryAnnotations keeps the title and description of old on a
// replacement schema.
func carryAnnotations(old, s map[string]any) map[string]any {
	for _, k := range []string{"title", "description"} {
		if v, ok := old[k]; ok {
			s[k] = v
		}
	}
	return s
}

func typeUnion(p tagPair) map[string]any {
	var alts []any
	for _, name := range strings.Split(p.Value, ";") {
		if jsonKinds[name] {
			alts = append(alts, bareKind(name))
		}
	}
	if alts == nil {
		return nil // no known type: an empty oneOf would not compile
	}
	key := "anyOf"
	if p.Key == "oneof_type" {
		key = "oneOf"
	}
	return map[string]any{key: alts}
}

// applySpecific applies kind-specific keys; an array passes the keys it
// does not take itself to its items, as invopop does.
func applySpecific(s map[string]any, pairs []tagPair) {
	kind := kindOf(s)
	var forItems []tagPair
	var defaults []any
	enumSet := false
	for _, p := range pairs {
		if kind == "array" {
			switch p.Key {
			case "minItems", "maxItems":
				setCount(s, p.Key, p.Value)
			case "uniqueItems":
				s["uniqueItems"] = true
			case "default":
				defaults = append(defaults, p.Value)
			default:
				forItems = append(forItems, p)
			}
			continue
		}
		if kindTagKeys[kind][p.Key] {
			applyScalar(s, kind, p, &enumSet)
		}
	}
	if defaults != nil {
		s["default"] = defaults
	}
	if items, ok := s["items"].(map[string]any); ok && len(forItems) > 0 {
		applySpecific(items, forItems)
	}
}

func applyScalar(s map[string]any, kind string, p tagPair, enumSet *bool) {
	switch p.Key {
	case "minLength", "maxLength":
		setCount(s, p.Key, p.Value)
	case "pattern", "format":
		s[p.Key] = p.Value
	case "readOnly", "writeOnly":
		if b, _ := strconv.ParseBool(p.Value); b {
			s[p.Key] = true
		} else {
			delete(s, p.Key)
		}
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		if n, ok := tagNumber(p.Value); ok {
			s[p.Key] = n
		}
	case "default":
		if v, ok := tagValue(kind, p.Value); ok {
			s["default"] = v
		}
	case "example":
		if v, ok := tagValue(kind, p.Value); ok {
			ex, _ := s["examples"].([]any)
			s["examples"] = append(ex, v)
		}
	case "enum":
		if v, ok := tagValue(kind, p.Value); ok {
			vals, _ := s["enum"].([]any)
			if !*enumSet {
				vals, *enumSet = nil, true // the tag's list replaces any enum the type had
			}
			s["enum"] = append(vals, v)
		}
	}
}

// tagValue reads a default, example or enum value for a kind: numbers
// as numbers, booleans as booleans, the rest as strings.
func tagValue(kind, v string) (any, bool) {
	switch kind {
	case "integer", "number":
		return tagNumber(v)
	case "boolean":
		if v == "true" || v == "false" {
			return v == "true", true
		}
		return nil, false
	}
	return v, true
}

// tagNumber accepts what invopop's toJSONNumber accepts: an int64 or a
// finite float. Go spellings JSON lacks ("+1", "007", ".5", "0x1p-2") are
// rewritten in JSON's.
func tagNumber(s string) (json.Number, bool) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if !orderedjson.IsNumber(s) {
			s = strconv.FormatInt(n, 10)
		}
		return json.Number(s), true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return "", false
	}
	if !orderedjson.IsNumber(s) {
		s = strconv.FormatFloat(f, 'g', -1, 64)
	}
	return json.Number(s), true
}

// setCount sets a non-negative count keyword; an invalid value removes it,
// as in the frontend.
func setCount(s map[string]any, key, v string) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		delete(s, key)
		return
	}
	s[key] = n
}

// nullable adds null to a schema: to "type" (and "enum") of a typed
// schema, as an alternative of a union, or as anyOf [ref, null].
func nullable(s map[string]any) map[string]any {
	null := map[string]any{"type": "null"}
	if ref, ok := s["$ref"]; ok {
		delete(s, "$ref")
		s["anyOf"] = []any{map[string]any{"$ref": ref}, null}
		return s
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		if alts, ok := s[k].([]any); ok {
			s[k] = append(alts, null)
			return s
		}
	}
	t, ok := s["type"].(string)
	if !ok || t == "null" {
		return s
	}
	s["type"] = []any{t, "null"}
	if enum, ok := s["enum"].([]any); ok && !containsNil(enum) {
		s["enum"] = append(enum, nil)
	}
	return s
}

func containsNil(vs []any) bool {
	for _, v := range vs {
		if v == nil {
			return true
		}
	}
	return false
}
