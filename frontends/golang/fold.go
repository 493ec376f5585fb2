package golang

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// maxFoldDepth bounds how many project functions and variables a folded
// string may go through, so a recursive helper ends as unreadable, never
// as a hang.
const maxFoldDepth = 16

// foldString evaluates a string expression that go/types does not fold
// but that is constant all the same (issue 28): + of such strings,
// fmt.Sprintf with a constant format and constant arguments,
// strings.Join of a []string literal, a few pure strings functions, and
// calls of the package's own functions whose body returns such an
// expression (arguments bound to parameters). Go's own functions compute
// the result, so it is what the program computes at run time.
func (r *literalReader) foldString(e ast.Expr, depth int) (string, bool) {
	v, ok := r.foldValue(e, depth)
	if h, isHole := v.(hole); isHole {
		return string(h), ok
	}
	s, isString := v.(string)
	return s, ok && isString
}

// foldValue is foldString for the values a format may take: string,
// int64, float64, bool.
func (r *literalReader) foldValue(e ast.Expr, depth int) (any, bool) {
	if depth > maxFoldDepth {
		return nil, false
	}
	if r.holes == nil {
		return r.foldKnown(e, depth)
	}
	n := len(*r.holes)
	if v, ok := r.foldKnown(e, depth); ok {
		return v, true
	}
	*r.holes = (*r.holes)[:n] // the parts of a whole that is unknown
	return r.lenient(e)
}

func (r *literalReader) foldKnown(e ast.Expr, depth int) (any, bool) {
	e = r.follow(e)
	if id, ok := e.(*ast.Ident); ok && r.args != nil {
		if v, bound := r.args[r.p.TypesInfo.Uses[id]]; bound {
			return v, true
		}
	}
	if v := r.constant(e); v != nil {
		if !formatsPlainly(r.p.TypesInfo.Types[e].Type) {
			// time.Duration formats through its String method, which
			// tscg does not run.
			return nil, false
		}
		return goValue(v)
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return nil, false
		}
		a, okA := r.foldString(x.X, depth+1)
		b, okB := r.foldString(x.Y, depth+1)
		return a + b, okA && okB
	case *ast.CallExpr:
		return r.foldCall(x, depth+1)
	}
	return nil, false
}

// formatsPlainly reports whether fmt formats a constant of type t the way
// it formats goValue's Go value: a basic type, or a named one with no
// String, Error, Format or GoString method.
func formatsPlainly(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Basic); !ok {
		return false
	}
	if _, named := t.(*types.Named); !named {
		return true
	}
	for _, ms := range []*types.MethodSet{types.NewMethodSet(t), types.NewMethodSet(types.NewPointer(t))} {
		for _, m := range []string{"String", "Error", "Format", "GoString"} {
			if ms.Lookup(nil, m) != nil {
				return false
			}
		}
	}
	return true
}

// goValue converts a go/constant value to the Go value fmt formats it as.
func goValue(v constant.Value) (any, bool) {
	switch v.Kind() {
	case constant.String:
		return constant.StringVal(v), true
	case constant.Bool:
		return constant.BoolVal(v), true
	case constant.Int:
		i, exact := constant.Int64Val(v)
		return i, exact
	case constant.Float:
		f, _ := constant.Float64Val(v)
		return f, true
	}
	return nil, false
}

// stringFuncs are the standard library's pure string functions of one
// string a description is built with.
var stringFuncs = map[string]func(string) string{
	"strings.ToUpper": strings.ToUpper, "strings.ToLower": strings.ToLower,
	"strings.TrimSpace": strings.TrimSpace,
}

