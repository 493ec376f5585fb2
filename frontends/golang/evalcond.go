package golang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// maxEvalSteps bounds the statements and calls one evaluation runs, so
// a loop or a recursive helper ends as unknown, never as a hang.
const maxEvalSteps = 2000

// maxInitSteps bounds the steps a package variable's initializer runs.
const maxInitSteps = 50000

// evaluator runs the small part of Go a configuration condition is
// written in (issue 28) the way the program runs it in its default
// configuration, with no environment variable set: constants, !, &&, ||,
// == and != of strings and booleans, os.Getenv and os.LookupEnv (unset),
// strconv.ParseBool, the pure strings functions, and the project's own
// functions built of assignments, ifs and returns. Anything else is
// unknown.
type evaluator struct {
	c     *conv
	steps int
	// vars caches package variables read (nil: not readable).
	vars map[types.Object]any
	// long are the loops warned about as running past maxEvalSteps.
	long map[token.Pos]bool
	// onEnv, when set, is told each environment variable read (and each
	// flag default, as "--name").
	onEnv func(name string)
	// tparams binds the type parameters of the generic functions being
	// run; why, built and what serve schema editing (schemabuild.go).
	tparams map[*types.TypeParam]types.Type
	why     *evalWhy
	built   bool
	what    string
	// rest are the statements after the range statement block runs.
	rest []ast.Stmt
	// binding counts the callers bindParams is reading arguments in.
	binding int
	// listing says a middleware's tools/list branch is running
	// (middleware.go): calls that only log are run past. typeSet are
	// the schemas whose Type was set before their Types was cleared,
	// detached the schemas read from a boolean (not written back).
	listing  bool
	typeSet  map[*ir.Type]pendingType
	detached map[*ir.Type]bool
}

func newEvaluator(c *conv) *evaluator { return &evaluator{c: c} }

// tuple is the values of a call with several results.
type tuple []any

// errUnset is the non-nil error a failing library call returns.
type errUnset struct{}

// cond evaluates a condition; known is false when tscg cannot.
func (ev *evaluator) cond(p *packages.Package, e ast.Expr) (val, known bool) {
	if p == nil {
		return false, false
	}
	v, ok := ev.expr(p, e, map[types.Object]any{})
	b, isBool := v.(bool)
	return b, ok && isBool
}

func (ev *evaluator) expr(p *packages.Package, e ast.Expr, env map[types.Object]any) (any, bool) {
	ev.steps++
	if ev.steps > maxEvalSteps {
		return nil, false
	}
	if tv, ok := p.TypesInfo.Types[e]; ok && tv.Value != nil {
		return goValue(tv.Value)
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return ev.expr(p, x.X, env)
	case *ast.Ident:
		if x.Name == "nil" {
			return nil, true
		}
		obj := p.TypesInfo.ObjectOf(x)
		if v, ok := env[obj]; ok {
			return v, true
		}
		if v, ok := ev.funcExpr(p, x, env); ok {
			return v, true
		}
		return ev.pkgVar(obj)
	case *ast.FuncLit:
		return ev.funcExpr(p, x, env)
	case *ast.CompositeLit:
		// A slice literal of values the evaluator holds; maps and
		// structs in evalvalues.go.
		if isGoogleSchemaOrPtr(p.TypesInfo.TypeOf(x)) {
			return ev.schemaLit(p, x)
		}
		if v, ok, handled := ev.compound(p, x, env); handled {
			return v, ok
		}
		if _, isSlice := p.TypesInfo.TypeOf(x).Underlying().(*types.Slice); !isSlice {
			return nil, false
		}
		out := make([]any, len(x.Elts))
		for i, el := range x.Elts {
			if _, keyed := el.(*ast.KeyValueExpr); keyed {
				return nil, false
			}
			v, ok := ev.expr(p, el, env)
			if !ok {
				return nil, false
			}
			out[i] = v
		}
		return out, true
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return ev.addressOf(p, x, env)
		}
		if x.Op != token.NOT {
			return nil, false
		}
		v, ok := ev.expr(p, x.X, env)
		b, isBool := v.(bool)
		return !b, ok && isBool
	case *ast.BinaryExpr:
		return ev.binary(p, x, env)
	case *ast.SelectorExpr:
		return ev.selector(p, x, env)
	case *ast.IndexExpr:
		return ev.index(p, x, env)
	case *ast.SliceExpr:
		return ev.sliceExpr(p, x, env)
	case *ast.StarExpr:
		v, ok := ev.expr(p, x.X, env)
		if t, isSchema := v.(*ir.Type); ok && isSchema && t != nil {
			return copySchema(t), true
		}
		if tv, isTool := v.(*toolVal); ok && isTool && tv != nil {
			return copyTool(tv), true
		}
		return nil, false
	case *ast.TypeAssertExpr:
		// x.(T) panics when x does not hold a T: unknown then.
		v, ok := ev.expr(p, x.X, env)
		if !ok || x.Type == nil {
			return nil, false
		}
		got, holds, known := assertKnown(v, p.TypesInfo.TypeOf(x.Type))
		return got, holds && known
	case *ast.CallExpr:
		return ev.call(p, x, env)
	}
	return nil, false
}

