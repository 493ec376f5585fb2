package golang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// What runs in the default configuration (issue 28): untaken decides
// whether the code at a registration runs when the server starts without
// arguments and with no environment variable set. The code at pos runs
// in a call of the function holding it when, walking down from the
// function's body, every if on the way takes the branch holding pos and
// no statement before it returns from the function; the function's
// parameters hold what each call passes (a flag's default handed down
// constructors), and a function literal sees the variables of the
// function around it. Code runs at all when it runs in some call, and
// that call runs (up to maxSiteDepth callers up). A return taken on an
// error (a condition on a value of type error) or reporting one
// (quietReturn) is the server failing to start, not a configuration: it
// decides nothing. A tool built in a
// package variable's initializer (var searchTool = mcp.NewTool(…)) is
// registered where the variable is used: where it is handed to a
// function (addTool(searchTool, h)), that function's uses of its
// parameter decide, with the parameter holding the tool's name
// (tool.Name).

// untaken reports whether the code at pos never runs in the default
// configuration, and why; name is the tool registered there.
func (c *conv) untaken(pos token.Pos, name string, depth int, seen map[token.Pos]bool) (string, bool) {
	if seen[pos] {
		return "", false // in progress: a recursion decides nothing
	}
	seen[pos] = true
	defer delete(seen, pos)
	p, f := c.fileAt(pos)
	if f == nil {
		return "", false
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	k := funcIndex(path)
	if k < 0 {
		return c.untakenVar(p, path, name, depth, seen)
	}
	if fd, ok := path[k].(*ast.FuncDecl); ok {
		if why, dead := c.viaRegistry(p, fd); dead {
			return why, true
		}
	}
	why := ""
	for _, cx := range c.callsOf(p, path[k], path[k+1:], depth) {
		w, dead := c.walk(p, reversed(path[:k]), cx.env, true)
		if !dead {
			if cx.at == token.NoPos || depth >= maxSiteDepth {
				return "", false
			}
			if w, dead = c.untaken(cx.at, name, depth+1, seen); !dead {
				return "", false
			}
		}
		if why == "" {
			why = w
		}
	}
	return why, why != ""
}

// untakenVar decides a tool built in a package variable's initializer by
// the uses of the variable: untaken when every use is.
func (c *conv) untakenVar(p *packages.Package, path []ast.Node, name string, depth int, seen map[token.Pos]bool) (string, bool) {
	var obj types.Object
	for _, n := range path {
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == len(vs.Names) {
			for i, id := range vs.Names {
				if vs.Values[i].Pos() <= path[0].Pos() && path[0].End() <= vs.Values[i].End() {
					obj = p.TypesInfo.Defs[id]
				}
			}
		}
	}
	if obj == nil || depth >= maxSiteDepth {
		return "", false
	}
	uses := c.usesOf(obj)
	if len(uses) == 0 {
		return "", false
	}
	why := ""
	for _, u := range uses {
		w, dead := c.untakenUse(u, name, depth+1, seen)
		if !dead {
			return "", false
		}
		if why == "" {
			why = w
		}
	}
	return why, true
}

// untakenUse decides one use of a tool variable: handed to a function of
// the program as an argument, by that function's uses of its parameter
// bound to the tool (and its other parameters to the call's arguments);
// elsewhere, by whether the use runs.
func (c *conv) untakenUse(u token.Pos, name string, depth int, seen map[token.Pos]bool) (string, bool) {
	p, f := c.fileAt(u)
	if f == nil {
		return "", false
	}
	path, _ := astutil.PathEnclosingInterval(f, u, u)
	var arg ast.Node = path[0]
	i := 1
	if sel, ok := path[1].(*ast.SelectorExpr); ok && sel.Sel == path[0] {
		arg, i = sel, 2
	}
	call, ok := path[i].(*ast.CallExpr)
	if !ok || call.Fun == arg || call.Ellipsis.IsValid() {
		return c.untaken(u, name, depth, seen)
	}
	gp, fnType, body := c.calledFunc(p, call)
	if body == nil {
		return c.untaken(u, name, depth, seen)
	}
	params := paramVars(gp, fnType)
	if len(params) != len(call.Args) {
		return c.untaken(u, name, depth, seen)
	}
	env := c.envAt(p, call.Pos(), depth)
	ev := newEvaluator(c)
	bound := maps.Clone(env)
	var toolParam types.Object
	for j, a := range call.Args {
		if params[j] == nil {
			continue
		}
		if a == arg {
			toolParam = params[j]
			bound[params[j]] = structVal{"Name": name}
			continue
		}
		if v, ok := ev.expr(p, a, env); ok {
			bound[params[j]] = v
		} else {
			delete(bound, params[j])
		}
	}
	why := ""
	for _, use := range passedOn(gp.TypesInfo, body, toolParam) {
		bp, _ := astutil.PathEnclosingInterval(c.fileOf(gp, body.Pos()), use, use)
		k := funcIndex(bp)
		if k < 0 || funcBody(bp[k]) != body {
			return c.untaken(call.Pos(), name, depth, seen) // used in a nested function
		}
		w, dead := c.walk(gp, reversed(bp[:k]), maps.Clone(bound), true)
		if !dead {
			return c.untaken(call.Pos(), name, depth, seen)
		}
		if why == "" {
			why = w
		}
	}
	if why == "" {
		return c.untaken(call.Pos(), name, depth, seen)
	}
	return why, true
}

// passedOn lists the uses of param in body that hand it on (as an
// argument, a value): all uses but reading one of its fields (tool.Name).
func passedOn(info *types.Info, body *ast.BlockStmt, param types.Object) []token.Pos {
	var out []token.Pos
	if param == nil {
		return nil
	}
	var parents []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			parents = parents[:len(parents)-1]
			return false
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == param {
			if sel, ok := parents[len(parents)-1].(*ast.SelectorExpr); !ok || sel.X != id {
				out = append(out, id.Pos())
			}
		}
		parents = append(parents, n)
		return true
	})
	return out
}

