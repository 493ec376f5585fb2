package providers

import (
	"fmt"
	"net/url"
	"strings"
)

// geminiKeywords is the OpenAPI 3.0 subset Gemini's function declarations
// accept (google.genai types.Schema); everything else is lowered to words.
var geminiKeywords = map[string]bool{"type": true, "format": true, "title": true, "description": true,
	"nullable": true, "enum": true, "maxItems": true, "minItems": true, "properties": true, "required": true,
	"minProperties": true, "maxProperties": true, "minLength": true, "maxLength": true, "pattern": true,
	"anyOf": true, "items": true, "minimum": true, "maximum": true, "default": true}

// geminiWalked are the keywords the Gemini lowering walks itself.
var geminiWalked = map[string]bool{"properties": true, "items": true, "anyOf": true, "description": true}

// gemini rewrites a JSON Schema into Gemini's dialect: references inlined
// (a recursive one is cut and described), types upper-case, null as
// nullable, enum values as strings.
func (l *lowerer) gemini(s *obj, ptr string, depth int, stack []string) *obj {
	if ref := s.Str("$ref"); ref != "" {
		name, _ := url.PathUnescape(strings.TrimPrefix(ref, "#/$defs/"))
		target, _ := l.defs.Val(name).(*obj)
		for _, seen := range stack {
			if seen == name || target == nil {
				l.note(ptr, "$ref", "recursive reference cut; the type is described in words")
				return newObj().Set("type", "OBJECT").Set("description", fmt.Sprintf("A %s (recursive; same shape as its parent).", name))
			}
		}
		inl := clone(target)
		if d := s.Str("description"); d != "" {
			inl.Set("description", d)
		}
		l.note(ptr, "$ref", "inlined (Gemini accepts no $ref)")
		return l.gemini(inl, ptr, depth, append(stack, name))
	}
	s.Delete("$defs")
	l.geminiType(s, ptr)
	l.geminiEnum(s, ptr)
	if _, ok := s.Get("const"); ok && s.Val("enum") == nil {
		if c, isStr := s.Val("const").(string); isStr {
			s.Set("enum", []any{c})
			s.Delete("const")
		}
	}
	for _, k := range []string{"oneOf", "allOf"} {
		if _, ok := s.Get(k); ok && k == "oneOf" {
			s.Set("anyOf", s.Val(k))
			s.Delete(k)
			l.note(ptr, k, "written as anyOf (Gemini has no oneOf; exactly-one is stated in the description)")
			addWords(s, []string{"exactly one of the alternatives"})
		}
	}
	l.strip(s, ptr, geminiWalked)
	if props, ok := s.Val("properties").(*obj); ok {
		for _, k := range props.Keys() {
			if c, ok := props.Val(k).(*obj); ok {
				props.Set(k, l.gemini(c, ptr+"/properties/"+escape(k), depth+1, stack))
			}
		}
	}
	if c, ok := s.Val("items").(*obj); ok {
		s.Set("items", l.gemini(c, ptr+"/items", depth+1, stack))
	}
	if list, ok := s.Val("anyOf").([]any); ok {
		for i, e := range list {
			if c, ok := e.(*obj); ok {
				list[i] = l.gemini(c, fmt.Sprintf("%s/anyOf/%d", ptr, i), depth+1, stack)
			}
		}
	}
	int64Strings(s)
	return s
}

// geminiInt64 are the Schema fields Gemini declares as int64, which its
// JSON (protobuf's) and @google/genai's types write as decimal strings.
var geminiInt64 = []string{"minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"}

// int64Strings writes s's int64 fields as strings ("minLength": "1").
func int64Strings(s *obj) {
	for _, k := range geminiInt64 {
		if v, ok := s.Get(k); ok {
			if _, isStr := v.(string); !isStr {
				s.Set(k, jsonText(v))
			}
		}
	}
}