func (ev *evaluator) binary(p *packages.Package, x *ast.BinaryExpr, env map[types.Object]any) (any, bool) {
	a, ok := ev.expr(p, x.X, env)
	if !ok {
		if x.Op == token.LAND || x.Op == token.LOR {
			// c.MockMode() && false is false whatever the left operand:
			// the value, not the effects, is what the evaluator computes.
			b, okB := ev.expr(p, x.Y, env)
			if bb, isBool := b.(bool); okB && isBool && bb == (x.Op == token.LOR) {
				return bb, true
			}
		}
		return nil, false
	}
	switch x.Op {
	case token.LAND, token.LOR:
		ab, isBool := a.(bool)
		if !isBool {
			return nil, false
		}
		if ab == (x.Op == token.LOR) {
			return ab, true // short circuit, as Go does
		}
		b, ok := ev.expr(p, x.Y, env)
		bb, isBool := b.(bool)
		return bb, ok && isBool
	case token.EQL, token.NEQ:
		b, ok := ev.expr(p, x.Y, env)
		if isNil, ok := nilCompare(a, b, ok); ok {
			return isNil == (x.Op == token.EQL), true
		}
		if !ok || !comparable(a) || !comparable(b) {
			return nil, false
		}
		return (a == b) == (x.Op == token.EQL), true
	case token.ADD:
		b, ok := ev.expr(p, x.Y, env)
		if ai, bi, ok := ints(a, b, ok); ok {
			return ai + bi, true
		}
		as, isA := a.(string)
		bs, isB := b.(string)
		return as + bs, ok && isA && isB
	case token.SUB, token.MUL, token.LSS, token.LEQ, token.GTR, token.GEQ:
		b, ok := ev.expr(p, x.Y, env)
		ai, bi, ok := ints(a, b, ok)
		if !ok {
			return nil, false
		}
		switch x.Op {
		case token.SUB:
			return ai - bi, true
		case token.MUL:
			return ai * bi, true
		case token.LSS:
			return ai < bi, true
		case token.LEQ:
			return ai <= bi, true
		case token.GTR:
			return ai > bi, true
		}
		return ai >= bi, true
	}
	return nil, false
}

// ints are a and b as the integers the evaluator holds (int64).
func ints(a, b any, ok bool) (int64, int64, bool) {
	ai, isA := a.(int64)
	bi, isB := b.(int64)
	return ai, bi, ok && isA && isB
}

