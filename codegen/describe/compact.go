package describe

import (
	"encoding/json"
	"strings"

	g "github.com/tscg/tscg/compiler/compactgrammar"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
)

// Level selects how much of the compact rendering is kept.
type Level int

// Levels of the compact rendering.
const (
	// LevelCompact keeps everything: every description verbatim, every
	// constraint, every nested parameter. Parse reads it back to
	// the same IR.
	LevelCompact Level = iota
	// LevelTerse drops descriptions that only restate the name or the
	// type, and strips deterministic filler phrasing from the others;
	// every constraint and nested parameter stays.
	LevelTerse
)

// Compact renders the whole catalog in the compact grammar: groups, then
// named types, then tools, each in catalog order.
func Compact(cat *ir.Catalog, level Level) []byte {
	w := &compactWriter{level: level, unmarked: commonPolicy(cat)}
	if w.unmarked != ir.AdditionalDefault {
		w.b.WriteString(g.ObjectsHeader + g.PolicyWords[w.unmarked] + "\n")
	}
	for _, g := range cat.Groups {
		w.group(g)
	}
	used := reachable(cat)
	for _, n := range cat.Types {
		if used[n] {
			w.named(n)
		}
	}
	for _, t := range cat.Tools {
		w.tool(t)
	}
	return []byte(w.b.String())
}

// reachable returns the named types the tools refer to, directly or
// through other named types; the others are not part of what the model
// reads.
func reachable(cat *ir.Catalog) map[*ir.Named]bool {
	used := map[*ir.Named]bool{}
	seen := map[*ir.Type]bool{}
	var visit func(t *ir.Type)
	visit = func(t *ir.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if t.Ref != nil && !used[t.Ref] {
			used[t.Ref] = true
			visit(t.Ref.Type)
		}
		for _, p := range t.Properties {
			visit(p.Type)
		}
		for _, c := range append(append(append([]*ir.Type{t.Items, t.AdditionalType}, t.PrefixItems...), t.Variants...), t.AllOf...) {
			visit(c)
		}
	}
	for _, t := range cat.Tools {
		visit(t.Params)
		visit(t.Result)
	}
	return used
}

// CompactTool renders one tool (without the named types it refers to).
func CompactTool(t *ir.Tool, level Level) []byte {
	w := &compactWriter{level: level}
	w.tool(t)
	return []byte(w.b.String())
}

type compactWriter struct {
	b     strings.Builder
	level Level
	// name is the name of the property or tool being written, used by
	// the terse level to recognise descriptions that restate it.
	name string
	// unmarked is the object policy written without a word (declared
	// once in a "%objects" header).
	unmarked ir.Additional
}

func (w *compactWriter) group(g *ir.Group) {
	w.b.WriteString("group ")
	w.b.WriteString(ident(g.Name))
	if g.Description != "" {
		w.lineText(g.Description)
	}
	w.b.WriteByte('\n')
}

func (w *compactWriter) named(n *ir.Named) {
	w.b.WriteString("type ")
	if !n.Exported {
		w.b.WriteByte('-')
	}
	w.b.WriteString(refName(n.Name))
	w.b.WriteString(" = ")
	w.name = n.Name
	w.typ(n.Type, 0, true)
	w.b.WriteByte('\n')
}

func (w *compactWriter) tool(t *ir.Tool) {
	w.b.WriteString(ident(t.Name))
	w.name = t.Name
	p := t.Params
	if p == nil {
		p = &ir.Type{Kind: ir.KindObject}
	}
	desc := w.text(t.Description, t.Name, nil)
	writeDesc := desc != "" || t.Description != "" && w.level == LevelCompact
	if p.Kind == ir.KindObject {
		if writeDesc {
			w.lineText(desc)
		}
		w.props(p, 1, len(p.Properties) > 0 || p.Additional == ir.AdditionalTyped, false)
		// The closing ")" is written only when something follows it:
		// the parameter object's modifiers, a result or tool attributes.
		var tail compactWriter
		tail.level, tail.unmarked, tail.name = w.level, w.unmarked, t.Name
		tail.mods(p, false)
		if d := w.text(p.Description, t.Name, p); d != "" && (len(p.Properties) > 0 || p.Additional == ir.AdditionalTyped) {
			tail.b.WriteString(" #" + jsonString(d))
		}
		if t.Result != nil {
			tail.b.WriteString(" -> ")
			tail.name = ""
			tail.typ(t.Result, 0, false)
		}
		tail.toolAttrs(t)
		if tail.b.Len() > 0 {
			w.b.WriteString("\n)")
			w.b.WriteString(tail.b.String())
		}
		w.b.WriteByte('\n')
		return
	}
	w.b.WriteByte('(')
	if writeDesc {
		w.lineText(desc)
		w.b.WriteString("\n ")
	}
	w.b.WriteString("...")
	w.typ(p, 1, false)
	if writeDesc {
		w.b.WriteByte('\n')
	}
	w.b.WriteByte(')')
	if t.Result != nil {
		w.b.WriteString(" -> ")
		w.name = ""
		w.typ(t.Result, 0, false)
	}
	w.toolAttrs(t)
	w.b.WriteByte('\n')
}

