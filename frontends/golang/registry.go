package golang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// Registries filled by init() (issue 28: containers/kubernetes-mcp-server
// registers each toolset from an init() into a map keyed by its name and
// calls GetTools through an interface on the toolsets the configuration
// names). A method of a concrete type the program never calls directly
// runs only where an interface method of the same name is called on a
// value of that type. viaRegistry follows the receiver of every such
// call back to where it comes from: a range, a local defined once, a
// parameter (every call's argument), a function's returned values, a
// struct field (every value assigned to it, append included); it must
// end in a read m[key] of a registry: a map with string keys written only
// as m[k] = v, with v traced back (through parameters) to composite
// literals of concrete types and k either a constant or a method of v
// returning a constant (name := v.GetName()). The keys read are followed
// back the same way to constants, pure strings functions of them and
// fields whose default value tscg computes (flagdefault.go). When no
// registry entry reaching the method is under a key read in the default
// configuration, the method does not run and the tools registered in it
// are left out with a warning naming the keys read; any step tscg cannot
// follow keeps them.

const maxRegistryDepth = 12

// regEntry is one value written into a registry: its concrete type and
// the key it is written under.
type regEntry struct {
	typ types.Type
	key string
	at  token.Pos
}

// registry is a map variable or field of string keys filled by m[k] = v.
type registry struct {
	obj     types.Object
	entries []regEntry
}

// regOrigin is where values reaching an interface call come from: the
// read of a registry under the keys listed (all: a range over it).
type regOrigin struct {
	reg  *registry
	keys []string
	all  bool
}