// pkgVar is the value of a package variable defined by a value the
// evaluator reads and never assigned, incremented or addressed in its
// package (a slice literal of constants, say).
func (ev *evaluator) pkgVar(obj types.Object) (any, bool) {
	v, isVar := obj.(*types.Var)
	if !isVar || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil, false
	}
	if val, ok := ev.vars[obj]; ok {
		return val, val != nil
	}
	if ev.vars == nil {
		ev.vars = map[types.Object]any{}
	}
	ev.vars[obj] = nil // unknown while read, and when not readable
	p := ev.c.pkgs[v.Pkg()]
	if p == nil {
		// A variable of a dependency package (Azure/mcp-kubernetes'
		// security.KubectlReadOperations): its source, loaded as
		// loadDep does, and the variable of that name there.
		if p = ev.c.depPackage(v.Pkg().Path()); p == nil {
			return nil, false
		}
		if obj = p.Types.Scope().Lookup(v.Name()); obj == nil {
			return nil, false
		}
	}
	var init ast.Expr
	var embed *string
	written := false
	var flags []flagBinding
	bound := map[*ast.UnaryExpr]bool{}
	for _, f := range p.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if b, u, ok := varFlagBinding(p, x, obj); ok {
					flags, bound[u] = append(flags, b), true
				}
			case *ast.GenDecl:
				for _, sp := range x.Specs {
					if vs, ok := sp.(*ast.ValueSpec); ok && len(vs.Names) == 1 && p.TypesInfo.Defs[vs.Names[0]] == obj {
						if text, ok := embedded(p, vs, x); ok {
							embed = &text
						}
					}
				}
			case *ast.ValueSpec:
				for i, id := range x.Names {
					if p.TypesInfo.Defs[id] == obj && len(x.Values) == len(x.Names) {
						init = x.Values[i]
					}
				}
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					written = written || rootIs(p.TypesInfo, l, obj)
				}
			case *ast.IncDecStmt:
				written = written || rootIs(p.TypesInfo, x.X, obj)
			case *ast.UnaryExpr:
				written = written || (x.Op == token.AND && !bound[x] && rootIs(p.TypesInfo, x.X, obj))
			}
			return !written
		})
	}
	if !written && len(flags) == 1 {
		// flag.BoolVar(&v, name, default, usage): the flag's default
		// when the server starts without arguments.
		delete(ev.vars, obj)
		val, ok := ev.expr(flags[0].p, flags[0].e, map[types.Object]any{})
		if ok && ev.onEnv != nil {
			ev.onEnv("--" + flags[0].name)
		}
		return val, ok
	}
	if embed != nil && !written && len(flags) == 0 {
		ev.vars[obj] = *embed
		return *embed, true
	}
	if init == nil || written || len(flags) > 0 {
		return nil, false
	}
	// The initializer runs once, when the program starts: a budget of
	// its own (a table loaded from an embedded file, say).
	saved := ev.steps
	ev.steps = maxEvalSteps - maxInitSteps
	val, ok := ev.expr(p, init, map[types.Object]any{})
	ev.steps = saved
	if !ok || val == nil {
		return nil, false
	}
	ev.vars[obj] = val
	return val, true
}

// rootIs reports whether e is obj, or an element or field of it.
func rootIs(info *types.Info, e ast.Expr, obj types.Object) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x) == obj
		case *ast.IndexExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}

// comparable reports the values evaluator compares: nil, strings, bools
// and the errors of failed library calls.
func comparable(v any) bool {
	switch v.(type) {
	case nil, string, bool, int64, errUnset:
		return true
	}
	return false
}

