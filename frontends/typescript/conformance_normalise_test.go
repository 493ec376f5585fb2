package typescript

// normalise rewrites a JSON Schema into one canonical spelling of what it
// means, so that the conformance comparer sees through encodings that
// differ between tscg and ts-json-schema-generator but accept the same
// values. Each rewrite below is meaning-preserving; none hides a
// difference in the set of accepted values, except where a comment says
// the keyword is an annotation.

import (
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// ignoredKeys are containers and annotations for humans that carry no
// meaning for validation or for the described type.
var ignoredKeys = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "definitions": true, "$defs": true,
}

// typeKeywords say which keywords apply to values of each JSON type, used
// when "type": [a, b] is split into one schema per type.
var typeKeywords = map[string][]string{
	"string":  {"minLength", "maxLength", "pattern", "format"},
	"number":  {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
	"integer": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
	"array":   {"items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems"},
	"object":  {"properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames"},
}

// annotationKeys describe a value without constraining it.
var annotationKeys = map[string]bool{
	"description": true, "title": true, "default": true, "examples": true, "deprecated": true,
	"readOnly": true, "writeOnly": true, "markdownDescription": true,
}

var spaceRun = regexp.MustCompile(`\s+`)

// normalise returns the canonical form of schema s (a bool or an object).
func normalise(s any) any {
	switch x := s.(type) {
	case bool:
		if x {
			return map[string]any{}
		}
		return map[string]any{"not": map[string]any{}}
	case map[string]any:
		return normaliseObject(x)
	default:
		return s
	}
}

func normaliseObject(in map[string]any) map[string]any {
	m := map[string]any{}
	for k, v := range in {
		if !ignoredKeys[k] {
			m[k] = v
		}
	}
	normaliseChildren(m)
	normaliseAnnotations(m)
	if c, ok := m["const"]; ok {
		delete(m, "const")
		m["enum"] = []any{c}
	}
	if ts, ok := m["type"].([]any); ok {
		splitTypes(m, ts)
	}
	normaliseArray(m)
	normaliseObjectKeywords(m)
	literalise(m)
	normaliseUnion(m)
	return m
}

// normaliseChildren normalises every subschema position.
func normaliseChildren(m map[string]any) {
	for _, k := range []string{"items", "additionalItems", "additionalProperties", "not", "propertyNames"} {
		if v, ok := m[k]; ok {
			if l, isList := v.([]any); isList {
				m[k] = normaliseList(l)
			} else {
				m[k] = normalise(v)
			}
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		if l, ok := m[k].([]any); ok {
			m[k] = normaliseList(l)
		}
	}
	for _, k := range []string{"properties", "patternProperties"} {
		if props, ok := m[k].(map[string]any); ok {
			out := map[string]any{}
			for name, p := range props {
				out[name] = normalise(p)
			}
			m[k] = out
		}
	}
}

func normaliseList(l []any) []any {
	out := make([]any, len(l))
	for i, v := range l {
		out[i] = normalise(v)
	}
	return out
}

// normaliseAnnotations compares descriptions modulo whitespace (the
// reference joins a paragraph's lines with spaces, tscg keeps the line
// breaks) and reduces "deprecated" to a boolean: the reference stores the
// deprecation message there, which no draft defines.
func normaliseAnnotations(m map[string]any) {
	for _, k := range []string{"description", "title"} {
		if s, ok := m[k].(string); ok {
			m[k] = strings.TrimSpace(spaceRun.ReplaceAllString(s, " "))
		}
	}
	if d, ok := m["deprecated"]; ok {
		if d == false {
			delete(m, "deprecated")
		} else {
			m["deprecated"] = true
		}
	}
}

// splitTypes turns {"type": [a, b], …} into {"anyOf": [{"type": a, …}, …]},
// giving each branch only the keywords that apply to its type.
func splitTypes(m map[string]any, ts []any) {
	if len(ts) == 1 {
		m["type"] = ts[0]
		return
	}
	var enum []any
	if e, ok := m["enum"].([]any); ok {
		enum = e
		delete(m, "enum")
	}
	delete(m, "type")
	var branches []any
	for _, t := range ts {
		name, _ := t.(string)
		b := map[string]any{"type": name}
		for _, k := range typeKeywords[name] {
			if v, ok := m[k]; ok {
				b[k] = v
			}
		}
		if enum != nil {
			b["enum"] = valuesOfType(enum, name)
		}
		branches = append(branches, normaliseObject(b))
	}
	for _, keys := range typeKeywords {
		for _, k := range keys {
			delete(m, k)
		}
	}
	m["anyOf"] = append(branches, listOr(m["anyOf"])...)
}

func listOr(v any) []any {
	l, _ := v.([]any)
	return l
}

func valuesOfType(enum []any, t string) []any {
	out := []any{}
	for _, v := range enum {
		if jsonType(v) == t || (t == "number" && jsonType(v) == "integer") {
			out = append(out, v)
		}
	}
	return out
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if strings.ContainsAny(string(x), ".eE") {
			return "number"
		}
		return "integer"
	case []any:
		return "array"
	default:
		return "object"
	}
}

// normaliseArray gives tuples one spelling: "prefixItems" for the fixed
// elements, "items" for the rest (false when closed), draft-07's array
// "items" and "additionalItems" included; then a tuple whose elements are
// all the same schema becomes a list with minItems/maxItems, which is how
// the reference writes [T, T?] and [T, ...T[]].
func normaliseArray(m map[string]any) {
	if l, ok := m["items"].([]any); ok {
		m["prefixItems"] = l
		delete(m, "items")
		if a, ok := m["additionalItems"]; ok {
			m["items"] = a
		}
	}
	delete(m, "additionalItems")
	if isEmptySchema(m["items"]) {
		delete(m, "items")
	}
	if n, ok := intOf(m["minItems"]); ok && n == 0 {
		delete(m, "minItems")
	}
	if m["uniqueItems"] == false {
		delete(m, "uniqueItems")
	}
	prefix, isTuple := m["prefixItems"].([]any)
	if !isTuple {
		return
	}
	closeTuple(m, len(prefix))
	tupleToList(m, prefix)
}

// closeTuple writes "the tuple has at most len(prefix) elements" as
// items: false, dropping a maxItems that says the same.
func closeTuple(m map[string]any, n int) {
	max, hasMax := intOf(m["maxItems"])
	_, hasRest := m["items"]
	if !hasRest && hasMax && max == int64(n) {
		m["items"] = map[string]any{"not": map[string]any{}}
	}
	if isNever(m["items"]) && hasMax && max >= int64(n) {
		delete(m, "maxItems")
	}
}

func tupleToList(m map[string]any, prefix []any) {
	if len(prefix) == 0 {
		delete(m, "prefixItems")
		return
	}
	first := canonicalJSON(prefix[0])
	for _, p := range prefix[1:] {
		if canonicalJSON(p) != first {
			return
		}
	}
	rest, hasRest := m["items"]
	switch {
	case isNever(rest):
		m["maxItems"] = json.Number(strconv.Itoa(len(prefix)))
	case hasRest && canonicalJSON(rest) == first:
	default:
		return
	}
	delete(m, "prefixItems")
	m["items"] = prefix[0]
}

// normaliseObjectKeywords: an open object needs no additionalProperties;
// required is a set (sorted; empty dropped); empty properties are dropped.
func normaliseObjectKeywords(m map[string]any) {
	if isEmptySchema(m["additionalProperties"]) {
		delete(m, "additionalProperties")
	}
	if r, ok := m["required"].([]any); ok {
		if len(r) == 0 {
			delete(m, "required")
		} else {
			r = append([]any(nil), r...)
			m["required"] = r
			sort.Slice(r, func(i, j int) bool { return canonicalJSON(r[i]) < canonicalJSON(r[j]) })
		}
	}
	if p, ok := m["properties"].(map[string]any); ok && len(p) == 0 {
		delete(m, "properties")
	}
}

// literalise writes finite types as enums: boolean as [true, false], null
// as [null], and drops a "type" that an enum's values already imply.
func literalise(m map[string]any) {
	t, _ := m["type"].(string)
	if onlyAnnotations(m, "type") {
		switch t {
		case "boolean":
			m["enum"] = []any{true, false}
			delete(m, "type")
		case "null":
			m["enum"] = []any{nil}
			delete(m, "type")
		}
	}
	enum, ok := m["enum"].([]any)
	if !ok || t == "" {
		return
	}
	for _, v := range enum {
		vt := jsonType(v)
		if vt != t && !(t == "number" && vt == "integer") {
			return
		}
	}
	delete(m, "type")
}

// onlyAnnotations reports whether m has no keywords besides annotations
// and the given extra ones.
func onlyAnnotations(m map[string]any, extra ...string) bool {
	for k := range m {
		if !annotationKeys[k] && !contains(extra, k) {
			return false
		}
	}
	return true
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// normaliseUnion flattens nested anyOf, merges literal-only variants into
// one enum, drops variants that accept nothing (the reference writes
// T | undefined as anyOf [T, {not: {}}]) and unwraps a single remaining
// variant. oneOf is read as anyOf only when its variants are provably
// disjoint, where the two mean the same.
func normaliseUnion(m map[string]any) {
	if l, ok := m["oneOf"].([]any); ok && disjoint(l) {
		delete(m, "oneOf")
		m["anyOf"] = append(listOr(m["anyOf"]), l...)
	}
	l, ok := m["anyOf"].([]any)
	if !ok {
		return
	}
	var variants, enum []any
	hasEnum := false
	for _, v := range flatten(l) {
		vm, _ := v.(map[string]any)
		switch {
		case vm != nil && len(vm) == 0:
			// A variant that accepts every value makes the union accept
			// every value (the reference writes unknown | null as
			// anyOf [{enum: [null]}, {}], TypeScript reads it as unknown).
			delete(m, "anyOf")
			return
		case isNever(vm):
		case onlyAnnotations(vm, "enum") && len(vm) == 1:
			enum = append(enum, listOr(vm["enum"])...)
			hasEnum = true
		default:
			variants = append(variants, v)
		}
	}
	if hasEnum {
		variants = append([]any{map[string]any{"enum": enum}}, variants...)
	}
	delete(m, "anyOf")
	switch {
	case len(variants) == 0:
		m["not"] = map[string]any{}
	case len(variants) == 1 && onlyAnnotations(m):
		for k, v := range variants[0].(map[string]any) {
			if _, taken := m[k]; !taken {
				m[k] = v
			}
		}
	default:
		m["anyOf"] = variants
	}
}

// flatten inlines variants that are themselves bare unions.
func flatten(l []any) []any {
	var out []any
	for _, v := range l {
		vm, _ := v.(map[string]any)
		if inner, ok := vm["anyOf"].([]any); ok && len(vm) == 1 {
			out = append(out, flatten(inner)...)
			continue
		}
		out = append(out, v)
	}
	return out
}

// disjoint reports whether no value can match two of the variants: all
// are objects with a common required property whose values are distinct
// constants, or all have distinct single types.
func disjoint(l []any) bool {
	return disjointByTag(l) || disjointByType(l)
}

func disjointByTag(l []any) bool {
	if len(l) == 0 {
		return false
	}
	first, _ := l[0].(map[string]any)
	for tag := range propsOf(first) {
		seen := map[string]bool{}
		ok := true
		for _, v := range l {
			c, isConst := tagConst(v, tag)
			if !isConst || seen[c] {
				ok = false
				break
			}
			seen[c] = true
		}
		if ok {
			return true
		}
	}
	return false
}

func propsOf(m map[string]any) map[string]any {
	p, _ := m["properties"].(map[string]any)
	return p
}

func tagConst(v any, tag string) (string, bool) {
	m, _ := v.(map[string]any)
	required := false
	for _, r := range listOr(m["required"]) {
		required = required || r == tag
	}
	p, _ := propsOf(m)[tag].(map[string]any)
	e, ok := p["enum"].([]any)
	if !required || !ok || len(e) != 1 {
		return "", false
	}
	return canonicalJSON(e[0]), true
}

func disjointByType(l []any) bool {
	seen := map[string]bool{}
	for _, v := range l {
		m, _ := v.(map[string]any)
		t, ok := m["type"].(string)
		if !ok || seen[t] || (t == "number" && seen["integer"]) || (t == "integer" && seen["number"]) {
			return false
		}
		seen[t] = true
	}
	return true
}

func isEmptySchema(v any) bool {
	m, ok := v.(map[string]any)
	return ok && len(m) == 0
}

func isNever(v any) bool {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 1 {
		return false
	}
	return isEmptySchema(m["not"])
}

func intOf(v any) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return i, err == nil
}
