package jsonschema

import (
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"strings"
)

// inputKeys and outputKeys name the schemas of a tool in the shapes read:
// OpenAI and BFCL "parameters", Anthropic "input_schema", MCP
// "inputSchema"; MCP "outputSchema", OpenAI Responses "output_schema" and
// BFCL multi-turn "response".
var (
	inputKeys  = []string{"parameters", "input_schema", "inputSchema"}
	outputKeys = []string{"outputSchema", "output_schema", "response"}
)

// tool converts one definition, deduplicating by name.
func (l *loader) tool(def toolDef) {
	nameNode := def.inner.get("name")
	if nameNode == nil || nameNode.kind != nString || nameNode.str == "" {
		l.diags.Errorf(def.outer.pos(), "tool definition without a non-empty string \"name\"")
		return
	}
	name := strings.Clone(nameNode.str) // not a substring: it would keep the whole file live
	l.addTool(def.outer, func() *ir.Tool { return l.buildTool(def, name) }, name)
}

func (l *loader) buildTool(def toolDef, name string) *ir.Tool {
	t := &ir.Tool{Name: name, Pos: def.outer.pos(), Source: "json"}
	t.Description = l.text(def.inner, "description")
	t.Title = l.text(def.inner, "title")
	t.Params = l.params(def, name)
	if out := first(def, outputKeys); out != nil {
		t.Result = newConverter(out, name+"_output", false, l.opts, l.reg, &l.diags).convertRoot()
	}
	if a := def.inner.get("annotations"); a != nil {
		l.annotations(t, a)
	}
	t.Execution = l.member(def.inner, "execution", nObject)
	t.Icons = l.member(def.inner, "icons", nArray)
	t.Meta = l.member(def.inner, "_meta", nObject)
	t.DeferLoading = l.deferLoading(def)
	return t
}

// deferLoading reads defer_loading, which Anthropic's and OpenAI
// Responses' tool entries and mcp-go's listing carry; one of another JSON
// type is ignored with a warning.
func (l *loader) deferLoading(def toolDef) bool {
	for _, n := range []*node{def.inner, def.outer} {
		v := n.get("defer_loading")
		if v == nil || v.kind == nNull {
			continue
		}
		if v.kind != nBool {
			l.diags.Add(diag.Warnf(v.pos(), "\"defer_loading\" should be %s, not %s; ignored", nBool, v.kind))
			return false
		}
		return v.b
	}
	return false
}

// member is an MCP listing's member kept as written (execution, icons,
// _meta); one of another JSON type is ignored with a warning.
func (l *loader) member(n *node, key string, want nodeKind) ir.Value {
	v := n.get(key)
	if v == nil || v.kind == nNull {
		return nil
	}
	if v.kind != want {
		l.diags.Add(diag.Warnf(v.pos(), "%q should be %s, not %s; ignored", key, want, v.kind))
		return nil
	}
	return v.raw()
}

// first returns the first of keys present on the inner or outer object.
func first(def toolDef, keys []string) *node {
	for _, k := range keys {
		for _, n := range []*node{def.inner, def.outer} {
			if v := n.get(k); v != nil {
				return v
			}
		}
	}
	return nil
}

// text reads an optional string member; other JSON types are ignored
// with a warning.
func (l *loader) text(n *node, key string) string {
	v := n.get(key)
	if v == nil || v.kind == nNull {
		return ""
	}
	if v.kind != nString {
		l.diags.Add(diag.Warnf(v.pos(), "%q should be a string, not %s; ignored", key, v.kind))
		return ""
	}
	return strings.Clone(v.str)
}

// params converts the input schema. The IR wants an object: a missing
// schema is an object without properties, and a schema that says nothing
// about its type is wrapped so that it still means what it said.
func (l *loader) params(def toolDef, name string) *ir.Type {
	in := first(def, inputKeys)
	if in == nil || in.kind == nNull {
		return l.emptyObject(def.outer.pos())
	}
	t := newConverter(in, name+"_input", false, l.opts, l.reg, &l.diags).convertRoot()
	r := t.Resolve()
	switch {
	case r != nil && r.Kind == ir.KindObject:
		return t
	case t.Kind == ir.KindAny:
		// {} or true: an object schema that constrains nothing, still.
		t.Kind, t.Untyped, t.Additional = ir.KindObject, true, l.emptyObject(in.pos()).Additional
		return t
	case r != nil && r.Untyped:
		wrap := l.emptyObject(in.pos())
		wrap.Untyped, wrap.AllOf = true, []*ir.Type{t}
		return wrap
	}
	l.diags.Errorf(in.pos(), "tool %q: parameters must be an object schema, not a %s schema", name, r.Kind)
	return l.emptyObject(in.pos())
}

func (l *loader) emptyObject(pos ir.Pos) *ir.Type {
	t := &ir.Type{Kind: ir.KindObject, Pos: pos, Additional: ir.AdditionalOpen}
	if l.opts.CloseObjects {
		t.Additional = ir.AdditionalDefault
	}
	return t
}

// annotations reads MCP's behaviour hints and title.
func (l *loader) annotations(t *ir.Tool, a *node) {
	if a.kind != nObject {
		l.diags.Add(diag.Warnf(a.pos(), "\"annotations\" should be an object, not %s; ignored", a.kind))
		return
	}
	hints := map[string]**bool{"readOnlyHint": &t.Annotations.ReadOnly, "destructiveHint": &t.Annotations.Destructive,
		"idempotentHint": &t.Annotations.Idempotent, "openWorldHint": &t.Annotations.OpenWorld}
	for _, m := range a.members {
		if dst, ok := hints[m.key]; ok {
			if m.val.kind != nBool {
				l.diags.Add(diag.Warnf(m.val.pos(), "annotation %q should be a boolean, not %s; ignored", m.key, m.val.kind))
				continue
			}
			*dst = ir.Bool(m.val.b)
		}
	}
	if t.Title == "" {
		t.Title = l.text(a, "title")
	}
}
