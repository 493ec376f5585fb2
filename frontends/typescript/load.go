package typescript

import (
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"unsafe"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/inputfile"
)

// Options configures Load.
type Options struct {
	// Select, when set, is what the caller needs: errors only elsewhere
	// are warnings (see Selection). Nil compiles everything strictly.
	Select *Selection
}

// file is one loaded source file.
type file struct {
	path  string // display path (as given, cleaned; or derived from the importer)
	abs   string
	src   string
	lines []int // offsets of line starts
	// line is the index in lines of the last position pos computed.
	line int
	root bool // named in Load's arguments (tools are read from roots only)
	// zodVersion is the zod major version plain "zod" means here (0 until
	// looked up, see zodVersionOf).
	zodVersion int
	*parsed
	decls map[string][]*decl // by name; interfaces may be declared several times
	deps  map[string]*file   // relative module specifier → loaded file
}

// pos converts a byte offset to a 1-based file:line:col (byte columns,
// as esbuild and the Go toolchain count them).
func (f *file) pos(off int) ir.Pos {
	line := f.line
	if !f.onLine(off, line) {
		// This runs for every IR node, and nodes are mostly made in
		// source order: try the next few lines before a binary search.
		line++
		for line < f.line+4 && line < len(f.lines) && !f.onLine(off, line) {
			line++
		}
		if line == f.line+4 || line == len(f.lines) {
			line = f.lineOf(off)
		}
		f.line = line
	}
	return ir.Pos{File: f.path, Line: line + 1, Col: off - f.lines[line] + 1}
}

// onLine reports whether off is on the line with index line.
func (f *file) onLine(off, line int) bool {
	return f.lines[line] <= off && (line+1 == len(f.lines) || off < f.lines[line+1])
}

