package golang

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// Options control loading.
type Options struct {
	// Dir is the working directory for go list; "" means the current one.
	// Positions in the catalog and diagnostics are relative to it.
	Dir string
}

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports

// Load loads Go packages (patterns like ./..., ./pkg, or directories) and
// returns the tools (functions and methods marked //tscg:tool) and the
// named types (every exported named type usable as a schema).
func Load(patterns []string, opts Options) (*ir.Catalog, diag.List) {
	cat := &ir.Catalog{}
	fset := token.NewFileSet()
	cfg := &packages.Config{Mode: loadMode, Dir: opts.Dir, Fset: fset, Tests: false}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return cat, diag.List{diag.Errorf(diag.Pos{File: strings.Join(patterns, " ")}, "load Go packages: %v", err)}
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	c := newConv(fset, opts.Dir)
	var good []*packages.Package
	for _, p := range pkgs {
		if c.packageErrors(p) {
			continue
		}
		good = append(good, p)
	}
	for _, p := range good {
		cat.Tools = append(cat.Tools, c.tools(p)...)
		cat.Tools = append(cat.Tools, c.registered(p)...)
	}
	for _, p := range good {
		cat.Types = append(cat.Types, c.exportedTypes(p)...)
	}
	return cat, c.diags.Sorted()
}

// packageErrors reports a package's load and type-check errors; it
// returns true when the package cannot be used.
func (c *conv) packageErrors(p *packages.Package) bool {
	if len(p.Errors) == 0 && len(p.GoFiles) == 0 {
		c.diags.Errorf(diag.Pos{File: p.PkgPath}, "no Go files in package %s", p.PkgPath)
		return true
	}
	typed := false
	for _, e := range p.Errors {
		typed = typed || e.Kind != packages.ListError
	}
	for _, e := range p.Errors {
		if typed && e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
			continue // go list's compiler output repeats the type errors
		}
		c.diags.Add(diag.Diagnostic{Pos: c.parsePos(e.Pos, p.PkgPath), Severity: diag.Error, Message: e.Msg})
	}
	return len(p.Errors) > 0
}

// parsePos reads go/packages' "file:line:col" error positions.
func (c *conv) parsePos(s, fallback string) diag.Pos {
	if s == "" || s == "-" {
		return diag.Pos{File: fallback}
	}
	parts := strings.Split(s, ":")
	var nums []int
	for len(parts) > 1 {
		n, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		parts = parts[:len(parts)-1]
	}
	pos := diag.Pos{File: c.rel(strings.Join(parts, ":"))}
	if len(nums) > 0 {
		pos.Line = nums[0]
	}
	if len(nums) > 1 {
		pos.Col = nums[1]
	}
	return pos
}

// rel makes a file name relative to the working directory, so positions
// do not depend on where the module sits.
func (c *conv) rel(file string) string {
	if file == "" || !filepath.IsAbs(file) {
		return file
	}
	if r, err := filepath.Rel(c.dir, file); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return file
}

// pos converts a token position.
func (c *conv) pos(p token.Pos) diag.Pos {
	if !p.IsValid() {
		return diag.Pos{}
	}
	tp := c.fset.Position(p)
	return diag.Pos{File: c.rel(tp.Filename), Line: tp.Line, Col: tp.Column}
}

// exportedTypes converts every exported, non-generic named type of p that
// can be a schema, in declaration order. A type that cannot (a func type,
// a channel) is left out without a diagnostic: it is only an error when a
// tool uses it.
func (c *conv) exportedTypes(p *packages.Package) []*ir.Named {
	scope := p.Types.Scope()
	var objs []*types.TypeName
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 && !tn.IsAlias() {
			objs = append(objs, tn)
		}
	}
	sort.Slice(objs, func(i, j int) bool { return c.pos(objs[i].Pos()).Before(c.pos(objs[j].Pos())) })
	var out []*ir.Named
	for _, tn := range objs {
		if n := c.catalogType(tn.Type().(*types.Named)); n != nil {
			out = append(out, n)
		}
	}
	return out
}

// catalogType converts a named type, returning nil (and dropping its
// diagnostics) when it holds something unsupported; its warnings stay.
func (c *conv) catalogType(n *types.Named) *ir.Named {
	saved := len(c.diags)
	c.failed = false
	named := c.namedFor(n, n.Obj().Pos())
	if c.failed || named.bad {
		c.diags = c.diags[:saved]
		return nil
	}
	return named.named
}

func (c *conv) errorf(p token.Pos, format string, args ...any) {
	c.failed = true
	c.diags.Add(diag.Diagnostic{Pos: c.pos(p), Severity: diag.Error, Message: fmt.Sprintf(format, args...)})
}

func (c *conv) warnf(p token.Pos, format string, args ...any) {
	c.diags.Add(diag.Diagnostic{Pos: c.pos(p), Severity: diag.Warning, Message: fmt.Sprintf(format, args...)})
}