func (ev *evaluator) call(p *packages.Package, x *ast.CallExpr, env map[types.Object]any) (any, bool) {
	if isMakeMap(p.TypesInfo, x) {
		return map[string]any{}, true
	}
	if v, ok, handled := ev.mapsCall(p, x, env); handled {
		return v, ok
	}
	if v, ok, handled := ev.schemaCall(p, x, env); handled {
		return v, ok
	}
	if v, ok, handled := ev.stdCall(p, x, env); handled {
		return v, ok
	}
	if v, ok, handled := ev.builderCall(p, x, env); handled {
		return v, ok
	}
	if isBuiltin(p.TypesInfo, x.Fun, "len") && len(x.Args) == 1 {
		switch v, ok := ev.expr(p, x.Args[0], env); v := v.(type) {
		case []any:
			return int64(len(v)), ok
		case string:
			return int64(len(v)), ok
		case map[string]any:
			return int64(len(v)), ok
		case nil: // a nil slice or map
			return int64(0), ok
		}
		return nil, false
	}
	fn, _ := callee(p.TypesInfo, x)
	if fn == nil || fn.Pkg() == nil {
		return nil, false
	}
	args, ok := ev.args(p, x, env)
	if !ok {
		return nil, false
	}
	str := func(i int) (string, bool) {
		if i >= len(args) {
			return "", false
		}
		s, ok := args[i].(string)
		return s, ok
	}
	if fn.Pkg().Path() == goSDK && recvName(fn) == "ServerSession." && fn.Name() == "InitializeParams" {
		return plainClientParams(fn), true
	}
	if fn.Pkg().Path() == pflagPath && recvName(fn) == "FlagSet." && len(args) == 1 {
		// cmd.Flags().GetBool("write-access"): the flag's default.
		n, ok := str(0)
		switch kind, isGet := strings.CutPrefix(fn.Name(), "Get"); {
		case !ok:
		case isGet:
			if v, known := ev.namedFlagDefault(kind, n); known {
				return tuple{v, nil}, true
			}
		case fn.Name() == "Changed":
			ev.envRead("--"+n, true)
			return false, true
		}
		return nil, false
	}
	switch name := fn.Pkg().Path() + "." + recvName(fn) + fn.Name(); name {
	case "os.Getenv":
		n, ok := str(0)
		ev.envRead(n, ok)
		return "", ok
	case "os.LookupEnv":
		n, ok := str(0)
		ev.envRead(n, ok)
		return tuple{"", false}, ok
	case "strconv.ParseBool":
		s, ok := str(0)
		b, err := strconv.ParseBool(s)
		if err != nil {
			return tuple{false, errUnset{}}, ok
		}
		return tuple{b, nil}, ok
	case "fmt.Sprintf":
		// As fold.go formats: the values the evaluator holds are
		// strings, booleans and constants' int64 and float64.
		f, ok := str(0)
		if !ok || !formattable(args[1:]) {
			return nil, false
		}
		return fmt.Sprintf(f, args[1:]...), true
	case "strconv.Itoa":
		if len(args) == 1 {
			n, ok := args[0].(int64)
			return strconv.FormatInt(n, 10), ok
		}
	case "strings.Join":
		if len(args) == 2 {
			elems, okE := args[0].([]any)
			sep, okS := str(1)
			parts := make([]string, len(elems))
			for i, el := range elems {
				s, isString := el.(string)
				okE = okE && isString
				parts[i] = s
			}
			return strings.Join(parts, sep), okE && okS
		}
	case "strings.EqualFold":
		a, okA := str(0)
		b, okB := str(1)
		return strings.EqualFold(a, b), okA && okB
	default:
		if f := stringFuncs[name]; f != nil && len(args) == 1 {
			s, ok := str(0)
			return f(s), ok
		}
		if f := twoStringFuncs[name]; f != nil && len(args) == 2 {
			a, okA := str(0)
			b, okB := str(1)
			return f(a, b), okA && okB
		}
	}
	return ev.applyCall(p, x, fn, args, env)
}

// apply runs a function of the loaded packages on known arguments.
func (ev *evaluator) apply(fn *types.Func, args []any) (any, bool) {
	if fn.Type().(*types.Signature).Recv() != nil {
		return nil, false
	}
	return ev.run(fn, nil, false, args)
}

