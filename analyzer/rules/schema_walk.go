package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tscg/tscg/compiler/targets"
)

// Keywords whose values are maps of subschemas, single subschemas and
// lists of subschemas, for walking rendered JSON Schemas.
var (
	schemaMaps  = []string{"properties", "$defs", "definitions", "patternProperties", "dependentSchemas"}
	schemaOne   = []string{"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties"}
	schemaLists = []string{"anyOf", "oneOf", "allOf", "prefixItems"}
)

func (st *schemaStats) walk(node any, depth int) {
	s, ok := node.(map[string]any)
	if !ok {
		return
	}
	for k := range s {
		st.keywords[k] = true
	}
	if f, ok := s["format"].(string); ok {
		st.formats[f] = true
	}
	if pat, ok := s["pattern"].(string); ok && targets.RegexHasRestrictedSyntax(pat) {
		st.badRegex = append(st.badRegex, pat)
	}
	if n, ok := s["minItems"].(float64); ok && int64(n) > st.minItems {
		st.minItems = int64(n)
	}
	st.walkObject(s, &depth)
	st.walkEnum(s)
	for _, k := range schemaMaps {
		if m, ok := s[k].(map[string]any); ok {
			for _, sub := range m {
				st.walk(sub, depth)
			}
		}
	}
	for _, k := range schemaOne {
		st.walk(s[k], depth)
	}
	for _, k := range schemaLists {
		if l, ok := s[k].([]any); ok {
			for _, sub := range l {
				st.walk(sub, depth)
			}
		}
	}
}

func (st *schemaStats) walkObject(s map[string]any, depth *int) {
	props, _ := s["properties"].(map[string]any)
	if s["type"] != "object" && props == nil {
		return
	}
	*depth++
	if *depth > st.depth {
		st.depth = *depth
	}
	if s["additionalProperties"] != false {
		st.open++
	}
	req := map[string]bool{}
	if l, ok := s["required"].([]any); ok {
		for _, r := range l {
			if name, ok := r.(string); ok {
				req[name] = true
			}
		}
	}
	for name := range props {
		st.props++
		st.stringChars += utf8.RuneCountInString(name)
		if !req[name] {
			st.optional++
		}
	}
}

func (st *schemaStats) walkEnum(s map[string]any) {
	if c, ok := s["const"].(string); ok {
		st.stringChars += utf8.RuneCountInString(c)
	}
	enum, ok := s["enum"].([]any)
	if !ok {
		return
	}
	st.enumValues += len(enum)
	chars := 0
	for _, v := range enum {
		if str, ok := v.(string); ok {
			chars += utf8.RuneCountInString(str)
		} else if v != nil {
			st.nonStrEnum = true
		}
	}
	st.stringChars += chars
	if len(enum) > 250 && chars > 15000 {
		st.bigEnum = true
	}
}

// recursive reports whether a $defs entry refers to itself, directly or
// through other entries.
func recursive(root map[string]any) bool {
	defs, _ := root["$defs"].(map[string]any)
	if defs == nil {
		defs, _ = root["definitions"].(map[string]any)
	}
	edges := map[string][]string{}
	for name, d := range defs {
		collectRefs(d, func(ref string) { edges[name] = append(edges[name], ref) })
	}
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(string) bool
	visit = func(n string) bool {
		switch state[n] {
		case 1:
			return true
		case 2:
			return false
		}
		state[n] = 1
		for _, m := range edges[n] {
			if visit(m) {
				return true
			}
		}
		state[n] = 2
		return false
	}
	for name := range defs {
		if visit(name) {
			return true
		}
	}
	return false
}

func collectRefs(node any, add func(string)) {
	switch v := node.(type) {
	case map[string]any:
		if ref, ok := v["$ref"].(string); ok {
			i := strings.LastIndex(ref, "/")
			add(ref[i+1:])
		}
		for _, sub := range v {
			collectRefs(sub, add)
		}
	case []any:
		for _, sub := range v {
			collectRefs(sub, add)
		}
	}
}

// topLevelCounts counts optional and union-typed top-level parameters.
func topLevelCounts(root map[string]any) (optional, unions int) {
	props, _ := root["properties"].(map[string]any)
	req := map[string]bool{}
	if l, ok := root["required"].([]any); ok {
		for _, r := range l {
			req[fmt.Sprint(r)] = true
		}
	}
	for name, p := range props {
		if !req[name] {
			optional++
		}
		if m, ok := p.(map[string]any); ok {
			if _, ok := m["anyOf"]; ok {
				unions++
			} else if l, ok := m["type"].([]any); ok && len(l) > 1 {
				unions++
			}
		}
	}
	return optional, unions
}
