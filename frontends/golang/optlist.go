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
	if r.spreading[e] || len(r.spreading) > maxSpreadDepth {
		return nil, false
	}
	if r.spreading == nil {
		r.spreading = map[ast.Expr]bool{}
	}
	r.spreading[e] = true
	defer delete(r.spreading, e)
	return r.spread1(e)
}

// selfAppend reports whether init is append(v, …): v is built by
// statements (in a loop, say), read by following them.
func (r *literalReader) selfAppend(init ast.Expr, v *types.Var) bool {
	call, ok := ast.Unparen(init).(*ast.CallExpr)
	if !ok || !isBuiltin(r.p.TypesInfo, call.Fun, "append") || len(call.Args) == 0 {
		return false
	}
	id := identOf(call.Args[0])
	return id != nil && r.p.TypesInfo.Uses[id] == v
}

// maxSpreadDepth bounds the slices and helpers one spread follows.
const maxSpreadDepth = 64

func (r *literalReader) spread1(e ast.Expr) ([]ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.CompositeLit:
		return x.Elts, true
	case *ast.CallExpr:
		// append(lifecycle(), []string{…}...) returned by a helper.
		if isBuiltin(r.p.TypesInfo, x.Fun, "append") && len(x.Args) > 0 {
			list, ok := r.spread(x.Args[0])
			if !ok {
				return nil, false
			}
			more, ok := r.appended(x)
			return append(append([]ast.Expr(nil), list...), more...), ok
		}
		// getActions()...: a function of the package, without
		// parameters, returning one slice.
		fn, _ := callee(r.p.TypesInfo, x)
		if fn == nil || fn.Pkg() != r.p.Types || len(x.Args) > 0 {
			return nil, false
		}
		if _, result := r.returned(fn); result != nil {
			return r.spread(result)
		}
		// A body building the slice it returns at its end: the
		// statements before the return are followed as for a local
		// slice, and must not return themselves.
		decl := r.funcDecl(fn)
		if decl == nil || decl.Body == nil || len(decl.Body.List) == 0 {
			return nil, false
		}
		list := decl.Body.List
		ret, ok := list[len(list)-1].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 || returns(list[:len(list)-1]) {
			return nil, false
		}
		return r.spread(ret.Results[0])
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := r.p.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil, false
	}
	if init, ok := r.inits[v]; ok && init != e && len(r.isets[v]) == 0 && !r.selfAppend(init, v) {
		if list, ok := r.spread(init); ok {
			return list, true
		}
	}
	body, stmt := r.enclosing(e)
	if body == nil {
		return nil, false
	}
	s := &spreadRun{r: r, v: v, ev: newEvaluator(r.c)}
	s.env, _ = s.ev.prelude(r.p, body.List[:stmt], r.argEnv())
	if !s.stmts(body.List[:stmt]) || !s.set || s.sized != nil {
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
	// sized: v was made with length len(sized), to be set by index in
	// a loop over sized.
	sized ast.Expr
	// loop, key, bound: the range loop being read, its index variable
	// and what its element variable stands for in this iteration.
	loop  *ast.RangeStmt
	key   types.Object
	bound map[types.Object]ast.Expr
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
	case *ast.RangeStmt:
		return s.rangeStmt(x)
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
		s.leftOut(x, b)
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
	if ok && isMake(s.r.p.TypesInfo, call) {
		// v := make([]T, 0, n): empty; make([]T, len(src)) is filled
		// by index in a loop over src (rangeStmt).
		s.list, s.set, s.sized = nil, true, nil
		if len(call.Args) == 2 && !isZero(s.r.p.TypesInfo, call.Args[1]) {
			n, ok := ast.Unparen(call.Args[1]).(*ast.CallExpr)
			if !ok || !isBuiltin(s.r.p.TypesInfo, n.Fun, "len") || len(n.Args) != 1 {
				return false
			}
			s.sized = n.Args[0]
		}
		return true
	}
	if !ok || len(call.Args) == 0 || !s.isVar(call.Args[0]) || !isBuiltin(s.r.p.TypesInfo, call.Fun, "append") {
		return false
	}
	args, ok := s.r.appended(call)
	if !ok {
		return false
	}
	args, ok = s.bind(args)
	if !ok || !s.grow(len(args)) {
		return false
	}
	s.list = append(s.list, args...)
	return true
}

// appended is what append(x, …) adds to x: its other arguments, a
// slice passed with ... read as the expressions it holds.
func (r *literalReader) appended(call *ast.CallExpr) ([]ast.Expr, bool) {
	args := call.Args[1:]
	if call.Ellipsis.IsValid() && len(args) > 0 {
		more, ok := r.spread(args[len(args)-1])
		if !ok {
			return nil, false
		}
		args = append(append([]ast.Expr(nil), args[:len(args)-1]...), more...)
	}
	return args, true
}

// maxSpread bounds the elements one slice built in loops may hold.
const maxSpread = 10000

// grow reports whether n more elements keep the slice under maxSpread,
// with an error naming the loop otherwise.
func (s *spreadRun) grow(n int) bool {
	if len(s.list)+n <= maxSpread {
		return true
	}
	if s.loop != nil {
		s.r.errorf(s.loop, "%s: the loop building %s adds more than %d elements; tscg stops there", s.r.what, s.v.Name(), maxSpread)
	}
	return false
}

