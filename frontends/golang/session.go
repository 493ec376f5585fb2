package golang

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// A registration that runs only when a client's session starts or a
// request arrives (go-sdk's ServerOptions.InitializedHandler, mcp-go's
// hooks, a tool's handler) happens after the server has started, often
// on what the client declares or sends (gke-mcp registers its MCP Apps
// tools when the client advertises that extension; terraform-mcp-server
// its TFE tools when a session finds a token, from its session hooks
// through an interface and from its tools' handlers). tscg cannot know
// the client: it lists the tool, with a warning naming the handler, so
// that a listing that differs from the server's first tools/list is
// never silent. A tool registered only inside tools' handlers is added
// while one runs, after any tools/list a client gets at start: tscg
// leaves it out, with a warning, as the Python frontend does.

// maxSessionDepth bounds how many callers up sessionHandler looks for the
// handler a registration runs in: deeper than maxSiteDepth, since no value
// is computed on the way (terraform-mcp-server's TFE tools are four calls
// below its session hooks).
const maxSessionDepth = 6

// sessionHandler reports where the session handler is when every path to
// pos runs inside one: the function literal holding pos (or a function
// only such literals call, up to maxSiteDepth callers up; a call the
// default configuration does not make, as under `if c.MockMode()`, does
// not count) is the value of an InitializedHandler field of go-sdk's
// ServerOptions, or the argument of one of sessionHooks.
func (c *conv) sessionHandler(pos token.Pos, depth int, seen map[token.Pos]bool) (token.Pos, string, bool) {
	if seen[pos] || depth > maxSessionDepth {
		return token.NoPos, "", false
	}
	seen[pos] = true
	defer delete(seen, pos)
	p, f := c.fileAt(pos)
	if f == nil {
		return token.NoPos, "", false
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	k := funcIndex(path)
	if k < 0 {
		return token.NoPos, "", false
	}
	if lit, ok := path[k].(*ast.FuncLit); ok && k+1 < len(path) {
		if name, ok := handlerSlot(p.TypesInfo, lit, path[k+1:]); ok {
			return lit.Pos(), name, true
		}
	}
	if lit, ok := path[k].(*ast.FuncLit); ok && isToolHandler(p.TypesInfo, lit) {
		return lit.Pos(), toolHandler, true
	}
	var at token.Pos
	var name string
	calls := c.callsOf(p, path[k], path[k+1:], depth)
	if fd, ok := path[k].(*ast.FuncDecl); ok {
		for _, s := range c.interfaceCalls(p, fd) {
			calls = append(calls, callCtx{at: s.call.Pos()})
		}
	}
	for _, cx := range calls {
		if cx.at == token.NoPos {
			return token.NoPos, "", false
		}
		a, n, ok := c.sessionHandler(cx.at, depth+1, seen)
		if !ok {
			if _, dead := c.untaken(cx.at, "", depth+1, map[token.Pos]bool{}); dead {
				continue // a call the default configuration does not make
			}
			return token.NoPos, "", false
		}
		if name == "" || name == toolHandler && n != toolHandler {
			at, name = a, n // a session's handler names it better
		}
	}
	return at, name, name != ""
}

// handlerSlot reports whether lit (outer: the nodes around it, innermost
// first) is a session handler, and which.
func handlerSlot(info *types.Info, lit *ast.FuncLit, outer []ast.Node) (string, bool) {
	switch x := outer[0].(type) {
	case *ast.KeyValueExpr:
		id, ok := x.Key.(*ast.Ident)
		if !ok || x.Value != lit || id.Name != "InitializedHandler" || len(outer) < 2 {
			return "", false
		}
		cl, ok := outer[1].(*ast.CompositeLit)
		if !ok {
			return "", false
		}
		n, ok := types.Unalias(derefType(info.TypeOf(cl))).(*types.Named)
		if ok && n.Obj().Pkg() != nil && n.Obj().Name() == "ServerOptions" && strings.HasSuffix(n.Obj().Pkg().Path(), "modelcontextprotocol/go-sdk/mcp") {
			return "ServerOptions.InitializedHandler", true
		}
	case *ast.CallExpr:
		// Every function mcp-go's Hooks take runs per session or per
		// request (AddOnRegisterSession, AddBeforeListTools, …).
		sel, ok := x.Fun.(*ast.SelectorExpr)
		if !ok || !strings.HasPrefix(sel.Sel.Name, "Add") {
			return "", false
		}
		fn, ok := info.Uses[sel.Sel].(*types.Func)
		if ok && fn.Pkg() != nil && fn.Pkg().Path() == mcpGoServer && recvName(fn) == "Hooks." {
			return "Hooks." + sel.Sel.Name, true
		}
	}
	return "", false
}

// toolHandler is how sessionHandler names a tool's handler.
const toolHandler = "tool handler"

// isToolHandler reports whether lit is a tool's handler: a function
// taking either SDK's CallToolRequest (mcp-go's by value, the go-sdk's by
// pointer), which runs when a client calls the tool.
func isToolHandler(info *types.Info, lit *ast.FuncLit) bool {
	sig, ok := info.TypeOf(lit).(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Params().Len() {
		n, ok := types.Unalias(derefType(sig.Params().At(i).Type())).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != "CallToolRequest" {
			continue
		}
		if path := n.Obj().Pkg().Path(); path == goSDK || path == mcpGo {
			return true
		}
	}
	return false
}

// interfaceCalls lists the calls through an interface that may run the
// method fd declares: calls of a method of the same name of an interface
// its receiver's type (or a pointer to it) implements.
func (c *conv) interfaceCalls(p *packages.Package, fd *ast.FuncDecl) []callSite {
	fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Recv == nil {
		return nil
	}
	recv := fn.Signature().Recv().Type()
	base := derefType(recv)
	c.callSitesOf(fn) // fills c.calls
	var out []callSite
	for g, cs := range c.calls {
		if g.Name() != fn.Name() {
			continue
		}
		r := g.Signature().Recv()
		if r == nil || !types.IsInterface(r.Type()) {
			continue
		}
		it, ok := r.Type().Underlying().(*types.Interface)
		if !ok || !(types.Implements(base, it) || types.Implements(types.NewPointer(base), it)) {
			continue
		}
		out = append(out, cs...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].call.Pos() < out[j].call.Pos() })
	return out
}

// plainClientParams is what ServerSession.InitializeParams (fn) returns
// for the client tscg lists for: the go-sdk's client with its default
// options, the one `tscg snapshot` runs, which declares roots (with
// listChanged, Roots and RootsV2 alike) and no other capability or
// extension. A tool a session handler registers only for a client
// declaring more (gke-mcp's MCP Apps tools, on capabilities.Extensions)
// is then left out with the warning dropUntaken gives, and one registered
// for every client stays. The client's name, version and protocol
// version are unknown.
func plainClientParams(fn *types.Func) any {
	params := structVal{}
	st, ok := structOf(fn.Signature().Results().At(0).Type())
	if !ok {
		return params
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		params[f.Name()] = unknownField{}
		if f.Name() == "Capabilities" {
			params[f.Name()] = zeroStruct(f.Type(), func(name string, t types.Type) (any, bool) {
				if name != "Roots" && name != "RootsV2" {
					return nil, false
				}
				return zeroStruct(t, func(name string, _ types.Type) (any, bool) {
					return true, name == "ListChanged"
				}), true
			})
		}
	}
	return params
}

// zeroStruct is the struct t is (or points to) as the evaluator holds it:
// each field's zero value, but where set says otherwise.
func zeroStruct(t types.Type, set func(name string, t types.Type) (any, bool)) structVal {
	sv := structVal{}
	if st, ok := structOf(t); ok {
		for i := range st.NumFields() {
			f := st.Field(i)
			sv[f.Name()] = zeroOf(f.Type())
			if v, ok := set(f.Name(), f.Type()); ok {
				sv[f.Name()] = v
			}
		}
	}
	return sv
}

// structOf is the struct type t is, or points to.
func structOf(t types.Type) (*types.Struct, bool) {
	st, ok := derefType(t).Underlying().(*types.Struct)
	return st, ok
}
