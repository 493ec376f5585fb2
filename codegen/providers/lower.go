package providers

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler/targets"
)

// Lowering records one thing a target could not express and what was done
// instead; Generate writes them all to providers/lowering.json.
type Lowering struct {
	Target  string `json:"target"`
	Tool    string `json:"tool"`
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
	Action  string `json:"action"`
}

// lowerer rewrites one tool's schema for one target.
type lowerer struct {
	target *targets.Target
	tool   string
	keep   func(keyword string) bool
	report *[]Lowering
	defs   *obj // the root's $defs, for inlining
}

func (l *lowerer) note(ptr, kw, action string) {
	*l.report = append(*l.report, Lowering{Target: l.target.Name, Tool: l.tool, Pointer: ptr, Keyword: kw, Action: action})
}

// structural keywords are walked, never lowered to words.
var structural = map[string]bool{"type": true, "properties": true, "required": true, "items": true,
	"prefixItems": true, "anyOf": true, "oneOf": true, "allOf": true, "additionalProperties": true,
	"$defs": true, "$ref": true, "description": true, "enum": true, "nullable": true}

// strip moves every keyword the target does not keep into the node's
// description, in words, and records it.
func (l *lowerer) strip(s *obj, ptr string, walked map[string]bool) {
	var words []string
	for _, k := range append([]string(nil), s.Keys()...) {
		if walked[k] || l.keep(k) {
			continue
		}
		v := s.Val(k)
		s.Delete(k)
		if w := inWords(k, v, s); w != "" {
			words = append(words, w)
		}
		l.note(ptr, k, "removed; stated in the description")
	}
	addWords(s, words)
}

func addWords(s *obj, words []string) {
	if len(words) == 0 {
		return
	}
	sort.Strings(words)
	text := strings.Join(words, "; ")
	if d := s.Str("description"); d != "" {
		text = d + " (" + text + ")"
	} else {
		text = strings.ToUpper(text[:1]) + text[1:] + "."
	}
	s.Set("description", text)
}

// inWords states a keyword's constraint as a phrase ("1 to 50").
func inWords(k string, v any, s *obj) string {
	val := jsonText(v)
	switch k {
	case "minimum":
		return "at least " + val
	case "maximum":
		return "at most " + val
	case "exclusiveMinimum":
		return "greater than " + val
	case "exclusiveMaximum":
		return "less than " + val
	case "minLength":
		return "at least " + val + " characters"
	case "maxLength":
		return "at most " + val + " characters"
	case "minItems":
		return "at least " + val + " items"
	case "maxItems":
		return "at most " + val + " items"
	case "uniqueItems":
		if v == true {
			return "items must be unique"
		}
		return ""
	case "pattern":
		return "must match the regular expression " + val
	case "format":
		return "format " + val
	case "multipleOf":
		return "a multiple of " + val
	case "const":
		return "must be exactly " + val
	case "default":
		return "default " + val
	case "additionalProperties":
		if v == false {
			return "no other properties"
		}
		return "other properties: " + val
	case "title":
		return "" // a label for humans; the description carries the meaning
	case "examples":
		return "for example " + val
	}
	return fmt.Sprintf("%s: %s", k, val)
}

// walk applies f to every subschema of s (pre-order), with its pointer.
func walk(s *obj, ptr string, f func(*obj, string)) {
	f(s, ptr)
	if props, ok := s.Val("properties").(*obj); ok {
		for _, k := range props.Keys() {
			if c, ok := props.Val(k).(*obj); ok {
				walk(c, ptr+"/properties/"+escape(k), f)
			}
		}
	}
	for _, k := range []string{"items", "additionalProperties"} {
		if c, ok := s.Val(k).(*obj); ok {
			walk(c, ptr+"/"+k, f)
		}
	}
	for _, k := range []string{"prefixItems", "anyOf", "oneOf", "allOf"} {
		if list, ok := s.Val(k).([]any); ok {
			for i, e := range list {
				if c, ok := e.(*obj); ok {
					walk(c, fmt.Sprintf("%s/%s/%d", ptr, k, i), f)
				}
			}
		}
	}
	if defs, ok := s.Val("$defs").(*obj); ok {
		for _, k := range defs.Keys() {
			if c, ok := defs.Val(k).(*obj); ok {
				walk(c, ptr+"/$defs/"+escape(k), f)
			}
		}
	}
}

func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// strictObjects closes every object and makes every property required,
// turning optional properties into a union with null (the OpenAI and
// Anthropic strict rules).
func (l *lowerer) strictObjects(s *obj, ptr string) {
	if _, ok := s.Get("properties"); !ok && s.Str("type") != "object" {
		return
	}
	if ap, ok := s.Get("additionalProperties"); !ok || ap != false {
		if ok && ap != false {
			addWords(s, []string{"other properties: " + jsonText(ap)})
		}
		s.Set("additionalProperties", false)
		l.note(ptr, "additionalProperties", "closed (strict mode needs additionalProperties: false); other properties stated in the description")
	}
	props, _ := s.Val("properties").(*obj)
	if props == nil {
		s.Set("properties", newObj())
		props = s.Val("properties").(*obj)
	}
	required := map[string]bool{}
	if list, ok := s.Val("required").([]any); ok {
		for _, r := range list {
			required[fmt.Sprint(r)] = true
		}
	}
	all := make([]any, 0, len(props.Keys()))
	for _, k := range props.Keys() {
		all = append(all, k)
		if required[k] {
			continue
		}
		if c, ok := props.Val(k).(*obj); ok {
			props.Set(k, nullable(c))
			l.note(ptr+"/properties/"+escape(k), "required", "optional property made required with null allowed (null means omitted)")
		}
	}
	s.Set("required", all)
}

// nullable returns s extended to accept null.
func nullable(s *obj) *obj {
	switch t := s.Val("type").(type) {
	case string:
		s.Set("type", []any{t, "null"})
		if enum, ok := s.Val("enum").([]any); ok {
			s.Set("enum", append(enum, nil))
		}
		return s
	case []any:
		for _, e := range t {
			if e == "null" {
				return s
			}
		}
		s.Set("type", append(t, "null"))
		return s
	}
	desc := s.Str("description")
	s.Delete("description")
	out := newObj()
	if desc != "" {
		out.Set("description", desc)
	}
	return out.Set("anyOf", []any{s, newObj().Set("type", "null")})
}

func numberText(v any) string {
	if n, ok := v.(json.Number); ok {
		return n.String()
	}
	return jsonText(v)
}