// viaRegistry reports whether the method declared by fd is reached in the
// default configuration only through interface calls on registry values
// whose keys leave out every entry running it, and why.
func (c *conv) viaRegistry(p *packages.Package, fd *ast.FuncDecl) (string, bool) {
	fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Recv == nil || len(c.usesOf(fn)) > 0 {
		return "", false
	}
	c.callSitesOf(fn) // fills c.calls
	var sites []callSite
	var ifaces []string
	for g, cs := range c.calls {
		if g.Name() != fn.Name() || g.Pkg() == nil {
			continue
		}
		recv := g.Signature().Recv()
		if recv == nil || !types.IsInterface(recv.Type()) {
			continue
		}
		if len(c.usesOf(g)) != len(cs) {
			return "", false // a method value: called elsewhere
		}
		for _, s := range cs {
			if !c.otherCommand(s.p) {
				sites = append(sites, s)
			}
		}
		ifaces = append(ifaces, types.TypeString(recv.Type(), types.RelativeTo(fn.Pkg())))
	}
	if len(sites) == 0 {
		return "", false
	}
	slices.Sort(ifaces)
	var read []string
	var reg *registry
	for _, s := range sites {
		sel, ok := ast.Unparen(s.call.Fun).(*ast.SelectorExpr)
		if !ok {
			return "", false
		}
		origins, ok := c.originsOf(s.p, sel.X, 0, map[types.Object]bool{})
		if !ok {
			return "", false
		}
		for _, o := range origins {
			for _, e := range o.reg.entries {
				if !runsMethod(e.typ, fn) {
					continue
				}
				if o.all || slices.Contains(o.keys, e.key) {
					return "", false
				}
			}
			read = append(read, o.keys...)
			reg = o.reg
		}
	}
	if reg == nil {
		return "", false
	}
	slices.Sort(read)
	read = slices.Compact(read)
	var mine []string
	for _, e := range reg.entries {
		if runsMethod(e.typ, fn) {
			mine = append(mine, fmt.Sprintf("%q (value at %s)", e.key, c.pos(e.at)))
		}
	}
	if len(mine) == 0 {
		return "", false
	}
	return fmt.Sprintf("the key %s is read from the registry %s filled by init(), its value being the only way to %s, called through %s; by default the keys read are [%s]",
		strings.Join(mine, ", "), reg.obj.Name(), fn.FullName(), strings.Join(ifaces, ", "), strings.Join(quoteAll(read), " ")), true
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// runsMethod reports whether calling fn's method on a value of typ runs
// fn (typ's own method or one promoted from an embedded field).
func runsMethod(typ types.Type, fn *types.Func) bool {
	sel := types.NewMethodSet(typ).Lookup(fn.Pkg(), fn.Name())
	if sel == nil {
		if _, isPtr := typ.(*types.Pointer); !isPtr {
			sel = types.NewMethodSet(types.NewPointer(typ)).Lookup(fn.Pkg(), fn.Name())
		}
	}
	return sel != nil && sel.Obj() == fn
}

// originsOf traces where the values of e (or, for a slice, its elements)
// come from; ok is false when some step is not a registry read.
func (c *conv) originsOf(p *packages.Package, e ast.Expr, depth int, seen map[types.Object]bool) ([]regOrigin, bool) {
	if depth > maxRegistryDepth {
		return nil, false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.StarExpr:
		return c.originsOf(p, x.X, depth+1, seen)
	case *ast.Ident:
		if x.Name == "nil" && p.TypesInfo.Uses[x] == types.Universe.Lookup("nil") {
			return nil, true
		}
		return c.traceVar(p, x, depth, seen, func(q *packages.Package, src ast.Expr, rangeX bool) ([]regOrigin, bool) {
			return c.originsOf(q, src, depth+1, seen)
		})
	case *ast.IndexExpr:
		reg := c.registryOf(p, x.X)
		if reg == nil {
			return nil, false
		}
		keys, ok := c.keysOf(p, x.Index, 0, map[types.Object]bool{})
		if !ok {
			return nil, false
		}
		return []regOrigin{{reg: reg, keys: keys}}, true
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && p.TypesInfo.Uses[id] == types.Universe.Lookup("append") {
			var out []regOrigin
			for _, a := range x.Args {
				o, ok := c.originsOf(p, a, depth+1, seen)
				if !ok {
					return nil, false
				}
				out = append(out, o...)
			}
			return out, true
		}
		fn, _ := callee(p.TypesInfo, x)
		if fn == nil || fn.Pkg() == nil {
			return nil, false
		}
		if r := fn.Signature().Recv(); r != nil && types.IsInterface(r.Type()) {
			return nil, false
		}
		gp := c.pkgs[fn.Pkg()]
		if gp == nil {
			return nil, false
		}
		fd := funcDeclOf(gp, fn)
		if fd == nil || fd.Body == nil {
			return nil, false
		}
		var out []regOrigin
		ok := true
		forReturns(fd.Body, func(r *ast.ReturnStmt) {
			if !ok || len(r.Results) == 0 {
				ok = false
				return
			}
			o, good := c.originsOf(gp, r.Results[0], depth+1, seen)
			ok = ok && good
			out = append(out, o...)
		})
		return out, ok
	case *ast.SelectorExpr:
		s := p.TypesInfo.Selections[x]
		if s == nil || s.Kind() != types.FieldVal {
			return nil, false
		}
		field := s.Obj()
		if seen[field] {
			return nil, true // the field's other writes decide
		}
		seen[field] = true
		defer delete(seen, field)
		var out []regOrigin
		for _, w := range c.fieldWrites(field.(*types.Var)) {
			if w.e == nil {
				return nil, false
			}
			o, ok := c.originsOf(w.p, w.e, depth+1, seen)
			if !ok {
				return nil, false
			}
			out = append(out, o...)
		}
		return out, true
	case *ast.CompositeLit:
		if _, isSlice := p.TypesInfo.TypeOf(x).Underlying().(*types.Slice); !isSlice {
			return nil, false
		}
		var out []regOrigin
		for _, el := range x.Elts {
			o, ok := c.originsOf(p, el, depth+1, seen)
			if !ok {
				return nil, false
			}
			out = append(out, o...)
		}
		return out, true
	}
	return nil, false
}

// otherCommand reports whether p is a main package whose main function
// uses no function of the MCP SDKs, directly or through the functions of
// the loaded packages it uses (a README generator beside the server): it
// is not the server, and its calls run in no server.
func (c *conv) otherCommand(p *packages.Package) bool {
	if p.Types == nil || p.Types.Name() != "main" {
		return false
	}
	if v, ok := c.commands[p]; ok {
		return v
	}
	if c.commands == nil {
		c.commands = map[*packages.Package]bool{}
	}
	main, _ := p.Types.Scope().Lookup("main").(*types.Func)
	if main == nil {
		c.commands[p] = false
		return false
	}
	seen := map[*types.Func]bool{main: true}
	work := []*types.Func{main}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		gp := c.pkgs[fn.Pkg()]
		if gp == nil {
			continue
		}
		fd := funcDeclOf(gp, fn)
		if fd == nil || fd.Body == nil {
			continue
		}
		found := false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found {
				return !found
			}
			g, _ := gp.TypesInfo.Uses[id].(*types.Func)
			if g == nil || g.Pkg() == nil || seen[g.Origin()] {
				return true
			}
			g = g.Origin()
			seen[g] = true
			if isSDKPath(g.Pkg().Path()) {
				found = true
			}
			work = append(work, g)
			return true
		})
		if found {
			c.commands[p] = false
			return false
		}
	}
	c.commands[p] = true
	return true
}

