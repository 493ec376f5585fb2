package golang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/golist"
	"github.com/tscg/tscg/internal/lazyre"
)

// Options control loading.
type Options struct {
	// Dir is the working directory for go list; "" means the current one.
	// Positions in the catalog and diagnostics are relative to it.
	Dir string
	// Reflector holds the invopop/jsonschema Reflector settings a project
	// reflects its schemas with (tscg.yaml's go: section).
	Reflector Reflector
	// Toolchain is the GOTOOLCHAIN the go command runs with; "" means
	// "local", so loading never downloads and runs a toolchain a go.mod
	// asks for (issue 29; docs/security.md).
	Toolchain string
	// viaPackages loads every package with packages.Load, never with
	// listLoad (TestListLoad compares the two).
	viaPackages bool
}

// Reflector is the subset of invopop/jsonschema's Reflector settings that
// real servers set (mcp-grafana sets all four), each with invopop's
// meaning. The zero value is tscg's default.
type Reflector struct {
	// RequiredFromJSONSchemaTags: a field is required only when its
	// jsonschema tag says required; omitempty and omitzero no longer
	// decide.
	RequiredFromJSONSchemaTags bool
	// AllowAdditionalProperties: structs are open objects.
	AllowAdditionalProperties bool
	// DoNotReference: named types are written in place, never under
	// $defs, except a recursive type's reference to itself (invopop
	// recurses without end there; tscg keeps the $ref).
	DoNotReference bool
	// ExpandedStruct: a named type's schema is its body rather than a $ref
	// to its own $defs entry; nil means true, tscg's default (invopop's is
	// false).
	ExpandedStruct *bool
}

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports

// Load loads Go packages (patterns like ./..., ./pkg, or directories) and
// returns the tools (functions and methods marked //tscg:tool, and tools
// registered through an MCP SDK) and the named types (every named type
// usable as a schema; unexported ones are marked so). Each directory is
// loaded from its own module's root, as the go command would be run
// there; a directory in no module is an error.
//
// While go list runs, Load works from the listing remembered from its last
// run of the same command, when there is one, and keeps that work only if
// go list's answer lists the same packages; otherwise it loads again from
// the answer (remember.go).
func Load(patterns []string, opts Options) (*ir.Catalog, diag.List) {
	a, fset := &ahead{}, token.NewFileSet()
	cat, ds := load(fset, patterns, opts, a)
	if a.settle() {
		return cat, ds
	}
	// The second pass parses nothing again: the files parsed ahead are in
	// fset.
	a.again = true
	return load(fset, patterns, opts, a)
}