func (w *compactWriter) toolAttrs(t *ir.Tool) {
	if t.Title != "" {
		w.b.WriteString(" @" + g.AttrTitle)
		w.b.WriteString(jsonString(t.Title))
	}
	a := t.Annotations
	tri := func(name string, v *bool) {
		if v == nil {
			return
		}
		w.b.WriteString(" @" + name)
		if !*v {
			w.b.WriteString("=false")
		}
	}
	tri(g.AttrReadOnly, a.ReadOnly)
	tri(g.AttrDestructive, a.Destructive)
	tri(g.AttrIdempotent, a.Idempotent)
	tri(g.AttrOpenWorld, a.OpenWorld)
	if a.RequiresApproval {
		w.b.WriteString(" @" + g.AttrApproval)
	}
	if t.Deprecated {
		w.b.WriteString(" @" + g.AttrDeprecated)
	}
	if t.Group != "" {
		w.b.WriteString(" @" + g.AttrGroup + ident(t.Group))
	}
	for _, ex := range t.Examples {
		w.b.WriteString(" @example:")
		if ex.Description == "" && ex.Result == nil {
			w.b.Write(ex.Arguments)
			continue
		}
		w.b.WriteString(exampleJSON(ex))
	}
}

// props writes an object's properties, one a line at the given indent
// (one space a level), starting on a new line when block is set; with
// closeLine, a last line indented one level less is left open for the
// caller's closing brace.
func (w *compactWriter) props(t *ir.Type, indent int, block, closeLine bool) {
	if !block {
		return
	}
	pad := strings.Repeat(" ", indent)
	for _, p := range t.Properties {
		w.b.WriteByte('\n')
		w.b.WriteString(pad)
		w.b.WriteString(ident(p.Name))
		if !p.Required {
			w.b.WriteByte('?')
		}
		w.b.WriteByte(' ')
		w.name = p.Name
		w.typ(p.Type, indent, true)
	}
	if t.Additional == ir.AdditionalTyped {
		w.b.WriteByte('\n')
		w.b.WriteString(pad)
		w.b.WriteString("*: ")
		w.name = ""
		w.typ(t.AdditionalType, indent, true)
	}
	if closeLine {
		w.b.WriteByte('\n')
		w.b.WriteString(pad[:indent-1])
	}
}

// typ writes one type expression. tail says the expression ends its line,
// so its description may be written as line text.
func (w *compactWriter) typ(t *ir.Type, indent int, tail bool) {
	if t == nil {
		t = &ir.Type{Kind: ir.KindAny}
	}
	name := w.name
	w.base(t, indent)
	w.name = name
	w.mods(t, tail)
}

func (w *compactWriter) base(t *ir.Type, indent int) {
	if t.Untyped && t.Kind != ir.KindAny {
		w.b.WriteByte('~')
	}
	switch t.Kind {
	case ir.KindAny:
		w.b.WriteString("any")
	case ir.KindNever:
		w.b.WriteString("never")
	case ir.KindNull:
		w.b.WriteString("null")
	case ir.KindBoolean:
		w.b.WriteString("bool")
	case ir.KindInteger:
		w.b.WriteString("int")
	case ir.KindNumber:
		w.b.WriteString("num")
	case ir.KindString:
		w.b.WriteString("str")
	case ir.KindRef:
		if t.Ref == nil {
			w.b.WriteString("any")
			return
		}
		w.b.WriteString(refName(t.Ref.Name))
	case ir.KindArray:
		w.array(t, indent)
	case ir.KindObject:
		w.object(t, indent)
	case ir.KindUnion:
		w.union(t, indent)
	}
	if t.Enum != nil {
		w.b.WriteByte('(')
		for i, v := range t.Enum {
			if i > 0 {
				w.b.WriteByte('|')
			}
			w.b.WriteString(enumValue(v))
		}
		w.b.WriteByte(')')
	}
	if t.Nullable {
		w.b.WriteByte('?')
	}
}

func (w *compactWriter) array(t *ir.Type, indent int) {
	switch {
	case len(t.PrefixItems) > 0:
		w.b.WriteString("tuple(")
		for i, c := range t.PrefixItems {
			if i > 0 {
				w.b.WriteString(", ")
			}
			w.name = ""
			w.typ(c, indent, false)
		}
		if t.Items != nil {
			w.b.WriteString(", ...")
			w.name = ""
			w.typ(t.Items, indent, false)
		}
		w.b.WriteByte(')')
	case t.Items == nil:
		w.b.WriteString("array")
	default:
		w.name = ""
		items := t.Items
		if w.level == LevelTerse && items.Description != "" && items.Description == t.Description {
			// An item description repeating the array's own restates it.
			c := *items
			c.Description = ""
			items = &c
		}
		if needsParens(items, w.level) {
			w.b.WriteByte('(')
			w.typ(items, indent, false)
			w.b.WriteByte(')')
		} else {
			w.typ(items, indent, false)
		}
		w.b.WriteString("[]")
	}
}

