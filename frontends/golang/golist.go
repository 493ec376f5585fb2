package golang

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/internal/golist"
)

// loadPackages loads what packages.Load(&packages.Config{Mode: loadMode,
// Dir: dir, Fset: fset, Env: env}, patterns...) loads, from one go command
// where it can and list says so (listLoad), else with packages.Load itself.
// The listing is go list's output when listLoad loaded (nil otherwise).
// parsed (when not nil) is handed, while go list runs, each file listLoad
// parsed ahead (some of which go list may leave out of the packages). a
// (when not nil) is the Load's loads ahead (remember.go): the packages
// may then come from a remembered listing, until a.settle says.
func loadPackages(fset *token.FileSet, dir string, env []string, patterns []string, list bool, parsed func(*ast.File), a *ahead) ([]*packages.Package, *listing, error) {
	if list {
		if ps, ls, why := listLoad(fset, dir, env, patterns, parsed, a); why == "" {
			return ps, ls, nil
		}
	}
	ps, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir, Fset: fset, Tests: false, Env: env}, patterns...)
	return ps, nil, err
}

// listPkg is one package of go list's JSON.
type listPkg struct {
	Name, ImportPath, Dir, Export string
	Error                         *struct{ Err string }
	GoFiles, CgoFiles             []string
	CompiledGoFiles               []string
	Imports                       []string
	ImportMap                     map[string]string
	Module                        *packages.Module
	DepOnly                       bool
}

// listNode is a package of one listLoad: its go list entry, the Package
// handed out, and its imports by the path its source writes.
type listNode struct {
	lp      *listPkg
	pkg     *packages.Package
	imports map[string]*listNode
	root    bool
	needs   bool // its types are needed: a root, or a root's import
	visited bool
	files   []*ast.File
}

// listLoad is packages.Load with loadMode for one module, from one go
// command: packages.Load runs two more before it (the go command's
// version, and the target's word sizes), one of them on the way. It
// reproduces packages.Load's result for packages that load cleanly: the
// same go list run, root packages parsed and type-checked from source
// (with the same types.Config), their imports read from export data with
// the same views, the same Package fields. Anything else (an error
// anywhere: go list's, the parser's, the type checker's; a root with cgo;
// a dependency that would need source; GOARCH, GOENV or GOPACKAGESDRIVER
// set; anything on the go command's stderr) is a reason why not, returned
// ("" when loaded): the caller then runs packages.Load, whose errors are
// the ones reported. TestListLoad compares the two on every golden module.
func listLoad(fset *token.FileSet, dir string, env []string, patterns []string, parsed func(*ast.File), a *ahead) ([]*packages.Package, *listing, string) {
	args := golist.Args(patterns)
	if a != nil && a.again {
		if r := a.take(dir, args); r != nil {
			return r.loadAgain(fset, parsed)
		}
	}
	for _, kv := range env {
		if strings.HasPrefix(kv, "GOPACKAGESDRIVER=") && kv != "GOPACKAGESDRIVER=off" {
			return nil, nil, "GOPACKAGESDRIVER set" // packages.Load runs that driver
		}
	}
	sizes, ok := listSizes(env)
	if !ok {
		return nil, nil, "GOARCH or GOENV set"
	}
	run, err := golist.Start(dir, env, args)
	if err != nil {
		return nil, nil, "go list did not start"
	}
	// While go list runs, the files of the packages the patterns name
	// are read and parsed (those it does not list are left unused), and
	// the command's own work for the wait is done (golist.WhileListing).
	// Then, when a listing of the same command is remembered, its
	// packages are loaded and handed out; Load settles them once go list
	// has answered (remember.go).
	r := &aheadRun{dir: dir, args: args, parsed: parseAhead(fset, dir, patterns)}
	golist.Idle()
	r.parsed.each(parsed)
	if a != nil {
		a.runs = append(a.runs, r)
		r.file = rememberedFile(dir, env, args)
		r.prev = remembered(r.file)
		if ps := guess(fset, r, sizes); ps != nil {
			r.run = run
			return ps, r.guess, ""
		}
	}
	ls := &listing{dir: dir, pkgs: map[string]*listPkg{}, sizes: sizes}
	var out bytes.Buffer
	roots, why := ls.decode(io.TeeReader(run.Stdout, &out))
	if !run.Wait() {
		why = "go list failed or wrote to stderr"
	}
	r.ls, r.roots, r.why = ls, roots, why
	if why != "" {
		return nil, nil, why
	}
	remember(r.file, out.Bytes(), r.prev)
	ls.ahead = r.parsed
	ps, why := ls.load(fset, roots)
	ls.ahead = nil
	if why != "" {
		return nil, nil, why
	}
	return ps, ls, ""
}

