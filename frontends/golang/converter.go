package golang

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// converter is a function of the project that turns a tool definition
// of its own type into the go-sdk's: its body builds an &mcp.Tool{…}
// literal from the fields of a parameter of that type
// (containers/kubernetes-mcp-server's ServerToolToGoSdkTool(s, tool
// api.ServerTool)). Each literal of the type in the project is then a
// tool, read through the converter's field mapping: a field of the
// parameter (tool.Tool.Name), ptr.Deref(field, default), a conversion
// of one, or a variable defined as one. A schema whose Properties the
// converter fills in when nil (x.Properties = make(…)) lists empty
// properties.
type converter struct {
	fn       *types.Func
	p        *packages.Package
	param    *types.Var
	lit      *ast.CompositeLit
	fillsNil bool // assigns <var>.Properties
}

// findConverters finds the converters of the loaded packages, by the
// named type of their tool parameter.
func (c *conv) findConverters(pkgs []*packages.Package) {
	c.converters = map[*types.TypeName]converter{}
	eachFuncBody(pkgs, c.converterIn)
}

// eachFuncBody calls fn with every function declaration that has a body,
// package by package in order.
func eachFuncBody(pkgs []*packages.Package, fn func(*packages.Package, *ast.FuncDecl)) {
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					fn(p, fd)
				}
			}
		}
	}
}

func (c *conv) converterIn(p *packages.Package, fd *ast.FuncDecl) {
	params := map[types.Object]*types.TypeName{}
	for _, field := range fd.Type.Params.List {
		for _, id := range field.Names {
			v, _ := p.TypesInfo.Defs[id].(*types.Var)
			if v == nil {
				continue
			}
			if n := namedOf(v.Type()); n != nil && c.pkgs[n.Obj().Pkg()] != nil {
				if _, isStruct := n.Underlying().(*types.Struct); isStruct {
					params[v] = n.Obj()
				}
			}
		}
	}
	if len(params) == 0 {
		return
	}
	fills := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 {
			if sel, ok := as.Lhs[0].(*ast.SelectorExpr); ok && sel.Sel.Name == "Properties" {
				fills = true
			}
		}
		return true
	})
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || !isSDKTool(p.TypesInfo.TypeOf(lit)) {
			return true
		}
		for v, tn := range params {
			if mentions(p.TypesInfo, lit, v) {
				fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
				c.converters[tn] = converter{fn: fn, p: p, param: v.(*types.Var), lit: lit, fillsNil: fills}
			}
		}
		return false
	})
}

// isSDKTool reports the go-sdk's mcp.Tool.
func isSDKTool(t types.Type) bool {
	n := namedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == goSDK && n.Obj().Name() == "Tool"
}

// mentions reports whether n uses obj.
func mentions(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// converted reads a literal of a converter's type as the tool the
// converter makes of it.
func (c *conv) converted(p *packages.Package, lit *ast.CompositeLit, cv converter) *ir.Tool {
	r := c.literals(p)
	m := &mapping{c: c, cv: cv, r: r, cr: c.literals(cv.p), lit: lit}
	fields, ok := m.cr.fields(cv.lit, "the converter's tool")
	if !ok {
		return nil
	}
	r.what = "tool"
	name, ok := m.str(fields["Name"], "the tool's Name")
	if !ok {
		return nil
	}
	r.what, c.naming = "tool "+name, name
	t := &ir.Tool{Name: name, Source: "go", Pos: c.pos(lit.Pos()), ExactTitles: true}
	t.Description, _ = m.text(fields["Description"], "Description")
	t.Title, _ = m.text(fields["Title"], "Title")
	if e, ok := fields["Annotations"]; ok {
		m.annotations(t, e)
	}
	in, rd := m.resolve(fields["InputSchema"])
	if in == nil {
		c.errorf(lit.Pos(), "tool %s: no InputSchema", name)
		return nil
	}
	t.Params = c.schemaLiteral(rd, in)
	if cv.fillsNil && t.Params != nil && t.Params.Kind == ir.KindObject && len(t.Params.Properties) == 0 {
		t.Params.PropertiesKept = true
	}
	if out, rd := m.resolve(fields["OutputSchema"]); out != nil {
		t.Result = c.schemaLiteral(rd, out)
	}
	return t
}

// mapping resolves the converter's field values in one literal.
type mapping struct {
	c      *conv
	cv     converter
	r, cr  *literalReader // the literal's package, the converter's
	lit    *ast.CompositeLit
	failed bool
}

// resolve returns the expression a converter's field value stands for
// in the literal and the reader to read it with; nil when the literal
// leaves it zero.
func (m *mapping) resolve(e ast.Expr) (ast.Expr, *literalReader) {
	if e == nil {
		return nil, nil
	}
	e = m.cr.follow(ast.Unparen(e))
	if path, ok := m.path(e); ok {
		return m.walk(path)
	}
	if call, ok := e.(*ast.CallExpr); ok {
		if tv, ok := m.cr.p.TypesInfo.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
			return m.resolve(call.Args[0]) // mcp.Meta(tool.Tool.Meta)
		}
		if fn, _ := callee(m.cr.p.TypesInfo, call); fn != nil && fn.Name() == "Deref" && len(call.Args) == 2 {
			if v, rd := m.resolve(call.Args[0]); v != nil {
				return v, rd
			}
			return call.Args[1], m.cr
		}
	}
	return e, m.cr
}

