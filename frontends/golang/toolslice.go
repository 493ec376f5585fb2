package golang

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// maxSliceDepth bounds how many functions returning tool slices one
// registration follows.
const maxSliceDepth = 4

// rangedTools reads the tools an mcp-go server.AddTool(tool, handler)
// registers in a loop over the tools a function returns (issue 28:
// Azure/aks-mcp's `for _, tool := range k8s.RegisterKubectlTools(…)`,
// built by Azure/mcp-kubernetes): the function, of the project or of a
// dependency, runs on the evaluator with its parameters bound to the
// call's arguments as the default configuration computes them; an if it
// meets is decided by its condition, and the slice literal it returns
// names the tool constructors, each read where it returns mcp.NewTool(…)
// with its own parameters bound. It returns nil when the registered tool
// is no range variable over such a call.
func (c *conv) rangedTools(p *packages.Package, call *ast.CallExpr) func() *ir.Tool {
	if len(call.Args) != 2 {
		return nil
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := p.TypesInfo.Uses[id].(*types.Var)
	rng := rangeOf(p, v)
	if rng == nil {
		return nil
	}
	r := c.literals(p)
	src, ok := r.follow(rng.X).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn, _ := callee(p.TypesInfo, src)
	if fn == nil || fn.Pkg() == nil || recvName(fn) != "" || !returnsTools(fn) {
		return nil
	}
	return func() *ir.Tool {
		ev := newEvaluator(c)
		env := map[types.Object]any{}
		saved := r.what
		r.what = "the tools registered here"
		defer func() { r.what = saved }()
		if body, stmt := r.enclosing(src); body != nil {
			env, _ = ev.prelude(p, body.List[:stmt], r.argEnv())
		}
		vals := make([]any, len(src.Args))
		for i, a := range src.Args {
			if x, ok := r.argValue(a); ok {
				vals[i] = x
			} else if x, ok := ev.expr(p, a, env); ok {
				vals[i] = x
			} else {
				vals[i] = unknownField{}
			}
		}
		tools, why := c.sliceTools(p, fn, vals, 0)
		if why != "" {
			c.errorf(call.Pos(), "the tools registered here come from %s.%s, which tscg cannot follow: %s", fn.Pkg().Name(), fn.Name(), why)
			return nil
		}
		if len(tools) == 0 {
			c.warnf(call.Pos(), "%s.%s returns no tool in the default configuration; nothing is registered here", fn.Pkg().Name(), fn.Name())
			return nil
		}
		c.more = append(c.more, tools[1:]...)
		return tools[0]
	}
}

// rangeOf finds the range statement defining v as its value.
func rangeOf(p *packages.Package, v *types.Var) *ast.RangeStmt {
	if v == nil {
		return nil
	}
	var out *ast.RangeStmt
	for _, f := range p.Syntax {
		if v.Pos() < f.FileStart || v.Pos() >= f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if rs, ok := n.(*ast.RangeStmt); ok && rs.Tok == token.DEFINE {
				if id, ok := rs.Value.(*ast.Ident); ok && p.TypesInfo.Defs[id] == v {
					out = rs
				}
			}
			return out == nil
		})
	}
	return out
}

// returnsTools reports a function returning []mcp.Tool of mcp-go.
func returnsTools(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return false
	}
	s, ok := res.At(0).Type().Underlying().(*types.Slice)
	return ok && isMCPGoTool(s.Elem())
}

// pkgOf is the loaded package of fn, loading a dependency's source when
// needed.
func (c *conv) pkgOf(from *packages.Package, fn *types.Func) *packages.Package {
	if fp := c.pkgs[fn.Pkg()]; fp != nil {
		return fp
	}
	for _, fp := range c.pkgs {
		if fp != nil && fp.PkgPath == fn.Pkg().Path() {
			return fp
		}
	}
	return c.loadDep(from, fn.Pkg().Path())
}

// declOf finds fn's declaration in its package, as loaded (a dependency
// loaded with its syntax has objects of its own: matched by name).
func declOf(fp *packages.Package, fn *types.Func) (*ast.FuncDecl, *types.Func) {
	for _, f := range fp.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == fn.Name() {
				g, _ := fp.TypesInfo.Defs[fd.Name].(*types.Func)
				return fd, g
			}
		}
	}
	return nil, nil
}

// paramEnv binds decl's parameters to vals (unknownField: not bound).
func paramEnv(fp *packages.Package, decl *ast.FuncDecl, vals []any) (map[types.Object]any, bool) {
	env := map[types.Object]any{}
	i := 0
	for _, field := range decl.Type.Params.List {
		if _, variadic := field.Type.(*ast.Ellipsis); variadic {
			return nil, false
		}
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, id := range names {
			if i >= len(vals) {
				return nil, false
			}
			if _, unknown := vals[i].(unknownField); !unknown && id.Name != "_" {
				env[fp.TypesInfo.Defs[id]] = vals[i]
			}
			i++
		}
	}
	return env, i == len(vals)
}

