package golang

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/orderedjson"
)

// The packages whose registration calls declare tools.
const (
	goSDK = "github.com/modelcontextprotocol/go-sdk/mcp"
	mcpGo = "github.com/mark3labs/mcp-go/mcp"
)

// registered finds the tools p registers through the MCP go-sdk
// (mcp.AddTool, Server.AddTool) or mcp-go (mcp.NewTool,
// mcp.NewToolWithRawSchema), in file and source order.
func (c *conv) registered(p *packages.Package) []*ir.Tool {
	var out []*ir.Tool
	for _, f := range c.sortedFiles(p) {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && isMCPGoTool(p.TypesInfo.TypeOf(lit)) {
				t := c.readTool(lit.Pos(), func() *ir.Tool {
					t := c.mcpGoLiteral(p, lit)
					if t != nil {
						c.mcpGoHints(p, t)
					}
					return t
				})
				if t != nil {
					c.sites[t] = toolSite{p: p, pos: lit.Pos(), sdk: mcpGo}
					out = append(out, t)
				}
				return true
			}
			if lit, ok := n.(*ast.CompositeLit); ok && c.invSites[lit] != nil {
				out = append(out, c.inventoryTools(p, lit, c.invSites[lit])...)
				return false
			}
			if lit, ok := n.(*ast.CompositeLit); ok {
				if t := c.convertedLiteral(p, lit); t != nil {
					out = append(out, t)
					return false
				}
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, id := callee(p.TypesInfo, call)
			if fn == nil || fn.Pkg() == nil {
				return true
			}
			read := c.registration(p, call, id, fn)
			if read == nil {
				return true
			}
			if t := c.readTool(call.Pos(), read); t != nil {
				sdk := goSDK
				if fn.Pkg().Path() == mcpGo {
					sdk = mcpGo
				}
				c.sites[t] = toolSite{p: p, pos: call.Pos(), sdk: sdk}
				out = append(out, t)
			}
			out = append(out, c.more...) // the other tools of a slice (toolslice.go)
			c.more = nil
			return true
		})
	}
	return out
}

// registration returns what reads the tool call registers, or nil when
// call registers none.
func (c *conv) registration(p *packages.Package, call *ast.CallExpr, id *ast.Ident, fn *types.Func) func() *ir.Tool {
	read := c.registration1(p, call, id, fn)
	if read == nil {
		return nil
	}
	return func() *ir.Tool {
		if fn.Pkg().Path() == mcpGo {
			if file, ok := c.testOnly(p, call.Pos()); ok {
				c.warnf(call.Pos(), "the tool built here is not registered by the program: the function building it is called only from %s, and test files are not part of the program; tscg does not list it", file)
				return nil
			}
		}
		defer c.callerArgs(p, call.Pos())()
		return read()
	}
}

func (c *conv) registration1(p *packages.Package, call *ast.CallExpr, id *ast.Ident, fn *types.Func) func() *ir.Tool {
	if fw, ok := c.forwarders[fn.Origin()]; ok {
		return func() *ir.Tool { return c.forwarded(p, call, id, fw) }
	}
	switch fn.Pkg().Path() + "." + recvName(fn) + fn.Name() {
	case mcpGoServer + ".MCPServer.AddTool":
		if read := c.depRegistration(p, call); read != nil {
			return read
		}
		return c.rangedTools(p, call)
	case goSDK + ".AddTool":
		if c.forwards[call] {
			return nil // read where the helper is called
		}
		return func() *ir.Tool { return c.sdkAddTool(p, call, id) }
	case goSDK + ".Server.AddTool":
		if c.forwards[call] {
			return nil // an inventory's registrar: read at each definition (inventory.go)
		}
		if len(call.Args) == 2 && c.fromConverter(p, call.Args[0]) {
			return nil // read at the literal the converter was given
		}
		return func() *ir.Tool { return c.sdkServerAddTool(p, call) }
	case mcpGo + ".NewTool":
		return func() *ir.Tool {
			t := c.mcpGoTool(p, call)
			c.mcpGoFieldSets(p, call, t)
			c.mcpGoHints(p, t)
			return t
		}
	case mcpGo + ".NewToolWithRawSchema":
		return func() *ir.Tool {
			t := c.mcpGoRawTool(p, call)
			c.mcpGoFieldSets(p, call, t)
			c.mcpGoHints(p, t)
			return t
		}
	}
	return nil
}

