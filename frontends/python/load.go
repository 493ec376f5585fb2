package python

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/inputfile"
)

// Options configures Load.
type Options struct {
	// ToolDecorators adds decorator patterns to DefaultToolDecorators.
	ToolDecorators []string
	// InjectedTypes adds type names to DefaultInjectedTypes.
	InjectedTypes []string
	// TscgListing leaves ir.Tool.Listing unset: the MCP listing is then
	// tscg's own reading, not the framework's (config python.listing: tscg).
	TscgListing bool
	// Nested marks files a directory walk found in a sub-directory of a
	// tools folder or in a Go module: they are tool groups only when they define tools the
	// frameworks' way (else the tools reach them through imports, and an
	// info diagnostic says so).
	Nested map[string]bool
}

// source is one loaded file.
type source struct {
	path string // display path
	abs  string
	name string // module name: the file name without .py
	m    *module
	root bool
}

func (s *source) pos(off int) ir.Pos {
	line, col := s.m.lineCol(off)
	return ir.Pos{File: s.path, Line: line, Col: col}
}

// loader loads files, follows imports between sibling files and builds
// the catalog.
type loader struct {
	opts Options
	// regs are each file's call and nested registrations (registrations).
	regs map[*source][]registration
	// notes are what the tool last read needs for its framework's
	// listing (see setListing).
	notes listingNotes
	files map[string]*source // by absolute path
	sibs  map[string]*source // dir + "\x00" + module → sibling file (nil: none)
	named map[string]*ir.Named
	order map[*ir.Named]ir.Pos
	diags diag.List
	depth int // alias expansion depth, against alias cycles
	// env is the parameters of the project function whose call is being
	// evaluated (eval.go), nil outside a call; calls is the call depth.
	env   *callEnv
	calls int
	// factoryWarned holds the uses of factory parameters already warned
	// about (a value may be read twice).
	factoryWarned map[string]bool
	// modelEnv is set while a registration's condition is evaluated
	// (cond.go): environment reads give their defaults.
	modelEnv *envModel
	// scopes are the classes whose bodies are being converted, innermost
	// last: their nested classes are visible by their bare names.
	scopes  []*classDef
	bases   []string // package roots of the inputs, for absolute imports
	lookups int      // import-following depth, against import cycles
	// owner names the parameter or field whose schema is being read
	// ("parameter code of lookup"), for diagnostics deep in a hint.
	owner string
	// starred holds the files a search through star imports has visited.
	starred map[*source]bool
}

// Load reads Python files (each a tool group) and returns one catalog:
// every top-level function whose name does not start with "_" is a tool;
// the module docstring (or a `__doc__ = "..."` assignment) is the group's
// description. Classes used as types (TypedDict, dataclass, Enum, pydantic
// BaseModel), and those of the given files, become named types; imports
// of sibling files are followed. The result does not depend on the order
// of files.
func Load(files []string, opts Options) (*ir.Catalog, diag.List) {
	l := &loader{opts: opts, files: map[string]*source{}, sibs: map[string]*source{}, regs: map[*source][]registration{}, named: map[string]*ir.Named{}, order: map[*ir.Named]ir.Pos{}}
	var roots []*source
	sorted := append([]string(nil), files...)
	sort.Strings(sorted)
	seenBase := map[string]bool{}
	for _, p := range sorted {
		if b := packageBase(filepath.Dir(filepath.Clean(p))); !seenBase[b] {
			seenBase[b] = true
			l.bases = append(l.bases, b)
		}
	}
	for _, p := range sorted {
		if s := l.load(filepath.Clean(p)); s != nil && !s.root {
			s.root = true
			roots = append(roots, s)
		}
	}
	cat := &ir.Catalog{}
	for _, s := range roots {
		if opts.Nested[s.path] && !l.usesFramework(s) {
			l.warn(ir.Pos{File: s.path}, diag.Info, ruleHelper, "%s was found by a directory walk (in a sub-directory of a tools folder, or in a Go module) and defines no framework tools (no @tool-style decorator, list_tools handler or BaseTool); it is read only where the tools import it", s.path)
			continue
		}
		l.group(cat, s)
	}
	for n := range l.order {
		cat.Types = append(cat.Types, n)
	}
	sort.Slice(cat.Types, func(i, j int) bool {
		a, b := l.order[cat.Types[i]], l.order[cat.Types[j]]
		if a != b {
			return a.Before(b)
		}
		return cat.Types[i].Name < cat.Types[j].Name
	})
	return cat, l.diags.Sorted()
}

