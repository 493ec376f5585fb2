package golang

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// forwarder is a function of the project that registers the tool it is
// given with the go-sdk: its body calls mcp.AddTool(s, tool, h) with tool
// one of its parameters (GoogleCloudPlatform/gke-mcp's
// registry.RegisterTool[In, Out](s, c, tool, handler), which wraps the
// handler). Each call of it registers the tool its caller passes, with
// In and Out as the caller instantiates them.
type forwarder struct {
	tool int // the index of the tool parameter
	// in and out are AddTool's In and Out: a type parameter of the
	// forwarder (its index in typeArg) or a fixed type.
	in, out typeArg
}

type typeArg struct {
	param int // index of the forwarder's type parameter, or -1
	fixed types.Type
}

// findForwarders finds the forwarders of the loaded packages, before any
// registration is read (a forwarder's callers are often in other
// packages).
func (c *conv) findForwarders(pkgs []*packages.Package) {
	c.forwarders, c.forwards = map[*types.Func]forwarder{}, map[*ast.CallExpr]bool{}
	eachFuncBody(pkgs, c.forwarderIn)
}

func (c *conv) forwarderIn(p *packages.Package, fd *ast.FuncDecl) {
	fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	sig := fn.Type().(*types.Signature)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 3 {
			return true
		}
		addTool, id := callee(p.TypesInfo, call)
		if addTool == nil || addTool.Pkg() == nil || addTool.Pkg().Path() != goSDK || addTool.Name() != "AddTool" || recvName(addTool) != "" {
			return true
		}
		arg, isIdent := ast.Unparen(call.Args[1]).(*ast.Ident)
		inst, hasInst := p.TypesInfo.Instances[id]
		if !isIdent || !hasInst || inst.TypeArgs.Len() != 2 {
			return true
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if p.TypesInfo.Uses[arg] == sig.Params().At(i) {
				c.forwarders[fn] = forwarder{tool: i, in: typeArgOf(sig, inst.TypeArgs.At(0)), out: typeArgOf(sig, inst.TypeArgs.At(1))}
				c.forwards[call] = true
			}
		}
		return true
	})
}

func typeArgOf(sig *types.Signature, t types.Type) typeArg {
	if tp, ok := t.(*types.TypeParam); ok && sig.TypeParams() != nil {
		for i := 0; i < sig.TypeParams().Len(); i++ {
			if sig.TypeParams().At(i) == tp {
				return typeArg{param: i}
			}
		}
	}
	return typeArg{param: -1, fixed: t}
}

// forwarded reads the tool a call of a forwarder registers.
func (c *conv) forwarded(p *packages.Package, call *ast.CallExpr, id *ast.Ident, fw forwarder) *ir.Tool {
	if fw.tool >= len(call.Args) || call.Ellipsis.IsValid() {
		return nil
	}
	inst := p.TypesInfo.Instances[id]
	resolve := func(a typeArg) types.Type {
		if a.param < 0 {
			return a.fixed
		}
		if inst.TypeArgs == nil || a.param >= inst.TypeArgs.Len() {
			return nil
		}
		return inst.TypeArgs.At(a.param)
	}
	in, out := resolve(fw.in), resolve(fw.out)
	if in == nil || out == nil {
		c.errorf(call.Pos(), "cannot tell the input and output types of this registration through %s", exprString(call.Fun))
		return nil
	}
	return c.sdkTyped(p, call, call.Args[fw.tool], in, out, call.Args[len(call.Args)-1].Pos())
}
