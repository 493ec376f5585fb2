package typescript

import (
	"github.com/tscg/tscg/compiler/ir"
)

// listToolsHandler reads a low-level MCP server's
// setRequestHandler(ListToolsRequestSchema, handler) whose handler
// returns a literal `{ tools: [...] }`.
func (r *resolver) listToolsHandler(f *file, s *callSite) []found {
	p := newParserAt(f.src, s.paren)
	if p.peek(1).text != "ListToolsRequestSchema" {
		return nil
	}
	args := r.callArgs(f, s)
	if len(args) >= 2 {
		if h := r.wrappedHandler(f, argStarts(f, s.paren), 0); h != nil {
			args[1] = h
		}
	}
	if len(args) < 2 {
		r.diags.Errorf(f.pos(s.off), "setRequestHandler(ListToolsRequestSchema, …): tscg reads a handler function of the project, found no handler argument")
		return nil
	}
	if args[1].kind != vFunc && args[1].kind != vDeclFunc {
		r.diags.Errorf(f.pos(s.off), "setRequestHandler(ListToolsRequestSchema, …): tscg reads a handler function of the project, found %s", describeValue(args[1]))
		return nil
	}
	e := &evaluator{r: r, f: f, env: r.siteEnv}
	r.wrappers++
	res := e.apply(args[1], nil, args[1].off)
	r.wrappers--
	if res.kind == vUndefined {
		r.diags.Errorf(f.pos(s.off), "the tools/list handler has no return statement tscg can read")
		return nil
	}
	tools := res.prop("tools")
	if res.kind != vObject || tools == nil || tools.kind != vArray {
		what := res
		if tools != nil {
			what = tools
		}
		r.diags.Errorf(what.f.pos(what.off), "the tools/list handler must return { tools: [...] } with a literal array tscg can read, found %s", describeValue(what))
		return nil
	}
	var out []found
	for _, el := range tools.elems {
		// One frame per entry: an entry tscg cannot read blocks its own
		// tool, not the rest of the list.
		to := &owner{what: "the tools/list entry at " + el.f.pos(el.off).String(), tool: true}
		done := r.begin(to)
		t := r.listedTool(el)
		if t != nil {
			to.tools = []*ir.Tool{t}
		}
		done()
		if t != nil {
			// Ordered where it is listed, placed where it is written
			// (another module's constant, a mapped definition).
			t.Pos = el.f.pos(el.off)
			out = append(out, found{s.off, t})
		}
	}
	return out
}

// wrappedHandler is the handler a middleware call wraps:
// `mw.wrap("ListTools", withMonitoring(async () => ({ tools }), …))` is
// read as its innermost function argument, which the wrappers call and
// whose result they pass through. starts are the offsets of the
// arguments of the call whose second argument is the wrapper call; nil
// when it is not such a call.
func (r *resolver) wrappedHandler(f *file, starts []int, depth int) *value {
	if depth > 4 || len(starts) < 2 {
		return nil
	}
	p := newParserAt(f.src, starts[1])
	if t := p.tok(); t.text == "async" || t.text == "function" || t.text == "new" {
		return nil // a handler written in place, or an object
	}
	for p.tok().kind == tIdent || p.tok().kind == tPunct && (p.tok().text == "." || p.tok().text == "?.") {
		p.next()
	}
	if p.tok().text != "(" || p.tok().off == starts[1] {
		return nil
	}
	paren := p.tok().off
	e := &evaluator{r: r, f: f, p: newParserAt(f.src, paren), env: r.siteEnv}
	args, ok := e.safeArgs()
	if !ok {
		return nil
	}
	inner := argStarts(f, paren)
	for i, a := range args {
		// A call among the arguments is a wrapper one level down: its
		// innermost function is the handler, not the function the
		// wrapper returns (which only calls it).
		if i < len(inner) {
			if h := r.wrappedHandler(f, []int{0, inner[i]}, depth+1); h != nil {
				return h
			}
		}
		if a.kind == vFunc || a.kind == vDeclFunc {
			return a
		}
	}
	return nil
}

// argStarts is the offsets of the arguments of the call whose '(' is at
// paren.
func argStarts(f *file, paren int) []int {
	p := newParserAt(f.src, paren)
	p.next() // (
	var out []int
	for p.tok().kind != tEOF && p.tok().text != ")" {
		out = append(out, p.tok().off)
		p.skipExpression()
		if !p.accept(",") {
			break
		}
	}
	return out
}

// safeArgs evaluates a call's arguments at the parser's '(', or reports
// false where the evaluator gives up.
func (e *evaluator) safeArgs() (args []*value, ok bool) {
	defer func() {
		if x := recover(); x != nil {
			if _, isBail := x.(bailout); !isBail {
				panic(x)
			}
			args, ok = nil, false
		}
	}()
	return e.args(), true
}

// listedTool reads one entry of a tools/list result.
func (r *resolver) listedTool(el *value) *ir.Tool {
	if el.kind != vObject {
		r.diags.Errorf(el.f.pos(el.off), "a tools/list entry must be an object literal or constant tscg can read, found %s", describeValue(el))
		return nil
	}
	t := &ir.Tool{ExactTitles: true}
	nv := el.prop("name")
	if nv == nil || nv.kind != vString {
		what := "nothing"
		if nv != nil {
			what = describeValue(nv)
		}
		r.diags.Errorf(el.f.pos(el.off), "a tools/list entry's name must be a string constant tscg can read, found %s", what)
		return nil
	}
	t.Name = nv.text
	r.toolConfig(t, el, "inputSchema", fwMCP)
	return t
}