// decode reads go list's JSON as it comes into ls, returning the root
// packages' paths, or a reason why not.
func (ls *listing) decode(r io.Reader) ([]string, string) {
	var roots []string
	for dec := json.NewDecoder(r); ; {
		lp := new(listPkg)
		if err := dec.Decode(lp); err == io.EOF {
			break
		} else if err != nil {
			return nil, "go list output unreadable"
		}
		if lp.Error != nil || ls.pkgs[lp.ImportPath] != nil || strings.Contains(lp.ImportPath, " ") {
			return nil, "a package with an error, or a repeated or test package"
		}
		if lp.Export != "" && !filepath.IsAbs(lp.Export) {
			lp.Export = filepath.Join(lp.Dir, lp.Export)
		}
		ls.pkgs[lp.ImportPath] = lp
		if !lp.DepOnly {
			roots = append(roots, lp.ImportPath)
		}
	}
	return roots, ""
}

// listing is what one go list run of listLoad listed.
type listing struct {
	dir   string              // where it ran
	pkgs  map[string]*listPkg // by import path
	sizes types.Sizes
	ahead *parsedAhead // files parsed while go list ran (during listLoad only)
}

// load builds the packages roots name (import paths the listing holds) as
// packages.Load would from a go list run whose patterns named them: a
// fresh graph of Packages and types.Packages each time, as each
// packages.Load call makes. It returns them in the order of roots, or a
// reason why not.
func (ls *listing) load(fset *token.FileSet, roots []string) ([]*packages.Package, string) {
	if len(roots) == 0 {
		return nil, "no root package"
	}
	nodes := map[string]*listNode{}
	node := func(lp *listPkg) *listNode {
		n := &listNode{lp: lp}
		n.pkg = &packages.Package{ID: lp.ImportPath, Name: lp.Name, PkgPath: lp.ImportPath, Dir: lp.Dir,
			GoFiles: absJoin(lp.Dir, append(lp.GoFiles[:len(lp.GoFiles):len(lp.GoFiles)], lp.CgoFiles...)), Fset: fset}
		return n
	}
	rootNodes := make([]*listNode, len(roots))
	for i, path := range roots {
		lp := ls.pkgs[path]
		if lp == nil || nodes[path] != nil {
			return nil, "a root go list did not list, or named twice"
		}
		n := node(lp)
		n.root = true
		if lp.ImportPath != "unsafe" { // go list lists a fake unsafe.go
			n.pkg.CompiledGoFiles = absJoin(lp.Dir, lp.CompiledGoFiles) // only roots are parsed
		}
		nodes[path] = n
		rootNodes[i] = n
		if len(lp.CgoFiles) > 0 || len(n.pkg.CompiledGoFiles) == 0 {
			return nil, "a root with cgo or without files to compile"
		}
		for _, f := range n.pkg.CompiledGoFiles {
			if !strings.HasSuffix(f, ".go") {
				return nil, "a root compiles a file that is not Go"
			}
		}
	}
	// The import graph from the roots, in postorder (dependencies first),
	// with each package's imports by the path its source writes (ImportMap
	// maps it to the package's path when they differ), as packages.Load
	// keys Package.Imports.
	var post []*listNode
	var visit func(n *listNode) string
	visit = func(n *listNode) string {
		if n.visited {
			return ""
		}
		n.visited = true
		n.imports = map[string]*listNode{}
		ids := map[string]bool{}
		for _, id := range n.lp.Imports {
			ids[id] = true
		}
		add := func(path, id string) string {
			imp := nodes[id]
			if imp == nil {
				lp := ls.pkgs[id]
				if lp == nil {
					return "an import go list did not list"
				}
				imp = node(lp)
				nodes[id] = imp
			}
			n.imports[path] = imp
			return visit(imp)
		}
		for path, id := range n.lp.ImportMap {
			if why := add(path, id); why != "" {
				return why
			}
			delete(ids, id)
		}
		for id := range ids {
			if id == "C" {
				continue // cgo's, in a dependency read from export data
			}
			if why := add(id, id); why != "" {
				return why
			}
		}
		post = append(post, n)
		return ""
	}
	for _, r := range rootNodes {
		if why := visit(r); why != "" {
			return nil, why
		}
	}
	for _, n := range post {
		// packages.Load reads a package from source when its export
		// data is missing, or when it imports a package read from
		// source (a root): not reproduced here.
		if n.root {
			n.needs = true
			for _, imp := range n.imports {
				imp.needs = true
			}
			continue
		}
		if n.lp.Export == "" && n.lp.ImportPath != "unsafe" {
			return nil, "a dependency without export data"
		}
		for _, imp := range n.imports {
			if imp.root {
				return nil, "a dependency importing a root"
			}
		}
	}
	if !parseRoots(fset, rootNodes, ls.ahead) {
		return nil, "a parse error"
	}
	for _, n := range post {
		if n.lp.ImportPath == "unsafe" {
			n.pkg.Types = types.Unsafe
			continue
		}
		n.pkg.Types = types.NewPackage(n.pkg.PkgPath, n.pkg.Name)
	}
	for _, n := range post {
		switch {
		case !n.needs || n.lp.ImportPath == "unsafe":
		case !n.root:
			if !readExport(fset, n) {
				return nil, "unreadable export data"
			}
		default:
			if !checkRoot(fset, n, ls.sizes) {
				return nil, "a type error"
			}
		}
	}
	for _, n := range post {
		n.pkg.Imports = make(map[string]*packages.Package, len(n.imports))
		for path, imp := range n.imports {
			n.pkg.Imports[path] = imp.pkg
		}
		// What loadMode does not ask for, packages.Load clears (Module,
		// CompiledGoFiles, ExportFile and TypesSizes are left unset).
		n.pkg.CompiledGoFiles = nil
	}
	out := make([]*packages.Package, len(rootNodes))
	for i, r := range rootNodes {
		out[i] = r.pkg
	}
	return out, ""
}