// needsParens reports whether an array item type must be grouped: unions
// and anything followed by space-separated modifiers.
func needsParens(t *ir.Type, level Level) bool {
	if t.Kind == ir.KindUnion && len(t.Variants) >= 2 && t.UnionStyle == ir.AnyOf {
		return true
	}
	var probe compactWriter
	probe.level = level
	probe.mods(t, false)
	return probe.b.Len() > 0
}

func (w *compactWriter) object(t *ir.Type, indent int) {
	w.b.WriteByte('{')
	block := len(t.Properties) > 0 || t.Additional == ir.AdditionalTyped
	if block && t.Description != "" {
		if d := w.text(t.Description, w.name, t); d != "" || w.level == LevelCompact {
			w.lineText(d)
		}
	}
	w.props(t, indent+1, block, true)
	w.b.WriteByte('}')
}

func (w *compactWriter) union(t *ir.Type, indent int) {
	if t.UnionStyle == ir.OneOf || len(t.Variants) < 2 {
		if t.UnionStyle == ir.OneOf {
			w.b.WriteString("oneof(")
		} else {
			w.b.WriteString("anyof(")
		}
		for i, v := range t.Variants {
			if i > 0 {
				w.b.WriteString(", ")
			}
			w.name = ""
			w.typ(v, indent, false)
		}
		w.b.WriteByte(')')
		return
	}
	grouped := w.hasMods(t) || t.Untyped
	if grouped {
		w.b.WriteByte('(')
	}
	for i, v := range t.Variants {
		if i > 0 {
			w.b.WriteString(" | ")
		}
		w.name = ""
		inner := v.Kind == ir.KindUnion && v.UnionStyle == ir.AnyOf && len(v.Variants) >= 2 && !w.hasMods(v)
		if inner {
			w.b.WriteByte('(')
		}
		w.typ(v, indent, false)
		if inner {
			w.b.WriteByte(')')
		}
	}
	if grouped {
		w.b.WriteByte(')')
	}
}

// hasMods reports whether t carries anything written after its base, or
// an enum or nullable marker, so that a union must be grouped to keep
// them on the union rather than on its last variant.
func (w *compactWriter) hasMods(t *ir.Type) bool {
	if t.Enum != nil || t.Nullable {
		return true
	}
	probe := compactWriter{level: w.level, name: w.name}
	probe.mods(t, false)
	return probe.b.Len() > 0
}

// lineText writes a description as line text: ": " and the text to the
// end of the line, with backslashes and line breaks escaped; a text that
// starts with a quote or a space is written #"as a JSON string".
func (w *compactWriter) lineText(s string) {
	if strings.HasPrefix(s, `"`) || strings.HasPrefix(s, " ") || s == "" {
		w.b.WriteString(" #")
		w.b.WriteString(jsonString(s))
		return
	}
	w.b.WriteString(": ")
	w.b.WriteString(escapeLine(s))
}

func escapeLine(s string) string {
	if !strings.ContainsAny(s, "\\\n\r") {
		return s
	}
	r := strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\r", `\r`)
	return r.Replace(s)
}

func jsonString(s string) string { return string(orderedjson.AppendString(nil, s)) }

func exampleJSON(ex ir.Example) string {
	var b strings.Builder
	b.WriteByte('{')
	sep := ""
	if ex.Description != "" {
		b.WriteString(`"description":` + jsonString(ex.Description))
		sep = ","
	}
	if ex.Arguments != nil {
		b.WriteString(sep + `"arguments":` + string(ex.Arguments))
		sep = ","
	}
	if ex.Result != nil {
		b.WriteString(sep + `"result":` + string(ex.Result))
	}
	b.WriteByte('}')
	return b.String()
}

// enumValue writes a string that reads as a bare word without quotes;
// everything else as JSON.
func enumValue(v ir.Value) string {
	var s string
	if len(v) > 0 && v[0] == '"' && json.Unmarshal(v, &s) == nil && g.IsBareWord(s) {
		return s
	}
	return string(v)
}

// ident writes a tool, property or group name bare when it is an
// identifier, else as a JSON string.
func ident(s string) string {
	if isIdent(s) {
		return s
	}
	return jsonString(s)
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || r == '$' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
		case i > 0 && ('0' <= r && r <= '9' || r == '-' || r == '.'):
		default:
			return false
		}
	}
	return !strings.HasSuffix(s, ".")
}

// keywords cannot name a referenced type bare.
var keywords = map[string]bool{
	"any": true, "never": true, "null": true, "bool": true, "int": true, "num": true, "str": true,
	"array": true, "tuple": true, "anyof": true, "oneof": true, "true": true, "false": true,
	"type": true, "group": true,
}

func refName(s string) string {
	if isIdent(s) && !keywords[s] && !strings.HasPrefix(s, "$") {
		return s
	}
	return "&" + jsonString(s)
}
