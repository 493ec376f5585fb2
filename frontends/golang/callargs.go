package golang

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// callSite is one call of a function in the loaded packages.
type callSite struct {
	p    *packages.Package
	call *ast.CallExpr
}

// callSitesOf lists the calls of fn in the loaded packages (the program:
// _test.go files are not loaded), in package path and source order.
func (c *conv) callSitesOf(fn *types.Func) []callSite {
	if c.calls == nil {
		c.calls = map[*types.Func][]callSite{}
		c.used = map[*types.Func]bool{}
		for _, p := range c.typedPkgs() {
			for id, obj := range p.TypesInfo.Uses {
				if g, ok := obj.(*types.Func); ok && id != nil {
					c.used[g.Origin()] = true
				}
			}
			for _, f := range p.Syntax {
				ast.Inspect(f, func(n ast.Node) bool {
					if call, ok := n.(*ast.CallExpr); ok {
						if g, _ := callee(p.TypesInfo, call); g != nil {
							g = g.Origin()
							c.calls[g] = append(c.calls[g], callSite{p, call})
						}
					}
					return true
				})
			}
		}
	}
	return c.calls[fn.Origin()]
}

// funcDeclAt is the function declaration of p that holds pos.
func funcDeclAt(p *packages.Package, pos token.Pos) *ast.FuncDecl {
	for _, f := range p.Syntax {
		if pos < f.FileStart || pos >= f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, pos, pos)
		for _, n := range path {
			if fd, ok := n.(*ast.FuncDecl); ok {
				return fd
			}
		}
	}
	return nil
}

// bindArgs makes the parameters of decl (a function of dr's package)
// hold the values the arguments of call (in package p) have where call
// runs (issue 28): a constant, a string built from constants, or a
// value the calling function computes in the default configuration
// (environment variables unset, flag defaults: text.go's flow), with a
// warning at the argument naming what it read. A parameter whose
// argument tscg cannot know stays unbound: where it lands in a text it is
// a placeholder with a warning, elsewhere the reading fails there. It
// returns what undoes the binding.
func (c *conv) bindArgs(p *packages.Package, call *ast.CallExpr, dr *literalReader, decl *ast.FuncDecl) func() {
	if call.Ellipsis.IsValid() || decl == nil {
		return func() {}
	}
	var params []*types.Var
	for _, field := range decl.Type.Params.List {
		if _, variadic := field.Type.(*ast.Ellipsis); variadic {
			return func() {}
		}
		for _, id := range field.Names {
			v, _ := dr.p.TypesInfo.Defs[id].(*types.Var)
			params = append(params, v)
		}
		if len(field.Names) == 0 {
			params = append(params, nil)
		}
	}
	if len(params) != len(call.Args) {
		return func() {}
	}
	r := c.literals(p)
	savedWhat := r.what
	r.what = "the tool built by " + decl.Name.Name
	defer func() { r.what = savedWhat }()
	saved := dr.args
	bound := map[types.Object]any{}
	for k, v := range saved {
		bound[k] = v
	}
	for i, v := range params {
		if v == nil || !formatsPlainly(v.Type()) {
			continue
		}
		if val, ok := r.argValue(call.Args[i]); ok {
			bound[v] = val
		}
	}
	dr.args = bound
	return func() { dr.args = saved }
}

// argValue is the value an argument has where its call runs, or false.
func (r *literalReader) argValue(e ast.Expr) (any, bool) {
	if r.holes == nil {
		if v, ok := r.foldKnown(e, 0); ok {
			if _, isHole := v.(hole); !isHole {
				return v, true
			}
		}
	}
	savedEnv := r.envRead
	r.envRead = map[string]bool{}
	defer func() { r.envRead = savedEnv }()
	v, ok := r.flow(e)
	if !ok {
		return nil, false
	}
	r.warnEnv(e, "the argument "+exprString(e))
	return v, true
}

// argEnv is the evaluator environment of the bound parameters.
func (r *literalReader) argEnv() map[types.Object]any {
	env := map[types.Object]any{}
	for k, v := range r.args {
		env[k] = v
	}
	return env
}

// callerArgs binds the parameters of the function a tool is built in to
// the arguments of its one call in the program (a project constructor
// called once, as Azure/aks-mcp's createCallKubectlTool(cfg.AccessLevel,
// …)); a function called from several places, or from none (a library's
// exported constructor), keeps its parameters unbound.
func (c *conv) callerArgs(p *packages.Package, at token.Pos) func() {
	decl := funcDeclAt(p, at)
	if decl == nil || decl.Type.Params.NumFields() == 0 || c.literals(p).args != nil {
		return func() {} // no parameters, or bound by the caller (deps.go)
	}
	fn, _ := p.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return func() {}
	}
	sites := c.callSitesOf(fn)
	if len(sites) != 1 {
		return func() {}
	}
	return c.bindArgs(sites[0].p, sites[0].call, c.literals(p), decl)
}

// testOnly reports a tool built in a function that the program never
// calls but a _test.go file of the module does (Azure/aks-mcp's
// fleet.RegisterFleetCommand): test files are not part of the program, so
// that is no registration. It returns the test file calling it. A
// function nobody calls at all (a library's exported constructor) is not
// test-only: its tool is listed.
func (c *conv) testOnly(p *packages.Package, at token.Pos) (string, bool) {
	decl := funcDeclAt(p, at)
	if decl == nil {
		return "", false
	}
	fn, _ := p.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil || len(p.GoFiles) == 0 || !filepath.IsAbs(p.GoFiles[0]) {
		return "", false
	}
	if c.callSitesOf(fn); c.used[fn.Origin()] {
		return "", false // used by the program
	}
	if f, ok := c.testCallers[fn]; ok {
		return f, f != ""
	}
	root, ok := moduleRoot(filepath.Dir(p.GoFiles[0]))
	if !ok {
		return "", false
	}
	name := []byte(fn.Name())
	found := ""
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || found != "" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "vendor" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(src, name) {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && found == "" {
				switch x := ast.Unparen(call.Fun).(type) {
				case *ast.Ident:
					if x.Name == fn.Name() && filepath.Dir(path) == filepath.Dir(p.GoFiles[0]) {
						found = path
					}
				case *ast.SelectorExpr:
					if x.Sel.Name == fn.Name() {
						found = path
					}
				}
			}
			return found == ""
		})
		return nil
	})
	if found != "" {
		found = c.rel(found)
	}
	c.testCallers[fn] = found
	return found, found != ""
}

// typedPkgs are the loaded packages with type information, by path.
func (c *conv) typedPkgs() []*packages.Package {
	var out []*packages.Package
	for _, p := range c.pkgs {
		if p != nil && p.TypesInfo != nil {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PkgPath < out[j].PkgPath })
	return out
}
