package golang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/packages"
)

// builderVal is a strings.Builder as the evaluator holds it (issue 28:
// github-mcp-server builds a tool's description with a method writing
// into one, WriteString and fmt.Fprintf over the fields of a struct
// literal). It is held by pointer, as Go's is used: the builder a method
// writes into is the one the variable holds.
type builderVal struct{ strings.Builder }

// isStringsBuilder reports whether t is strings.Builder.
func isStringsBuilder(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "strings" && n.Obj().Name() == "Builder"
}

// builderOf is the builder e holds: a variable holding one, or &v of it.
func (ev *evaluator) builderOf(p *packages.Package, e ast.Expr, env map[types.Object]any) (*builderVal, bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false
	}
	b, ok := env[p.TypesInfo.ObjectOf(id)].(*builderVal)
	return b, ok && b != nil
}

// builderCall runs the methods of strings.Builder and fmt's Fprint
// functions writing into one; handled is false for any other call.
func (ev *evaluator) builderCall(p *packages.Package, x *ast.CallExpr, env map[types.Object]any) (v any, ok, handled bool) {
	if tv, isType := p.TypesInfo.Types[x.Fun]; isType && tv.IsType() {
		return nil, false, false
	}
	if isBuiltin(p.TypesInfo, x.Fun, "new") && len(x.Args) == 1 && isStringsBuilder(p.TypesInfo.TypeOf(x.Args[0])) {
		return &builderVal{}, true, true
	}
	fn, _ := callee(p.TypesInfo, x)
	if fn == nil || fn.Pkg() == nil {
		return nil, false, false
	}
	switch fn.Pkg().Path() {
	case "fmt":
		switch fn.Name() {
		case "Fprintf", "Fprint", "Fprintln":
		default:
			return nil, false, false
		}
		if len(x.Args) == 0 || x.Ellipsis.IsValid() {
			return nil, false, false
		}
		b, isBuilder := ev.builderOf(p, x.Args[0], env)
		if !isBuilder {
			return nil, false, false
		}
		args := make([]any, 0, len(x.Args)-1)
		for _, a := range x.Args[1:] {
			v, ok := ev.expr(p, a, env)
			if !ok {
				return nil, false, true
			}
			args = append(args, v)
		}
		if !formattable(args) {
			return nil, false, true
		}
		var n int
		switch fn.Name() {
		case "Fprintf":
			f, isString := "", false
			if len(args) > 0 {
				f, isString = args[0].(string)
			}
			if !isString {
				return nil, false, true
			}
			n, _ = fmt.Fprintf(b, f, args[1:]...)
		case "Fprint":
			n, _ = fmt.Fprint(b, args...)
		default:
			n, _ = fmt.Fprintln(b, args...)
		}
		return tuple{int64(n), nil}, true, true
	case "strings":
		if recvName(fn) != "Builder." {
			return nil, false, false
		}
	default:
		return nil, false, false
	}
	sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !isSel {
		return nil, false, true
	}
	b, isBuilder := ev.builderOf(p, sel.X, env)
	if !isBuilder {
		return nil, false, true
	}
	args, ok := ev.args(p, x, env)
	if !ok {
		return nil, false, true
	}
	switch fn.Name() {
	case "String":
		return b.String(), true, true
	case "Len":
		return int64(b.Len()), true, true
	case "Reset":
		b.Reset()
		return nil, true, true
	case "Grow":
		return nil, true, true
	case "WriteString":
		s, isString := args[0].(string)
		if !isString {
			return nil, false, true
		}
		n, _ := b.WriteString(s)
		return tuple{int64(n), nil}, true, true
	case "WriteByte", "WriteRune":
		c, isInt := args[0].(int64)
		if !isInt || c < 0 || c > 0x10FFFF || fn.Name() == "WriteByte" && c > 255 {
			return nil, false, true
		}
		if fn.Name() == "WriteByte" {
			return nil, b.WriteByte(byte(c)) == nil, true
		}
		n, _ := b.WriteRune(rune(c))
		return tuple{int64(n), nil}, true, true
	}
	return nil, false, true
}

// formattable reports whether fmt formats every value as Go does the
// value the evaluator stands for: strings, booleans and numbers.
func formattable(args []any) bool {
	for _, a := range args {
		switch a.(type) {
		case string, bool, int64, float64:
		default:
			return false
		}
	}
	return true
}
