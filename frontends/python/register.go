package python

import (
	"strings"
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
				regs = append(regs, registration{f: g, deco: d})
			}
		}
	}
	if strings.Contains(s.m.src, "tool(") || strings.Contains(s.m.src, "from_function(") {
		if lines, err := tokenize(s.m.src); err == nil {
			for _, ln := range lines {
				if r, ok := l.registerCall(s, ln.toks, top); ok {
					regs = append(regs, r)
				}
			}
		}
	}
	l.regs[s] = regs
	return regs
}

// registerCall reads one statement as a registration call.
func (l *loader) registerCall(s *source, toks []token, top map[string]*funcDef) (registration, bool) {
	if len(toks) < 4 || toks[0].kind != tkName || toks[0].isName("def") || toks[0].isName("async") || toks[0].isName("return") {
		return registration{}, false
	}
	c := parseExpr(toks)
	if c == nil || c.kind != exCall || len(c.args) == 0 {
		return registration{}, false
	}
	fnOf := func(e *expr) *funcDef {
		if e.kind == exName {
			return top[e.name]
		}
		return nil
	}
	tools := l.opts.decorators()
	switch {
	case c.x.kind == exCall && l.matchDecorator(s, c.x, tools): // mcp.tool(name=…)(f)
		if f := fnOf(c.args[0]); f != nil {
			return registration{f: f, deco: c.x}, true
		}
	case c.x.kind == exAttr && c.x.name == "add_tool":
		arg := c.args[0]
		kws := c.kws
		if arg.kind == exCall && (arg.x.dotted() == "from_function" || strings.HasSuffix(arg.x.dotted(), ".from_function")) && len(arg.args) > 0 {
			kws = arg.kws
			arg = arg.args[0]
		}
		if f := fnOf(arg); f != nil {
			d := &expr{kind: exCall, off: c.off, end: c.end, x: &expr{kind: exAttr, off: c.x.off, end: c.x.end, name: "tool", x: c.x.x}, kws: kws}
			return registration{f: f, deco: d}, true
		}
	case c.x.kind == exAttr && len(c.kws) == 0 && len(c.args) == 1 && l.matchDecorator(s, c.x, tools): // mcp.tool(f)
		if f := fnOf(c.args[0]); f != nil && f.decorators == nil {
			return registration{f: f, deco: c.x}, true
		}
	}
	return registration{}, false
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