// readTool runs read, which reads one tool, and scopes the errors it
// reports to that tool (diag.Diagnostic.BlockedTool): one unreadable
// tool hides none of the others, and a tool read in part is never
// returned. A tool that fails on a type an earlier tool reported gets an
// error of its own, at at, so that no tool goes missing without a word.
func (c *conv) readTool(at token.Pos, read func() *ir.Tool) *ir.Tool {
	start := len(c.diags)
	c.failed, c.usedWhy, c.naming = false, nil, ""
	t := read()
	if !c.failed {
		return t
	}
	name := c.naming
	if t != nil {
		name = t.Name
	}
	if name == "" {
		name = "<the tool registered at " + c.pos(at).String() + ">"
	}
	if !c.diags[start:].HasErrors() {
		why := "a type it uses has no JSON Schema"
		if w := c.usedWhy; w != nil {
			why += " (" + w.Pos.String() + ": " + w.Message + ")"
		}
		c.errorf(at, "tool %s is not built: %s", name, why)
	}
	c.diags.Block(start, name)
	return nil
}

func (c *conv) sortedFiles(p *packages.Package) []*ast.File {
	files := append([]*ast.File(nil), p.Syntax...)
	sort.Slice(files, func(i, j int) bool {
		return c.fset.Position(files[i].Pos()).Filename < c.fset.Position(files[j].Pos()).Filename
	})
	return files
}

// callee returns the function or method a call calls, and the identifier
// naming it (which carries a generic function's instantiation).
func callee(info *types.Info, call *ast.CallExpr) (*types.Func, *ast.Ident) {
	e := ast.Unparen(call.Fun)
	switch x := e.(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil, nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn, id
}

// recvName is "Server." for a method of Server, "" for a function.
func recvName(fn *types.Func) string {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name() + "."
	}
	return "?."
}

// sdkAddTool reads mcp.AddTool(server, &mcp.Tool{…}, handler): the tool
// from the literal, its input from In and its output from Out, as the
// go-sdk infers them.
func (c *conv) sdkAddTool(p *packages.Package, call *ast.CallExpr, id *ast.Ident) *ir.Tool {
	inst, ok := p.TypesInfo.Instances[id]
	if !ok || inst.TypeArgs.Len() != 2 || len(call.Args) != 3 {
		return nil
	}
	return c.sdkTyped(p, call, call.Args[1], inst.TypeArgs.At(0), inst.TypeArgs.At(1), call.Args[2].Pos())
}

// sdkTyped reads a tool the go-sdk infers In and Out for: the tool
// literal arg, the handler's In and Out, at the handler.
func (c *conv) sdkTyped(p *packages.Package, call *ast.CallExpr, arg ast.Expr, in, out types.Type, at token.Pos) *ir.Tool {
	r := c.literals(p)
	t, fields := c.sdkTool(r, call, arg)
	if t == nil {
		return nil
	}
	c.held[t] = heldSchema // mcp.AddTool infers a *jsonschema.Schema
	switch e, set := fields["InputSchema"]; {
	case set:
		t.Params = c.schemaLiteral(r, e)
		c.held[t] = heldOf(r.p.TypesInfo.TypeOf(e))
	case isEmptyInterface(in):
		t.Params = &ir.Type{Kind: ir.KindObject, Additional: ir.AdditionalOpen, Pos: c.pos(at)} // the go-sdk's {"type":"object"}
	case !isObjectLike(in):
		c.errorf(at, "tool %s: the handler's input type %s must be a struct or a map: MCP tool arguments are an object", t.Name, c.typeString(in))
		return nil
	default:
		t.Params = c.googleType(in, at, t.Name)
	}
	switch e, set := fields["OutputSchema"]; {
	case set:
		t.Result = c.schemaLiteral(r, e)
	case !isEmptyInterface(out):
		t.Result = c.googleType(out, at, t.Name)
	}
	return t
}

// sdkServerAddTool reads server.AddTool(&mcp.Tool{…}, handler), whose
// literal carries the input schema.
func (c *conv) sdkServerAddTool(p *packages.Package, call *ast.CallExpr) *ir.Tool {
	if len(call.Args) != 2 {
		return nil
	}
	r := c.literals(p)
	t, fields := c.sdkTool(r, call, call.Args[0])
	if t == nil {
		return nil
	}
	e, ok := fields["InputSchema"]
	if !ok {
		c.errorf(call.Args[0].Pos(), "tool %s: Server.AddTool needs the tool's InputSchema (the go-sdk rejects a tool without one)", t.Name)
		return nil
	}
	t.Params = c.schemaLiteral(r, e)
	c.held[t] = heldOf(r.p.TypesInfo.TypeOf(e))
	if e, ok := fields["OutputSchema"]; ok {
		t.Result = c.schemaLiteral(r, e)
	}
	return t
}