// forReturns calls fn for each return statement of body, outside the
// function literals in it.
func forReturns(body *ast.BlockStmt, fn func(*ast.ReturnStmt)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			fn(x)
		}
		return true
	})
}

// traceVar follows a variable to the expressions it takes its values
// from: a range's expression (rangeX), the value of a local defined once
// and never reassigned, each call's argument for a parameter of a
// function called only directly; next traces each.
func (c *conv) traceVar(p *packages.Package, id *ast.Ident, depth int, seen map[types.Object]bool, next func(*packages.Package, ast.Expr, bool) ([]regOrigin, bool)) ([]regOrigin, bool) {
	obj, _ := p.TypesInfo.Uses[id].(*types.Var)
	if obj == nil || obj.Pkg() == nil || seen[obj] || depth > maxRegistryDepth {
		return nil, false
	}
	seen[obj] = true
	defer delete(seen, obj)
	dp, f := c.fileAt(obj.Pos())
	if f == nil {
		return nil, false
	}
	path, _ := astutil.PathEnclosingInterval(f, obj.Pos(), obj.Pos())
	if len(path) < 2 {
		return nil, false
	}
	switch def := path[1].(type) {
	case *ast.RangeStmt:
		if def.Value == path[0] && def.Tok == token.DEFINE {
			return next(dp, def.X, true)
		}
	case *ast.AssignStmt:
		if def.Tok == token.DEFINE && len(def.Lhs) == len(def.Rhs) && !c.reassigned(dp, obj) {
			for i, l := range def.Lhs {
				if l == path[0] {
					return next(dp, def.Rhs[i], false)
				}
			}
		}
	case *ast.Field:
		if len(path) < 5 {
			return nil, false
		}
		fd, _ := path[4].(*ast.FuncDecl)
		if fd == nil || path[3] != fd.Type || path[2] != fd.Type.Params {
			return nil, false
		}
		if fd == nil || c.reassigned(dp, obj) {
			return nil, false
		}
		fn, _ := dp.TypesInfo.Defs[fd.Name].(*types.Func)
		params := paramVars(dp, fd.Type)
		i := slices.Index(params, types.Object(obj))
		if fn == nil || i < 0 {
			return nil, false
		}
		sites := c.callSitesOf(fn)
		if len(sites) == 0 || len(sites) != len(c.usesOf(fn)) {
			return nil, false
		}
		var out []regOrigin
		for _, s := range sites {
			if len(s.call.Args) != len(params) || s.call.Ellipsis.IsValid() {
				return nil, false
			}
			o, ok := next(s.p, s.call.Args[i], false)
			if !ok {
				return nil, false
			}
			out = append(out, o...)
		}
		return out, true
	}
	return nil, false
}

// fieldWrite is one value assigned to a struct field (e nil: a write
// tscg cannot follow, as &x.F handed on).
type fieldWrite struct {
	p *packages.Package
	e ast.Expr
}

// fieldWrites lists the values the loaded packages assign to field:
// x.F = v, T{F: v}; a positional literal or &x.F is an unknown write.
func (c *conv) fieldWrites(field *types.Var) []fieldWrite {
	var out []fieldWrite
	for _, u := range c.usesOf(field) {
		p, f := c.fileAt(u)
		if f == nil {
			return []fieldWrite{{}}
		}
		path, _ := astutil.PathEnclosingInterval(f, u, u)
		if len(path) < 3 {
			return []fieldWrite{{}}
		}
		if kv, ok := path[1].(*ast.KeyValueExpr); ok && kv.Key == path[0] {
			out = append(out, fieldWrite{p, kv.Value})
			continue
		}
		sel, ok := path[1].(*ast.SelectorExpr)
		if !ok || sel.Sel != path[0] {
			return []fieldWrite{{}}
		}
		switch parent := path[2].(type) {
		case *ast.AssignStmt:
			for i, l := range parent.Lhs {
				if l == sel {
					if len(parent.Rhs) != len(parent.Lhs) || parent.Tok != token.ASSIGN {
						return []fieldWrite{{}}
					}
					out = append(out, fieldWrite{p, parent.Rhs[i]})
				}
			}
		case *ast.UnaryExpr:
			if parent.Op == token.AND {
				return []fieldWrite{{}}
			}
		}
	}
	for _, p := range c.pkgs {
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.CompositeLit); ok {
					positional(p.TypesInfo, lit, func(v *types.Var) {
						if v == field {
							out = append(out, fieldWrite{})
						}
					})
				}
				return true
			})
		}
	}
	return out
}