// callCtx is one way a function runs: the variables known at its start
// (parameters bound to a call's arguments, the variables of the function
// around a literal) and where it is called (NoPos: nowhere in the
// program, as a library's exported function).
type callCtx struct {
	env map[types.Object]any
	at  token.Pos
}

// callsOf lists the ways fn (a *ast.FuncDecl or *ast.FuncLit of p; outer
// are the nodes around it, innermost first) runs: each call of it, with
// the parameters bound to that call's arguments, or one context where it
// is used otherwise.
func (c *conv) callsOf(p *packages.Package, fn ast.Node, outer []ast.Node, depth int) []callCtx {
	var obj types.Object
	var fnType *ast.FuncType
	switch x := fn.(type) {
	case *ast.FuncDecl:
		obj, fnType = p.TypesInfo.Defs[x.Name], x.Type
	case *ast.FuncLit:
		fnType = x.Type
		if len(outer) > 0 {
			if as, ok := outer[0].(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && as.Rhs[0] == x {
				if id := identOf(as.Lhs[0]); id != nil && as.Tok == token.DEFINE {
					obj = p.TypesInfo.Defs[id]
				}
			}
		}
		if obj == nil || c.reassigned(p, obj) {
			env := map[types.Object]any{}
			if depth < maxSiteDepth {
				env = c.envAt(p, x.Pos(), depth+1)
			}
			return []callCtx{{env: env, at: x.Pos()}}
		}
	}
	if obj == nil {
		return []callCtx{{env: map[types.Object]any{}}}
	}
	uses := c.usesOf(obj)
	if len(uses) == 0 {
		return []callCtx{{env: map[types.Object]any{}}}
	}
	params := paramVars(p, fnType)
	var out []callCtx
	for _, u := range uses {
		up, f := c.fileAt(u)
		cx := callCtx{env: map[types.Object]any{}, at: u}
		out = append(out, cx)
		if f == nil || depth >= maxSiteDepth {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, u, u)
		fun := ast.Node(path[0])
		i := 1
		if sel, ok := path[1].(*ast.SelectorExpr); ok && sel.Sel == path[0] {
			fun, i = sel, 2
		}
		call, ok := path[i].(*ast.CallExpr)
		if !ok || call.Fun != fun || call.Ellipsis.IsValid() || len(call.Args) != len(params) {
			continue
		}
		at := c.envAt(up, call.Pos(), depth+1)
		if _, isLit := fn.(*ast.FuncLit); isLit {
			maps.Copy(cx.env, at) // the literal sees its function's variables
		}
		ev := newEvaluator(c)
		for j, a := range call.Args {
			if params[j] == nil {
				continue
			}
			if v, ok := ev.expr(up, a, at); ok {
				cx.env[params[j]] = v
			}
		}
	}
	return out
}

// envAt is what the variables visible at pos hold when the code there
// runs in the default configuration: the parameters of the outermost
// function around it that every call of that function passes the same
// value, then the statements before pos run.
func (c *conv) envAt(p *packages.Package, pos token.Pos, depth int) map[types.Object]any {
	f := c.fileOf(p, pos)
	if f == nil {
		return map[types.Object]any{}
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	k := -1
	for i, n := range path {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			k = i
		}
	}
	if k < 0 {
		return map[types.Object]any{}
	}
	env := map[types.Object]any{}
	if fd, ok := path[k].(*ast.FuncDecl); ok && depth < maxSiteDepth {
		env = c.agreedParams(p, fd, depth)
	}
	c.walk(p, reversed(path[:k]), env, false)
	return env
}

// agreedParams binds each parameter of fd that every call of fd in the
// program passes the same known value.
func (c *conv) agreedParams(p *packages.Package, fd *ast.FuncDecl, depth int) map[types.Object]any {
	env := map[types.Object]any{}
	fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return env
	}
	params := paramVars(p, fd.Type)
	sites := c.callSitesOf(fn)
	if len(sites) == 0 {
		return env
	}
	known := make([]bool, len(params))
	for i := range known {
		known[i] = params[i] != nil
	}
	for n, s := range sites {
		if len(s.call.Args) != len(params) || s.call.Ellipsis.IsValid() {
			return map[types.Object]any{}
		}
		at := c.envAt(s.p, s.call.Pos(), depth+1)
		ev := newEvaluator(c)
		for i, a := range s.call.Args {
			if !known[i] {
				continue
			}
			v, ok := ev.expr(s.p, a, at)
			switch {
			case !ok || !comparable(v):
				known[i] = false
			case n == 0:
				env[params[i]] = v
			case env[params[i]] != v:
				known[i] = false
			}
		}
	}
	for i, v := range params {
		if !known[i] {
			delete(env, v)
		}
	}
	return env
}

