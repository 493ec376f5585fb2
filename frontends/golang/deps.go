package golang

import (
	"go/ast"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

const mcpGoServer = "github.com/mark3labs/mcp-go/server"

// depTool reads the tool an mcp-go server.AddTool(tool, handler) of the
// project registers when a function of a dependency module builds it
// (Azure/aks-mcp registers helm.RegisterHelm() of Azure/mcp-kubernetes):
// the dependency's source is loaded from the module cache and the
// mcp.NewTool that function returns is read there, its parameters bound
// to the call's arguments (callargs.go). It returns nil, and
// no read, when the tool is built in the project (the NewTool call is
// then read where it is written).
func (c *conv) depRegistration(p *packages.Package, call *ast.CallExpr) func() *ir.Tool {
	if len(call.Args) != 2 {
		return nil
	}
	r := c.literals(p)
	built, ok := r.follow(call.Args[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn, _ := callee(p.TypesInfo, built)
	if fn == nil || fn.Pkg() == nil || c.pkgs[fn.Pkg()] != nil || fn.Pkg().Path() == mcpGo || recvName(fn) != "" {
		return nil
	}
	return func() *ir.Tool {
		dp := c.loadDep(p, fn.Pkg().Path())
		if dp == nil {
			c.errorf(built.Pos(), "the tool registered here is built by %s.%s of a dependency whose source tscg could not load (run go mod download)", fn.Pkg().Name(), fn.Name())
			return nil
		}
		dfn, _ := dp.Types.Scope().Lookup(fn.Name()).(*types.Func)
		dr := c.literals(dp)
		var result ast.Expr
		if dfn != nil {
			_, result = dr.returned(dfn)
		}
		newTool, ok := dr.follow(result).(*ast.CallExpr)
		var read func() *ir.Tool
		if ok {
			if nfn, id := callee(dp.TypesInfo, newTool); nfn != nil && nfn.Pkg() != nil && nfn.Pkg().Path() == mcpGo {
				read = c.registration(dp, newTool, id, nfn)
			}
		}
		if read == nil {
			c.errorf(built.Pos(), "the tool registered here is built by %s.%s of a dependency; tscg reads one that returns mcp.NewTool(…) directly", fn.Pkg().Name(), fn.Name())
			return nil
		}
		// The constructor's parameters hold the arguments of this call.
		defer c.bindArgs(p, built, dr, dr.funcDecl(dfn))()
		return read()
	}
}

// loadDep loads a dependency package with its syntax, from the module of
// p (nil when it cannot be loaded).
func (c *conv) loadDep(p *packages.Package, path string) *packages.Package {
	if dp, ok := c.deps[path]; ok {
		return dp
	}
	if c.depFrom == nil {
		c.depFrom = p
	}
	c.deps[path] = nil
	if len(p.GoFiles) == 0 {
		return nil
	}
	root, ok := moduleRoot(filepath.Dir(p.GoFiles[0]))
	if !ok {
		return nil
	}
	// The go list run that loaded p listed the package too: build it from
	// that listing rather than run go list again.
	for _, ls := range c.listings {
		if dp := ls.loadFrom(c.fset, root, path); dp != nil {
			c.deps[path] = dp
			c.pkgs[dp.Types] = dp
			return dp
		}
	}
	ps, _, err := loadPackages(c.fset, root, goEnv(c.toolchain), []string{path}, !c.viaPackages, nil, nil)
	if err != nil || len(ps) != 1 || len(ps[0].Errors) > 0 || ps[0].TypesInfo == nil {
		return nil
	}
	c.deps[path] = ps[0]
	c.pkgs[ps[0].Types] = ps[0]
	return ps[0]
}

// depPackage is a dependency package loaded with its syntax, from the
// module of the project package that first loaded one (nil when none
// did, or it cannot be loaded).
func (c *conv) depPackage(path string) *packages.Package {
	if c.depFrom == nil {
		return nil
	}
	return c.loadDep(c.depFrom, path)
}
