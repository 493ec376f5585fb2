package golang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// A registration that runs only when a client's session starts (go-sdk's
// ServerOptions.InitializedHandler, mcp-go's session and initialize
// hooks) happens after the server has started, often on what the client
// declares (gke-mcp registers its MCP Apps tools when the client
// advertises that extension). tscg cannot know the client: it lists the
// tool, with a warning naming the handler, so that a listing that
// differs from the server's first tools/list is never silent.

// sessionHooks are mcp-go's Hooks methods whose function runs per
// session or per initialize request.
var sessionHooks = map[string]bool{
	"AddOnRegisterSession": true, "AddBeforeInitialize": true, "AddAfterInitialize": true,
}

// sessionHandler reports where the session handler is when every path to
// pos runs inside one: the function literal holding pos (or a function
// only such literals call, up to maxSiteDepth callers up; a call the
// default configuration does not make, as under `if c.MockMode()`, does
// not count) is the value of an InitializedHandler field of go-sdk's
// ServerOptions, or the argument of one of sessionHooks.
func (c *conv) sessionHandler(pos token.Pos, depth int, seen map[token.Pos]bool) (token.Pos, string, bool) {
	if seen[pos] || depth > maxSiteDepth {
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
	var at token.Pos
	var name string
	for _, cx := range c.callsOf(p, path[k], path[k+1:], depth) {
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
		if name == "" {
			at, name = a, n
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
		sel, ok := x.Fun.(*ast.SelectorExpr)
		if !ok || !sessionHooks[sel.Sel.Name] {
			return "", false
		}
		fn, ok := info.Uses[sel.Sel].(*types.Func)
		if ok && fn.Pkg() != nil && fn.Pkg().Path() == mcpGoServer {
			return "Hooks." + sel.Sel.Name, true
		}
	}
	return "", false
}
