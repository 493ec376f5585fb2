package python

import (
	"strings"

	"github.com/tscg/tscg/compiler/diag"
)

// registration is a tool registered by a call rather than a decorator on
// its def: `mcp.tool()(f)`, `mcp.tool(f)`, `mcp.add_tool(f, name=…)`,
// `mcp.add_tool(Tool.from_function(f, name=…, description=…))`, or a
// decorated function defined inside another function (a
// `create_server()` factory). deco is the decorator the registration
// stands for: its keywords are the registration's.
type registration struct {
	f    *funcDef
	deco *expr
	// outer is the function a nested registration is defined in (a
	// create_server() factory), whose parameters its tool may use.
	outer *funcDef
	// cond is what the if blocks and early returns around a call
	// registration say (cond.go).
	cond condition
	// class is the class whose body a decorated function is defined in
	// (`class SearchTools:` holding `@tool("…") def search(query): …`):
	// the decorator runs when the class is created, making the class
	// attribute a tool object.
	class *classDef
}

// registrations returns the file's tools registered other than by a
// decorator on a top-level def, in source order. Read once per file.
func (l *loader) registrations(s *source) []registration {
	if regs, ok := l.regs[s]; ok {
		return regs
	}
	var regs []registration
	top := map[string]*funcDef{}
	for _, f := range s.m.funcs {
		top[f.name] = f
		for _, g := range s.m.nestedFuncs(f.body) {
			if d := l.toolDecorator(s, g); d != nil {
				regs = append(regs, registration{f: g, deco: d, outer: f})
			}
		}
	}
	for _, c := range s.m.classes {
		for _, g := range s.m.nestedFuncs(c.body) {
			if d := l.toolDecorator(s, g); d != nil && l.classBodyTool(s, d) {
				regs = append(regs, registration{f: g, deco: d, class: c})
			}
		}
	}
	if strings.Contains(s.m.src, "tool(") || strings.Contains(s.m.src, "from_function(") {
		if lines, err := tokenize(s.m.src); err == nil {
			var loop *forLoop
			var stack []*block
			for i, ln := range lines {
				if loop != nil && ln.indent <= loop.indent {
					loop = nil
				}
				for len(stack) > 0 && stack[len(stack)-1].indent >= ln.indent {
					stack = stack[:len(stack)-1]
				}
				if fl := l.forHeader(s, ln, top); fl != nil {
					loop = fl
					continue
				}
				if b := blockOf(s, ln); b != nil {
					if b.cond != nil && len(stack) > 0 && stack[len(stack)-1].def && returnsFirst(ln, lines[i+1:]) {
						def := stack[len(stack)-1]
						def.guards = append(def.guards, guard{cond: b.cond, line: b.line, returns: true})
					}
					stack = append(stack, b)
					continue
				}
				found := l.registerCall(s, ln.toks, top, loop)
				if len(found) > 0 && len(stack) > 0 && stack[0].def && stack[0].indent == 0 {
					if f := top[stack[0].name]; f != nil && l.toolDecorator(s, f) != nil {
						// mcp.add_tool(…) in a tool's body runs when the tool is
						// called: the server does not list it at start.
						for _, r := range found {
							l.warn(s.pos(ln.toks[0].off), diag.Warning, ruleValue, "%s is registered inside the tool %s, when that tool is called; it is not in the server's tools/list at start, nor in tscg's", r.f.name, f.name)
						}
						continue
					}
				}
				if len(found) > 0 && len(stack) > 0 {
					c := l.judge(s, stack)
					for k := range found {
						found[k].cond = c
					}
				}
				regs = append(regs, found...)
			}
		}
	}
	l.regs[s] = regs
	return regs
}

// forLoop is `for NAME in [f, g]:` (or a module constant holding such a
// list) over top-level functions: a registration of NAME in its body
// registers each of them.
type forLoop struct {
	indent int
	name   string
	funcs  []*funcDef
}

// forHeader reads a loop over a list of the file's functions.
func (l *loader) forHeader(s *source, ln logicalLine, top map[string]*funcDef) *forLoop {
	toks := ln.toks
	if len(toks) < 5 || !toks[0].isName("for") || toks[1].kind != tkName || !toks[2].isName("in") || !toks[len(toks)-1].is(":") {
		return nil
	}
	list := parseExpr(toks[3 : len(toks)-1])
	if list != nil && list.kind == exName {
		if a := s.m.assigns[list.name]; a != nil && !a.rebound {
			list = a.value
		}
	}
	if list == nil || list.kind != exList && list.kind != exTuple {
		return nil
	}
	fl := &forLoop{indent: ln.indent, name: toks[1].text}
	for _, e := range list.args {
		if e.kind != exName || top[e.name] == nil {
			return nil
		}
		fl.funcs = append(fl.funcs, top[e.name])
	}
	return fl
}