// walk runs the code of a function from its body (down[0]) to the node
// holding a position (down is outermost first), updating env: in each
// block the statements before, at each if the branch. With decide, it
// reports the first if taking the other branch, or the first statement
// before that returns from the function, as why the position is not
// reached.
func (c *conv) walk(p *packages.Package, down []ast.Node, env map[types.Object]any, decide bool) (string, bool) {
	// Each statement runs on an evaluator of its own: one long loop
	// before does not spend the steps of the rest.
	var ev *evaluator
	for i := 0; i+1 < len(down); i++ {
		ev = newEvaluator(c)
		child := down[i+1]
		switch n := down[i].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			for _, st := range stmtList(n) {
				if st == child {
					break
				}
				if decide {
					if why, exits := c.exits(newEvaluator(c), p, st, maps.Clone(env)); exits {
						return why, true
					}
				}
				next, _ := newEvaluator(c).prelude(p, []ast.Stmt{st}, env)
				maps.Copy(env, next)
				for o := range env {
					if _, ok := next[o]; !ok {
						delete(env, o)
					}
				}
			}
		case *ast.IfStmt:
			inBody, inElse := child == n.Body, n.Else != nil && child == n.Else
			if !inBody && !inElse {
				continue
			}
			if n.Init != nil {
				next, _ := ev.prelude(p, []ast.Stmt{n.Init}, env)
				maps.Copy(env, next)
			}
			v, ok := ev.expr(p, n.Cond, env)
			val, known := v.(bool)
			if decide && ok && known && val != inBody && !onError(p.TypesInfo, n.Cond) {
				return fmt.Sprintf("`%s` is %v (at %s; by default it is %v)", exprString(n.Cond), !val, c.pos(n.Pos()), val), true
			}
		case *ast.SwitchStmt:
			if n.Init != nil && child == n.Body {
				next, _ := ev.prelude(p, []ast.Stmt{n.Init}, env)
				maps.Copy(env, next)
			}
		case *ast.ForStmt, *ast.RangeStmt:
			// A variable the loop assigns holds what an iteration left.
			for _, o := range assigned(p.TypesInfo, n.(ast.Stmt)) {
				delete(env, o)
			}
		case *ast.FuncLit:
			// Run later: a variable assigned after the literal may
			// have changed.
			if i > 0 {
				for _, o := range assignedAfter(p.TypesInfo, down[0], n.Pos()) {
					delete(env, o)
				}
			}
		}
	}
	return "", false
}

