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
	if len(args) < 2 || args[1].kind != vFunc && args[1].kind != vDeclFunc {
		r.diags.Errorf(f.pos(s.off), "setRequestHandler(ListToolsRequestSchema, …): tscg reads a handler function of the project, found %s", describeValue(args[len(args)-1]))
		return nil
	}
	e := &evaluator{r: r, f: f, env: r.siteEnv}
	res := e.apply(args[1], nil, args[1].off)
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
		if t := r.listedTool(el); t != nil {
			out = append(out, found{el.off, t})
		}
	}
	return out
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
