package python

import (
	"encoding/json"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
)

// handlers returns the bodies of the functions decorated `@X.<kind>()`
// among the lines of a function body (the official MCP servers define
// their handlers inside `async def serve()`).
func (l *loader) handlers(s *source, body []logicalLine, kind string) [][]logicalLine {
	var out [][]logicalLine
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
		out = append(out, body[j+1:k])
		i = k - 1
	}
	return out
}

// listedTools returns the Tool(...) values a list_tools handler returns:
// f itself when decorated, or handlers defined in its body.
func (l *loader) listedTools(s *source, f *funcDef) []*ir.Tool {
	bodies := l.handlers(s, f.body, "list_tools")
	for _, d := range f.decorators {
		if l.matchDecorator(s, d, []string{"*.list_tools"}) {
			bodies = append(bodies, f.body)
		}
	}
	if s.m.listHandlers[f.name] {
		bodies = append(bodies, f.body)
	}
	var out []*ir.Tool
	for _, body := range bodies {
		found := 0
		for _, line := range body {
			for _, call := range l.toolCalls(s, line.toks) {
				found++
				if t := l.listedTool(s, call); t != nil {
					out = append(out, t)
				}
			}
		}
		if found == 0 && len(body) > 0 {
			l.warn(s.pos(body[0].toks[0].off), diag.Error, ruleValue, "this list_tools handler builds no Tool(...) value tscg can read; write Tool(name=..., description=..., inputSchema=...) in its body")
		}
	}
	return out
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
	t := &ir.Tool{Group: s.name, Source: "python", Pos: s.pos(call.off)}
	name, ok := l.str(s, call.kw("name"))
	if !ok {
		l.warn(t.Pos, diag.Error, ruleValue, "Tool(...) needs name= as a string literal, a module constant or an enum member")
		return nil
	}
	t.Name = name
	if d := call.kw("description"); d != nil {
		if t.Description, ok = l.str(s, d); !ok {
			l.nonLiteral(s, keyword{name: "description", value: d})
		}
	}
	if d := call.kw("title"); d != nil {
		if t.Title, ok = l.str(s, d); !ok {
			l.nonLiteral(s, keyword{name: "title", value: d})
		}
	}
	if a := call.kw("annotations"); a != nil {
		l.toolAnnotations(s, t, a)
	}
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
	return t
}

// schemaValue reads an inputSchema: Model.model_json_schema() or a JSON
// Schema written as a dict literal.
func (l *loader) schemaValue(s *source, e *expr, tool string) *ir.Type {
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
	for _, b := range c.bases {
		if l.canonical(s, b) == "BaseTool" {
			return true
		}
	}
	return false
}

// classTool reads a BaseTool subclass: name and description from class
// attributes, the input schema from args_schema.
func (l *loader) classTool(s *source, c *classDef) *ir.Tool {
	t := &ir.Tool{Name: c.name, Group: s.name, Source: "python", Pos: s.pos(c.off)}
	var schema *field
	named := false
	for _, f := range c.fields {
		if f.value == nil {
			continue
		}
		switch f.name {
		case "name":
			if v, ok := l.str(s, f.value); ok {
				t.Name, named = v, true
			}
		case "description":
			if v, ok := l.str(s, f.value); ok {
				t.Description = v
			} else {
				l.nonLiteral(s, keyword{name: "description", value: f.value})
			}
		case "args_schema":
			schema = f
		}
	}
	if !named {
		l.warn(t.Pos, diag.Warning, ruleValue, "BaseTool %s has no name attribute with a literal value; the tool is named after the class", c.name)
	}
	if schema == nil {
		l.warn(t.Pos, diag.Error, ruleValue, "BaseTool %s has no args_schema; give it one (a pydantic model) so tscg can read its arguments", c.name)
		return nil
	}
	tg, ok := l.lookup(s, schema.value.dotted())
	if !ok || tg.cls == nil {
		l.warn(s.pos(schema.value.off), diag.Error, ruleValue, "args_schema of %s is not a model of this folder", c.name)
		return nil
	}
	t.Params = l.classRef(tg.src, tg.cls)
	return t
}
