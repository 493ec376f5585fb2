package schemats

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tscg/tscg/internal/lazyre"
)

// indentUnit is the indentation of one nesting level.
const indentUnit = "  "

var identRE = lazyre.New(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// reserved words cannot name a type alias.
var reserved = map[string]bool{
	"any": true, "unknown": true, "never": true, "string": true, "number": true, "boolean": true,
	"null": true, "undefined": true, "object": true, "void": true, "symbol": true, "bigint": true,
	"type": true, "interface": true, "function": true, "class": true, "enum": true, "const": true,
}

// renderer renders the schemas of one document. refs maps a $ref string
// to the TypeScript name of the alias that stands for it.
type renderer struct {
	refs map[string]string
}

// text is a rendered type and whether it must be parenthesised before a
// [] or & is applied to it.
type text struct {
	s        string
	compound bool
}

func (r *renderer) typ(s any, indent string) text {
	switch x := s.(type) {
	case bool:
		if x {
			return text{s: "unknown"}
		}
		return text{s: "never"}
	case *object:
		return r.object(x, indent)
	}
	return text{s: "unknown"}
}

func (r *renderer) object(o *object, indent string) text {
	if ref := o.Str("$ref"); ref != "" {
		if name, ok := r.refs[ref]; ok {
			return text{s: name}
		}
		return text{s: "unknown"}
	}
	if c, ok := o.Get("const"); ok {
		return text{s: literal(c)}
	}
	if enum := o.List("enum"); len(enum) > 0 {
		parts := make([]string, len(enum))
		for i, e := range enum {
			parts[i] = literal(e)
		}
		return union(parts)
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if vs := o.List(k); len(vs) > 0 && o.Obj("properties") == nil {
			return r.variants(vs, indent, " | ")
		}
	}
	if all := o.List("allOf"); len(all) > 0 && o.Obj("properties") == nil && o.Str("type") == "" {
		return r.variants(all, indent, " & ")
	}
	return r.typed(o, indent)
}

func (r *renderer) variants(vs []any, indent, sep string) text {
	parts := make([]string, len(vs))
	for i, v := range vs {
		t := r.typ(v, indent)
		parts[i] = t.s
		if t.compound && len(vs) > 1 {
			parts[i] = "(" + t.s + ")"
		}
	}
	parts = dedupe(parts)
	return text{s: strings.Join(parts, sep), compound: len(parts) > 1}
}

// typed renders a schema by its "type" keyword (a string or a list),
// inferring the type from other keywords when it is missing.
func (r *renderer) typed(o *object, indent string) text {
	var kinds []string
	switch t := o.Val("type").(type) {
	case string:
		kinds = []string{t}
	case []any:
		for _, k := range t {
			if s, ok := k.(string); ok {
				kinds = append(kinds, s)
			}
		}
	default:
		switch {
		case o.Obj("properties") != nil || o.Val("additionalProperties") != nil:
			kinds = []string{"object"}
		case o.Val("items") != nil || o.Val("prefixItems") != nil:
			kinds = []string{"array"}
		default:
			return text{s: "unknown"}
		}
	}
	parts := make([]string, 0, len(kinds))
	for _, k := range kinds {
		parts = append(parts, r.kind(o, k, indent, len(kinds) > 1))
	}
	return union(dedupe(parts))
}

func (r *renderer) kind(o *object, kind, indent string, inUnion bool) string {
	switch kind {
	case "string", "boolean", "null":
		return kind
	case "integer", "number":
		return "number"
	case "array":
		return r.array(o, indent, inUnion)
	case "object":
		return r.props(o, indent)
	}
	return "unknown"
}

func (r *renderer) array(o *object, indent string, inUnion bool) string {
	if prefix := o.List("prefixItems"); len(prefix) > 0 {
		parts := make([]string, len(prefix))
		for i, p := range prefix {
			parts[i] = r.typ(p, indent).s
		}
		if items, ok := o.Get("items"); ok && items != false {
			parts = append(parts, "..."+paren(r.typ(items, indent))+"[]")
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	items, ok := o.Get("items")
	if !ok {
		return "unknown[]"
	}
	return paren(r.typ(items, indent)) + "[]"
}

func paren(t text) string {
	if t.compound {
		return "(" + t.s + ")"
	}
	return t.s
}

// props renders an object type literal, one property per line with its
// description and constraints as a doc comment.
func (r *renderer) props(o *object, indent string) string {
	props := o.Obj("properties")
	required := map[string]bool{}
	for _, n := range o.List("required") {
		if s, ok := n.(string); ok {
			required[s] = true
		}
	}
	add, hasAdd := o.Get("additionalProperties")
	if props == nil || props.Len() == 0 {
		switch {
		case hasAdd && add == false:
			return "{}"
		case !hasAdd || add == true:
			return "Record<string, unknown>"
		}
	}
	inner := indent + indentUnit
	var b strings.Builder
	b.WriteString("{\n")
	if props != nil {
		for _, name := range props.Keys() {
			ps := props.Val(name)
			writeDoc(&b, inner, docOf(ps))
			opt := "?"
			if required[name] {
				opt = ""
			}
			fmt.Fprintf(&b, "%s%s%s: %s;\n", inner, propName(name), opt, r.typ(ps, inner).s)
		}
	}
	if hasAdd && add != false && add != true {
		fmt.Fprintf(&b, "%s[key: string]: %s;\n", inner, r.typ(add, inner).s)
	}
	b.WriteString(indent + "}")
	return b.String()
}

func propName(n string) string {
	if identRE.MatchString(n) {
		return n
	}
	q, _ := json.Marshal(n)
	return string(q)
}

func union(parts []string) text {
	if len(parts) == 0 {
		return text{s: "never"}
	}
	return text{s: strings.Join(parts, " | "), compound: len(parts) > 1}
}

func dedupe(parts []string) []string {
	seen := map[string]bool{}
	out := parts[:0]
	for _, p := range parts {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// tagKeywords are the constraints shown as JSDoc tags, in this order; the
// tag names are the ones tscg's TypeScript frontend reads back.
var tagKeywords = []string{
	"format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
	"minLength", "maxLength", "pattern", "minItems", "maxItems", "minProperties", "maxProperties",
}

// docOf returns the doc comment lines of a schema: its description, then
// its constraints as tags.
func docOf(s any) []string {
	o, ok := s.(*object)
	if !ok {
		return nil
	}
	var lines []string
	if d := strings.TrimSpace(o.Str("description")); d != "" {
		lines = append(lines, strings.Split(d, "\n")...)
	}
	if o.Str("type") == "integer" {
		lines = append(lines, "@asType integer")
	}
	for _, k := range tagKeywords {
		if v, ok := o.Get(k); ok {
			lines = append(lines, "@"+k+" "+compactJSONTag(v))
		}
	}
	if v, ok := o.Get("uniqueItems"); ok && v == true {
		lines = append(lines, "@uniqueItems")
	}
	if v, ok := o.Get("default"); ok {
		lines = append(lines, "@default "+compactJSON(v))
	}
	if v, ok := o.Get("deprecated"); ok && v == true {
		lines = append(lines, "@deprecated")
	}
	return lines
}

// compactJSONTag renders a tag value: strings bare (a format or pattern
// reads better unquoted), everything else as JSON.
func compactJSONTag(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return compactJSON(v)
}

// writeDoc writes lines as a /** */ comment; "*/" inside is defused so a
// description cannot end the comment early.
func writeDoc(b *strings.Builder, indent string, lines []string) {
	if len(lines) == 0 {
		return
	}
	for i, l := range lines {
		lines[i] = strings.TrimRight(strings.ReplaceAll(l, "*/", "*\\/"), " \t\r")
	}
	if len(lines) == 1 {
		fmt.Fprintf(b, "%s/** %s */\n", indent, lines[0])
		return
	}
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		if l == "" {
			b.WriteString(indent + " *\n")
			continue
		}
		b.WriteString(indent + " * " + l + "\n")
	}
	b.WriteString(indent + " */\n")
}