// sliceTools runs fn (returning []mcp.Tool) on vals and reads the tools
// it returns; why says what stopped it.
func (c *conv) sliceTools(from *packages.Package, fn *types.Func, vals []any, depth int) ([]*ir.Tool, string) {
	if depth > maxSliceDepth {
		return nil, "too many functions deep"
	}
	fp := c.pkgOf(from, fn)
	if fp == nil {
		return nil, "its source could not be loaded (run go mod download)"
	}
	decl, _ := declOf(fp, fn)
	if decl == nil || decl.Body == nil {
		return nil, "its declaration was not found"
	}
	env, ok := paramEnv(fp, decl, vals)
	if !ok {
		return nil, "its parameters do not match the call"
	}
	ev := newEvaluator(c)
	var run func(list []ast.Stmt) ([]*ir.Tool, bool, string)
	run = func(list []ast.Stmt) ([]*ir.Tool, bool, string) {
		for _, st := range list {
			switch s := st.(type) {
			case *ast.ReturnStmt:
				if len(s.Results) != 1 {
					return nil, true, "a return of several values"
				}
				tools, why := c.returnedTools(fp, s.Results[0], env, depth)
				return tools, true, why
			case *ast.IfStmt:
				if s.Init != nil {
					return nil, false, "an if with an init statement at " + c.pos(s.Pos()).String()
				}
				v, known := ev.expr(fp, s.Cond, env)
				b, isBool := v.(bool)
				if !known || !isBool {
					return nil, false, "the condition `" + exprString(s.Cond) + "` at " + c.pos(s.Pos()).String() + " is known only when the server runs"
				}
				branch := ifArm(s, b)
				if blk, ok := s.Else.(*ast.BlockStmt); ok && !b {
					branch = blk.List
				}
				tools, returned, why := run(branch)
				if returned || why != "" {
					return tools, returned, why
				}
			default:
				if _, returned, ok := ev.block(fp, []ast.Stmt{st}, env); !ok || returned {
					for _, obj := range assigned(fp.TypesInfo, st) {
						delete(env, obj)
					}
				}
			}
		}
		return nil, false, ""
	}
	tools, returned, why := run(decl.Body.List)
	if !returned && why == "" {
		why = "the function ends without returning the tools"
	}
	return tools, why
}

// returnedTools reads a returned []mcp.Tool: a slice literal of tool
// constructor calls, or a call of another function returning tools.
func (c *conv) returnedTools(fp *packages.Package, e ast.Expr, env map[types.Object]any, depth int) ([]*ir.Tool, string) {
	ev := newEvaluator(c)
	argVals := func(call *ast.CallExpr) []any {
		vals := make([]any, len(call.Args))
		for i, a := range call.Args {
			if v, ok := ev.expr(fp, a, env); ok {
				vals[i] = v
			} else {
				vals[i] = unknownField{}
			}
		}
		return vals
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, _ := callee(fp.TypesInfo, x)
		if fn == nil || fn.Pkg() == nil || !returnsTools(fn) {
			break
		}
		return c.sliceTools(fp, fn, argVals(x), depth+1)
	case *ast.CompositeLit:
		var out []*ir.Tool
		for _, el := range x.Elts {
			call, ok := el.(*ast.CallExpr)
			if !ok {
				return nil, "an element " + exprString(el) + " at " + c.pos(el.Pos()).String() + " is no tool constructor call"
			}
			fn, _ := callee(fp.TypesInfo, call)
			if fn == nil || fn.Pkg() == nil {
				return nil, "an element " + exprString(el) + " is no tool constructor call"
			}
			t, why := c.constructedTool(fp, fn, argVals(call))
			if why != "" {
				return nil, why
			}
			if t != nil {
				out = append(out, t)
			}
		}
		return out, ""
	}
	return nil, "it returns " + exprString(e) + " at " + c.pos(e.Pos()).String() + ", neither a slice literal nor a call"
}

// constructedTool reads the mcp.NewTool(…) a tool constructor returns
// last, its parameters bound to vals.
func (c *conv) constructedTool(from *packages.Package, fn *types.Func, vals []any) (*ir.Tool, string) {
	fp := c.pkgOf(from, fn)
	if fp == nil {
		return nil, "the source of " + fn.Name() + " could not be loaded"
	}
	decl, _ := declOf(fp, fn)
	if decl == nil || decl.Body == nil || len(decl.Body.List) == 0 {
		return nil, "the declaration of " + fn.Name() + " was not found"
	}
	ret, ok := decl.Body.List[len(decl.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, fn.Name() + " does not end by returning the tool"
	}
	fr := c.literals(fp)
	newTool, ok := fr.follow(ret.Results[0]).(*ast.CallExpr)
	if !ok {
		return nil, fn.Name() + " does not return mcp.NewTool(…)"
	}
	nfn, id := callee(fp.TypesInfo, newTool)
	if nfn == nil || nfn.Pkg() == nil || nfn.Pkg().Path() != mcpGo {
		return nil, fn.Name() + " does not return mcp.NewTool(…)"
	}
	env, ok := paramEnv(fp, decl, vals)
	if !ok {
		return nil, "the parameters of " + fn.Name() + " do not match the call"
	}
	saved := fr.args
	fr.args = env
	defer func() { fr.args = saved }()
	read := c.registration1(fp, newTool, id, nfn)
	if read == nil {
		return nil, fn.Name() + " does not return mcp.NewTool(…)"
	}
	t := read()
	if t != nil {
		c.sites[t] = toolSite{p: fp, pos: newTool.Pos(), sdk: mcpGo}
	}
	return t, ""
}