// rangeStmt reads for k, e := range src { … } over a slice tscg reads
// (a literal, a package variable defined by one, a helper returning
// one) whose body appends to v, or sets v[k] of a v made with
// len(src): each iteration adds the body's expressions with e bound
// to the element (e.Field to the element literal's field).
func (s *spreadRun) rangeStmt(x *ast.RangeStmt) bool {
	if !s.writes(x) && !s.indexes(x) {
		return true
	}
	if x.Tok != token.DEFINE || s.loop != nil || branches(x.Body) {
		if s.r.spreadWhy == "" {
			s.r.spreadWhy = "the loop at " + s.r.c.pos(x.For).String() + " has a break, continue, return or goto, or is nested, which tscg does not follow"
		}
		return false
	}
	elems, ok := s.r.spread(x.X)
	if !ok {
		return false
	}
	var key, val types.Object
	if id := identOf(x.Key); id != nil && id.Name != "_" {
		key = s.r.p.TypesInfo.Defs[id]
	}
	if id := identOf(x.Value); id != nil && id.Name != "_" {
		val = s.r.p.TypesInfo.Defs[id]
	}
	sized := s.sized != nil
	if sized {
		if len(s.list) != 0 || exprString(s.sized) != exprString(x.X) {
			return false
		}
		s.sized = nil
	}
	s.loop, s.key = x, key
	defer func() { s.loop, s.key, s.bound = nil, nil, nil }()
	for _, el := range elems {
		before := len(s.list)
		s.bound = map[types.Object]ast.Expr{}
		if val != nil {
			s.bound[val] = el
		}
		for _, st := range x.Body.List {
			if a, ok := st.(*ast.AssignStmt); ok && sized && len(a.Lhs) == 1 && len(a.Rhs) == 1 && a.Tok == token.ASSIGN {
				ix, ok := ast.Unparen(a.Lhs[0]).(*ast.IndexExpr)
				if ok && s.isVar(ix.X) && key != nil && s.r.p.TypesInfo.ObjectOf(identOf(ix.Index)) == key {
					args, ok := s.bind([]ast.Expr{a.Rhs[0]})
					if !ok || !s.grow(1) {
						return false
					}
					s.list = append(s.list, args...)
					continue
				}
			}
			if !s.stmt(st) {
				return false
			}
		}
		if sized && len(s.list) != before+1 {
			return false // v[k] set not exactly once
		}
	}
	return true
}

// bind replaces the loop's element variable in each expression: e by
// the element, e.Field by the element literal's field.
func (s *spreadRun) bind(list []ast.Expr) ([]ast.Expr, bool) {
	if s.bound == nil {
		return list, true
	}
	out := make([]ast.Expr, len(list))
	for i, e := range list {
		b, ok := s.bind1(e)
		if !ok {
			return nil, false
		}
		out[i] = b
	}
	return out, true
}

func (s *spreadRun) bind1(e ast.Expr) (ast.Expr, bool) {
	info := s.r.p.TypesInfo
	uses := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				obj := info.Uses[id]
				if _, ok := s.bound[obj]; ok || (obj != nil && obj == s.key) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if el, ok := s.bound[info.Uses[x]]; ok {
			return el, true
		}
	case *ast.SelectorExpr:
		el, ok := s.bound[info.Uses[identOf(x.X)]]
		if !ok {
			break
		}
		lit, ok := ast.Unparen(el).(*ast.CompositeLit)
		if !ok {
			return nil, false
		}
		for _, f := range lit.Elts {
			if kv, ok := f.(*ast.KeyValueExpr); ok {
				if k := identOf(kv.Key); k != nil && k.Name == x.Sel.Name {
					return kv.Value, true
				}
			}
		}
		return nil, false // a field left zero, or positional fields
	}
	return e, !uses(e)
}

// returns reports whether a return statement is among list (outside
// function literals).
func returns(list []ast.Stmt) bool {
	found := false
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.ReturnStmt:
				found = true
			case *ast.FuncLit:
				return false
			}
			return !found
		})
	}
	return found
}

// branches reports whether body holds a break, continue, goto or
// return (outside function literals): tscg does not follow them.
func branches(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.BranchStmt, *ast.ReturnStmt:
			found = true
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}

func isBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	b, ok := info.Uses[identOf(fun)].(*types.Builtin)
	return ok && b.Name() == name
}

func isMake(info *types.Info, call *ast.CallExpr) bool {
	if !isBuiltin(info, call.Fun, "make") || len(call.Args) < 2 {
		return false
	}
	_, isSlice := info.TypeOf(call.Args[0]).Underlying().(*types.Slice)
	return isSlice
}

func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.String() == "0"
}

func (s *spreadRun) isVar(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && s.r.p.TypesInfo.ObjectOf(id) == s.v
}

// indexes reports whether st assigns an element of v (v[i] = x).
func (s *spreadRun) indexes(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok {
			for _, l := range a.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && s.isVar(ix.X) {
					found = true
				}
			}
		}
		return !found
	})
	return found
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