// run runs a function or method of the loaded packages on known
// arguments, a method's receiver bound to recv when known.
func (ev *evaluator) run(fn *types.Func, recv any, known bool, args []any) (any, bool) {
	p, decl := ev.funcDecl(fn)
	if decl == nil || decl.Body == nil {
		return nil, false
	}
	env := map[types.Object]any{}
	i := 0
	for _, field := range decl.Type.Params.List {
		for _, id := range field.Names {
			if i >= len(args) {
				return nil, false
			}
			env[p.TypesInfo.Defs[id]] = args[i]
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	if i != len(args) {
		return nil, false
	}
	if decl.Recv != nil && known {
		for _, field := range decl.Recv.List {
			for _, id := range field.Names {
				env[p.TypesInfo.Defs[id]] = recv
			}
		}
	}
	v, returned, ok := ev.block(p, decl.Body.List, env)
	if _, isBranch := v.(branch); isBranch {
		return nil, false
	}
	if _, bare := v.(bareReturn); bare {
		return nil, ok && decl.Type.Results.NumFields() == 0
	}
	return v, ok && (returned || decl.Type.Results.NumFields() == 0) // a function without results runs for its effect
}

// block runs statements; returned says a return statement ended them.
func (ev *evaluator) block(p *packages.Package, list []ast.Stmt, env map[types.Object]any) (any, bool, bool) {
	for i, st := range list {
		ev.steps++
		if ev.steps > maxEvalSteps {
			return nil, false, false
		}
		switch s := st.(type) {
		case *ast.ReturnStmt:
			switch len(s.Results) {
			case 1:
				v, ok := ev.expr(p, s.Results[0], env)
				return v, true, ok
			case 0:
				// Ends a function without results (run checks); named
				// results are not read.
				return bareReturn{}, true, true
			}
			out := make(tuple, len(s.Results))
			for i, r := range s.Results {
				v, ok := ev.expr(p, r, env)
				if !ok {
					return nil, false, false
				}
				out[i] = v
			}
			return out, true, true
		case *ast.AssignStmt:
			if !ev.assign(p, s, env) {
				return nil, false, false
			}
		case *ast.ExprStmt:
			// A call for its effect (patch(s), sort.Strings(names)): run
			// only when the evaluator knows everything it does.
			call, isCall := s.X.(*ast.CallExpr)
			if !isCall {
				return nil, false, false
			}
			if ev.listing && silentCall(p.TypesInfo, call) {
				continue
			}
			if _, ok := ev.expr(p, call, env); !ok {
				return nil, false, false
			}
		case *ast.IfStmt:
			if s.Init != nil {
				if _, _, ok := ev.block(p, []ast.Stmt{s.Init}, env); !ok {
					return nil, false, false
				}
			}
			v, ok := ev.expr(p, s.Cond, env)
			b, isBool := v.(bool)
			if !ok || !isBool {
				return nil, false, false
			}
			if v, returned, ok := ev.block(p, ifArm(s, b), env); !ok || returned {
				return v, returned, ok
			}
		case *ast.BlockStmt:
			if v, returned, ok := ev.block(p, s.List, env); !ok || returned {
				return v, returned, ok
			}
		case *ast.DeclStmt:
			if !ev.varDecl(p, s, env) {
				return nil, false, false
			}
		case *ast.IncDecStmt:
			id, isIdent := s.X.(*ast.Ident)
			if !isIdent {
				return nil, false, false
			}
			obj := p.TypesInfo.ObjectOf(id)
			n, isInt := env[obj].(int64)
			if !isInt {
				return nil, false, false
			}
			if s.Tok == token.INC {
				env[obj] = n + 1
			} else {
				env[obj] = n - 1
			}
		case *ast.ForStmt:
			if v, returned, ok := ev.forStmt(p, s, env); !ok || returned {
				return v, returned, ok
			}
		case *ast.RangeStmt:
			ev.rest = list[i+1:]
			if v, returned, ok := ev.rangeStmt(p, s, env); !ok || returned {
				return v, returned, ok
			}
		case *ast.SwitchStmt:
			arm, ok := ev.switchArm(p, s, env)
			if !ok {
				return nil, false, false
			}
			if v, returned, ok := ev.block(p, arm, env); !ok || returned {
				if b, isBranch := v.(branch); ok && isBranch && b == branch(token.BREAK) {
					continue // break ends the switch
				}
				return v, returned, ok
			}
		case *ast.BranchStmt:
			// break and continue end the block as a return does, with
			// the branch as value: the loop around takes it.
			if s.Label != nil || (s.Tok != token.BREAK && s.Tok != token.CONTINUE) {
				return nil, false, false
			}
			return branch(s.Tok), true, true
		default:
			return nil, false, false
		}
	}
	return nil, false, true
}

// forStmt runs a three-clause loop (for init; cond; post) until its
// condition is false; a loop without a condition, or one that does not
// end within maxEvalSteps, is unknown, the latter with a warning naming
// it. break and continue are not run (block refuses them).
func (ev *evaluator) forStmt(p *packages.Package, s *ast.ForStmt, env map[types.Object]any) (any, bool, bool) {
	if s.Cond == nil {
		return nil, false, false
	}
	if s.Init != nil {
		if _, returned, ok := ev.block(p, []ast.Stmt{s.Init}, env); !ok || returned {
			return nil, false, false
		}
	}
	for {
		c, ok := ev.expr(p, s.Cond, env)
		b, isBool := c.(bool)
		if !ok || !isBool {
			ev.tooLong(s.For)
			return nil, false, false
		}
		if !b {
			return nil, false, true
		}
		v, returned, ok := ev.block(p, s.Body.List, env)
		if b, isBranch := v.(branch); ok && isBranch && b == branch(token.BREAK) {
			return nil, false, true
		}
		if _, isBranch := v.(branch); !isBranch && (!ok || returned) {
			ev.tooLong(s.For)
			return v, returned, ok
		}
		if s.Post != nil {
			if _, _, ok := ev.block(p, []ast.Stmt{s.Post}, env); !ok {
				ev.tooLong(s.For)
				return nil, false, false
			}
		}
	}
}

// rangeStmt runs for k, v := range x over a slice or string the
// evaluator holds, or an integer (for i := range n).
func (ev *evaluator) rangeStmt(p *packages.Package, s *ast.RangeStmt, env map[types.Object]any) (any, bool, bool) {
	rest := ev.rest
	ev.rest = nil
	if s.Tok == token.ASSIGN {
		return nil, false, false
	}
	x, ok := ev.expr(p, s.X, env)
	if !ok {
		return nil, false, false
	}
	var keys, vals []any
	switch x := x.(type) {
	case []any:
		for i, el := range x {
			keys, vals = append(keys, int64(i)), append(vals, el)
		}
	case seqVal:
		keys = x // for v := range seq binds each value
	case int64:
		for i := int64(0); i < x && i <= maxEvalSteps; i++ {
			keys = append(keys, i)
		}
	case nil: // a nil slice or map
	case schemaProps:
		// s.Properties, a map: in sorted key order, as for maps.
		props := slices.Clone(x.t.Properties)
		slices.SortFunc(props, func(a, b *ir.Property) int { return strings.Compare(a.Name, b.Name) })
		for _, q := range props {
			keys, vals = append(keys, q.Name), append(vals, q.Type)
		}
		ev.mapOrder(p, s, rest, len(props))
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			keys, vals = append(keys, k), append(vals, x[k])
		}
		ev.mapOrder(p, s, rest, len(x))
	default:
		return nil, false, false // strings range over runes: not read
	}
	bind := func(e ast.Expr, v any) {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			env[p.TypesInfo.Defs[id]] = v
		}
	}
	for i := range keys {
		if s.Key != nil {
			bind(s.Key, keys[i])
		}
		if s.Value != nil {
			bind(s.Value, vals[i])
		}
		v, returned, ok := ev.block(p, s.Body.List, env)
		if b, isBranch := v.(branch); ok && isBranch {
			if b == branch(token.BREAK) {
				break
			}
			continue
		}
		if !ok || returned {
			ev.tooLong(s.For)
			return v, returned, ok
		}
	}
	return nil, false, true
}