// exits reports whether st, run in env, returns from the function in the
// default configuration: a return, or an if whose condition tscg decides
// taking a branch that does; why names the return and the conditions.
func (c *conv) exits(ev *evaluator, p *packages.Package, st ast.Stmt, env map[types.Object]any) (string, bool) {
	ret, conds, ok := c.exitsAt(ev, p, st, env)
	if !ok {
		return "", false
	}
	why := fmt.Sprintf("the return at %s is not taken", c.pos(ret))
	if len(conds) > 0 {
		why += " (by default it is: " + strings.Join(conds, ", ") + ")"
	}
	return why, true
}

// exitsAt is exits' return and the conditions leading to it, outermost
// first.
func (c *conv) exitsAt(ev *evaluator, p *packages.Package, st ast.Stmt, env map[types.Object]any) (token.Pos, []string, bool) {
	switch s := st.(type) {
	case *ast.ReturnStmt:
		return s.Pos(), nil, quietReturn(p.TypesInfo, s)
	case *ast.BlockStmt:
		return c.exitsList(ev, p, s.List, env)
	case *ast.IfStmt:
		if s.Init != nil {
			env, _ = ev.prelude(p, []ast.Stmt{s.Init}, env)
		}
		v, ok := ev.expr(p, s.Cond, env)
		val, known := v.(bool)
		if !ok || !known || onError(p.TypesInfo, s.Cond) {
			return token.NoPos, nil, false
		}
		ret, conds, exits := c.exitsList(ev, p, ifArm(s, val), env)
		if !exits {
			return token.NoPos, nil, false
		}
		cond := fmt.Sprintf("`%s` is %v at %s", exprString(s.Cond), val, c.pos(s.Pos()))
		return ret, append([]string{cond}, conds...), true
	}
	return token.NoPos, nil, false
}

func (c *conv) exitsList(ev *evaluator, p *packages.Package, list []ast.Stmt, env map[types.Object]any) (token.Pos, []string, bool) {
	for _, st := range list {
		if ret, conds, exits := c.exitsAt(ev, p, st, maps.Clone(env)); exits {
			return ret, conds, true
		}
		env, _ = ev.prelude(p, []ast.Stmt{st}, env)
	}
	return token.NoPos, nil, false
}