// registryOf is the registry e names (a map variable or field of string
// keys and interface values), nil when e is none or is used otherwise
// than read, written by m[k] = v, ranged over, reset to an empty map or
// measured.
func (c *conv) registryOf(p *packages.Package, e ast.Expr) *registry {
	var obj types.Object
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj = p.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		obj = p.TypesInfo.Uses[x.Sel]
	}
	v, _ := obj.(*types.Var)
	if v == nil {
		return nil
	}
	if r, ok := c.registries[v]; ok {
		return r
	}
	if c.registries == nil {
		c.registries = map[*types.Var]*registry{}
	}
	c.registries[v] = nil
	m, ok := v.Type().Underlying().(*types.Map)
	if !ok || !types.IsInterface(m.Elem()) {
		return nil
	}
	if b, ok := m.Key().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return nil
	}
	reg := &registry{obj: v}
	for _, u := range c.usesOf(v) {
		up, f := c.fileAt(u)
		if f == nil {
			return nil
		}
		path, _ := astutil.PathEnclosingInterval(f, u, u)
		i := 1
		if sel, ok := path[1].(*ast.SelectorExpr); ok && sel.Sel == path[0] {
			i = 2
		}
		if len(path) <= i+1 {
			return nil
		}
		ref := path[i-1]
		switch parent := path[i].(type) {
		case *ast.IndexExpr:
			if as, ok := path[i+1].(*ast.AssignStmt); ok && slices.Contains(as.Lhs, ast.Expr(parent)) {
				if len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN {
					return nil
				}
				entries, ok := c.registryWrite(up, parent.Index, as.Rhs[0])
				if !ok {
					return nil
				}
				reg.entries = append(reg.entries, entries...)
			}
		case *ast.RangeStmt:
		case *ast.KeyValueExpr:
			if !emptyMap(up, parent.Value) {
				return nil
			}
		case *ast.AssignStmt:
			if len(parent.Lhs) != 1 || len(parent.Rhs) != 1 || parent.Lhs[0] != ref || !emptyMap(up, parent.Rhs[0]) {
				return nil
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(parent.Fun).(*ast.Ident); !ok || up.TypesInfo.Uses[id] != types.Universe.Lookup("len") {
				return nil
			}
		case *ast.ValueSpec:
			if len(parent.Values) > 0 && !emptyMap(up, parent.Values[0]) {
				return nil
			}
		default:
			return nil
		}
	}
	if len(reg.entries) == 0 {
		return nil
	}
	c.registries[v] = reg
	return reg
}

// emptyMap reports make(…) or an empty composite literal.
func emptyMap(p *packages.Package, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		return ok && p.TypesInfo.Uses[id] == types.Universe.Lookup("make")
	case *ast.CompositeLit:
		return len(x.Elts) == 0
	}
	return false
}

// registryWrite reads m[k] = v: the concrete values v holds and the key
// each is written under.
func (c *conv) registryWrite(p *packages.Package, k, v ast.Expr) ([]regEntry, bool) {
	vid, ok := ast.Unparen(v).(*ast.Ident)
	var vobj types.Object
	if ok {
		vobj = p.TypesInfo.Uses[vid]
	}
	lits, ok := c.concreteValues(p, v, 0, map[types.Object]bool{})
	if !ok {
		return nil, false
	}
	var out []regEntry
	for _, lit := range lits {
		key, ok := c.entryKey(p, k, vobj, lit.typ)
		if !ok {
			return nil, false
		}
		out = append(out, regEntry{typ: lit.typ, key: key, at: lit.at})
	}
	return out, true
}