// mapOrder warns when a loop over a map of n entries writes variables
// declared outside it that nothing sorts after it.
func (ev *evaluator) mapOrder(p *packages.Package, s *ast.RangeStmt, rest []ast.Stmt, n int) {
	if n > 1 && ordered(p.TypesInfo, s) && !sortedAfter(p.TypesInfo, s, rest) {
		ev.once(s.For, "the loop here ranges over a map and writes variables declared outside it: Go visits a map's keys in an order that changes from run to run; tscg computes the result in sorted key order, so the server's value may differ")
	}
}

// tooLong warns, once per loop, that a loop ran past maxEvalSteps.
func (ev *evaluator) tooLong(pos token.Pos) {
	if ev.steps <= maxEvalSteps {
		return
	}
	ev.once(pos, fmt.Sprintf("the loop here runs more than %d steps; tscg stops evaluating it, and what it computes is known only when the program runs", maxEvalSteps))
}

// once warns about the loop at pos once per evaluator.
func (ev *evaluator) once(pos token.Pos, msg string) {
	if ev.long[pos] {
		return
	}
	if ev.long == nil {
		ev.long = map[token.Pos]bool{}
	}
	ev.long[pos] = true
	ev.c.warnf(pos, "%s", msg)
}

// ordered reports whether a loop's body assigns a variable declared
// outside the loop (its result may depend on the order of iterations);
// setting a map's element (m[k] = v) does not.
func ordered(info *types.Info, s *ast.RangeStmt) bool {
	found := false
	outside := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Name != "_" {
			if obj := info.ObjectOf(id); obj != nil && (obj.Pos() < s.Pos() || obj.Pos() >= s.End()) {
				found = true
			}
		}
	}
	ast.Inspect(s.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if x.Tok != token.DEFINE {
				for _, l := range x.Lhs {
					outside(l)
				}
			}
		case *ast.IncDecStmt:
			outside(x.X)
		}
		return !found
	})
	return found
}