// sdkTool reads a &mcp.Tool{…} literal's name, title, description and
// annotations; it returns the literal's fields by Go name.
func (c *conv) sdkTool(r *literalReader, call *ast.CallExpr, arg ast.Expr) (*ir.Tool, map[string]ast.Expr) {
	return c.sdkToolAt(r, call.Pos(), arg)
}

// sdkToolAt is sdkTool for a tool registered at at.
func (c *conv) sdkToolAt(r *literalReader, at token.Pos, arg ast.Expr) (*ir.Tool, map[string]ast.Expr) {
	r.what = "mcp.AddTool"
	fields, ok := r.fields(arg, "the tool (write it as &mcp.Tool{Name: …, Description: …})")
	if !ok {
		return nil, nil
	}
	t := c.toolFields(r, fields, arg.Pos(), at, "mcp.AddTool: the tool literal has no Name")
	if t == nil {
		return nil, nil
	}
	if e, ok := fields["Annotations"]; ok {
		c.sdkAnnotations(r, t, e)
	}
	c.sdkListing(r, t, fields)
	return t, fields
}

// toolFields makes the tool an mcp.Tool literal's fields name, with its
// Title and Description (both SDKs spell them so), at pos; noName is the
// error, at at, for a literal without a Name.
func (c *conv) toolFields(r *literalReader, fields map[string]ast.Expr, at, pos token.Pos, noName string) *ir.Tool {
	ne, ok := fields["Name"]
	if !ok {
		c.errorf(at, "%s", noName)
		return nil
	}
	name, ok := r.str(ne, "the tool's Name")
	if !ok {
		return nil
	}
	r.what, c.naming = "tool "+name, name
	// The SDKs publish title and annotations.title each where it was set.
	t := &ir.Tool{Name: name, Source: "go", Pos: c.pos(pos), ExactTitles: true}
	if e, ok := fields["Description"]; ok {
		t.Description = r.text(e, "Description")
	}
	if e, ok := fields["Title"]; ok {
		t.Title = r.text(e, "Title")
	}
	return t
}

// sdkAnnotations reads &mcp.ToolAnnotations{…}. The go-sdk always writes
// readOnlyHint and idempotentHint (false when unset); the pointer hints
// only when set.
func (c *conv) sdkAnnotations(r *literalReader, t *ir.Tool, e ast.Expr) {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Name == "nil" {
		return
	}
	// A helper of the package returning the annotations from its
	// arguments (writeAnn(false, true, false)): its literal, read with
	// the parameters bound to the arguments.
	if call, ok := r.follow(e).(*ast.CallExpr); ok && len(call.Args) > 0 {
		if fn, _ := callee(r.p.TypesInfo, call); fn != nil && fn.Pkg() == r.p.Types {
			if decl, res := r.returned(fn); res != nil {
				if restore, bound := r.bind(decl, call.Args); bound {
					defer restore()
					e = res
				}
			}
		}
	}
	fields, ok := r.fields(e, "Annotations (write them as &mcp.ToolAnnotations{…})")
	if !ok {
		return
	}
	hint := func(name string, dst **bool, always bool) {
		v, set := fields[name]
		if !set {
			if always {
				*dst = ir.Bool(false)
			}
			return
		}
		if b, ok := r.boolean(v, name); ok {
			*dst = ir.Bool(b)
		}
	}
	hint("ReadOnlyHint", &t.Annotations.ReadOnly, true)
	hint("IdempotentHint", &t.Annotations.Idempotent, true)
	hint("DestructiveHint", &t.Annotations.Destructive, false)
	hint("OpenWorldHint", &t.Annotations.OpenWorld, false)
	if v, ok := fields["Title"]; ok {
		t.Annotations.Title = r.text(v, "the annotations' Title")
	}
}

// fields returns a struct literal's fields by name, following a variable
// to the literal it was defined with.
func (r *literalReader) fields(e ast.Expr, what string) (map[string]ast.Expr, bool) {
	x := r.constructed(r.follow(e))
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = r.follow(ast.Unparen(u.X))
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		r.errorf(e, "cannot read %s statically: %s", exprString(e), what)
		return nil, false
	}
	out := map[string]ast.Expr{}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			r.errorf(el, "write the field names in this literal (Field: value)")
			return nil, false
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			out[id.Name] = kv.Value
		}
	}
	return out, true
}