// registerCall reads one statement as registration calls (several in a
// loop over functions).
func (l *loader) registerCall(s *source, toks []token, top map[string]*funcDef, loop *forLoop) []registration {
	if len(toks) < 4 || toks[0].kind != tkName || toks[0].isName("def") || toks[0].isName("async") || toks[0].isName("return") {
		return nil
	}
	if len(toks) > 4 && toks[1].is("=") && toks[0].kind == tkName { // x = StructuredTool.from_function(...)
		if c := parseExpr(toks[2:]); c != nil && c.kind == exCall && l.lcFromFunction(s, c) {
			return l.registerFromFunction(c, top)
		}
	}
	c := parseExpr(toks)
	if c == nil || c.kind != exCall {
		return nil
	}
	if l.lcFromFunction(s, c) {
		return l.registerFromFunction(c, top)
	}
	if len(c.args) == 0 {
		return nil
	}
	fnOf := func(e *expr) []*funcDef {
		switch {
		case e.kind != exName:
			return nil
		case loop != nil && e.name == loop.name:
			return loop.funcs
		case top[e.name] != nil:
			return []*funcDef{top[e.name]}
		}
		return nil
	}
	each := func(fs []*funcDef, d *expr) []registration {
		var out []registration
		for _, f := range fs {
			out = append(out, registration{f: f, deco: d})
		}
		return out
	}
	tools := l.opts.decorators()
	switch {
	case c.x.kind == exCall && l.matchDecorator(s, c.x, tools): // mcp.tool(name=…)(f)
		return each(fnOf(c.args[0]), c.x)
	case c.x.kind == exAttr && c.x.name == "add_tool":
		arg := c.args[0]
		kws := c.kws
		if arg.kind == exCall && (arg.x.dotted() == "from_function" || strings.HasSuffix(arg.x.dotted(), ".from_function")) && len(arg.args) > 0 {
			kws = arg.kws
			arg = arg.args[0]
		}
		d := &expr{kind: exCall, off: c.off, end: c.end, x: &expr{kind: exAttr, off: c.x.off, end: c.x.end, name: "tool", x: c.x.x}, kws: kws}
		return each(fnOf(arg), d)
	case c.x.kind == exAttr && len(c.kws) == 0 && len(c.args) == 1 && l.matchDecorator(s, c.x, tools): // mcp.tool(f)
		var fs []*funcDef
		for _, f := range fnOf(c.args[0]) {
			if f.decorators == nil {
				fs = append(fs, f)
			}
		}
		return each(fs, c.x)
	}
	return nil
}

// nestedFuncs returns the functions defined in a function body (at any
// depth), with their decorators.
func (m *module) nestedFuncs(body []logicalLine) []*funcDef {
	var out []*funcDef
	for i := 0; i < len(body); i++ {
		toks := body[i].toks
		if !(toks[0].isName("def") || toks[0].isName("async") && len(toks) > 1 && toks[1].isName("def")) {
			continue
		}
		var decos []*expr
		for j := i - 1; j >= 0 && body[j].indent == body[i].indent && body[j].toks[0].is("@"); j-- {
			decos = append([]*expr{parseExpr(body[j].toks[1:])}, decos...)
		}
		k := i + 1
		for k < len(body) && body[k].indent > body[i].indent {
			k++
		}
		if f := m.funcDef(toks, body[i+1:k]); f != nil {
			f.decorators = decos
			out = append(out, f)
		}
	}
	return out
}

// classBodyTool reports a decorator that makes a tool of a function in a
// class body: the agent frameworks' standalone `@tool` / `@tool("name")`
// (LangChain, CrewAI, smolagents), which returns a tool object in place
// of the function when the class is created.
func (l *loader) classBodyTool(s *source, d *expr) bool {
	fn := d
	if d.kind == exCall {
		fn = d.x
	}
	if fn.dotted() != "tool" {
		return false
	}
	for _, root := range []string{"langchain_core", "langchain", "crewai", "smolagents"} {
		if l.fromModule(s, d, root) {
			return true
		}
	}
	return false
}

// lcFromFunction reports LangChain's StructuredTool.from_function(...)
// (or Tool.from_function imported from langchain).
func (l *loader) lcFromFunction(s *source, c *expr) bool {
	if c.x.kind != exAttr || c.x.name != "from_function" {
		return false
	}
	head, _, _ := strings.Cut(c.x.x.dotted(), ".")
	return l.fromModule(s, &expr{kind: exName, name: head}, "langchain_core") || l.fromModule(s, &expr{kind: exName, name: head}, "langchain")
}

// registerFromFunction reads StructuredTool.from_function(func=f, name=…,
// description=…, args_schema=…, parse_docstring=…): the keywords are
// those of @tool; the function is func= (or coroutine=, or the first
// argument).
func (l *loader) registerFromFunction(c *expr, top map[string]*funcDef) []registration {
	fn := c.kw("func")
	if fn == nil || fn.kind == exConst {
		fn = c.kw("coroutine")
	}
	if fn == nil && len(c.args) > 0 {
		fn = c.args[0]
	}
	if fn == nil || fn.kind != exName || top[fn.name] == nil {
		return nil
	}
	var kws []keyword
	for _, k := range c.kws {
		if k.name != "func" && k.name != "coroutine" {
			kws = append(kws, k)
		}
	}
	return []registration{{f: top[fn.name], deco: &expr{kind: exCall, off: c.off, end: c.end, x: c.x, kws: kws}}}
}
