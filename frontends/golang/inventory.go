package golang

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// maxCarrierRounds bounds how many functions deep a tool definition is
// followed from an inventory item's literal back to the mcp.Tool literal
// written by the project.
const maxCarrierRounds = 8

// inventory is a registrar of the project (issue 28: github/github-mcp-
// server's inventory.ServerTool.RegisterFunc): a function or method whose
// body registers a field of one of its parameters (or of its receiver) —
// a struct type of the project, the inventory item — with the go-sdk's
// Server.AddTool, through a copy (toolCopy := st.Tool; s.AddTool(&toolCopy,
// h)) or directly (&st.Tool). Each go-sdk mcp.Tool literal of the project
// that becomes that field of an item is then a registered tool: written
// in the item's literal, or passed down through the parameters of the
// constructors building items (NewServerTool(tool mcp.Tool, …) returning
// ServerTool{Tool: tool, …}). The item slice the program filters before
// registering (toolsets, feature flags, a read-only switch) is computed
// at run time by code tscg does not run: every tool is listed, with one
// warning at the registration saying so, and one at each assignment
// elsewhere to an item's tool field. The registrar's statements editing
// the copy run per tool where tscg can (inventoryedit.go); one it cannot
// run is a warning at it.
type inventory struct {
	item  *types.TypeName
	field string
	call  *ast.CallExpr // the Server.AddTool call
	p     *packages.Package
	edits []token.Pos // statements editing the copy
	// writes are assignments elsewhere to an item's tool field.
	writes []token.Pos
	// The registrar, its copy of the tool and its item parameter, and
	// each tool literal's item (inventoryedit.go).
	fd      *ast.FuncDecl
	copyVar types.Object
	itemVar types.Object
	paths   map[*ast.CompositeLit]*itemPath
	run     *invRun
}

// findInventories finds the registrars of the loaded packages and the
// mcp.Tool literals that become their items' tools.
func (c *conv) findInventories(pkgs []*packages.Package) {
	c.invSites = map[*ast.CompositeLit]*inventory{}
	if c.forwards == nil {
		c.forwards = map[*ast.CallExpr]bool{}
	}
	var invs []*inventory
	eachFuncBody(pkgs, func(p *packages.Package, fd *ast.FuncDecl) {
		if inv := c.registrarIn(p, fd); inv != nil {
			c.forwards[inv.call] = true
			invs = append(invs, inv)
		}
	})
	for _, inv := range invs {
		c.inventorySites(pkgs, inv)
		inv.writes = itemToolWrites(pkgs, inv)
	}
}

// itemToolWrites lists the assignments of the loaded packages to an
// item's tool or to a field of it (x.Tool.Meta = …, as github/github-mcp-
// server's stripMetaKeys does before registering): changes tscg does
// not run.
func itemToolWrites(pkgs []*packages.Package, inv *inventory) []token.Pos {
	var out []token.Pos
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || as.Tok == token.DEFINE {
					return true
				}
				for _, l := range as.Lhs {
					if writesItemTool(p.TypesInfo, l, inv) {
						out = append(out, as.Pos())
						break
					}
				}
				return true
			})
		}
	}
	return out
}

// writesItemTool reports x.Tool or x.Tool.F… with x an inventory item.
func writesItemTool(info *types.Info, e ast.Expr, inv *inventory) bool {
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if sel.Sel.Name == inv.field {
			if n := structNamed(info.TypeOf(sel.X)); n != nil && n.Obj() == inv.item {
				return true
			}
		}
		e = sel.X
	}
}