// load is one pass of Load; a holds its go list runs.
func load(fset *token.FileSet, patterns []string, opts Options, a *ahead) (*ir.Catalog, diag.List) {
	cat := &ir.Catalog{}
	c := newConv(fset, opts.Dir)
	c.refl = opts.Reflector
	c.toolchain = opts.Toolchain
	c.viaPackages = opts.viaPackages
	var pkgs []*packages.Package
	for _, g := range c.moduleGroups(patterns) {
		// The doc comments of the files parsed while go list runs are
		// indexed then (seed keeps the first index of a file).
		ps, ls, err := loadPackages(fset, g.root, goEnv(opts.Toolchain), g.patterns, !opts.viaPackages, func(f *ast.File) { c.docs.seed(fset, f) }, a)
		if ls != nil {
			c.listings = append(c.listings, ls)
		}
		if err != nil {
			c.loadError(g, err, opts.Toolchain)
			continue
		}
		pkgs = append(pkgs, ps...)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	// A broken package that registers no tool is only a warning when a
	// package that does is read beside it; alone, its errors are why
	// nothing is built, and stay errors.
	// (Asked only when a package has errors: it reads every file.)
	readable := false
	if slices.ContainsFunc(pkgs, func(p *packages.Package) bool { return len(p.Errors) > 0 }) {
		for _, p := range pkgs {
			readable = readable || len(p.Errors) == 0 && len(p.GoFiles) > 0 && mayRegister(p)
		}
	}
	var good []*packages.Package
	for _, p := range pkgs {
		if c.packageErrors(p, readable) {
			continue
		}
		good = append(good, p)
	}
	c.pkgs = map[*types.Package]*packages.Package{}
	for _, p := range good {
		c.pkgs[p.Types] = p
		for _, f := range p.Syntax {
			c.docs.seed(fset, f)
		}
	}
	c.findForwarders(good)
	c.findConverters(good)
	c.findInventories(good)
	for _, p := range good {
		cat.Tools = append(cat.Tools, c.tools(p)...)
		cat.Tools = append(cat.Tools, c.registered(p)...)
	}
	c.warnDefinitionFilters(good)
	cat.Tools = c.dropUntaken(c.dropAlternatives(dropRepeats(cat.Tools)))
	cat.Tools = c.runListingMiddleware(good, cat.Tools)
	for _, p := range good {
		cat.Types = append(cat.Types, c.catalogTypes(p, cat)...)
	}
	return cat, c.diags.Sorted()
}

// moduleGroup is the patterns that one go list run in root loads.
type moduleGroup struct {
	root     string
	patterns []string
}

// moduleGroups sorts directory patterns by the module holding them,
// rewritten relative to its root; import paths stay with the working
// directory. A directory in no module is reported and left out.
func (c *conv) moduleGroups(patterns []string) []moduleGroup {
	var groups []moduleGroup
	index := map[string]int{}
	add := func(root, pattern string) {
		i, ok := index[root]
		if !ok {
			i = len(groups)
			index[root] = i
			groups = append(groups, moduleGroup{root: root})
		}
		groups[i].patterns = append(groups[i].patterns, pattern)
	}
	for _, p := range patterns {
		if !isDirPattern(p) {
			add(c.dir, p)
			continue
		}
		dir, rest := strings.TrimSuffix(p, "..."), ""
		if dir != p {
			rest = "..."
		}
		abs := filepath.Join(c.dir, filepath.FromSlash(dir))
		if filepath.IsAbs(dir) {
			abs = filepath.Clean(dir)
		}
		root, ok := moduleRoot(abs)
		if !ok {
			c.diags.Errorf(diag.Pos{File: c.rel(abs)}, "no go.mod in %s or any directory above it: tscg loads Go packages the way the go command does, from their module; create one with `go mod init <module path>` in the module's root directory (or name a directory inside an existing module)", c.rel(abs))
			continue
		}
		rel, _ := filepath.Rel(root, abs)
		pattern := "./" + filepath.ToSlash(rel)
		if rel == "." {
			pattern = "."
		}
		if rest != "" {
			pattern += "/..."
		}
		add(root, pattern)
	}
	return groups
}

// isDirPattern reports a pattern naming a directory (./x, ../x, /x, .,
// with or without /...) rather than an import path.
func isDirPattern(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || filepath.IsAbs(p)
}

// moduleRoot finds the directory of the go.mod governing dir.
func moduleRoot(dir string) (string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			return d, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// packageErrors reports a package's load and type-check errors; it
// returns true when the package cannot be used. others says a readable
// package that may register tools is loaded too.
func (c *conv) packageErrors(p *packages.Package, others bool) bool {
	if len(p.Errors) == 0 && len(p.GoFiles) == 0 {
		c.diags.Errorf(diag.Pos{File: p.PkgPath}, "no Go files in package %s", p.PkgPath)
		return true
	}
	typed, onlyTypes := false, true
	for _, e := range p.Errors {
		typed = typed || e.Kind == packages.TypeError
		onlyTypes = onlyTypes && (e.Kind == packages.TypeError || strings.HasPrefix(e.Msg, "# "))
	}
	// Type errors in a package that registers no tool (a tool of another
	// package, a test helper, generated code out of date) keep no tool
	// out: warnings, and the build goes on without the package.
	sev, note := diag.Error, ""
	if typed && onlyTypes && others && !mayRegister(p) {
		sev, note = diag.Warning, " (package "+p.PkgPath+" registers no tool: tscg reads the other packages without it)"
	}
	for _, e := range p.Errors {
		if typed && e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
			continue // go list's compiler output repeats the type errors
		}
		c.diags.Add(diag.Diagnostic{Pos: c.parsePos(e.Pos, p.PkgPath), Severity: sev, Message: importCause(p, e.Msg) + note})
	}
	return len(p.Errors) > 0
}

// mayRegister reports whether a package's syntax holds anything that may
// define a tool: a //tscg:tool comment, a call named like an SDK's
// registration or tool constructor, or a literal of a type named Tool.
func mayRegister(p *packages.Package) bool {
	found := false
	for _, f := range p.Syntax {
		for _, cg := range f.Comments {
			for _, cm := range cg.List { // Text() drops //tscg: directives
				found = found || strings.Contains(cm.Text, "tscg:tool")
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				found = found || registrationName[calledName(x.Fun)]
			case *ast.CompositeLit:
				found = found || calledName(x.Type) == "Tool"
			}
			return !found
		})
	}
	return found || len(p.Syntax) == 0
}