// load reads and parses one file once.
func (l *loader) load(path string) *source {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	if s, ok := l.files[abs]; ok {
		return s
	}
	src, err := inputfile.Read(path)
	if err != nil {
		l.diags.Add(diag.Errorf(diag.Pos{File: path}, "cannot read Python file: %v", err))
		l.files[abs] = nil
		return nil
	}
	m, ds := parseFile(path, src)
	l.diags = append(l.diags, ds...)
	s := &source{path: path, abs: abs, name: strings.TrimSuffix(filepath.Base(path), ".py"), m: m}
	l.files[abs] = s
	return s
}

// group adds a root file's group, tools and exported classes.
func (l *loader) group(cat *ir.Catalog, s *source) {
	g := &ir.Group{Name: s.name, Pos: ir.Pos{File: s.path, Line: 1, Col: 1}}
	if d := s.m.doc; d != nil {
		g.Description, g.Pos = cleandoc(d.text), s.pos(d.off)
	} else if d := s.m.docAssign; d != nil {
		g.Description, g.Pos = cleandoc(d.text), s.pos(d.off)
	}
	cat.Groups = append(cat.Groups, g)
	tools := l.fileTools(s)
	if len(tools) == 0 && s.m.err == nil && !l.definesTypes(s) {
		l.noTools(s)
	}
	// Duplicate names are the build driver's to report (ir.DuplicateTools).
	cat.Tools = append(cat.Tools, tools...)
	if l.usesFramework(s) {
		return // only the types the tools use: a helper class cannot fail the build
	}
	for _, c := range s.m.classes {
		if !strings.HasPrefix(c.name, "_") && l.classKind(s, c, 0) != "" {
			l.classRef(s, c)
		}
	}
}

// fileTools returns a file's tools. A file written for a framework
// publishes what the framework publishes: decorated functions, the Tool
// values of a list_tools handler, BaseTool classes. Any other file follows
// the seed loader: every top-level function not starting with "_". A
// function that is no tool is not compiled at all.
func (l *loader) fileTools(s *source) []*ir.Tool {
	var out []*ir.Tool
	if !l.usesFramework(s) {
		for _, f := range s.m.funcs {
			if !strings.HasPrefix(f.name, "_") {
				out = l.appendTool(out, s, f, func() *ir.Tool { return l.tool(s, f, toolOpts{}) })
			}
		}
		return out
	}
	swarm := l.swarmFunctions(s)
	for _, f := range s.m.funcs {
		if d := l.toolDecorator(s, f); d != nil {
			out = l.appendTool(out, s, f, func() *ir.Tool { return l.decoratedTool(s, f, d) })
		} else if swarm[f.name] {
			out = l.appendTool(out, s, f, func() *ir.Tool {
				t := l.tool(s, f, toolOpts{framework: true, swarm: true})
				l.setListing(s, f, nil, t, listingSwarm, l.notes)
				return t
			})
		}
		out = append(out, l.listedTools(s, f)...)
	}
	for _, r := range l.registrations(s) {
		if r.cond.note != "" {
			name := r.f.name
			if n, ok := l.str(s, r.deco.kw("name")); ok {
				name = n
			}
			l.warnCondition(s, r.deco.off, name, r.cond)
		}
		if !r.cond.ok && r.cond.note != "" {
			continue
		}
		restore := l.factoryEnv(s, r.outer)
		out = l.appendTool(out, s, r.f, func() *ir.Tool {
			t := l.decoratedTool(s, r.f, r.deco)
			if t != nil && r.class != nil {
				t.Function = l.unservable(s, r.f.off, r.class.name+"."+r.f.name+" (a tool object)",
					"%s.%s is a tool object the decorator made when the class was created, not a function tscg serve can call (build and lint are not affected)", r.class.name, r.f.name)
			}
			return t
		})
		restore()
	}
	for _, c := range s.m.classes {
		if f, d := l.modelTool(s, c); f != nil {
			out = l.appendTool(out, s, f, func() *ir.Tool {
				t := l.decoratedTool(s, f, d)
				if t != nil {
					t.Function = l.unservable(s, c.off, c.name+" (a tool object)",
						"the model %s is a tool object the decorator made, not a function tscg serve can call (build and lint are not affected)", c.name)
				}
				return t
			})
		}
	}
	byClass := map[*classDef]*ir.Tool{}
	for _, c := range s.m.classes {
		if l.isBaseTool(s, c) {
			if t := l.classTool(s, c); t != nil {
				if base := l.aliasOf(s, c, t, byClass); base != nil {
					continue
				}
				byClass[c] = t
				out = append(out, t)
			}
		} else if l.isSmolTool(s, c) {
			if t := l.smolClassTool(s, c); t != nil {
				out = append(out, t)
			}
		}
	}
	return out
}

