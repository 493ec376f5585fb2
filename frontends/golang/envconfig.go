package golang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// The configuration a server builds from its environment (issue 28:
// mcp-victoriametrics reads its mode from environment variables into the
// unexported fields of a Config and asks c.IsCloud(), c.IsCluster(),
// c.IsToolDisabled(name) before adding a tool or an option). What the
// evaluator adds for it:
//
//   - a method of the loaded packages runs as a function does, its
//     receiver bound when the evaluator holds it; otherwise a field read
//     through the receiver is the field's default (fieldDefault);
//   - a field's value in a composite literal is computed with the locals
//     its function computed before that statement (disabledTools:
//     disabledToolsMap, filled in a loop over strings.Split of the
//     environment variable or its default);
//   - a write of a field on a path the default configuration does not
//     take (under if apiKey != "") does not count;
//   - an unexported field no live write of its package sets holds its
//     type's zero value: only its own package can write it;
//   - a registration after `if cond { return }` (a return that reports
//     no error) is not taken when cond holds by default (reach.go).

// liveWrites reports whether any of the writes at poss may run in the
// default configuration.
func (c *conv) liveWrites(poss []token.Pos) bool {
	for _, pos := range poss {
		live, seen := c.liveWrite[pos]
		if !seen {
			_, dead := c.untaken(pos, "", 0, map[token.Pos]bool{})
			live = !dead
			if c.liveWrite == nil {
				c.liveWrite = map[token.Pos]bool{}
			}
			c.liveWrite[pos] = live
		}
		if live {
			return true
		}
	}
	return false
}

// neverSet is the value of a field no live write sets: its zero value
// when it is unexported and its package loaded (no other code can set
// it), unknown otherwise (a decoder may fill an exported field).
func (ev *evaluator) neverSet(field *types.Var) (any, bool) {
	if field.Exported() || field.Pkg() == nil || ev.c.pkgs[field.Pkg()] == nil {
		return nil, false
	}
	z := zeroOf(field.Type())
	if _, unknown := z.(unknownField); unknown {
		return nil, false
	}
	return z, true
}

// positional calls fn for every field of a struct literal written
// without keys (Config{a, b}): a write neither flag nor keyed literal.
func positional(info *types.Info, lit *ast.CompositeLit, fn func(*types.Var)) {
	if len(lit.Elts) == 0 {
		return
	}
	if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
		return
	}
	t := info.TypeOf(lit)
	if t == nil {
		return
	}
	if ptr, isPtr := t.Underlying().(*types.Pointer); isPtr {
		t = ptr.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i := 0; i < st.NumFields(); i++ {
		fn(st.Field(i))
	}
}

// localsAt is the variables known at e when e is in a statement of a
// function's body: those the statements before it compute.
func (ev *evaluator) localsAt(p *packages.Package, e ast.Expr) map[types.Object]any {
	env := map[types.Object]any{}
	var file *ast.File
	for _, f := range p.Syntax {
		if f.FileStart <= e.Pos() && e.Pos() <= f.FileEnd {
			file = f
		}
	}
	if file == nil {
		return env
	}
	path, _ := astutil.PathEnclosingInterval(file, e.Pos(), e.End())
	for i := 1; i+1 < len(path); i++ {
		body, ok := path[i].(*ast.BlockStmt)
		if !ok {
			continue
		}
		switch fd := path[i+1].(type) {
		case *ast.FuncDecl:
			ev.bindParams(p, fd, env) // a function called once: its arguments there
		case *ast.FuncLit:
		default:
			continue
		}
		for k, st := range body.List {
			if st == path[i-1] {
				onEnv := ev.onEnv
				env, _ = ev.prelude(p, body.List[:k], env)
				ev.onEnv = onEnv
				break
			}
		}
		break
	}
	return env
}

// applyCall runs a call of a function or method of the loaded packages
// on known arguments; a method's receiver is bound when the evaluator
// holds its value.
func (ev *evaluator) applyCall(p *packages.Package, x *ast.CallExpr, fn *types.Func, args []any, env map[types.Object]any) (any, bool) {
	if fn.Type().(*types.Signature).Recv() == nil {
		return ev.apply(fn, args)
	}
	sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	if s := p.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil, false
	}
	recv, known := ev.expr(p, sel.X, env)
	switch recv.(type) {
	case *toolSink:
		return nil, false
	case opaque:
		ev.stuck(x.Pos(), "%s depends on the request, known only when a client calls", exprString(x))
		return nil, false
	}
	return ev.run(fn, recv, known, args)
}

// funcDecl finds the declaration of a function or method of the loaded
// packages.
func (ev *evaluator) funcDecl(fn *types.Func) (*packages.Package, *ast.FuncDecl) {
	p := ev.c.pkgs[fn.Pkg()]
	if p == nil {
		return nil, nil
	}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && p.TypesInfo.Defs[fd.Name] == fn {
				return p, fd
			}
		}
	}
	return nil, nil
}

