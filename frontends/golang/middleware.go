package golang

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// warnListingMiddleware names a difference tscg cannot compute (issue
// 28: c0tton-fluff/caido-mcp-server's normalizeToolSchemas, which strips
// "null" from every type union of the listed input schemas): a go-sdk
// receiving middleware (Server.AddReceivingMiddleware) whose code
// handles "tools/list" may rewrite the listing the server publishes;
// tscg does not run it and lists the tools as registered, with a
// warning at the middleware naming it.
func (c *conv) warnListingMiddleware(p *packages.Package) {
	for _, f := range c.sortedFiles(p) {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := callee(p.TypesInfo, call)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != goSDK || recvName(fn)+fn.Name() != "Server.AddReceivingMiddleware" {
				return true
			}
			for _, a := range call.Args {
				if c.handlesToolsList(p, a, 0) {
					c.warnf(a.Pos(), "the receiving middleware %s handles tools/list: what it changes in the listing at run time is not read (tscg does not run it); tscg lists the tools as they are registered", exprString(a))
				}
			}
			return true
		})
	}
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