// registrarIn returns the registrar fd is, or nil.
func (c *conv) registrarIn(p *packages.Package, fd *ast.FuncDecl) *inventory {
	var inv *inventory
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || inv != nil {
			return inv == nil
		}
		fn, _ := callee(p.TypesInfo, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != goSDK || recvName(fn)+fn.Name() != "Server.AddTool" {
			return true
		}
		arg := ast.Unparen(call.Args[0])
		if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
			arg = ast.Unparen(u.X)
		}
		var copyVar types.Object
		if id, ok := arg.(*ast.Ident); ok {
			copyVar = p.TypesInfo.Uses[id]
			arg = localDefinition(p, fd, copyVar)
		}
		sel, ok := arg.(*ast.SelectorExpr)
		if !ok || !isSDKTool(derefType(p.TypesInfo.TypeOf(sel))) {
			return true
		}
		base, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok || !isParamOf(p, fd, p.TypesInfo.Uses[base]) {
			return true
		}
		item := structNamed(p.TypesInfo.TypeOf(base))
		if item == nil || c.pkgs[item.Obj().Pkg()] == nil {
			return true
		}
		inv = &inventory{item: item.Obj(), field: sel.Sel.Name, call: call, p: p, fd: fd, copyVar: copyVar, itemVar: p.TypesInfo.Uses[base]}
		if copyVar != nil {
			inv.edits = editsOf(p, fd, copyVar, call)
		}
		return false
	})
	return inv
}

// structNamed is the named struct type t is or points to, or nil.
func structNamed(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
		return nil
	}
	return n
}

// localDefinition is the value v is defined with (v := e) in fd, or nil.
func localDefinition(p *packages.Package, fd *ast.FuncDecl, v types.Object) ast.Expr {
	var out ast.Expr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && p.TypesInfo.Defs[id] == v {
					out = ast.Unparen(as.Rhs[i])
				}
			}
		}
		return out == nil
	})
	return out
}

// isParamOf reports whether obj is a parameter or the receiver of fd.
func isParamOf(p *packages.Package, fd *ast.FuncDecl, obj types.Object) bool {
	if obj == nil {
		return false
	}
	lists := []*ast.FieldList{fd.Type.Params}
	if fd.Recv != nil {
		lists = append(lists, fd.Recv)
	}
	for _, l := range lists {
		for _, f := range l.List {
			for _, id := range f.Names {
				if p.TypesInfo.Defs[id] == obj {
					return true
				}
			}
		}
	}
	return false
}

// editsOf lists the statements of fd, besides the registration and the
// definition, that use the copy v (an assignment to one of its fields,
// a call given its address).
func editsOf(p *packages.Package, fd *ast.FuncDecl, v types.Object, reg *ast.CallExpr) []token.Pos {
	var out []token.Pos
	for _, st := range fd.Body.List {
		if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && p.TypesInfo.Defs[id] == v {
				continue
			}
		}
		if st.Pos() <= reg.Pos() && reg.End() <= st.End() {
			continue
		}
		if mentions(p.TypesInfo, st, v) {
			out = append(out, st.Pos())
		}
	}
	return out
}

// carrier is a parameter of a function of the project through which
// tool definitions reach an inventory item.
type carrier struct {
	fn    *types.Func
	param int
}

// inventorySites records the mcp.Tool literals that become inv's items'
// tools: each item literal's field, followed back through local
// variables and the parameters of the functions building items to the
// literals their callers write.
func (c *conv) inventorySites(pkgs []*packages.Package, inv *inventory) {
	carriers := map[carrier]bool{}
	inv.paths = map[*ast.CompositeLit]*itemPath{}
	var next []pathCarrier
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				if nm := structNamed(p.TypesInfo.TypeOf(lit)); nm == nil || nm.Obj() != inv.item {
					return true
				}
				for _, el := range lit.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && id.Name == inv.field {
							path := &itemPath{p: p, lit: lit}
							next = append(next, withPath(c.toolSource(p, kv.Value, inv, carriers, path), path)...)
						}
					}
				}
				return true
			})
		}
	}
	for round := 0; len(next) > 0; round++ {
		cur := next
		next = nil
		for _, pc := range cur {
			cr := pc.carrier
			for _, site := range c.callSitesOf(cr.fn) {
				switch {
				case round == maxCarrierRounds:
					c.errorf(site.call.Pos(), "the tool definition this call passes to %s reaches %s.%s's %s through more than %d functions; tscg stops following it here", cr.fn.Name(), inv.item.Pkg().Name(), inv.item.Name(), inv.field, maxCarrierRounds)
				case cr.param >= len(site.call.Args) || site.call.Ellipsis.IsValid():
					c.errorf(site.call.Pos(), "cannot follow the tool definition this call passes to %s statically: write the arguments one by one", cr.fn.Name())
				default:
					path := pc.path.through(site.p, site.call, cr)
					next = append(next, withPath(c.toolSource(site.p, site.call.Args[cr.param], inv, carriers, path), path)...)
				}
			}
		}
	}
}

