package golang

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// varFlagBinding reads flag.XxxVar(&v, name, default, usage) (and
// pflag's XxxVarP) binding the package variable obj to a command-line
// flag: the default's expression and the flag's name (issue 28:
// GoogleCloudPlatform/gke-mcp's rootCmd.Flags().BoolVar(&enableDeleteTools,
// "enable-delete-tools", false, …)).
func varFlagBinding(p *packages.Package, call *ast.CallExpr, obj types.Object) (flagBinding, *ast.UnaryExpr, bool) {
	fn, _ := callee(p.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || !flagPkgs[fn.Pkg().Path()] || len(call.Args) == 0 {
		return flagBinding{}, nil, false
	}
	u, ok := call.Args[0].(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return flagBinding{}, nil, false
	}
	if id, ok := ast.Unparen(u.X).(*ast.Ident); !ok || p.TypesInfo.Uses[id] != obj {
		return flagBinding{}, nil, false
	}
	b, ok := varFlag(p, fn, call)
	return b, u, ok
}

// agreed is the value several composite literals give a field when the
// evaluator computes the same one for each (gke-mcp's Config{…,
// enableDeleteTools: enableDeleteTools} from a flag defaulting to false,
// and a test constructor's Config{…, enableDeleteTools: false});
// unknown otherwise.
func (ev *evaluator) agreed(lits []fieldValue) (any, bool) {
	var first any
	for i, l := range lits {
		v, ok := ev.expr(l.p, l.e, ev.localsAt(l.p, l.e))
		if !ok || !comparable(v) || (i > 0 && v != first) {
			return nil, false
		}
		first = v
	}
	return first, true
}

// bindParams binds, in env, the parameters of a function called from
// exactly one place in the program to that call's arguments, as the
// evaluator computes them there; a parameter whose argument it cannot
// compute stays unbound.
func (ev *evaluator) bindParams(p *packages.Package, fd *ast.FuncDecl, env map[types.Object]any) {
	fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Recv != nil || ev.binding > 3 {
		return
	}
	sites := ev.c.callSitesOf(fn)
	if len(sites) != 1 || sites[0].call.Ellipsis.IsValid() {
		return
	}
	site := sites[0]
	ev.binding++
	defer func() { ev.binding-- }()
	i := 0
	for _, field := range fd.Type.Params.List {
		for _, id := range field.Names {
			if i < len(site.call.Args) {
				arg := site.call.Args[i]
				if v, ok := ev.expr(site.p, arg, ev.localsAt(site.p, arg)); ok {
					env[p.TypesInfo.Defs[id]] = v
				}
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
}