// varDecl runs var x T, var x = e and var x T = e; a variable without a
// value starts as its type's zero value (strings and booleans only).
func (ev *evaluator) varDecl(p *packages.Package, s *ast.DeclStmt, env map[types.Object]any) bool {
	gd, ok := s.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR {
		return ok && (gd.Tok == token.CONST || gd.Tok == token.TYPE) // folded by the type checker
	}
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) != 0 && len(vs.Values) != len(vs.Names) {
			return false
		}
		for i, id := range vs.Names {
			obj := p.TypesInfo.Defs[id]
			if obj == nil {
				continue // _
			}
			if len(vs.Values) > 0 {
				v, ok := ev.expr(p, vs.Values[i], env)
				if !ok {
					return false
				}
				env[obj] = v
				continue
			}
			b, ok := obj.Type().Underlying().(*types.Basic)
			switch {
			case isStringsBuilder(obj.Type()):
				env[obj] = &builderVal{}
			case ok && b.Info()&types.IsString != 0:
				env[obj] = ""
			case ok && b.Info()&types.IsBoolean != 0:
				env[obj] = false
			default:
				switch obj.Type().Underlying().(type) {
				case *types.Slice, *types.Map:
					env[obj] = nil
				default:
					return false
				}
			}
		}
	}
	return true
}

// switchArm picks the statements a switch runs, as Go does: the first
// case (in source order) with an expression equal to the tag (true for
// a switch without one), else default. Every case expression compared
// before the match must be known; a tag or case tscg cannot evaluate
// leaves the switch unknown. A case ending in fallthrough (or any
// break) is not run: block refuses the branch statement.
func (ev *evaluator) switchArm(p *packages.Package, s *ast.SwitchStmt, env map[types.Object]any) ([]ast.Stmt, bool) {
	if s.Init != nil {
		if _, returned, ok := ev.block(p, []ast.Stmt{s.Init}, env); !ok || returned {
			return nil, false
		}
	}
	var tag any = true
	if s.Tag != nil {
		v, ok := ev.expr(p, s.Tag, env)
		if !ok || !comparable(v) {
			return nil, false
		}
		tag = v
	}
	var def []ast.Stmt
	for _, st := range s.Body.List {
		cc := st.(*ast.CaseClause)
		if cc.List == nil {
			def = cc.Body
			continue
		}
		for _, e := range cc.List {
			v, ok := ev.expr(p, e, env)
			if !ok || !comparable(v) {
				return nil, false
			}
			if v == tag {
				return cc.Body, true
			}
		}
	}
	return def, true
}