// registrationName are the SDK functions and methods whose call may
// register or build a tool.
var registrationName = map[string]bool{"AddTool": true, "AddTools": true, "NewTool": true, "NewToolWithRawSchema": true, "SetTools": true}

// calledName is the last name of x.Name, a.b.Name or Name[T].
func calledName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.IndexExpr:
		return calledName(x.X)
	case *ast.IndexListExpr:
		return calledName(x.X)
	case *ast.StarExpr:
		return calledName(x.X)
	case *ast.UnaryExpr:
		return calledName(x.X)
	}
	return ""
}

// importCause replaces the type checker's "could not import X (invalid
// package name: "")" with what the go command said of X, which says
// what to do (a missing go.sum entry: the go get to run).
func importCause(p *packages.Package, msg string) string {
	rest, ok := strings.CutPrefix(msg, "could not import ")
	if !ok {
		return msg
	}
	path, _, _ := strings.Cut(rest, " ")
	ip := p.Imports[path]
	if ip == nil || len(ip.Errors) == 0 {
		return msg
	}
	causes := make([]string, len(ip.Errors))
	for i, e := range ip.Errors {
		causes[i] = e.Msg
	}
	return "could not import " + path + ": " + strings.Join(causes, "; ")
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
	// Every IR node asks for its file's: a few files, many nodes.
	if r, ok := c.rels[file]; ok {
		return r
	}
	r, err := filepath.Rel(c.dir, file)
	if err == nil && !strings.HasPrefix(r, "..") {
		r = filepath.ToSlash(r)
	} else {
		r = file
	}
	if c.rels == nil {
		c.rels = map[string]string{}
	}
	c.rels[file] = r
	return r
}

// pos converts a token position.
func (c *conv) pos(p token.Pos) diag.Pos {
	if !p.IsValid() {
		return diag.Pos{}
	}
	tp := c.fset.Position(p)
	return diag.Pos{File: c.rel(tp.Filename), Line: tp.Line, Col: tp.Column}
}

// catalogTypes converts every non-generic named type of p that can be a
// schema, in declaration order; unexported ones are marked unexported
// (--type can still name them). A struct meant for JSON (a field has a
// json tag) that cannot be converted is an error at the type, naming the
// field, whether or not a tool uses it; any other type that cannot be
// converted (a server, a client) is listed as unconverted, which an
// explicit --type reports.
func (c *conv) catalogTypes(p *packages.Package, cat *ir.Catalog) []*ir.Named {
	scope := p.Types.Scope()
	type obj struct {
		tn  *types.TypeName
		pos diag.Pos
	}
	var objs []obj
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 && !tn.IsAlias() {
			objs = append(objs, obj{tn, c.pos(tn.Pos())}) // each once, not per comparison
		}
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].pos.Before(objs[j].pos) })
	var out []*ir.Named
	for _, o := range objs {
		tn := o.tn
		n := tn.Type().(*types.Named)
		if named := c.catalogType(n); named != nil {
			out = append(out, named)
		} else if why := c.whyNot(n); why != nil {
			cat.Unconverted = append(cat.Unconverted, ir.Unconverted{Name: tn.Name(), Exported: tn.Exported(), Pos: c.pos(tn.Pos()), Why: why.Pos.String() + ": " + why.Message})
		}
	}
	return out
}