// path reads param.A.B… as [A, B, …].
func (m *mapping) path(e ast.Expr) ([]string, bool) {
	var names []string
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			names = append([]string{x.Sel.Name}, names...)
			e = x.X
		case *ast.Ident:
			return names, m.cr.p.TypesInfo.Uses[x] == m.cv.param
		default:
			return nil, false
		}
	}
}

// walk follows field names through the literal's nested literals.
func (m *mapping) walk(path []string) (ast.Expr, *literalReader) {
	var cur ast.Expr = m.lit
	args := map[types.Object]ast.Expr{} // parameters of helpers walked through
	for _, name := range path {
		x := m.r.follow(cur)
		if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
			x = m.r.follow(u.X)
		}
		if call, ok := x.(*ast.CallExpr); ok {
			// readOnlyAnnotations("title"): a helper of the package
			// returning a literal; its parameters stand for the
			// arguments.
			fn, _ := callee(m.r.p.TypesInfo, call)
			if fn != nil && fn.Pkg() == m.r.p.Types {
				if decl, result := m.r.returned(fn); result != nil {
					params := decl.Type.Params.List
					i := 0
					for _, f := range params {
						for _, id := range f.Names {
							if i < len(call.Args) {
								args[m.r.p.TypesInfo.Defs[id]] = call.Args[i]
							}
							i++
						}
					}
					x = m.r.follow(result)
				}
			}
		}
		lit, ok := x.(*ast.CompositeLit)
		if !ok {
			m.r.errorf(cur, "cannot read %s statically: tscg reads the tool's fields from a composite literal", exprString(cur))
			return nil, nil
		}
		var next ast.Expr
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
					next = kv.Value
				}
			}
		}
		if next == nil {
			return nil, nil // left zero
		}
		cur = next
		if id, ok := ast.Unparen(cur).(*ast.Ident); ok && args[m.r.p.TypesInfo.Uses[id]] != nil {
			cur = args[m.r.p.TypesInfo.Uses[id]]
		}
	}
	return cur, m.r
}

func (m *mapping) str(e ast.Expr, what string) (string, bool) {
	v, rd := m.resolve(e)
	if v == nil {
		m.c.errorf(m.lit.Pos(), "%s: the literal has no %s", m.r.what, what)
		return "", false
	}
	return rd.str(v, what)
}

func (m *mapping) text(e ast.Expr, what string) (string, bool) {
	v, rd := m.resolve(e)
	if v == nil {
		return "", false
	}
	return rd.text(v, what), true
}

// annotations reads &mcp.ToolAnnotations{…} of the converter as the
// go-sdk writes it: readOnlyHint and idempotentHint always, the pointer
// hints when set.
func (m *mapping) annotations(t *ir.Tool, e ast.Expr) {
	fields, ok := m.cr.fields(e, "Annotations (write them as &mcp.ToolAnnotations{…})")
	if !ok {
		return
	}
	hint := func(name string, dst **bool, always bool) {
		v, rd := m.resolve(fields[name])
		if v == nil || isNilIdent(v) {
			if always {
				*dst = ir.Bool(false)
			}
			return
		}
		if b, ok := rd.boolean(v, name); ok {
			*dst = ir.Bool(b)
		}
	}
	hint("ReadOnlyHint", &t.Annotations.ReadOnly, true)
	hint("IdempotentHint", &t.Annotations.Idempotent, true)
	hint("DestructiveHint", &t.Annotations.Destructive, false)
	hint("OpenWorldHint", &t.Annotations.OpenWorld, false)
	if v, rd := m.resolve(fields["Title"]); v != nil {
		t.Annotations.Title = rd.text(v, "the annotations' Title")
	}
}

