package jsonschema

import (
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"strings"
)

// toolDef is a tool definition found in some document shape: the object
// that defines it and the object holding name, description and schemas
// (the same object except in OpenAI's Chat form, where they sit under
// "function").
type toolDef struct {
	outer, inner *node
}

// asTool recognises one tool definition object.
func asTool(n *node) (toolDef, bool) {
	if n == nil || n.kind != nObject {
		return toolDef{}, false
	}
	typ, _ := n.getString("type")
	if f := n.get("function"); typ == "function" && f != nil && f.kind == nObject {
		return toolDef{outer: n, inner: f}, true // OpenAI Chat Completions
	}
	if _, ok := n.getString("name"); !ok {
		return toolDef{}, false
	}
	for _, k := range []string{"parameters", "input_schema", "inputSchema"} {
		if n.has(k) {
			return toolDef{outer: n, inner: n}, true
		}
	}
	// The Responses form may leave out parameters.
	return toolDef{outer: n, inner: n}, typ == "function"
}

// isRecord recognises a BFCL record: {"id", "question", "function": […]}.
// Records whose "function" is not a list (BFCL's chatable set) or missing
// (multi-turn, memory and web-search sets, whose functions live in
// multi_turn_func_doc/) hold no definitions.
func isRecord(n *node) bool {
	return n != nil && n.kind == nObject && n.has("question") && (n.has("function") || n.has("involved_classes"))
}

// nonCatalog names known files that hold no tool definitions: benchmark
// answers, trajectories and queries that sit next to the definitions.
func nonCatalog(n *node) string {
	first := n
	if n.kind == nArray && len(n.elems) > 0 {
		first = n.elems[0]
	}
	switch {
	case first.kind != nObject:
		return ""
	case first.has("ground_truth"):
		return "BFCL ground truth (possible_answer)"
	case isRecord(first) && !first.has("function"):
		return "BFCL records without function definitions (their functions are in multi_turn_func_doc/)"
	case first.has("task_id") && first.has("traj"):
		return "tau-bench trajectories"
	case first.has("query") && (first.has("api_list") || first.has("query_id")):
		return "ToolBench queries"
	case n.kind == nObject && first.has("api_list"):
		return "ToolBench response examples"
	}
	return ""
}

// document loads a file holding one JSON value.
func (l *loader) document(d *doc, v *node) {
	switch {
	case v.kind == nArray:
		l.array(d, v)
	case v.kind != nObject:
		l.unknownShape(v, "JSON document")
	case v.get("tools") != nil && v.get("tools").kind == nArray:
		l.toolList(v.get("tools")) // MCP tools/list result, or a provider request body
	case v.get("result").get("tools") != nil && v.get("result").get("tools").kind == nArray:
		l.toolList(v.get("result").get("tools")) // MCP JSON-RPC response
	case v.get("functions") != nil && v.get("functions").kind == nArray:
		l.toolList(v.get("functions")) // OpenAI's legacy "functions"
	case v.get("answer_generation").get("function") != nil:
		l.toolList(v.get("answer_generation").get("function")) // ToolBench answer
	case isRecord(v):
		l.records(d, []*node{v})
	default:
		l.single(d, v)
	}
}

// single loads a document that is one object: a tool, a schema, or a
// known non-catalog.
func (l *loader) single(d *doc, v *node) {
	if def, ok := asTool(v); ok {
		l.tool(def)
		return
	}
	if what := nonCatalog(v); what != "" {
		l.skip(d, what)
		return
	}
	if looksLikeSchema(v) {
		l.schemaFile(d, v)
		return
	}
	l.unknownShape(v, "JSON document")
}

// array loads a top-level array: tools, BFCL records, or a non-catalog.
func (l *loader) array(d *doc, v *node) {
	if len(v.elems) == 0 {
		l.diags.Add(diag.Diagnostic{Pos: v.pos(), Severity: diag.Info, Message: "empty tool list"})
		return
	}
	if what := nonCatalog(v); what != "" {
		l.skip(d, what)
		return
	}
	if isRecord(v.elems[0]) {
		l.records(d, v.elems)
		return
	}
	if _, ok := asTool(v.elems[0]); !ok {
		l.unknownShape(v, "JSON array")
		return
	}
	l.toolList(v)
}

// toolList loads an array whose every element is a tool definition.
func (l *loader) toolList(v *node) {
	if v.kind != nArray {
		l.unknownShape(v, "tool list (want an array)")
		return
	}
	for _, e := range v.elems {
		def, ok := asTool(e)
		if _, named := e.getString("name"); !ok && named {
			// In a list of tools, a name alone is a tool without parameters.
			def, ok = toolDef{outer: e, inner: e}, true
		}
		if !ok {
			l.diags.Errorf(e.pos(), "not a tool definition: want an object with a \"name\" (and \"parameters\", \"input_schema\" or \"inputSchema\"), or {\"type\":\"function\",\"function\":{…}}")
			continue
		}
		l.tool(def)
	}
}

// records loads JSON Lines: BFCL records, tool definitions one per line,
// or a known non-catalog.
func (l *loader) records(d *doc, values []*node) {
	if what := nonCatalog(values[0]); what != "" {
		l.skip(d, what)
		return
	}
	defs := 0
	for _, r := range values {
		defs += l.record(r)
	}
	if defs == 0 {
		l.skip(d, "BFCL records without function definitions")
	}
}

// record loads one JSON Lines value and returns how many definitions it
// held (an unrecognised one counts: it was reported).
func (l *loader) record(r *node) int {
	if def, ok := asTool(r); ok {
		l.tool(def)
		return 1
	}
	if !isRecord(r) {
		l.unknownShape(r, "JSON Lines record")
		return 1 // reported already
	}
	if fs := r.get("function"); fs != nil && fs.kind == nArray {
		l.toolList(fs)
		return len(fs.elems)
	}
	return 0
}

// skip notes a known file that holds no tool definitions.
func (l *loader) skip(d *doc, what string) {
	l.diags.Add(diag.Warnf(ir.Pos{File: d.name}, "no tool definitions here (%s); skipped", what))
}

// looksLikeSchema reports whether an object uses JSON Schema keywords.
func looksLikeSchema(v *node) bool {
	for _, k := range []string{"$schema", "$defs", "definitions", "$id", "$ref", "type", "properties",
		"anyOf", "oneOf", "allOf", "items", "enum", "const"} {
		if v.has(k) {
			return true
		}
	}
	return false
}

// schemaFile loads a plain JSON Schema: its definitions become named
// types, and so does the root, under its title or the file's name.
func (l *loader) schemaFile(d *doc, v *node) {
	name, ok := v.getString("title")
	name = strings.Clone(name)
	if !ok || name == "" {
		name = stem(d.name)
	}
	c := newConverter(v, name, true, l.opts, l.reg, &l.diags)
	root := c.convertRoot()
	if c.named[v] == nil && !l.nameTaken(name) {
		l.reg.types = append(l.reg.types, &ir.Named{Name: name, Type: root, Pos: v.pos(), Exported: true})
		l.reg.byName[name] = regEntry{key: "\x00root:" + d.name, named: l.reg.types[len(l.reg.types)-1]}
	}
}

func (l *loader) nameTaken(name string) bool {
	_, ok := l.reg.byName[name]
	return ok
}