// constructed returns what a tool constructor returns when e calls one: a
// function of this package without parameters whose body is a return of
// one value, after definitions of local variables (x := …, read through
// r.inits), as in func listTool() *mcp.Tool { yes := true; return
// &mcp.Tool{…} }. Otherwise it returns e.
func (r *literalReader) constructed(e ast.Expr) ast.Expr {
	for i := 0; i < maxFoldDepth; i++ {
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) > 0 {
			return e
		}
		fn, _ := callee(r.p.TypesInfo, call)
		if fn == nil || fn.Pkg() != r.p.Types {
			return e
		}
		decl, result := r.returned(fn)
		if decl == nil || result == nil || decl.Type.Params.NumFields() > 0 {
			return e
		}
		e = r.follow(result)
	}
	return e
}

// schemaLiteral reads a schema written in the source (a
// json.RawMessage document, a map or a jsonschema.Schema literal) with
// the JSON frontend's semantics; every position points at the literal.
func (c *conv) schemaLiteral(r *literalReader, e ast.Expr) *ir.Type {
	if t, ok := c.schemaFlow(r, e); ok {
		return t // built in Go: jsonschema.For, then edited (schemabuild.go)
	}
	v, ok := r.value(e)
	if !ok {
		return &ir.Type{Kind: ir.KindAny, Pos: c.pos(e.Pos())}
	}
	return c.jsonSchema(r, e, orderedjson.Compact(v))
}

func (c *conv) jsonSchema(r *literalReader, e ast.Expr, data []byte) *ir.Type {
	pos := c.pos(e.Pos())
	t, named, ds := jsonfront.Schema(pos.File, data, jsonfront.Options{})
	for _, d := range ds {
		d.Pos, d.End = pos, diag.Pos{}
		d.Message = r.what + ": schema: " + d.Message
		if d.Severity == diag.Error {
			c.failed = true
		}
		c.diags.Add(d)
	}
	if t == nil {
		return &ir.Type{Kind: ir.KindAny, Pos: pos}
	}
	// The SDK publishes the document as written: mcp-go says
	// "properties": {} for every tool without parameters and for each
	// mcp.WithObject property without mcp.Properties.
	var doc any
	if json.Unmarshal(data, &doc) == nil {
		keepEmptyProperties(t, doc, 0)
	}
	seen := map[*ir.Type]bool{}
	relocate(t, pos, seen)
	for _, n := range named {
		n.Pos = pos
		relocate(n.Type, pos, seen)
	}
	return t
}

// keepEmptyProperties marks each object of t whose document says
// "properties": {} (ir.Type.PropertiesKept), following properties, items
// and additionalProperties of the document alongside t.
func keepEmptyProperties(t *ir.Type, doc any, depth int) {
	m, ok := doc.(map[string]any)
	if t == nil || !ok || depth > 64 {
		return
	}
	if props, ok := m["properties"].(map[string]any); ok {
		if len(props) == 0 && t.Kind == ir.KindObject && len(t.Properties) == 0 {
			t.PropertiesKept = true
		}
		for _, p := range t.Properties {
			keepEmptyProperties(p.Type, props[p.Name], depth+1)
		}
	}
	keepEmptyProperties(t.Items, m["items"], depth+1)
	keepEmptyProperties(t.AdditionalType, m["additionalProperties"], depth+1)
}

// relocate points every node of a schema read from a literal at the
// literal: the JSON frontend's positions are offsets in text tscg made.
func relocate(t *ir.Type, pos ir.Pos, seen map[*ir.Type]bool) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	t.Pos = pos
	for _, p := range t.Properties {
		p.Pos = pos
		relocate(p.Type, pos, seen)
	}
	for _, list := range [][]*ir.Type{t.PrefixItems, t.Variants, t.AllOf, {t.Items, t.AdditionalType}} {
		for _, x := range list {
			relocate(x, pos, seen)
		}
	}
}

func isEmptyInterface(t types.Type) bool {
	i, ok := types.Unalias(t).(*types.Interface)
	return ok && i.Empty()
}

// isObjectLike reports a type whose JSON is an object: a struct or a map,
// or a pointer to one.
func isObjectLike(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Map:
		return true
	}
	return false
}