// loadFrom builds the package path with its syntax as packages.Load would
// from a go list run in dir (nil when the listing cannot stand for that
// run: another module or a go.work file between, or a reason not to).
func (ls *listing) loadFrom(fset *token.FileSet, dir, path string) *packages.Package {
	if ls == nil || ls.pkgs[path] == nil {
		return nil
	}
	if ls.dir != dir {
		// The same module from a subdirectory lists the same packages,
		// unless a go.work file below dir changes the workspace.
		root, ok := moduleRoot(ls.dir)
		if !ok || root != dir {
			return nil
		}
		for d := ls.dir; d != dir; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, "go.work")); err == nil {
				return nil
			}
		}
	}
	ps, why := ls.load(fset, []string{path})
	if why != "" {
		return nil
	}
	return ps[0]
}

// listSizes is the word sizes packages.Load asks the go command for: the
// gc compiler's for the architecture tscg runs on, which is the go
// command's unless GOARCH says otherwise (then false: the go command
// would be asked).
func listSizes(env []string) (types.Sizes, bool) {
	for _, kv := range env {
		if strings.HasPrefix(kv, "GOARCH=") || strings.HasPrefix(kv, "GOENV=") {
			return nil, false
		}
	}
	if cfg, err := os.UserConfigDir(); err == nil {
		if data, err := os.ReadFile(filepath.Join(cfg, "go", "env")); err == nil && bytes.Contains(data, []byte("GOARCH")) {
			return nil, false
		}
	}
	s := types.SizesFor("gc", runtime.GOARCH)
	return s, s != nil
}

// parseRoots parses the root packages' files the way packages.Load does
// (all errors, comments, ast.Object resolution), all at once, taking
// those parseAhead parsed; it reports whether all parsed without an
// error.
func parseRoots(fset *token.FileSet, roots []*listNode, ahead *parsedAhead) bool {
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := true
	for _, r := range roots {
		r.files = make([]*ast.File, len(r.pkg.CompiledGoFiles))
		for i, name := range r.pkg.CompiledGoFiles {
			if f, err, done := ahead.file(name); done {
				r.files[i] = f
				ok = ok && err == nil
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				f, err := parseGoFile(fset, name)
				if err != nil {
					mu.Lock()
					ok = false
					mu.Unlock()
				}
				r.files[i] = f
			}()
		}
	}
	wg.Wait()
	return ok
}

// parseGoFile reads and parses one file as packages.Load does.
func parseGoFile(fset *token.FileSet, name string) (*ast.File, error) {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments)
}

