package python

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/orderedjson"
)

// handler is a function decorated `@X.<kind>()` inside another.
type handler struct {
	name string
	off  int
	body []logicalLine
}

// handlers returns the functions decorated `@X.<kind>()` among the lines
// of a function body (the official MCP servers define their handlers
// inside `async def serve()`).
func (l *loader) handlers(s *source, body []logicalLine, kind string) []handler {
	var out []handler
	for i := 0; i < len(body); i++ {
		toks := body[i].toks
		if !toks[0].is("@") || !l.matchDecorator(s, parseExpr(toks[1:]), []string{"*." + kind}) {
			continue
		}
		j := i + 1
		for j < len(body) && body[j].toks[0].is("@") {
			j++
		}
		if j == len(body) {
			break
		}
		k := j + 1
		for k < len(body) && body[k].indent > body[j].indent {
			k++
		}
		h := handler{off: body[j].toks[0].off, body: body[j+1 : k]}
		for n, t := range body[j].toks {
			if t.isName("def") && n+1 < len(body[j].toks) {
				h.name = body[j].toks[n+1].text
				break
			}
		}
		out = append(out, h)
		i = k - 1
	}
	return out
}

// listedTools returns the Tool(...) values a list_tools handler returns:
// f itself when decorated, or handlers defined in its body. Each tool's
// Function says how `tscg serve` calls it (see callTarget).
func (l *loader) listedTools(s *source, f *funcDef) []*ir.Tool {
	type listing struct {
		body   []logicalLine
		target string
	}
	var lists []listing
	for _, h := range l.handlers(s, f.body, "list_tools") {
		lists = append(lists, listing{h.body, l.nestedCallTarget(s, f)})
	}
	for _, d := range f.decorators {
		if l.matchDecorator(s, d, []string{"*.list_tools"}) {
			lists = append(lists, listing{f.body, l.moduleCallTarget(s, f)})
		}
	}
	if s.m.listHandlers[f.name] {
		lists = append(lists, listing{f.body, l.optionCallTarget(s, f)})
	}
	var out []*ir.Tool
	for _, list := range lists {
		found := 0
		for _, line := range list.body {
			for _, call := range l.toolCalls(s, line.toks) {
				found++
				if t := l.listedTool(s, call); t != nil {
					t.Function = list.target + ":" + t.Name
					out = append(out, t)
				}
			}
		}
		if found == 0 && len(list.body) > 0 {
			l.warn(s.pos(list.body[0].toks[0].off), diag.Error, ruleValue, "this list_tools handler builds no Tool(...) value tscg can read; write Tool(name=..., description=..., inputSchema=...) in its body")
		}
	}
	return out
}

// A low-level server's tools all run through one call_tool handler,
// called with the tool's name and its arguments. Their Function is
// "<handler>:<tool>" (pyexec's dispatch target); where tscg serve cannot
// call the handler, <handler> says why instead (it is no Python name, so
// pyexec refuses the call without running anything), and a warning says
// so when the tools are read.

// moduleCallTarget is the target for the tools of a module-level
// list_tools handler: the module's @X.call_tool() function.
func (l *loader) moduleCallTarget(s *source, list *funcDef) string {
	for _, f := range s.m.funcs {
		for _, d := range f.decorators {
			if l.matchDecorator(s, d, []string{"*.call_tool"}) {
				return f.name
			}
		}
	}
	return l.unservable(s, list.off, "<no @server.call_tool() handler>", "this server's tools have no module-level @server.call_tool() handler; tscg serve cannot call them (build and lint are not affected)")
}

// nestedCallTarget is the target for the tools of a list_tools handler
// defined inside outer: its call_tool handler is a local function of
// outer too, which only outer's own run can reach.
func (l *loader) nestedCallTarget(s *source, outer *funcDef) string {
	for _, h := range l.handlers(s, outer.body, "call_tool") {
		return l.unservable(s, h.off, outer.name+".<locals>."+h.name, "the call_tool handler %s is defined inside %s(), where tscg serve cannot reach it; define the handlers at module level to serve these tools (build and lint are not affected)", h.name, outer.name)
	}
	return l.unservable(s, outer.off, "<no @server.call_tool() handler>", "the tools listed in %s() have no @server.call_tool() handler; tscg serve cannot call them (build and lint are not affected)", outer.name)
}

