package golang

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
)

// inventoryTools reads the tool an inventory's mcp.Tool literal defines.
// A literal inside a helper called from several places that uses the
// helper's parameters (github/github-mcp-server's issueUpdateTool(t,
// name, description, title, extraProps, extraRequired, …), called once
// per single-field tool) is one tool per call: each read with the
// helper's parameters bound to that call's arguments, at the call.
func (c *conv) inventoryTools(p *packages.Package, lit *ast.CompositeLit, inv *inventory) []*ir.Tool {
	decl := funcDeclAt(p, lit.Pos())
	var calls []callSite
	if decl != nil && usesParams(p.TypesInfo, decl, lit) {
		if fn, _ := p.TypesInfo.Defs[decl.Name].(*types.Func); fn != nil {
			calls = c.callSitesOf(fn)
		}
	}
	if len(calls) < 2 {
		t := c.readTool(lit.Pos(), func() *ir.Tool { return c.inventoryTool(p, lit, lit.Pos(), inv) })
		if t == nil {
			return nil
		}
		c.sites[t] = toolSite{p: p, pos: lit.Pos(), sdk: goSDK}
		return []*ir.Tool{t}
	}
	var out []*ir.Tool
	r := c.literals(p)
	for _, cs := range calls {
		t := c.readTool(cs.call.Pos(), func() *ir.Tool {
			undo := c.bindArgs(cs.p, cs.call, r, decl)
			defer undo()
			if cs.p == p {
				if restore, ok := r.bind(decl, cs.call.Args); ok {
					defer restore()
				}
			}
			return c.inventoryTool(p, lit, cs.call.Pos(), inv)
		})
		if t != nil {
			c.sites[t] = toolSite{p: cs.p, pos: cs.call.Pos(), sdk: goSDK}
			out = append(out, t)
		}
	}
	return out
}

// usesParams reports whether the function declaring lit uses, in its
// body, a parameter other than a lookup (lookup.go) — the parameters the
// tool it defines may depend on.
func usesParams(info *types.Info, decl *ast.FuncDecl, lit *ast.CompositeLit) bool {
	for _, f := range decl.Type.Params.List {
		for _, id := range f.Names {
			v, _ := info.Defs[id].(*types.Var)
			if v != nil && !isLookup(v.Type()) && mentions(info, decl.Body, v) {
				return true
			}
		}
	}
	return false
}

// appendValue evaluates append(s, x…) and append(s, t...) of values the
// reader reads (a nil slice is empty).
func (r *literalReader) appendValue(x *ast.CallExpr) (any, bool, bool) {
	if !isBuiltin(r.p.TypesInfo, x.Fun, "append") || len(x.Args) == 0 {
		return nil, false, false
	}
	var out []any
	for i, a := range x.Args {
		v, ok := r.value(a)
		if !ok {
			return nil, false, true
		}
		if i > 0 && !(x.Ellipsis.IsValid() && i == len(x.Args)-1) {
			out = append(out, v)
			continue
		}
		switch s := v.(type) {
		case nil:
		case []any:
			out = append(out, s...)
		default:
			r.errorf(a, "cannot append to %s statically: not a slice tscg reads", exprString(a))
			return nil, false, true
		}
	}
	if out == nil {
		out = []any{}
	}
	return out, true, true
}

// localFunc evaluates a call of a function literal held by a local
// variable (variant := func(required []string, properties map[…]…)
// *jsonschema.Schema { return &jsonschema.Schema{…} }), with its
// parameters bound to the arguments, when its body is a return after
// definitions and element assignments to a parameter map (read with the
// map, as mapWithSets does).
func (r *literalReader) localFunc(x *ast.CallExpr) (any, bool, bool) {
	id, ok := ast.Unparen(x.Fun).(*ast.Ident)
	if !ok || x.Ellipsis.IsValid() {
		return nil, false, false
	}
	v, ok := r.p.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil, false, false
	}
	fl, ok := r.follow(id).(*ast.FuncLit)
	if !ok || r.applyingLits[fl] || len(fl.Body.List) == 0 {
		return nil, false, false
	}
	list := fl.Body.List
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, false, false
	}
	for _, st := range list[:len(list)-1] {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return nil, false, false
		}
		if as.Tok == token.DEFINE {
			continue
		}
		ix, ok := as.Lhs[0].(*ast.IndexExpr)
		if !ok || as.Tok != token.ASSIGN {
			return nil, false, false
		}
		if m, ok := ix.X.(*ast.Ident); !ok || !isParamIn(r.p.TypesInfo, fl.Type.Params, r.p.TypesInfo.Uses[m]) {
			return nil, false, false
		}
	}
	restore, bound := r.bindParams(fl.Type.Params, x.Args)
	if !bound {
		return nil, false, false
	}
	_ = v
	r.applyingLits[fl] = true
	defer func() { restore(); delete(r.applyingLits, fl) }()
	out, ok := r.value(ret.Results[0])
	return out, ok, true
}

func isParamIn(info *types.Info, params *ast.FieldList, obj types.Object) bool {
	for _, f := range params.List {
		for _, id := range f.Names {
			if obj != nil && info.Defs[id] == obj {
				return true
			}
		}
	}
	return false
}

// mergeMaps applies maps.Copy(dst, src) to dst's value.
func (r *literalReader) mergeMaps(call *ast.CallExpr, dst *orderedjson.Object) (*orderedjson.Object, bool) {
	src, ok := r.value(call.Args[1])
	if !ok {
		return nil, false
	}
	out := copyObject(dst)
	switch m := src.(type) {
	case nil:
	case *orderedjson.Object:
		for _, k := range m.Keys() {
			v, _ := m.Get(k)
			out.Set(k, v)
		}
	default:
		r.errorf(call.Args[1], "cannot read %s statically as a map", exprString(call.Args[1]))
		return nil, false
	}
	return out, true
}