// catalogType converts a named type, returning nil when it holds
// something unsupported. Errors of the conversion itself are dropped:
// for a struct meant for JSON one error at the type takes their place
// (unless a tool's use already reported the problem at its position);
// for another type, whyNot keeps the reason.
func (c *conv) catalogType(n *types.Named) *ir.Named {
	saved := len(c.diags)
	c.failed = false
	info := c.namedFor(n, n.Obj().Pos())
	if !c.failed && !info.bad {
		return info.named
	}
	kept := c.diags[:saved]
	for _, d := range c.diags[saved:] {
		if d.Severity != diag.Error {
			kept = append(kept, d)
		}
	}
	c.diags = kept
	why := c.whyNot(n)
	if why == nil || !jsonStruct(n) {
		return nil
	}
	for _, d := range c.diags {
		if d.Severity == diag.Error && d.Pos == why.Pos {
			return nil // a tool's use reported it there
		}
	}
	c.diags.Add(diag.Diagnostic{Pos: c.pos(n.Obj().Pos()), Severity: diag.Error,
		Message: fmt.Sprintf("type %s has no JSON Schema: %s: %s (a field encoding/json should skip needs `json:\"-\"`)", n.Obj().Name(), why.Pos, why.Message)})
	return nil
}

// whyNot is the first error converting n reported, or that of a named
// type it uses; nil when n converted.
func (c *conv) whyNot(n *types.Named) *diag.Diagnostic {
	if info := c.nameds[c.typeKey(n)]; info != nil {
		return info.why
	}
	return nil
}

// jsonStruct reports a struct with a json-tagged field: a type its author
// meant to encode as JSON.
func jsonStruct(n *types.Named) bool {
	s, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < s.NumFields(); i++ {
		if _, ok := reflect.StructTag(s.Tag(i)).Lookup("json"); ok {
			return true
		}
	}
	return false
}

func (c *conv) errorf(p token.Pos, format string, args ...any) {
	c.failed = true
	c.diags.Add(diag.Diagnostic{Pos: c.pos(p), Severity: diag.Error, Message: fmt.Sprintf(format, args...)})
}

func (c *conv) warnf(p token.Pos, format string, args ...any) {
	c.diags.Add(diag.Diagnostic{Pos: c.pos(p), Severity: diag.Warning, Message: fmt.Sprintf(format, args...)})
}

// goEnv is the environment of the go command (golist.Env).
func goEnv(toolchain string) []string { return golist.Env(toolchain) }

// newerGo is what the go command says of a module that needs a newer Go
// than the one running under GOTOOLCHAIN=local.
var newerGo = lazyre.New(`go\.mod requires go >= (\S+) \(running go (\S+); GOTOOLCHAIN=local\)`)

// loadError reports a failed go list. A module that asks for a newer Go
// is reported at its go directive, with the version asked for and how to
// opt in to the go command's toolchain download.
func (c *conv) loadError(g moduleGroup, err error, toolchain string) {
	m := newerGo.FindStringSubmatch(err.Error())
	if m == nil || toolchain != "" && toolchain != "local" {
		c.diags.Errorf(diag.Pos{File: strings.Join(g.patterns, " ")}, "load Go packages: %v", err)
		return
	}
	mod := filepath.Join(g.root, "go.mod")
	pos := diag.Pos{File: c.rel(mod)}
	if data, rerr := os.ReadFile(mod); rerr == nil {
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "go ") {
				pos.Line, pos.Col = i+1, 1
				break
			}
		}
	}
	c.diags.Errorf(pos, "this module needs Go %s and the go command here is %s: tscg runs it with GOTOOLCHAIN=local, so no toolchain is downloaded and run on an input's word; install Go %s, or set go.toolchain: auto in tscg.yaml to let the go command fetch it", m[1], m[2], m[1])
}