func isNilIdent(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// convertedLiteral reads lit when its type has a converter (nil when it
// has none, or the tool cannot be read: then an error says why).
func (c *conv) convertedLiteral(p *packages.Package, lit *ast.CompositeLit) *ir.Tool {
	n := namedOf(p.TypesInfo.TypeOf(lit))
	if n == nil {
		return nil
	}
	cv, ok := c.converters[n.Obj()]
	if !ok {
		return nil
	}
	t := c.readTool(lit.Pos(), func() *ir.Tool { return c.converted(p, lit, cv) })
	if t != nil {
		c.sites[t] = toolSite{p: p, pos: lit.Pos(), sdk: goSDK}
		if c.convertedTypes == nil {
			c.convertedTypes = map[*types.TypeName]bool{}
		}
		c.convertedTypes[n.Obj()] = true
	}
	return t
}

// passesOn reports whether body hands a value of the definition type n on
// to a call (append(tools, tool), a registration), or skips to a loop's
// next definition (continue).
func passesOn(info *types.Info, body *ast.BlockStmt, n *types.Named) bool {
	if len(body.List) == 1 {
		if br, ok := body.List[0].(*ast.BranchStmt); ok && br.Tok == token.CONTINUE {
			return true
		}
	}
	found := false
	ast.Inspect(body, func(x ast.Node) bool {
		call, ok := x.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		for _, a := range call.Args {
			if m := namedOf(derefType(info.TypeOf(a))); m != nil && m.Obj() == n.Obj() {
				found = true
			}
		}
		return !found
	})
	return found
}

// warnDefinitionFilters names the places where the program decides at
// run time which of its tool definitions it registers (issue 28:
// containers/kubernetes-mcp-server's `if filter(tool)`, a composite of
// function values whose verdict depends on the kubeconfig): an if whose
// condition calls a function on a value of a converter's definition
// type. tscg lists every definition the default configuration reaches;
// the server may publish fewer, so each such if is a warning.
func (c *conv) warnDefinitionFilters(pkgs []*packages.Package) {
	if len(c.convertedTypes) == 0 {
		return
	}
	eachFuncBody(pkgs, func(p *packages.Package, fd *ast.FuncDecl) {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			is, ok := n.(*ast.IfStmt)
			if !ok {
				return true
			}
			cond := ast.Unparen(is.Cond)
			if u, neg := cond.(*ast.UnaryExpr); neg && u.Op == token.NOT {
				cond = ast.Unparen(u.X)
			}
			call, ok := cond.(*ast.CallExpr)
			if !ok {
				return true
			}
			for _, a := range call.Args {
				n := namedOf(derefType(p.TypesInfo.TypeOf(a)))
				if n == nil || !c.convertedTypes[n.Obj()] {
					continue
				}
				if fn, _ := callee(p.TypesInfo, call); fn != nil && recvName(fn) == n.Obj().Name()+"." {
					continue // a method of the definition reads it, it picks nothing
				}
				if !passesOn(p.TypesInfo, is.Body, n) {
					continue // decides something else (a composite filter's verdict)
				}
				c.warnf(is.Pos(), "which %s definitions the server registers is decided here at run time by `%s` (tscg does not run it): tscg lists each one the default configuration reaches, the server may publish fewer", n.Obj().Name(), exprString(is.Cond))
				break
			}
			return true
		})
	})
}

// fromConverter reports whether e is (a variable defined by) a call of
// a converter: its Server.AddTool registers a tool read at the literal
// the converter was given.
func (c *conv) fromConverter(p *packages.Package, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if id, isIdent := ast.Unparen(e).(*ast.Ident); isIdent {
		call, ok = definingCall(p, p.TypesInfo.Uses[id])
	}
	if !ok {
		return false
	}
	fn, _ := callee(p.TypesInfo, call)
	for _, cv := range c.converters {
		if fn != nil && cv.fn == fn {
			return true
		}
	}
	return false
}

// definingCall finds the call a variable is defined with (v := f(…) or
// v, w := f(…)).
func definingCall(p *packages.Package, v types.Object) (*ast.CallExpr, bool) {
	if v == nil {
		return nil, false
	}
	var found *ast.CallExpr
	for _, f := range p.Syntax {
		if v.Pos() < f.FileStart || v.Pos() >= f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || found != nil {
				return found == nil
			}
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && p.TypesInfo.Defs[id] == v {
					found, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
				}
			}
			return found == nil
		})
	}
	return found, found != nil
}
