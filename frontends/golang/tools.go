package golang

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// tools finds the functions and methods of p marked //tscg:tool, in file
// and source order.
func (c *conv) tools(p *packages.Package) []*ir.Tool {
	files := append([]*ast.File(nil), p.Syntax...)
	sort.Slice(files, func(i, j int) bool {
		return c.fset.Position(files[i].Pos()).Filename < c.fset.Position(files[j].Pos()).Filename
	})
	var out []*ir.Tool
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			if t := c.readTool(fd.Name.Pos(), func() *ir.Tool { return c.tool(p, fd) }); t != nil {
				out = append(out, t)
			}
		}
	}
	return out
}

// directives reads the //tscg: lines of a doc comment.
func directives(g *ast.CommentGroup) ([]directive, []token.Pos) {
	var ds []directive
	var at []token.Pos
	for _, cm := range g.List {
		if d, ok := parseDirective(cm.Text); ok {
			ds = append(ds, d)
			at = append(at, cm.Slash)
		}
	}
	return ds, at
}

func (c *conv) tool(p *packages.Package, fd *ast.FuncDecl) *ir.Tool {
	ds, at := directives(fd.Doc)
	var t *ir.Tool
	for _, d := range ds {
		if d.Name == "tool" {
			t = &ir.Tool{Name: ir.SnakeCase(fd.Name.Name), Source: "go", Pos: c.pos(fd.Name.Pos())}
			if n, ok := d.Args["name"]; ok && n != "" {
				t.Name = n
			}
			c.naming = t.Name
		}
	}
	if t == nil {
		return nil
	}
	if !fd.Name.IsExported() {
		c.errorf(fd.Name.Pos(), "tool %s: a //tscg:tool function must be exported", fd.Name.Name)
		return nil
	}
	for i, d := range ds {
		c.annotate(t, d, at[i])
	}
	t.Description = text(fd.Doc)
	fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	if !c.signature(t, fn.Type().(*types.Signature), fd) {
		return nil
	}
	return t
}

// annotate applies one directive; a value "false" states the hint as false.
func (c *conv) annotate(t *ir.Tool, d directive, at token.Pos) {
	val := true
	for k, v := range d.Args {
		if k == "false" || v == "false" {
			val = false
		}
	}
	switch d.Name {
	case "tool":
	case "readonly":
		t.Annotations.ReadOnly = ir.Bool(val)
	case "destructive":
		t.Annotations.Destructive = ir.Bool(val)
	case "idempotent":
		t.Annotations.Idempotent = ir.Bool(val)
	case "openworld":
		t.Annotations.OpenWorld = ir.Bool(val)
	case "approval":
		t.Annotations.RequiresApproval = val
	case "deprecated":
		t.Deprecated = true
	case "title":
		t.Title = d.Args["text"]
	case "ignore":
	default:
		c.warnf(at, "unknown directive //tscg:%s (want tool, readonly, destructive, idempotent, openworld or approval)", d.Name)
	}
}

// signature checks func([ctx context.Context,] [in In]) ([Out,] error),
// or the go-sdk's handler form func(ctx, *mcp.CallToolRequest, In)
// (*mcp.CallToolResult, Out, error), and sets the tool's parameter and
// result types.
func (c *conv) signature(t *ir.Tool, sig *types.Signature, fd *ast.FuncDecl) bool {
	params := sig.Params()
	i := 0
	if i < params.Len() && isContext(params.At(i).Type()) {
		i++
	}
	sdk := i < params.Len() && isSDKType(params.At(i).Type(), "CallToolRequest")
	if sdk {
		i++
	}
	switch params.Len() - i {
	case 0:
		t.Params = &ir.Type{Kind: ir.KindObject, Pos: t.Pos}
	case 1:
		in := params.At(i)
		if !isStructLike(in.Type()) {
			c.errorf(in.Pos(), "tool %s: the input parameter must be a struct (its fields are the tool's parameters), not %s", t.Name, c.typeString(in.Type()))
			return false
		}
		t.Params = c.typ(in.Type(), in.Pos())
	default:
		c.errorf(fd.Name.Pos(), "tool %s: want func([ctx context.Context,] in In) ([Out,] error) or the go-sdk's func(ctx, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error); got %d parameters", t.Name, params.Len())
		return false
	}
	res := sig.Results()
	first := 0
	if res.Len() == 3 && isSDKType(res.At(0).Type(), "CallToolResult") {
		first = 1
	}
	if res.Len()-first == 0 || !isError(res.At(res.Len()-1).Type()) || res.Len()-first > 2 {
		c.errorf(fd.Name.Pos(), "tool %s: want results (Out, error) or (error), or the go-sdk's (*mcp.CallToolResult, Out, error)", t.Name)
		return false
	}
	if res.Len()-first == 2 && !(first == 1 && isEmptyInterface(res.At(1).Type())) {
		out := res.At(first)
		pos := out.Pos()
		if !pos.IsValid() {
			pos = resultPos(fd, first)
		}
		t.Result = c.typ(out.Type(), pos)
	}
	return !c.failed
}

// resultPos is the position of the i-th result's type.
func resultPos(fd *ast.FuncDecl, i int) token.Pos {
	for _, f := range fd.Type.Results.List {
		n := max(len(f.Names), 1)
		if i < n {
			return f.Type.Pos()
		}
		i -= n
	}
	return fd.Name.Pos()
}

// isSDKType reports *mcp.<name> of the go-sdk, a named type or an alias
// (CallToolRequest is ServerRequest[*CallToolParamsRaw]).
func isSDKType(t types.Type, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	var obj *types.TypeName
	switch e := p.Elem().(type) {
	case *types.Alias:
		obj = e.Obj()
	case *types.Named:
		obj = e.Obj()
	default:
		return false
	}
	return obj.Pkg() != nil && obj.Pkg().Path() == goSDK && obj.Name() == name
}

func isStructLike(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