// optionCallTarget is the target for the tools of a Server(on_list_tools=f)
// handler: on_call_tool's handler takes the server's request context,
// which tscg serve cannot make.
func (l *loader) optionCallTarget(s *source, list *funcDef) string {
	return l.unservable(s, list.off, "<on_call_tool handler needs the server's request context>", "the tools %s lists are called through Server(on_call_tool=...), whose handler takes the server's request context; tscg serve cannot call them (build and lint are not affected)", list.name)
}

func (l *loader) unservable(s *source, off int, target, format string, args ...any) string {
	l.warn(s.pos(off), diag.Warning, ruleServe, format, args...)
	return target
}

// toolCalls finds the calls to mcp.types.Tool on one logical line.
func (l *loader) toolCalls(s *source, toks []token) []*expr {
	var out []*expr
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind != tkName || !toks[i+1].is("(") {
			continue
		}
		start := i
		for start >= 2 && toks[start-1].is(".") && toks[start-2].kind == tkName {
			start -= 2
		}
		end := matching(toks, i+1)
		if end >= len(toks) {
			continue
		}
		call := parseExpr(toks[start : end+1])
		if call != nil && call.kind == exCall && l.canonical(s, call.x) == "Tool" {
			out = append(out, call)
			i = end
		}
	}
	return out
}

// listedTool converts Tool(name=…, description=…, inputSchema=…).
func (l *loader) listedTool(s *source, call *expr) *ir.Tool {
	t := &ir.Tool{Group: s.name, Source: "python", Pos: s.pos(call.off), ExactTitles: true}
	name, ok := l.str(s, call.kw("name"))
	if !ok {
		l.warn(t.Pos, diag.Error, ruleValue, "Tool(...) needs name= as a string literal, a module constant or an enum member")
		return nil
	}
	t.Name = name
	if d := call.kw("description"); d != nil {
		t.Description = l.toolText(s, keyword{name: "description", value: d})
	}
	if d := call.kw("title"); d != nil {
		t.Title = l.toolText(s, keyword{name: "title", value: d})
	}
	if a := call.kw("annotations"); a != nil {
		l.toolAnnotations(s, t, a)
	}
	l.listedMembers(s, call, t)
	in := call.kw("inputSchema")
	if in == nil {
		in = call.kw("input_schema")
	}
	if in == nil {
		l.warn(t.Pos, diag.Error, ruleValue, "Tool %s has no inputSchema", name)
		return nil
	}
	t.Params = l.schemaValue(s, in, name)
	if t.Params == nil {
		return nil
	}
	if t.Params.Kind == ir.KindRef && t.Params.Ref != nil && !l.opts.TscgListing {
		// inputSchema=Model.model_json_schema(): the server publishes
		// pydantic's schema of the model as it is (titles, open objects,
		// the model's docstring as its description), not tscg's reading.
		schema, err := modelJSONSchema(t.Params)
		if err != nil {
			l.warn(t.Pos, diag.Warning, ruleType, "the schema Model.model_json_schema() gives %s cannot be rendered (%v); providers/mcp.tools-list.json has tscg's schema instead", name, err)
			return t
		}
		t.Listing = &ir.Listing{Framework: "MCP SDK low-level Server", Description: t.Description, InputSchema: schema}
	} else if raw := l.literalSchema(s, in); raw != nil && !l.opts.TscgListing {
		// a dict literal: published as written
		t.Listing = &ir.Listing{Framework: "MCP SDK low-level Server", Description: t.Description, InputSchema: raw}
	}
	return t
}