// assign runs x := e, x = e, a, b := f() and s += e of strings.
func (ev *evaluator) assign(p *packages.Package, s *ast.AssignStmt, env map[types.Object]any) bool {
	if s.Tok == token.ADD_ASSIGN && len(s.Lhs) == 1 && len(s.Rhs) == 1 {
		id, ok := s.Lhs[0].(*ast.Ident)
		if !ok {
			return false
		}
		obj := p.TypesInfo.ObjectOf(id)
		cur, isA := env[obj].(string)
		v, ok := ev.expr(p, s.Rhs[0], env)
		add, isB := v.(string)
		if !ok || !isA || !isB {
			return false
		}
		env[obj] = cur + add
		return true
	}
	if s.Tok != token.DEFINE && s.Tok != token.ASSIGN {
		return false
	}
	if handled, ok := ev.commaOK(p, s, env); handled {
		return ok
	}
	if len(s.Lhs) == 2 && len(s.Rhs) == 1 {
		if ta, ok := ast.Unparen(s.Rhs[0]).(*ast.TypeAssertExpr); ok {
			// v, ok := x.(T)
			v, ok := ev.expr(p, ta.X, env)
			if !ok || ta.Type == nil {
				return false
			}
			got, holds, known := assertKnown(v, p.TypesInfo.TypeOf(ta.Type))
			if !known {
				return false
			}
			return ev.assignTo(p, s, []any{got, holds}, env)
		}
	}
	if len(s.Lhs) == 1 && len(s.Rhs) == 1 && s.Tok == token.ASSIGN {
		if ix, ok := ast.Unparen(s.Lhs[0]).(*ast.IndexExpr); ok {
			return ev.setIndex(p, ix, s.Rhs[0], env)
		}
		if sel, ok := ast.Unparen(s.Lhs[0]).(*ast.SelectorExpr); ok {
			return ev.setField(p, sel, s.Rhs[0], env)
		}
	}
	var vals []any
	switch {
	case len(s.Lhs) == len(s.Rhs):
		for _, r := range s.Rhs {
			v, ok := ev.expr(p, r, env)
			if !ok {
				return false
			}
			vals = append(vals, v)
		}
	case len(s.Rhs) == 1:
		v, ok := ev.expr(p, s.Rhs[0], env)
		t, isTuple := v.(tuple)
		if !ok || !isTuple || len(t) != len(s.Lhs) {
			return false
		}
		vals = t
	default:
		return false
	}
	return ev.assignTo(p, s, vals, env)
}

// assignTo stores vals in s's variables.
func (ev *evaluator) assignTo(p *packages.Package, s *ast.AssignStmt, vals []any, env map[types.Object]any) bool {
	for i, l := range s.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "_" {
			continue
		}
		obj := p.TypesInfo.ObjectOf(id)
		if _, local := env[obj]; !local && s.Tok == token.ASSIGN {
			return false // a variable outside the function: not read
		}
		env[obj] = vals[i]
	}
	return true
}

func (ev *evaluator) envRead(name string, ok bool) {
	if ok && ev.onEnv != nil {
		ev.onEnv(name)
	}
}

// prelude runs the statements before a registration and returns the
// variables they leave known, with the environment variables each value
// was computed from. Unlike block it never gives up: a statement it
// cannot run makes the variables that statement assigns unknown.
func (ev *evaluator) prelude(p *packages.Package, list []ast.Stmt, env map[types.Object]any) (map[types.Object]any, envDeps) {
	deps := envDeps{}
	for _, st := range list {
		saved := maps.Clone(env)
		read := map[string]bool{}
		ev.onEnv = func(name string) { read[name] = true }
		_, returned, ok := ev.block(p, []ast.Stmt{st}, env)
		if !ok || returned {
			env = saved
		}
		deps.add(read, p.TypesInfo, st)
		for _, obj := range assigned(p.TypesInfo, st) {
			if !ok || returned {
				delete(env, obj)
			}
			deps[obj] = read
		}
		if !ok || returned {
			for _, obj := range writtenRoots(p.TypesInfo, st) {
				delete(env, obj)
			}
		}
		if ev.steps > maxEvalSteps {
			break
		}
	}
	ev.onEnv = nil
	return env, deps
}

// envDeps are the environment variables each variable's value was
// computed from.
type envDeps map[types.Object]map[string]bool

// add adds to names the variables the variables used in n depend on.
func (d envDeps) add(names map[string]bool, info *types.Info, n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			for name := range d[info.Uses[id]] {
				names[name] = true
			}
		}
		return true
	})
}