// parsedAhead is the Go files (not tests) of the directories a listLoad's
// patterns name, parsed while go list runs: go list names the files of a
// package (build constraints, generated or cgo files), so a file it names
// that is not here is parsed then, and one here it does not name is left
// unused.
type parsedAhead struct {
	wg    sync.WaitGroup
	files map[string]*parsedFile // by absolute name, as go list's are joined
}

type parsedFile struct {
	f   *ast.File
	err error
}

// parseAhead starts parsing the Go files of the directories that the
// directory patterns among patterns (relative to dir) name.
func parseAhead(fset *token.FileSet, dir string, patterns []string) *parsedAhead {
	a := &parsedAhead{files: map[string]*parsedFile{}}
	for _, p := range patterns {
		if !isDirPattern(p) || strings.HasSuffix(p, "...") {
			continue
		}
		d := p
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
				continue
			}
			name := filepath.Join(d, n)
			if a.files[name] != nil {
				continue
			}
			pf := &parsedFile{}
			a.files[name] = pf
			a.wg.Add(1)
			go func() {
				defer a.wg.Done()
				pf.f, pf.err = parseGoFile(fset, name)
			}()
		}
	}
	return a
}

// each waits for the parses, then hands f (if not nil) each file parsed
// without an error, in name order.
func (a *parsedAhead) each(f func(*ast.File)) {
	a.wait()
	if f == nil {
		return
	}
	for _, name := range slices.Sorted(maps.Keys(a.files)) {
		if pf := a.files[name]; pf.err == nil {
			f(pf.f)
		}
	}
}

// wait waits for every parse to end.
func (a *parsedAhead) wait() { a.wg.Wait() }

// file is the file name parsed ahead, and whether it was (after wait).
func (a *parsedAhead) file(name string) (*ast.File, error, bool) {
	if a == nil {
		return nil, nil, false
	}
	pf := a.files[name]
	if pf == nil {
		return nil, nil, false
	}
	return pf.f, pf.err, true
}

// readExport reads a root's import from its export data, with the view of
// its own imports packages.Load gives gcexportdata; it reports whether it
// could.
func readExport(fset *token.FileSet, n *listNode) bool {
	// Only a regular file: a remembered listing (remember.go) may name
	// anything, and opening a named pipe would wait for a writer.
	if st, err := os.Stat(n.lp.Export); err != nil || !st.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(n.lp.Export)
	if err != nil {
		return false
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return false
	}
	view := map[string]*types.Package{}
	seen := map[*listNode]bool{}
	var visit func(m map[string]*listNode)
	visit = func(m map[string]*listNode) {
		for _, imp := range m {
			if !seen[imp] {
				seen[imp] = true
				view[imp.pkg.PkgPath] = imp.pkg.Types
				visit(imp.imports)
			}
		}
	}
	visit(n.imports)
	want := len(view) + 1
	tpkg, err := gcexportdata.Read(r, fset, view, n.pkg.PkgPath)
	if err != nil {
		return false
	}
	if _, ok := view["go.shape"]; ok {
		want++
	}
	if len(view) != want {
		return false
	}
	n.pkg.Types = tpkg
	return true
}

// errTypes is the error of an import listLoad cannot give (the type
// check fails then, and packages.Load loads the packages).
var errTypes = errors.New("type error")

// checkRoot type-checks a root package with the types.Config packages.Load
// uses; it reports whether it checked without an error.
func checkRoot(fset *token.FileSet, n *listNode, sizes types.Sizes) bool {
	failed := false
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := n.imports[path]
			if imp == nil || imp.pkg.Types == nil || !imp.pkg.Types.Complete() {
				return nil, errTypes
			}
			return imp.pkg.Types, nil
		}),
		Error: func(error) { failed = true },
		Sizes: sizes,
	}
	if m := n.lp.Module; m != nil && m.GoVersion != "" {
		tc.GoVersion = "go" + m.GoVersion
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	err := types.NewChecker(tc, fset, n.pkg.Types, info).Files(n.files)
	if err != nil || failed {
		return false
	}
	for _, f := range n.files {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return false
			}
		}
	}
	n.pkg.Syntax, n.pkg.TypesInfo = n.files, info
	return true
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// absJoin makes go list's file names absolute, as packages.Load does.
func absJoin(dir string, files []string) []string {
	if len(files) == 0 {
		return nil
	}
	out := make([]string, len(files))
	for i, f := range files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(dir, f)
		}
		out[i] = f
	}
	return out
}