// twoStringFuncs are the standard library's pure functions of two
// strings the evaluator runs.
var twoStringFuncs = map[string]func(a, b string) any{
	"strings.Trim":       func(a, b string) any { return strings.Trim(a, b) },
	"strings.TrimPrefix": func(a, b string) any { return strings.TrimPrefix(a, b) },
	"strings.TrimSuffix": func(a, b string) any { return strings.TrimSuffix(a, b) },
	"strings.TrimLeft":   func(a, b string) any { return strings.TrimLeft(a, b) },
	"strings.TrimRight":  func(a, b string) any { return strings.TrimRight(a, b) },
	"strings.HasPrefix":  func(a, b string) any { return strings.HasPrefix(a, b) },
	"strings.HasSuffix":  func(a, b string) any { return strings.HasSuffix(a, b) },
	"strings.Contains":   func(a, b string) any { return strings.Contains(a, b) },
	"strings.Split": func(a, b string) any {
		parts := strings.Split(a, b)
		out := make([]any, len(parts))
		for i, s := range parts {
			out[i] = s
		}
		return out
	},
}

// commaOK runs v, ok := m[k] on a map the evaluator holds.
func (ev *evaluator) commaOK(p *packages.Package, s *ast.AssignStmt, env map[types.Object]any) (handled, ok bool) {
	if len(s.Lhs) != 2 || len(s.Rhs) != 1 {
		return false, false
	}
	ix, isIndex := ast.Unparen(s.Rhs[0]).(*ast.IndexExpr)
	if !isIndex {
		return false, false
	}
	mt, isMap := p.TypesInfo.TypeOf(ix.X).Underlying().(*types.Map)
	if !isMap {
		return false, false
	}
	m, okM := ev.expr(p, ix.X, env)
	k, okK := ev.expr(p, ix.Index, env)
	ks, isString := k.(string)
	if !okM || !okK || !isString {
		return true, false
	}
	mv, isMapVal := m.(map[string]any)
	if m != nil && !isMapVal {
		return true, false
	}
	v, has := mv[ks]
	if !has {
		z := zeroOf(mt.Elem())
		if _, unknown := z.(unknownField); unknown {
			return true, false
		}
		v = z
	}
	return true, ev.assignTo(p, s, []any{v, has}, env)
}

// quietReturn reports whether a return reports no error (a bare return,
// or results that are nil or not errors): a server that stops with an
// error when a variable is unset (a missing token) is not run as listed,
// and stays read as if the variable were set.
func quietReturn(info *types.Info, ret *ast.ReturnStmt) bool {
	errType := types.Universe.Lookup("error").Type()
	for _, r := range ret.Results {
		if id := identOf(r); id != nil && id.Name == "nil" {
			continue
		}
		t := info.TypeOf(r)
		if t == nil || types.Implements(t, errType.Underlying().(*types.Interface)) {
			return false
		}
	}
	return true
}

// writtenRoots are the variables whose element or field st writes
// (m[k] = v, c.F = v): a statement the evaluator could not finish may
// have changed them half-way.
func writtenRoots(info *types.Info, st ast.Stmt) []types.Object {
	var out []types.Object
	ast.Inspect(st, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, l := range a.Lhs {
			e := ast.Unparen(l)
			if _, isIdent := e.(*ast.Ident); isIdent {
				continue
			}
			for {
				switch x := e.(type) {
				case *ast.IndexExpr:
					e = ast.Unparen(x.X)
					continue
				case *ast.SelectorExpr:
					e = ast.Unparen(x.X)
					continue
				case *ast.StarExpr:
					e = ast.Unparen(x.X)
					continue
				case *ast.Ident:
					if obj := info.ObjectOf(x); obj != nil {
						out = append(out, obj)
					}
				}
				break
			}
		}
		return true
	})
	return out
}

// leftOut warns when the branch of x the default configuration does not
// take adds options (a property, say): the server started otherwise
// publishes them. A condition the type checker folds is code, not
// configuration: no warning.
func (s *spreadRun) leftOut(x *ast.IfStmt, taken bool) {
	if tv, ok := s.r.p.TypesInfo.Types[x.Cond]; ok && tv.Value != nil {
		return
	}
	var other ast.Stmt = x.Body
	if taken {
		other = x.Else
	}
	if other == nil || !s.writes(other) {
		return
	}
	where := "under"
	if taken {
		where = "in the else branch of"
	}
	s.r.c.warnf(x.Pos(), "%s: the options added %s `if %s` are left out: by default the condition is %v; tscg lists what the server publishes started without arguments and with no environment variable set", s.r.what, where, exprString(x.Cond), taken)
}