func (l *lowerer) geminiType(s *obj, ptr string) {
	switch t := s.Val("type").(type) {
	case string:
		s.Set("type", strings.ToUpper(t))
	case []any:
		var kinds []any
		for _, e := range t {
			if e == "null" {
				s.Set("nullable", true)
				continue
			}
			kinds = append(kinds, e)
		}
		switch len(kinds) {
		case 1:
			s.Set("type", strings.ToUpper(fmt.Sprint(kinds[0])))
		default:
			s.Delete("type")
			var alts []any
			for _, k := range kinds {
				alts = append(alts, newObj().Set("type", strings.ToUpper(fmt.Sprint(k))))
			}
			s.Set("anyOf", alts)
			l.note(ptr, "type", "type list written as anyOf")
		}
	}
	if list, ok := s.Val("anyOf").([]any); ok {
		var keep []any
		for _, e := range list {
			if c, ok := e.(*obj); ok && c.Str("type") == "null" && len(c.Keys()) == 1 {
				s.Set("nullable", true)
				continue
			}
			keep = append(keep, e)
		}
		if len(keep) == 1 {
			s.Delete("anyOf")
			inner := keep[0].(*obj)
			for _, k := range inner.Keys() {
				if _, has := s.Get(k); !has {
					s.Set(k, inner.Val(k))
				}
			}
			l.geminiType(s, ptr)
		} else {
			s.Set("anyOf", keep)
		}
	}
}

// geminiEnum turns enum values into strings, which is all Gemini accepts;
// a non-string enum keeps its type and states its values in words.
func (l *lowerer) geminiEnum(s *obj, ptr string) {
	enum, ok := s.Val("enum").([]any)
	if !ok {
		return
	}
	var out []any
	for _, v := range enum {
		if v == nil {
			s.Set("nullable", true)
			continue
		}
		out = append(out, v)
	}
	allStrings := true
	for _, v := range out {
		if _, ok := v.(string); !ok {
			allStrings = false
		}
	}
	if allStrings {
		s.Set("enum", out)
		return
	}
	s.Delete("enum")
	var words []string
	for _, v := range out {
		words = append(words, jsonText(v))
	}
	addWords(s, []string{"one of " + strings.Join(words, ", ")})
	l.note(ptr, "enum", "non-string enum stated in the description (Gemini enums are strings)")
}

func clone(s *obj) *obj {
	v, err := decode(compactJSON(s))
	if err != nil {
		panic(err)
	}
	return v.(*obj)
}

// geminiJSONKeywords are the keywords of the Gemini API's JSON Schema
// support (parametersJsonSchema); the others are stated in words.
var geminiJSONKeywords = map[string]bool{"$id": true, "$defs": true, "$ref": true, "$anchor": true, "type": true,
	"format": true, "title": true, "description": true, "enum": true, "items": true, "prefixItems": true,
	"minItems": true, "maxItems": true, "minimum": true, "maximum": true, "anyOf": true, "oneOf": true,
	"properties": true, "additionalProperties": true, "required": true, "propertyOrdering": true}

// geminiJSONSchema lists the function declarations in Gemini's current
// shape: parametersJsonSchema (and responseJsonSchema for an object
// result) in JSON Schema with $ref kept; keywords outside Gemini's JSON
// Schema support are stated in the description and reported.
func (g *generator) geminiJSONSchema() (any, error) {
	g.noDeferral()
	var decls []any
	for _, t := range g.cat.Tools {
		g.checkName(t)
		p, err := g.params(t)
		if err != nil {
			return nil, err
		}
		l := g.lowerer(t.Name, func(k string) bool { return geminiJSONKeywords[k] })
		walk(p, "", l.geminiJSON)
		fn := newObj().Set("name", t.Name)
		setDesc(fn, t.Description)
		fn.Set("parametersJsonSchema", p)
		if t.Result != nil {
			r, err := g.resultSchema(t.Result)
			if err != nil {
				return nil, fmt.Errorf("tool %s: result: %w", t.Name, err)
			}
			walk(r, "responseJsonSchema:", l.geminiJSON)
			fn.Set("responseJsonSchema", r)
		}
		decls = append(decls, fn)
	}
	return list([]any{newObj().Set("functionDeclarations", list(decls))}), nil
}

// geminiJSON lowers one node for parametersJsonSchema: allOf and the
// keywords outside Gemini's list go into the description.
func (l *lowerer) geminiJSON(s *obj, ptr string) {
	l.strip(s, ptr, structural)
	if all, ok := s.Val("allOf").([]any); ok {
		s.Delete("allOf")
		addWords(s, []string{"must also match " + jsonText(all)})
		l.note(ptr, "allOf", "removed; stated in the description")
	}
}