// literalSchema is the JSON of an inputSchema written as a dict literal
// (or a constant naming one); nil for anything else.
func (l *loader) literalSchema(s *source, e *expr) ir.Value {
	if r := l.deref(s, e); !r.opaque() && r.e != e {
		return l.literalSchema(r.src, r.e)
	}
	if e.kind != exDict {
		return nil
	}
	v, ok := l.goValue(s, e)
	if !ok {
		return nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return data
}

// modelJSONSchema is pydantic's Model.model_json_schema() of the model
// that ref names: the model's own schema at the root, titled by its
// name, the models it uses in $defs, objects open.
func modelJSONSchema(ref *ir.Type) (ir.Value, error) {
	body, err := openSchema(ref)
	if err != nil {
		return nil, err
	}
	pydanticDicts(body, false)
	defs := body.Obj("$defs")
	body.Delete("$defs")
	name := strings.TrimPrefix(body.Str("$ref"), "#/$defs/")
	if defs == nil || body.Len() != 1 || defs.Obj(name) == nil {
		return nil, fmt.Errorf("%s does not render as a model", ref.Ref.Name)
	}
	out := defs.Obj(name)
	defs.Delete(name)
	if out.Str("title") == "" {
		out.Set("title", name)
	}
	if defs.Len() > 0 {
		out.Set("$defs", defs)
	}
	pydanticTitles(out)
	return orderedjson.Compact(out), nil
}

// schemaValue reads an inputSchema: Model.model_json_schema() or a JSON
// Schema written as a dict literal.
func (l *loader) schemaValue(s *source, e *expr, tool string) *ir.Type {
	if r := l.deref(s, e); !r.opaque() && r.e != e { // inputSchema=ENTRY_SCHEMA
		return l.schemaValue(r.src, r.e, tool)
	}
	if e.kind == exCall && e.x.kind == exAttr && e.x.name == "model_json_schema" {
		tg, ok := l.lookup(s, e.x.x.dotted())
		if ok && tg.cls != nil {
			return l.classRef(tg.src, tg.cls)
		}
	}
	if e.kind == exDict {
		v, ok := l.goValue(s, e)
		if ok {
			data, err := json.Marshal(v)
			if err == nil {
				t, named, ds := jsonfront.Schema(s.path, data, jsonfront.Options{})
				pos := s.pos(e.off)
				for _, d := range ds {
					d.Pos = diag.Pos{File: pos.File, Line: pos.Line, Col: pos.Col}
					l.diags.Add(d)
				}
				for _, n := range named {
					n.Pos = pos
					l.order[n] = pos
				}
				if t != nil {
					setPos(t, pos)
					return t
				}
			}
		}
	}
	l.warn(s.pos(e.off), diag.Error, ruleValue, "the inputSchema of %s is neither Model.model_json_schema() of a model in this folder nor a JSON Schema dict literal", tool)
	return nil
}

// setPos points a schema taken from a dict literal at the literal.
func setPos(t *ir.Type, pos ir.Pos) {
	t.Pos = pos
	for _, p := range t.Properties {
		p.Pos = pos
		setPos(p.Type, pos)
	}
}

// isBaseTool reports a LangChain or CrewAI BaseTool subclass.
func (l *loader) isBaseTool(s *source, c *classDef) bool {
	return l.baseToolFramework(s, c, 0) != ""
}

// baseToolFramework returns the package a BaseTool subclass's BaseTool
// comes from ("langchain", "crewai", or "other" when tscg cannot tell),
// following base classes of this folder (class SearchTool(ProjectBaseTool)
// with ProjectBaseTool(BaseTool) in a sibling module); "" for any other
// class.
func (l *loader) baseToolFramework(s *source, c *classDef, depth int) string {
	if depth > 8 {
		return ""
	}
	for _, b := range c.bases {
		if l.canonical(s, b) == "BaseTool" {
			switch {
			case l.fromModule(s, b, "langchain_core") || l.fromModule(s, b, "langchain"):
				return "langchain"
			case l.fromModule(s, b, "crewai"):
				return "crewai"
			}
			return "other"
		}
		if tg, ok := l.lookup(s, b.dotted()); ok && tg.cls != nil && tg.cls != c {
			if fw := l.baseToolFramework(tg.src, tg.cls, depth+1); fw != "" {
				return fw
			}
		}
	}
	return ""
}

// toolAttr is a class attribute and the file it is written in.
type toolAttr struct {
	src *source
	f   *field
}

// toolClassFields are the name, description and args_schema attributes a
// BaseTool subclass has, its bases' of this folder first (so its own
// override them), as Python's attribute lookup finds them.
func (l *loader) toolClassFields(s *source, c *classDef, depth int) []toolAttr {
	var out []toolAttr
	if depth < 8 {
		for _, b := range c.bases {
			if tg, ok := l.lookup(s, b.dotted()); ok && tg.cls != nil && tg.cls != c {
				out = append(out, l.toolClassFields(tg.src, tg.cls, depth+1)...)
			}
		}
	}
	for _, f := range c.fields {
		if f.value != nil && (f.name == "name" || f.name == "description" || f.name == "args_schema") {
			out = append(out, toolAttr{s, f})
		}
	}
	return out
}

// classTool reads a BaseTool subclass: name and description from class
// attributes, the input schema from args_schema.
func (l *loader) classTool(s *source, c *classDef) *ir.Tool {
	t := &ir.Tool{Name: c.name, Group: s.name, Source: "python", Pos: s.pos(c.off)}
	var schema *field
	schemaSrc := s
	named := false
	for _, cf := range l.toolClassFields(s, c, 0) {
		f, fs := cf.f, cf.src
		switch f.name {
		case "name":
			if v, ok := l.str(fs, f.value); ok {
				t.Name, named = v, true
			}
		case "description":
			t.Description = l.toolText(fs, keyword{name: "description", value: f.value})
		case "args_schema":
			schema, schemaSrc = f, fs
		}
	}
	if !named {
		l.warn(t.Pos, diag.Warning, ruleValue, "BaseTool %s has no name attribute with a literal value; the tool is named after the class", c.name)
	}
	if schema == nil {
		l.warn(t.Pos, diag.Error, ruleValue, "BaseTool %s has no args_schema; give it one (a pydantic model) so tscg can read its arguments", c.name)
		return nil
	}
	tg, ok := l.lookup(schemaSrc, schema.value.dotted())
	if !ok || tg.cls == nil {
		l.warn(schemaSrc.pos(schema.value.off), diag.Error, ruleValue, "args_schema of %s is not a model of this folder", c.name)
		return nil
	}
	t.Params = l.classRef(tg.src, tg.cls)
	fw := l.baseToolFramework(s, c, 0)
	if !l.opts.TscgListing && (fw == "langchain" || fw == "other" && (l.importsFrom(s, "langchain_core") || l.importsFrom(s, "langchain"))) {
		// LangChain shows the class's description as written and
		// args_schema without the model's docstring and titles.
		if schema, err := lcSchema(t.Params, nil); err == nil {
			t.Listing = &ir.Listing{Framework: listingLangChain.String(), Description: t.Description, EmptyDescription: true, InputSchema: schema}
		} else {
			l.warn(t.Pos, diag.Warning, ruleType, "the LangChain listing of %s cannot be rendered (%v); providers/mcp.tools-list.json has tscg's schema instead", t.Name, err)
		}
	}
	if !l.opts.TscgListing && (fw == "crewai" || fw == "other" && (l.importsFrom(s, "crewai") || l.importsFrom(s, "crewai_tools"))) && !crewaiModelled(s) {
		l.unmodelledListing(t, "CrewAI before 1.0")
	}
	if !l.opts.TscgListing && (fw == "crewai" || fw == "other" && l.importsFrom(s, "crewai")) && crewaiModelled(s) {
		if ls, err := crewaiListing(t.Name, t.Description, t.Params); err == nil {
			t.Listing = ls
		} else {
			l.warn(t.Pos, diag.Warning, ruleType, "the CrewAI listing of %s cannot be rendered (%v); providers/mcp.tools-list.json has tscg's schema instead", t.Name, err)
		}
	}
	// tscg serve creates the class with no arguments and runs its _run
	// (or _arun): a field without a default makes that fail.
	t.Function = c.name
	for _, f := range c.fields {
		if f.value == nil && f.ann != nil && !strings.HasPrefix(l.text(s, f.ann), "ClassVar") {
			l.warn(s.pos(f.off), diag.Warning, ruleServe, "tscg serve creates BaseTool %s with no arguments, and its field %s has no default, so serving %s will fail; give %s a default", c.name, f.name, t.Name, f.name)
			break
		}
	}
	return t
}
