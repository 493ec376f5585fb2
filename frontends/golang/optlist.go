package golang

import (
	"go/ast"
	"go/token"
	"go/types"
)

// spread reads the slice a call passes with ... (mcp.NewTool(name,
// opts...), mcp.WithString(name, popts...), mcp.Enum(vals...)) as the
// list of expressions it holds when the call runs (issue 28: real servers
// build their options in a slice). The slice is a composite literal, or a
// local variable built before the call by statements of the function
// that writes it: v := []T{…}, var v []T, v = append(v, x, y),
// v = append(v, w...), and ifs around them. An if whose condition tscg
// evaluates (no environment variable set) takes its branch; one it
// cannot (a condition on the server's configuration) adds what both
// branches add, with a warning: tscg lists every option the code can
// add, as it lists every tool the code can register.
func (r *literalReader) spread(e ast.Expr) ([]ast.Expr, bool) {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.CompositeLit:
		return x.Elts, true
	case *ast.CallExpr:
		// getActions()...: a function of the package, without
		// parameters, returning one slice.
		fn, _ := callee(r.p.TypesInfo, x)
		if fn == nil || fn.Pkg() != r.p.Types || len(x.Args) > 0 {
			return nil, false
		}
		if _, result := r.returned(fn); result != nil {
			return r.spread(result)
		}
		return nil, false
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := r.p.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil, false
	}
	if init, ok := r.inits[v]; ok && init != e {
		return r.spread(init)
	}
	body, stmt := r.enclosing(e)
	if body == nil {
		return nil, false
	}
	s := &spreadRun{r: r, v: v, ev: newEvaluator(r.c)}
	s.env, _ = s.ev.prelude(r.p, body.List[:stmt])
	if !s.stmts(body.List[:stmt]) || !s.set {
		return nil, false
	}
	return s.list, true
}

// spreadRun follows one slice variable through a function's statements.
type spreadRun struct {
	r    *literalReader
	v    *types.Var
	ev   *evaluator
	env  map[types.Object]any
	list []ast.Expr
	set  bool // v was defined
}

func (s *spreadRun) stmts(list []ast.Stmt) bool {
	for _, st := range list {
		if !s.stmt(st) {
			return false
		}
	}
	return true
}

func (s *spreadRun) stmt(st ast.Stmt) bool {
	switch x := st.(type) {
	case *ast.AssignStmt:
		if len(x.Lhs) == 1 && len(x.Rhs) == 1 && s.isVar(x.Lhs[0]) {
			return s.assign(x.Rhs[0])
		}
	case *ast.DeclStmt:
		if gd, ok := x.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, n := range vs.Names {
					if s.r.p.TypesInfo.Defs[n] != s.v {
						continue
					}
					if len(vs.Values) == 0 {
						s.list, s.set = nil, true
						return true
					}
					return len(vs.Values) == len(vs.Names) && s.assign(vs.Values[i])
				}
			}
		}
	case *ast.IfStmt:
		return s.ifStmt(x)
	case *ast.BlockStmt:
		return s.stmts(x.List)
	}
	return !s.writes(st)
}

// ifStmt follows the branch the condition takes, or both when tscg
// cannot tell.
func (s *spreadRun) ifStmt(x *ast.IfStmt) bool {
	if !s.writes(x) {
		return true
	}
	if x.Init != nil && s.writes(x.Init) {
		return false
	}
	v, known := s.ev.expr(s.r.p, x.Cond, s.env)
	b, isBool := v.(bool)
	if known && isBool {
		if b {
			return s.stmts(x.Body.List)
		}
		return x.Else == nil || s.stmt(x.Else)
	}
	s.r.c.warnf(x.Pos(), "%s: the options added under `if %s` depend on a condition known only when the server runs; tscg lists them all, as the server does when the condition holds", s.r.what, exprString(x.Cond))
	if !s.stmts(x.Body.List) {
		return false
	}
	return x.Else == nil || s.stmt(x.Else)
}

// assign reads v = rhs.
func (s *spreadRun) assign(rhs ast.Expr) bool {
	rhs = ast.Unparen(rhs)
	if lit, ok := rhs.(*ast.CompositeLit); ok {
		s.list, s.set = append([]ast.Expr(nil), lit.Elts...), true
		return true
	}
	call, ok := rhs.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || !s.isVar(call.Args[0]) {
		return false
	}
	if b, ok := s.r.p.TypesInfo.Uses[identOf(call.Fun)].(*types.Builtin); !ok || b.Name() != "append" {
		return false
	}
	args := call.Args[1:]
	if call.Ellipsis.IsValid() {
		more, ok := s.r.spread(args[len(args)-1])
		if !ok {
			return false
		}
		args = append(append([]ast.Expr(nil), args[:len(args)-1]...), more...)
	}
	s.list = append(s.list, args...)
	return true
}

func (s *spreadRun) isVar(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && s.r.p.TypesInfo.ObjectOf(id) == s.v
}

// writes reports whether st assigns v anywhere in it.
func (s *spreadRun) writes(st ast.Stmt) bool {
	for _, obj := range assigned(s.r.p.TypesInfo, st) {
		if obj == s.v {
			return true
		}
	}
	return false
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}
