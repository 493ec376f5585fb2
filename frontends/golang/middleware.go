package golang

import (
	"go/ast"
	"go/constant"

	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// A go-sdk receiving middleware (Server.AddReceivingMiddleware) whose
// code handles "tools/list" rewrites the listing the server publishes on
// every tools/list (issue 28: c0tton-fluff/caido-mcp-server's
// normalizeToolSchemas copies each listed tool, clones its input schema
// and strips "null" from every type union). tscg runs its tools/list
// branch on the evaluator, on the listing it computed: the next handler
// returns the go-sdk tools sorted by name, as the go-sdk lists them, each
// InputSchema what the server holds (the *jsonschema.Schema mcp.AddTool
// infers, or the value a literal gives); the tools the middleware
// returns are the listing. A changed input schema becomes the tool's
// ListingParams (the server still validates against the schema it
// registered), a changed description its description; a tool the
// middleware leaves out is left out, with a warning. A middleware tscg
// cannot run is a warning at it naming the first construct it could not
// run, and the tools are listed as registered. Middleware that does not
// name "tools/list" is not run: it passes the listing on.

// maxListingSteps bounds the steps the middleware runs over the whole
// listing (each tool's schema walked, say).
const maxListingSteps = 1000000

// middlewareUse is one AddReceivingMiddleware call's arguments that
// handle tools/list.
type middlewareUse struct {
	p    *packages.Package
	args []ast.Expr
}

// runListingMiddleware returns tools as the middleware of pkgs lists
// them.
func (c *conv) runListingMiddleware(pkgs []*packages.Package, tools []*ir.Tool) []*ir.Tool {
	uses, servers := c.listingMiddleware(pkgs)
	if len(uses) == 0 {
		return tools
	}
	if len(servers) > 1 {
		c.warnMiddleware(uses, "the program builds "+strings.Join(servers, " and ")+" go-sdk servers, and tscg does not tell which one's tools the middleware lists")
		return tools
	}
	var listed []*ir.Tool
	for _, t := range tools {
		if _, isSDK := c.held[t]; isSDK || c.sites[t].sdk == goSDK {
			listed = append(listed, t)
		}
	}
	sort.SliceStable(listed, func(i, j int) bool { return listed[i].Name < listed[j].Name })
	ev := newEvaluator(c)
	ev.listing, ev.steps = true, maxEvalSteps-maxListingSteps
	out, ok := ev.runMiddleware(uses, listed)
	if !ok {
		why := "tscg runs a middleware made of the evaluator's Go (calls of next, comparisons of the method, type assertions to *mcp.ListToolsResult and *jsonschema.Schema, loops over the tools, tool copies and their InputSchema and Description, the schema's fields and CloneSchemas)"
		if ev.why != nil {
			why = ev.why.msg
			if at := c.pos(ev.why.at); at.Line > 0 {
				why = "at " + at.String() + ", " + why
			}
		}
		c.warnMiddleware(uses, why)
		return tools
	}
	return c.applyListing(uses, tools, listed, out)
}

// warnMiddleware reports each listing middleware as not run, and why.
func (c *conv) warnMiddleware(uses []middlewareUse, why string) {
	for _, u := range uses {
		for _, a := range u.args {
			c.warnf(a.Pos(), "the receiving middleware %s handles tools/list, and tscg cannot run it (%s): what it changes in the listing at run time is not read; tscg lists the tools as they are registered", exprString(a), why)
		}
	}
}

// runMiddleware runs the tools/list call through the middleware chain:
// the tools it returns, by the tool each was made from.
func (ev *evaluator) runMiddleware(uses []middlewareUse, listed []*ir.Tool) (map[*ir.Tool]*toolVal, bool) {
	var h any = funcVal{native: func(args []any) (any, bool) {
		l := &listVal{tools: make([]any, len(listed))}
		for i, t := range listed {
			cp := *t
			cp.Params = cloneSchemas(t.Params)
			l.tools[i] = &toolVal{t: &cp, held: ev.c.held[t], orig: t}
		}
		return tuple{l, nil}, len(args) == 3
	}}
	// AddReceivingMiddleware(m1, m2) makes m1 the outermost; a later
	// call wraps the handler the earlier ones made.
	for _, u := range uses {
		for i := len(u.args) - 1; i >= 0; i-- {
			m, ok := ev.expr(u.p, u.args[i], map[types.Object]any{})
			mf, isFunc := m.(funcVal)
			if !ok || !isFunc {
				ev.stuck(u.args[i].Pos(), "the middleware %s is not a function tscg can read", exprString(u.args[i]))
				return nil, false
			}
			if h, ok = ev.callFunc(mf, []any{h}); !ok {
				return nil, false
			}
		}
	}
	hf, isFunc := h.(funcVal)
	if !isFunc {
		return nil, false
	}
	v, ok := ev.callFunc(hf, []any{opaque{}, "tools/list", opaque{}})
	res, isTuple := v.(tuple)
	if !ok || !isTuple || len(res) != 2 || res[1] != nil || ev.halfTyped() {
		return nil, false
	}
	l, isList := res[0].(*listVal)
	if !isList {
		return nil, false
	}
	out := map[*ir.Tool]*toolVal{}
	for _, el := range l.tools {
		tv, isTool := el.(*toolVal)
		if !isTool || tv.orig == nil || out[tv.orig] != nil {
			return nil, false // a tool not made from a listed one, or listed twice
		}
		out[tv.orig] = tv
	}
	return out, true
}

// applyListing writes what the middleware returned into the tools.
func (c *conv) applyListing(uses []middlewareUse, tools, listed []*ir.Tool, out map[*ir.Tool]*toolVal) []*ir.Tool {
	dropped := map[*ir.Tool]bool{}
	for _, t := range listed {
		tv, kept := out[t]
		if !kept {
			dropped[t] = true
			c.warnf(uses[0].args[0].Pos(), "tool %q is left out of what tools/list returns by the receiving middleware %s: tscg leaves it out too", t.Name, middlewareNames(uses))
			continue
		}
		if !reflect.DeepEqual(tv.t.Params, t.Params) {
			t.ListingParams = tv.t.Params
		}
		t.Description, t.Icons = tv.t.Description, tv.t.Icons
	}
	kept := tools[:0:0]
	for _, t := range tools {
		if !dropped[t] {
			kept = append(kept, t)
		}
	}
	return kept
}

// middlewareNames names the listing middleware, as written.
func middlewareNames(uses []middlewareUse) string {
	var names []string
	for _, u := range uses {
		for _, a := range u.args {
			names = append(names, exprString(a))
		}
	}
	return strings.Join(names, ", ")
}

// listingMiddleware finds the AddReceivingMiddleware arguments of pkgs
// that handle tools/list, and the places that build a go-sdk server (one
// server: its tools are the listing the middleware sees).
func (c *conv) listingMiddleware(pkgs []*packages.Package) ([]middlewareUse, []string) {
	var uses []middlewareUse
	var servers []string
	for _, p := range pkgs {
		for _, f := range c.sortedFiles(p) {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn, _ := callee(p.TypesInfo, call)
				if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != goSDK {
					return true
				}
				switch recvName(fn) + fn.Name() {
				case "NewServer":
					// A server a test helper builds (only _test.go
					// files call it) is no part of the program.
					if _, test := c.testOnly(p, call.Pos()); !test {
						servers = append(servers, c.pos(call.Pos()).String())
					}
				case "Server.AddReceivingMiddleware":
					u := middlewareUse{p: p}
					for _, a := range call.Args {
						if c.handlesToolsList(p, a, 0) {
							u.args = append(u.args, a)
						}
					}
					if len(u.args) > 0 {
						uses = append(uses, u)
					}
				}
				return true
			})
		}
	}
	return uses, servers
}

// handlesToolsList reports whether the code of e (a function literal, a
// function of the loaded packages, or a call of one returning the
// middleware), up to a few calls deep, compares with or names the
// constant "tools/list".
func (c *conv) handlesToolsList(p *packages.Package, e ast.Node, depth int) bool {
	if depth > 3 || e == nil {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case ast.Expr:
			if tv, ok := p.TypesInfo.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "tools/list" {
				found = true
				return false
			}
		}
		var id *ast.Ident
		switch x := n.(type) {
		case *ast.CallExpr:
			_, id = callee(p.TypesInfo, x)
		case *ast.Ident:
			id = x
		}
		if id == nil {
			return true
		}
		if g, ok := p.TypesInfo.Uses[id].(*types.Func); ok && g.Pkg() != nil {
			if q := c.pkgs[g.Pkg()]; q != nil {
				if d := c.literals(q).funcDecl(g.Origin()); d != nil && d.Body != nil {
					found = c.handlesToolsList(q, d.Body, depth+1)
				}
			}
		}
		return !found
	})
	return found
}