// onError reports whether a condition reads a value of type error (err
// != nil): a server failing to start decides nothing about its tools.
func onError(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && !found {
			if t := info.TypeOf(x); t != nil && types.Identical(t, types.Universe.Lookup("error").Type()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// calledFunc is the function a call runs when it is a function of the
// loaded packages or a local variable holding a function literal never
// reassigned: its package, type and body.
func (c *conv) calledFunc(p *packages.Package, call *ast.CallExpr) (*packages.Package, *ast.FuncType, *ast.BlockStmt) {
	if fn, _ := callee(p.TypesInfo, call); fn != nil {
		gp := c.pkgs[fn.Pkg()]
		if gp == nil || isSDKPath(fn.Pkg().Path()) {
			return nil, nil, nil
		}
		if fd := funcDeclOf(gp, fn); fd != nil && fd.Body != nil {
			return gp, fd.Type, fd.Body
		}
		return nil, nil, nil
	}
	id := identOf(call.Fun)
	if id == nil {
		return nil, nil, nil
	}
	obj, _ := p.TypesInfo.Uses[id].(*types.Var)
	if obj == nil || c.reassigned(p, obj) {
		return nil, nil, nil
	}
	f := c.fileOf(p, obj.Pos())
	if f == nil {
		return nil, nil, nil
	}
	path, _ := astutil.PathEnclosingInterval(f, obj.Pos(), obj.Pos())
	for _, n := range path {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			if lit, ok := as.Rhs[0].(*ast.FuncLit); ok {
				return p, lit.Type, lit.Body
			}
			break
		}
	}
	return nil, nil, nil
}

// isSDKPath reports a package of the go-sdk or mcp-go: their functions
// register what they are given.
func isSDKPath(path string) bool {
	return strings.HasPrefix(path, "github.com/modelcontextprotocol/go-sdk/") || strings.HasPrefix(path, "github.com/mark3labs/mcp-go/")
}

// funcDeclOf is fn's declaration in gp.
func funcDeclOf(gp *packages.Package, fn *types.Func) *ast.FuncDecl {
	for _, f := range gp.Syntax {
		if fn.Pos() < f.FileStart || fn.Pos() >= f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && gp.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// reassigned reports whether a local variable is assigned after its
// definition (x = …, &x).
func (c *conv) reassigned(p *packages.Package, obj types.Object) bool {
	f := c.fileOf(p, obj.Pos())
	if f == nil {
		return true
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id := identOf(l); id != nil && p.TypesInfo.Uses[id] == obj {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id := identOf(x.X); x.Op == token.AND && id != nil && p.TypesInfo.Uses[id] == obj {
				found = true
			}
		}
		return !found
	})
	return found
}

// assignedAfter lists the variables fn's code assigns after pos.
func assignedAfter(info *types.Info, fn ast.Node, pos token.Pos) []types.Object {
	var out []types.Object
	ast.Inspect(fn, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st.Pos() > pos {
			switch st.(type) {
			case *ast.AssignStmt, *ast.RangeStmt, *ast.IncDecStmt:
				out = append(out, assigned(info, st)...)
				if inc, ok := st.(*ast.IncDecStmt); ok {
					if id := identOf(inc.X); id != nil {
						out = append(out, info.ObjectOf(id))
					}
				}
			}
		}
		return true
	})
	return out
}

// paramVars are the parameters of a function type, nil for a blank or
// unnamed one; nil when the function is variadic.
func paramVars(p *packages.Package, ft *ast.FuncType) []types.Object {
	var out []types.Object
	for _, field := range ft.Params.List {
		if _, variadic := field.Type.(*ast.Ellipsis); variadic {
			return nil
		}
		for _, id := range field.Names {
			out = append(out, p.TypesInfo.Defs[id])
		}
		if len(field.Names) == 0 {
			out = append(out, nil)
		}
	}
	return out
}

// funcIndex is the index in path (innermost first) of the innermost
// function declaration or literal, or -1.
func funcIndex(path []ast.Node) int {
	for i, n := range path {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return i
		}
	}
	return -1
}

// funcBody is the body of a function declaration or literal.
func funcBody(n ast.Node) *ast.BlockStmt {
	switch x := n.(type) {
	case *ast.FuncDecl:
		return x.Body
	case *ast.FuncLit:
		return x.Body
	}
	return nil
}

// stmtList is the statements of a block or case clause.
func stmtList(n ast.Node) []ast.Stmt {
	switch x := n.(type) {
	case *ast.BlockStmt:
		return x.List
	case *ast.CaseClause:
		return x.Body
	case *ast.CommClause:
		return x.Body
	}
	return nil
}

// reversed is path (innermost first) outermost first.
func reversed(path []ast.Node) []ast.Node {
	out := make([]ast.Node, len(path))
	for i, n := range path {
		out[len(path)-1-i] = n
	}
	return out
}

// fileOf is the file of p holding pos.
func (c *conv) fileOf(p *packages.Package, pos token.Pos) *ast.File {
	if p == nil {
		return nil
	}
	for _, f := range p.Syntax {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// ifArm is the statements an if runs when its condition is cond: its
// body, its else (a block or another if) or nothing.
func ifArm(s *ast.IfStmt, cond bool) []ast.Stmt {
	switch {
	case cond:
		return s.Body.List
	case s.Else != nil:
		return []ast.Stmt{s.Else}
	}
	return nil
}