// modelTool reads LangChain's @tool on a pydantic model class (`@tool
// class Done(BaseModel): """E-mail has been sent.""" done: bool`):
// StructuredTool.from_function of the class, whose signature is its
// fields (keyword-only, their defaults) and whose docstring is the
// description. It returns the class as that function and the decorator.
func (l *loader) modelTool(s *source, c *classDef) (*funcDef, *expr) {
	var deco *expr
	for _, d := range c.decorators {
		fn := d
		if d.kind == exCall {
			fn = d.x
		}
		if fn.dotted() == "tool" && (l.fromModule(s, d, "langchain_core") || l.fromModule(s, d, "langchain")) {
			deco = d
		}
	}
	if deco == nil || l.classKind(s, c, 0) != kindModel {
		return nil, nil
	}
	f := &funcDef{name: c.name, off: c.off, decorators: c.decorators, doc: c.doc}
	for _, fd := range c.fields {
		if fd.ann == nil {
			continue
		}
		f.params = append(f.params, &param{name: fd.name, kind: "keyword_only", off: fd.off, ann: fd.ann, def: l.signatureDefault(s, c, fd)})
	}
	return f, deco
}

// signatureDefault is a model field's default as the class's signature
// holds it: a Field(...)'s default value (none for Field(...) or a
// default_factory), whose other keywords the signature, and so LangChain's
// schema, leaves out (a warning says which).
func (l *loader) signatureDefault(s *source, c *classDef, fd *field) *expr {
	v := fd.value
	if v == nil || v.kind != exCall || l.canonical(s, v.x) != "Field" {
		return v
	}
	var def *expr
	var lost []string
	if len(v.args) > 0 {
		def = v.args[0]
	}
	for _, k := range v.kws {
		switch k.name {
		case "default":
			def = k.value
		case "default_factory":
		default:
			lost = append(lost, k.name)
		}
	}
	if len(lost) > 0 {
		l.warn(s.pos(v.off), diag.Warning, ruleDefault, "LangChain's @tool on the model %s builds its schema from the class's signature, which keeps only a field's default: the Field keywords %s of %s are not published", c.name, strings.Join(lost, ", "), fd.name)
	}
	if def != nil && def.kind == exConst && def.value == "..." {
		return nil
	}
	return def
}

// aliasOf returns the tool of a base class of c (in this file) that t,
// c's tool, repeats exactly: a subclass kept under the same tool name for
// backwards compatibility (CrewAI's `class EXASearchTool(ExaSearchTool)`,
// a deprecated alias). An agent given either class gets the same tool,
// so it is listed once, with a note; a subclass that changes the name,
// description or schema is a tool of its own, and one that changes them
// but keeps the name is a duplicate the build reports at both places.
func (l *loader) aliasOf(s *source, c *classDef, t *ir.Tool, byClass map[*classDef]*ir.Tool) *ir.Tool {
	for _, b := range c.bases {
		tg, ok := l.lookup(s, b.dotted())
		if !ok || tg.cls == nil {
			continue
		}
		base := byClass[tg.cls]
		if base == nil || base.Name != t.Name || base.Description != t.Description || base.Title != t.Title ||
			!reflect.DeepEqual(base.Params, t.Params) || !reflect.DeepEqual(base.Listing, t.Listing) {
			continue
		}
		l.warn(t.Pos, diag.Info, ruleValue, "BaseTool %s publishes the same tool as its base %s (name %q, same description and arguments): listed once", c.name, base.Function, t.Name)
		return base
	}
	return nil
}

// definesTypes reports a plain file that contributes named types (a
// models module beside the tools).
func (l *loader) definesTypes(s *source) bool {
	if l.usesFramework(s) {
		return false
	}
	for _, c := range s.m.classes {
		if !strings.HasPrefix(c.name, "_") && l.classKind(s, c, 0) != "" {
			return true
		}
	}
	return false
}