// concreteValues traces v back to the composite literals it holds.
func (c *conv) concreteValues(p *packages.Package, v ast.Expr, depth int, seen map[types.Object]bool) ([]regEntry, bool) {
	if depth > maxRegistryDepth {
		return nil, false
	}
	e := ast.Unparen(v)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if lit, ok := ast.Unparen(u.X).(*ast.CompositeLit); ok {
			return []regEntry{{typ: p.TypesInfo.TypeOf(u), at: lit.Pos()}}, true
		}
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		return []regEntry{{typ: p.TypesInfo.TypeOf(lit), at: lit.Pos()}}, true
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false
	}
	var out []regEntry
	_, ok = c.traceVar(p, id, depth, seen, func(q *packages.Package, src ast.Expr, rangeX bool) ([]regOrigin, bool) {
		if rangeX {
			return nil, false
		}
		got, ok := c.concreteValues(q, src, depth+1, seen)
		out = append(out, got...)
		return nil, ok
	})
	return out, ok
}

// entryKey is the key m[k] = v writes a value of type typ under: k a
// constant, or a method of v (directly or through a local defined as
// name := v.Name()) whose body returns a constant.
func (c *conv) entryKey(p *packages.Package, k ast.Expr, vobj types.Object, typ types.Type) (string, bool) {
	ev := newEvaluator(c)
	if s, ok := ev.expr(p, k, map[types.Object]any{}); ok {
		if str, ok := s.(string); ok {
			return str, true
		}
	}
	e := ast.Unparen(k)
	if id, ok := e.(*ast.Ident); ok {
		obj, _ := p.TypesInfo.Uses[id].(*types.Var)
		if obj == nil || c.reassigned(p, obj) {
			return "", false
		}
		f := c.fileOf(p, obj.Pos())
		if f == nil {
			return "", false
		}
		path, _ := astutil.PathEnclosingInterval(f, obj.Pos(), obj.Pos())
		as, ok := path[1].(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return "", false
		}
		e = ast.Unparen(as.Rhs[0])
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 || vobj == nil {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || p.TypesInfo.Uses[id] != vobj {
		return "", false
	}
	ms := types.NewMethodSet(typ).Lookup(nil, sel.Sel.Name)
	if ms == nil {
		ms = types.NewMethodSet(typ).Lookup(p.Types, sel.Sel.Name)
	}
	if ms == nil {
		return "", false
	}
	fn, _ := ms.Obj().(*types.Func)
	if fn == nil || fn.Pkg() == nil || c.pkgs[fn.Pkg()] == nil {
		return "", false
	}
	gp := c.pkgs[fn.Pkg()]
	fd := funcDeclOf(gp, fn)
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 {
		return "", false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return "", false
	}
	s, ok := ev.expr(gp, ret.Results[0], map[types.Object]any{})
	str, isStr := s.(string)
	return str, ok && isStr
}

// keysOf lists the strings e holds (for a slice, its elements) in the
// default configuration: a value the evaluator computes, a field's
// default, a pure strings function of such values, a range over them, a
// local defined once, or every call's argument for a parameter.
func (c *conv) keysOf(p *packages.Package, e ast.Expr, depth int, seen map[types.Object]bool) ([]string, bool) {
	if depth > maxRegistryDepth {
		return nil, false
	}
	ev := newEvaluator(c)
	if v, ok := ev.expr(p, e, map[types.Object]any{}); ok {
		if ks, ok := stringsOf(v); ok {
			return ks, true
		}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if s := p.TypesInfo.Selections[x]; s != nil && s.Kind() == types.FieldVal {
			if v, ok := ev.fieldDefault(s.Obj().(*types.Var)); ok {
				return stringsOf(v)
			}
		}
	case *ast.CallExpr:
		fn, _ := callee(p.TypesInfo, x)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "strings" || len(x.Args) != 1 {
			return nil, false
		}
		apply, ok := map[string]func(string) string{"TrimSpace": strings.TrimSpace, "ToLower": strings.ToLower, "ToUpper": strings.ToUpper}[fn.Name()]
		if !ok {
			return nil, false
		}
		ks, ok := c.keysOf(p, x.Args[0], depth+1, seen)
		for i := range ks {
			ks[i] = apply(ks[i])
		}
		return ks, ok
	case *ast.Ident:
		var out []string
		_, ok := c.traceVar(p, x, depth, seen, func(q *packages.Package, src ast.Expr, _ bool) ([]regOrigin, bool) {
			ks, ok := c.keysOf(q, src, depth+1, seen)
			out = append(out, ks...)
			return nil, ok
		})
		return out, ok
	}
	return nil, false
}

// stringsOf is a string value, or a slice of them, as a list.
func stringsOf(v any) ([]string, bool) {
	switch x := v.(type) {
	case string:
		return []string{x}, true
	case []any:
		out := make([]string, 0, len(x))
		for _, el := range x {
			s, ok := el.(string)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}