// toolSource follows e, a tool definition, to the mcp.Tool literal it is
// (recorded as a site of inv) or to the parameter it comes from (a new
// carrier, returned).
func (c *conv) toolSource(p *packages.Package, e ast.Expr, inv *inventory, carriers map[carrier]bool, path *itemPath) []carrier {
	fd := funcDeclAt(p, e.Pos())
	for i := 0; i < maxFoldDepth; i++ {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch x := e.(type) {
		case *ast.CompositeLit:
			if isSDKTool(p.TypesInfo.TypeOf(x)) {
				c.invSites[x] = inv
				if inv.paths[x] == nil {
					inv.paths[x] = path
				}
				return nil
			}
		case *ast.Ident:
			obj := p.TypesInfo.Uses[x]
			if x.Name == "nil" && obj == types.Universe.Lookup("nil") {
				return nil
			}
			if fd == nil || obj == nil {
				break
			}
			if idx := paramIndexIn(p.TypesInfo, fd, obj); idx >= 0 {
				fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
				cr := carrier{fn: fn, param: idx}
				if fn == nil || carriers[cr] {
					return nil
				}
				carriers[cr] = true
				return []carrier{{fn: fn.Origin(), param: idx}}
			}
			if def := localDefinition(p, fd, obj); def != nil {
				e = def
				continue
			}
		}
		c.errorf(e.Pos(), "cannot follow %s statically to the mcp.Tool literal that becomes %s.%s's %s (registered at %s): tscg follows literals, local variables and the parameters of the functions passing it down", exprString(e), inv.item.Pkg().Name(), inv.item.Name(), inv.field, c.pos(inv.call.Pos()))
		return nil
	}
	return nil
}

// inventoryTool reads an mcp.Tool literal an inventory registers, as
// Server.AddTool publishes it (the literal carries the input schema).
func (c *conv) inventoryTool(p *packages.Package, lit *ast.CompositeLit, at token.Pos, inv *inventory) *ir.Tool {
	r := c.literals(p)
	t, fields := c.sdkToolAt(r, at, lit)
	if t == nil {
		return nil
	}
	e, ok := fields["InputSchema"]
	if !ok {
		c.errorf(lit.Pos(), "tool %s: registered by Server.AddTool at %s, which needs the tool's InputSchema (the go-sdk rejects a tool without one)", t.Name, c.pos(inv.call.Pos()))
		return nil
	}
	t.Params = c.schemaLiteral(r, e)
	c.held[t] = heldOf(r.p.TypesInfo.TypeOf(e))
	if e, ok := fields["OutputSchema"]; ok {
		t.Result = c.schemaLiteral(r, e)
	}
	c.inventoryWarnings(inv)
	c.runInventoryEdits(inv, lit, t)
	return t
}

// inventoryWarnings reports, once per inventory, what tscg does not run
// between the definitions and the registration.
func (c *conv) inventoryWarnings(inv *inventory) {
	if c.invWarned[inv] {
		return
	}
	if c.invWarned == nil {
		c.invWarned = map[*inventory]bool{}
	}
	c.invWarned[inv] = true
	n := 0
	for _, v := range c.invSites {
		if v == inv {
			n++
		}
	}
	c.warnf(inv.call.Pos(), "the tools of %s.%s registered here are the items the program picks at run time (tscg does not run how it picks them, such as a filter by toolset or feature flag): tscg lists the tools of all %d definitions that become an item's %s", inv.item.Pkg().Name(), inv.item.Name(), n, inv.field)
	for _, at := range inv.writes {
		c.warnf(at, "this statement changes the tool before it is registered at %s; tscg does not run it, and lists each tool as its definition writes it", c.pos(inv.call.Pos()))
	}
}