// lineOf returns the index of the line off is on (0 for off < 0).
func (f *file) lineOf(off int) int {
	lo, hi := 0, len(f.lines)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if f.lines[m] > off {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return max(lo-1, 0)
}

func newFile(path, abs, src string) *file {
	lines := make([]int, 1, strings.Count(src, "\n")+1)
	f := &file{path: path, abs: abs, src: src, lines: lines, deps: map[string]*file{}}
	for i := 0; ; {
		nl := strings.IndexByte(src[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
		f.lines = append(f.lines, i)
	}
	return f
}

// loader reads files and follows their relative imports.
type loader struct {
	files map[string]*file // by absolute path
	diags diag.List
	// checks are the esbuild checks under way, in the order files were
	// loaded; verdicts are the syntax errors of files already checked by
	// an earlier pass (nil for a file esbuild accepted).
	checks   []*check
	verdicts map[string]diag.List
	slots    chan struct{} // bounds the checks running at once
	// tsconfigs caches the nearest tsconfig.json of each directory.
	tsconfigs map[string]*tsconfig
}

// check is esbuild's verdict on one file, ready when done is closed.
type check struct {
	abs  string
	errs diag.List
	done chan struct{}
}

func newLoader(verdicts map[string]diag.List) *loader {
	return &loader{files: map[string]*file{}, verdicts: verdicts, slots: make(chan struct{}, runtime.GOMAXPROCS(0))}
}

// Load parses the given .ts/.d.ts files, follows their relative imports and
// re-exports, and returns one catalog. Tools come from the given files
// only; named types are every exported type of the given files plus the
// named types they reference. The result does not depend on the order of
// files. Diagnostics are errors at the offending construct.
//
// esbuild checks every file's syntax beside tscg's own parse and
// resolution, which go ahead as if the checks pass: they nearly always
// do, and then the checks cost no time on the way. When one fails, Load
// starts over with the verdicts known, so that a rejected file contributes
// nothing, neither its declarations nor its imports, exactly as if each
// check had come first.
func Load(files []string, opts Options) (*ir.Catalog, diag.List) {
	var verdicts map[string]diag.List
	for {
		l := newLoader(verdicts)
		roots := l.loadRoots(files)
		r := newResolver(l.sortedFiles())
		cat := r.catalog(roots, opts.Select)
		// Each pass that is redone knows one more rejected file, so this
		// ends; in practice after one pass, or two with syntax errors.
		v, ok := l.wait()
		if ok {
			return cat, append(l.diags, r.diags...).Sorted()
		}
		verdicts = v
	}
}

// wait waits for the checks this loader started and reports whether they
// all passed; their errors go into l.diags. It returns the verdicts on
// every file this loader checked or was told about.
func (l *loader) wait() (map[string]diag.List, bool) {
	verdicts := map[string]diag.List{}
	for abs, errs := range l.verdicts {
		verdicts[abs] = errs
	}
	ok := true
	for _, c := range l.checks {
		<-c.done
		verdicts[c.abs] = c.errs
		if len(c.errs) > 0 {
			ok = false
			l.diags = append(l.diags, c.errs...)
		}
	}
	return verdicts, ok
}

func (l *loader) loadRoots(paths []string) []*file {
	sorted := append([]string(nil), paths...)
	for i, p := range sorted {
		sorted[i] = filepath.Clean(p)
	}
	sort.Strings(sorted)
	var roots []*file
	for _, p := range sorted {
		f := l.load(p, diag.Pos{})
		if f != nil && !f.root {
			f.root = true
			roots = append(roots, f)
		}
	}
	// Follow imports breadth-first; sorted files keep it deterministic.
	for {
		n := len(l.files)
		for _, f := range l.sortedFiles() {
			l.loadDeps(f)
		}
		if len(l.files) == n {
			break
		}
	}
	return roots
}

func (l *loader) sortedFiles() []*file {
	fs := make([]*file, 0, len(l.files))
	for _, f := range l.files {
		fs = append(fs, f)
	}
	sort.Slice(fs, func(i, j int) bool {
		return fs[i].path < fs[j].path || fs[i].path == fs[j].path && fs[i].abs < fs[j].abs
	})
	return fs
}

// load reads, validates and parses one file; from is where it was
// imported (zero for a root). It returns nil when the file cannot be read.
func (l *loader) load(path string, from diag.Pos) *file {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	if f, ok := l.files[abs]; ok {
		return f
	}
	data, err := inputfile.Read(path)
	if err != nil {
		pos := from
		if pos.IsZero() {
			pos = diag.Pos{File: path}
		}
		l.diags.Errorf(pos, "cannot read %s: %v", path, unwrapPathError(err))
		return nil
	}
	// data is never written again, so the source string shares its bytes
	// rather than copying the file (the big inputs are megabytes, and
	// fresh memory is what a run pays for most).
	f := newFile(path, abs, unsafe.String(unsafe.SliceData(data), len(data)))
	l.files[abs] = f
	errs, known := l.verdicts[abs]
	switch {
	case !known:
		// tscg's parse is the syntax check of a file it reads in full
		// without an error (the parse is not partial): esbuild accepts
		// every such file (TestSyntaxFastPath, FuzzSyntaxFastPath). Any
		// other file goes to esbuild, started as soon as the parse turns
		// partial so that it runs beside the rest, and its errors are
		// esbuild's as before.
		started := false
		start := func() {
			if started {
				return
			}
			started = true
			c := &check{abs: abs, done: make(chan struct{})}
			l.checks = append(l.checks, c)
			go func() {
				l.slots <- struct{}{}
				c.errs = syntaxErrors(f.path, f.src)
				<-l.slots
				close(c.done)
			}()
		}
		p := parseSourceFn(f.src, start)
		if len(p.errs) > 0 {
			start()
		}
		l.parse(f, p)
		return f
	case len(errs) > 0:
		// Rejected on an earlier pass: only esbuild's errors count.
		l.diags = append(l.diags, errs...)
		f.parsed = &parsed{imports: map[string]importBinding{}, exports: map[string]exportBinding{}}
		f.decls = map[string][]*decl{}
		return f
	}
	l.parse(f, parseSource(f.src))
	return f
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// syntaxErrors runs esbuild over a file so that any syntax error
// anywhere, including in code tscg skips, is reported with esbuild's
// position. It touches nothing but its arguments: it runs beside the
// parse and resolution of the loader's files.
func syntaxErrors(path, src string) diag.List {
	res := api.Transform(src, api.TransformOptions{Loader: api.LoaderTS, Sourcefile: path, LogLevel: api.LogLevelSilent})
	var ds diag.List
	for _, m := range res.Errors {
		pos := diag.Pos{File: path}
		if m.Location != nil {
			pos.Line, pos.Col = m.Location.Line, m.Location.Column+1
		}
		ds.Errorf(pos, "syntax error: %s", m.Text)
	}
	return ds
}

func (l *loader) parse(f *file, p *parsed) {
	f.parsed = p
	f.decls = make(map[string][]*decl, len(p.decls))
	for _, e := range f.errs {
		l.diags.Errorf(f.pos(e.off), "%s", e.msg)
	}
	for _, c := range p.constList {
		c.file = f
	}
	for _, fn := range p.funcs {
		fn.file = f
	}
	for i, d := range p.decls {
		d.file = f
		if ds, ok := f.decls[d.name]; ok {
			ds = append(ds, d)
			for _, x := range ds {
				x.merged = true
			}
			f.decls[d.name] = ds
		} else {
			// Most names are declared once: share p.decls rather than
			// allocate a slice per name (declsOf relies on it). The
			// capacity of one makes a second declaration's append copy,
			// not overwrite p.decls.
			f.decls[d.name] = p.decls[i : i+1 : i+1]
		}
	}
	// `export { A, B as C }` exports local declarations too.
	for _, b := range f.exports {
		if b.spec != "" {
			continue
		}
		for _, d := range f.decls[b.local] {
			d.exported = true
		}
	}
}

// declsOf returns f.decls[d.name] for d = f.parsed.decls[i], without a
// lookup when the name is declared once (see parse).
func (f *file) declsOf(i int) []*decl {
	if d := f.parsed.decls[i]; d.merged {
		return f.decls[d.name]
	}
	return f.parsed.decls[i : i+1 : i+1]
}

// loadDeps loads the files f imports or re-exports with relative paths.
func (l *loader) loadDeps(f *file) {
	for _, ref := range f.moduleRefs() {
		if _, done := f.deps[ref.spec]; done {
			continue
		}
		if !isRelative(ref.spec) {
			// A path alias of tsconfig.json (`@/lib/x`, `src/x` under
			// baseUrl) names a project file; anything else is a package.
			if path, ok := l.resolveAlias(filepath.Dir(f.path), ref.spec); ok {
				f.deps[ref.spec] = l.load(path, f.pos(ref.off))
			}
			continue
		}
		path, ok := resolveModule(filepath.Dir(f.path), ref.spec)
		if !ok && isJSONModule(filepath.Dir(f.abs), ref.spec) {
			f.deps[ref.spec] = nil // its data is read where a binding is used
			continue
		}
		if !ok {
			// Only what is used from it matters (an error there): a file
			// is read for the tools and types asked for.
			l.diags.Add(diag.Warnf(f.pos(ref.off), "cannot find module %q (looked for .ts, .d.ts and index files)", ref.spec))
			f.deps[ref.spec] = nil
			continue
		}
		f.deps[ref.spec] = l.load(path, f.pos(ref.off))
	}
}

type moduleRef struct {
	spec string
	off  int
}

// moduleRefs lists the module specifiers of f in source order.
func (f *file) moduleRefs() []moduleRef {
	var refs []moduleRef
	for _, b := range f.imports {
		refs = append(refs, moduleRef{b.spec, b.off})
	}
	for _, b := range f.exports {
		if b.spec != "" {
			refs = append(refs, moduleRef{b.spec, b.off})
		}
	}
	for _, s := range f.stars {
		refs = append(refs, moduleRef{s.spec, s.off})
	}
	sort.Slice(refs, func(i, j int) bool { return refs[i].off < refs[j].off })
	return refs
}

func isRelative(spec string) bool {
	return strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || spec == "." || spec == ".."
}

// resolveModule finds the file a relative specifier names, the way
// TypeScript's classic resolution does for .ts sources: the path itself,
// with .ts or .d.ts added, with a .js extension swapped for .ts, or an
// index file in the directory.
func resolveModule(dir, spec string) (string, bool) {
	base := filepath.Join(dir, filepath.FromSlash(spec))
	var cands []string
	if strings.HasSuffix(base, ".ts") {
		cands = append(cands, base)
	}
	for _, js := range []string{".js", ".mjs", ".cjs"} {
		if strings.HasSuffix(base, js) {
			stem := strings.TrimSuffix(base, js)
			cands = append(cands, stem+".ts", stem+".d.ts")
		}
	}
	cands = append(cands, base+".ts", base+".d.ts",
		filepath.Join(base, "index.ts"), filepath.Join(base, "index.d.ts"))
	for _, c := range cands {
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			return c, true
		}
	}
	return "", false
}