func (r *literalReader) foldCall(call *ast.CallExpr, depth int) (any, bool) {
	if v, ok := r.lookupFallback(call, depth); ok {
		return v, true
	}
	fn, _ := callee(r.p.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || call.Ellipsis.IsValid() {
		return nil, false
	}
	name := fn.Pkg().Path() + "." + fn.Name()
	args := make([]any, len(call.Args))
	for i, a := range call.Args {
		if name == "strings.Join" && i == 0 {
			continue
		}
		v, ok := r.foldValue(a, depth)
		if !ok {
			return nil, false
		}
		args[i] = v
	}
	switch {
	case name == "fmt.Sprintf" && len(args) > 0:
		format, ok := args[0].(string)
		return fmt.Sprintf(format, args[1:]...), ok
	case name == "fmt.Sprint":
		return fmt.Sprint(args...), true
	case name == "strings.Join" && len(args) == 2:
		elems, ok := r.foldStrings(call.Args[0], depth)
		sep, isString := args[1].(string)
		return strings.Join(elems, sep), ok && isString
	case name == "strings.Repeat" && len(args) == 2:
		s, isString := args[0].(string)
		n, isInt := args[1].(int64)
		return strings.Repeat(s, int(n)), isString && isInt && n >= 0 && n*int64(len(s)) < 1<<20
	case stringFuncs[name] != nil && len(args) == 1:
		s, isString := args[0].(string)
		return stringFuncs[name](s), isString
	}
	if fn.Pkg() == r.p.Types {
		if v, ok := r.applyLocal(fn, call, depth); ok {
			return v, true
		}
	}
	return r.evaluate(call)
}

// evaluate runs a call of a function of the project on the evaluator
// (assignments, ifs and returns over constants, in any loaded package:
// kubernetes-mcp-server's defaults.ToolsetName()). A value that depends
// on an environment variable is left to text's flow reading, which
// warns.
func (r *literalReader) evaluate(call *ast.CallExpr) (any, bool) {
	if !formatsPlainly(r.p.TypesInfo.TypeOf(call)) {
		return nil, false
	}
	ev, env := newEvaluator(r.c), false
	ev.onEnv = func(string) { env = true }
	v, ok := ev.expr(r.p, call, r.argEnv())
	switch v.(type) {
	case string, int64, float64, bool:
		return v, ok && !env
	}
	return nil, false
}

// foldStrings evaluates a []string composite literal (or a variable
// defined once with one).
func (r *literalReader) foldStrings(e ast.Expr, depth int) ([]string, bool) {
	lit, ok := r.follow(e).(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(lit.Elts))
	for _, el := range lit.Elts {
		s, ok := r.foldString(el, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// applyLocal evaluates a call of a function of this package whose body is
// a single return of a foldable expression, with the call's arguments
// bound to its parameters for the time of the evaluation.
func (r *literalReader) applyLocal(fn *types.Func, call *ast.CallExpr, depth int) (any, bool) {
	decl, result := r.returned(fn)
	if result == nil {
		return nil, false
	}
	restore, ok := r.bind(decl, call.Args)
	if !ok {
		return nil, false
	}
	defer restore()
	return r.foldValue(result, depth)
}

// returned finds the declaration of a function of this package and, when
// its body is a single return of one value, that value (else nil): the
// functions tscg applies to their arguments.
func (r *literalReader) returned(fn *types.Func) (*ast.FuncDecl, ast.Expr) {
	decl := r.funcDecl(fn)
	if decl == nil || decl.Body == nil || len(decl.Body.List) == 0 {
		return decl, nil
	}
	list := decl.Body.List
	for _, st := range list[:len(list)-1] {
		// x := value, read through r.inits (a variable assigned once).
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			return decl, nil
		}
	}
	if ret, ok := list[len(list)-1].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
		return decl, ret.Results[0]
	}
	return decl, nil
}

// funcDecl finds the declaration of a function of this package.
func (r *literalReader) funcDecl(fn *types.Func) *ast.FuncDecl {
	for _, f := range r.p.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && r.p.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// bind makes each parameter of decl evaluate to the matching argument
// (follow reads r.inits), and returns what undoes it.
func (r *literalReader) bind(decl *ast.FuncDecl, args []ast.Expr) (func(), bool) {
	return r.bindParams(decl.Type.Params, args)
}

// bindParams is bind for a parameter list (of a function literal, say).
func (r *literalReader) bindParams(list *ast.FieldList, args []ast.Expr) (func(), bool) {
	var params []*types.Var
	for _, field := range list.List {
		for _, id := range field.Names {
			v, _ := r.p.TypesInfo.Defs[id].(*types.Var)
			params = append(params, v)
		}
		if len(field.Names) == 0 {
			params = append(params, nil)
		}
	}
	if len(params) != len(args) {
		return nil, false // variadic or mismatched: not read
	}
	saved := map[types.Object]ast.Expr{}
	for i, v := range params {
		if v == nil {
			continue
		}
		if old, ok := r.inits[v]; ok {
			saved[v] = old
		}
		r.inits[v] = args[i]
	}
	return func() {
		for _, v := range params {
			if v == nil {
				continue
			}
			if old, ok := saved[v]; ok {
				r.inits[v] = old
			} else {
				delete(r.inits, v)
			}
		}
	}, true
}