// noTools says what a file without tools held instead, so a build of it
// is never a silent "0 tools".
func (l *loader) noTools(s *source) {
	what := fmt.Sprintf("%d top-level functions and %d classes", len(s.m.funcs), len(s.m.classes))
	rule := "tools are the functions whose names do not start with _"
	if l.usesFramework(s) {
		rule = "tools are functions decorated with @mcp.tool, @tool, @function_tool, @agent.tool (or the configured python.toolDecorators), Tool(...) values of a list_tools handler, or BaseTool classes with args_schema; resources and prompts are not tools"
	}
	l.warn(ir.Pos{File: s.path, Line: 1, Col: 1}, diag.Warning, ruleNoTools, "%s defines no tool (it holds %s): %s", s.path, what, rule)
}

// sibling returns the module a `from X import …` names when tscg can read
// it: a file next to s (a tools folder imports its own helpers this way),
// for `from ..x import` the file that many packages up, and for an
// absolute `from pkg.types import X` the file under the root of s's
// package (found by walking up __init__.py files) or of an input's.
func (l *loader) sibling(s *source, module string, level int) *source {
	if module == "" {
		return nil
	}
	dir := filepath.Dir(s.path)
	key := dir + "\x00" + module + "\x00" + strconv.Itoa(level)
	if sib, ok := l.sibs[key]; ok {
		return sib
	}
	l.sibs[key] = nil
	var bases []string
	switch {
	case level > 1:
		base := dir
		for i := 1; i < level; i++ {
			base = filepath.Dir(base)
		}
		bases = []string{base}
	case level == 1:
		bases = []string{dir}
	default:
		// A module of a package imports absolutely from the package's
		// base, not from its own folder: `from agents import …` in
		// airline/tools.py is the installed agents, not airline/agents.py.
		first := dir
		if base := packageBase(dir); base != dir {
			first = base
		}
		bases = append([]string{first}, l.bases...)
	}
	rel := filepath.Join(strings.Split(module, ".")...)
	for _, base := range bases {
		for _, cand := range []string{filepath.Join(base, rel+".py"), filepath.Join(base, rel, "__init__.py")} {
			if st, err := os.Stat(cand); err == nil && !st.IsDir() {
				l.sibs[key] = l.load(cand)
				return l.sibs[key]
			}
		}
	}
	return nil
}

// packageBase is the directory a package's absolute imports start from:
// the parent of the outermost directory with an __init__.py above dir.
// A relative dir (`tscg build server.py` run inside the package) is
// walked as the absolute path it names, and the base given relative to it.
func packageBase(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	base := abs
	for i := 0; i < 64; i++ {
		if _, err := os.Stat(filepath.Join(base, "__init__.py")); err != nil || filepath.Dir(base) == base {
			break
		}
		base = filepath.Dir(base)
	}
	if base == abs {
		return dir
	}
	if filepath.IsAbs(dir) {
		return base
	}
	if up, err := filepath.Rel(abs, base); err == nil {
		return filepath.Join(dir, up)
	}
	return base
}

// target is what a name in a module refers to.
type target struct {
	src     *source
	cls     *classDef
	alias   *assign
	builtin string // the typing/stdlib/builtin name, unqualified
}

// lookup resolves a (dotted) name used in s. Import chains are followed
// to a bounded depth, so import cycles end.
func (l *loader) lookup(s *source, dotted string) (target, bool) {
	if l.lookups > 32 {
		return target{}, false
	}
	l.lookups++
	defer func() { l.lookups-- }()
	head, rest, qualified := strings.Cut(dotted, ".")
	if !qualified {
		for i := len(l.scopes) - 1; i >= 0; i-- {
			for _, c := range l.scopes[i].nested {
				if c.name == head {
					return target{src: s, cls: c}, true
				}
			}
		}
	}
	if qualified && !strings.Contains(rest, ".") { // Outer.Inner
		for _, c := range s.m.classes {
			for _, n := range c.nested {
				if c.name == head && n.name == rest {
					return target{src: s, cls: n}, true
				}
			}
		}
	}
	if !qualified {
		// Forward references parse in a scratch source; declarations
		// belong to the file itself.
		home := s
		if f := l.files[s.abs]; f != nil {
			home = f
		}
		for _, c := range s.m.classes {
			if c.name == head {
				return target{src: home, cls: c}, true
			}
		}
		if a := s.m.assigns[head]; a != nil {
			return target{src: home, alias: a}, true
		}
	}
	// An import of a module tscg does not read gives a builtin name,
	// unless a later import of the same name (the except branch of a
	// try) is of a file it reads.
	var outside *target
	for _, imp := range s.m.imports {
		for _, n := range imp.names {
			if n[1] != head {
				continue
			}
			if imp.module == "" && imp.level == 0 { // import X [as head]
				if sib := l.sibling(s, n[0], 0); sib != nil && qualified {
					return l.lookup(sib, rest)
				}
				if outside == nil {
					outside = &target{builtin: lastPart(dotted)}
				}
				continue
			}
			if qualified { // from pkg import module; module.Name
				sub := n[0]
				if imp.module != "" {
					sub = imp.module + "." + n[0]
				}
				if mod := l.sibling(s, sub, imp.level); mod != nil {
					return l.lookup(mod, rest)
				}
			}
			if sib := l.sibling(s, fromModule(imp), imp.level); sib != nil {
				if qualified {
					return target{}, false
				}
				return l.lookup(sib, n[0])
			}
			if outside == nil && qualified {
				outside = &target{builtin: lastPart(rest)}
			} else if outside == nil {
				outside = &target{builtin: n[0]}
			}
		}
	}
	if outside != nil {
		return *outside, true
	}
	if tg, ok := l.starImport(s, dotted); ok {
		return tg, true
	}
	return target{builtin: lastPart(dotted)}, true
}

// starImport finds a class or constant a `from M import *` of a file
// tscg reads brings in (the module's public names; __all__ is not read).
func (l *loader) starImport(s *source, dotted string) (target, bool) {
	if strings.HasPrefix(dotted, "_") {
		return target{}, false
	}
	if l.starred == nil { // each file once per search: star imports may form cycles
		l.starred = map[*source]bool{}
		defer func() { l.starred = nil }()
	}
	l.starred[s] = true
	for _, imp := range s.m.imports {
		if len(imp.names) != 1 || imp.names[0][0] != "*" {
			continue
		}
		if sib := l.sibling(s, fromModule(imp), imp.level); sib != nil && !l.starred[sib] {
			if tg, ok := l.lookup(sib, dotted); ok && (tg.cls != nil || tg.alias != nil) {
				return tg, true
			}
		}
	}
	return target{}, false
}

func lastPart(dotted string) string {
	if i := strings.LastIndexByte(dotted, '.'); i >= 0 {
		return dotted[i+1:]
	}
	return dotted
}

// canonical returns the builtin name an expression's name refers to, or
// "" when it names a user class or alias.
func (l *loader) canonical(s *source, e *expr) string {
	d := e.dotted()
	if d == "" {
		return ""
	}
	t, ok := l.lookup(s, d)
	if !ok || t.builtin == "" {
		return ""
	}
	return t.builtin
}

// appendTool appends the tool read makes from f to out. When reading it
// reported errors, all within f's own text (its decorators, signature and
// body), those errors name it (diag.Diagnostic.BlockedTool): the tool is
// kept here, with its errors, and the build driver leaves it out, so that
// one unreadable tool hides none of the others and a tool read in part is
// never published. An error elsewhere (a model, a module constant other
// tools may share) fails the input as a whole.
func (l *loader) appendTool(out []*ir.Tool, s *source, f *funcDef, read func() *ir.Tool) []*ir.Tool {
	start := len(l.diags)
	t := read()
	if t == nil {
		return out
	}
	if l.diags[start:].HasErrors() && l.errorsWithin(start, s, f) {
		l.diags.Block(start, t.Name)
	}
	return append(out, t)
}

// errorsWithin reports whether every error from index start on is in
// f's text.
func (l *loader) errorsWithin(start int, s *source, f *funcDef) bool {
	first, last := s.pos(f.off).Line, s.pos(f.off).Line
	for _, d := range f.decorators {
		first = min(first, s.pos(d.off).Line)
	}
	if n := len(f.body); n > 0 {
		if toks := f.body[n-1].toks; len(toks) > 0 {
			last = max(last, s.pos(toks[len(toks)-1].end).Line)
		}
	}
	for _, d := range l.diags[start:] {
		if d.Severity != diag.Error {
			continue
		}
		if d.Pos.File != s.path || d.Pos.Line < first || d.Pos.Line > last {
			return false
		}
	}
	return true
}
