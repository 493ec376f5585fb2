package golang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/golden"
	"github.com/tscg/tscg/internal/golist"
	"github.com/tscg/tscg/internal/testfiles"
)

// listCase is a module directory and the patterns a test loads there.
type listCase struct {
	name     string
	dir      string
	patterns []string
	deps     []string // dependency packages to build from the listing too
}

// listCases are the golden archives' modules, the golden servers' module
// and the differential structs (named by a file, as bench/golang does).
func listCases(t *testing.T) []listCase {
	var cases []listCase
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		ar := golden.Open(t, file)
		c := listCase{name: strings.TrimSuffix(filepath.Base(file), ".txtar"), patterns: []string{"./..."}}
		if d := ar.File("dir"); d != nil {
			c.dir, _ = filepath.Abs(serversDir)
			c.patterns = []string{"./" + strings.TrimSpace(string(d))}
		} else {
			c.dir = writeModule(t, ar)
		}
		if p := ar.File("patterns"); p != nil {
			c.patterns = strings.Fields(string(p))
		}
		cases = append(cases, c)
	}
	servers, _ := filepath.Abs(serversDir)
	structs, _ := filepath.Abs("testdata/diffstructs")
	return append(cases,
		listCase{"servers", servers, []string{"./..."}, []string{"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/mark3labs/mcp-go/mcp"}},
		listCase{"diffstructs", structs, []string{"diffstructs.go"}, nil},
		listCase{"diffstructs-dir", structs, []string{"."}, []string{"github.com/invopop/jsonschema"}})
}

// TestListLoad: Load gives the same tools, types and diagnostics whether
// it loads with listLoad (one go command) or with packages.Load only, on
// every golden module; and where listLoad loads at all, its packages are
// packages.Load's: the same files, names, imports, and type information
// (every Defs, Uses, Types, Implicits, Selections and Instances entry and
// scope, compared by position and printed form). Where it does not (a
// package with errors), it says why. Enough cases must take each path.
func TestListLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list for every golden module")
	}
	loaded, declined, remembered := 0, 0, 0
	for _, c := range listCases(t) {
		t.Run(c.name, func(t *testing.T) {
			catA, dsA := Load(c.patterns, Options{Dir: c.dir})
			n := counts()
			catR, dsR := Load(c.patterns, Options{Dir: c.dir}) // from the listing remembered by the first
			if k, _ := n(); k > 0 {
				remembered++
			}
			catB, dsB := Load(c.patterns, Options{Dir: c.dir, viaPackages: true})
			for _, l := range []struct {
				name string
				cat  *ir.Catalog
				ds   diag.List
			}{{"listLoad", catA, dsA}, {"listLoad from the remembered listing", catR, dsR}} {
				if a, b := string(dumpTools(t, l.cat)), string(dumpTools(t, catB)); a != b {
					t.Errorf("tools differ:\n%s:\n%s\npackages.Load:\n%s", l.name, a, b)
				}
				if a, b := string(dumpTypes(t, l.cat)), string(dumpTypes(t, catB)); a != b {
					t.Errorf("types differ:\n%s:\n%s\npackages.Load:\n%s", l.name, a, b)
				}
				if a, b := string(dumpDiags(l.ds)), string(dumpDiags(dsB)); a != b {
					t.Errorf("diagnostics differ:\n%s:\n%s\npackages.Load:\n%s", l.name, a, b)
				}
			}

			fa, fb := token.NewFileSet(), token.NewFileSet()
			ps, ls, why := listLoad(fa, c.dir, goEnv(""), c.patterns, nil, nil)
			if why != "" {
				declined++
				t.Logf("listLoad declines: %s", why)
				return
			}
			loaded++
			want, err := packages.Load(&packages.Config{Mode: loadMode, Dir: c.dir, Fset: fb, Env: goEnv("")}, c.patterns...)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != len(want) {
				t.Fatalf("listLoad: %d packages, packages.Load: %d", len(ps), len(want))
			}
			for i := range ps {
				if a, b := describePackage(fa, ps[i]), describePackage(fb, want[i]); a != b {
					t.Errorf("package %s differs:\n%s", want[i].PkgPath, firstDiff(a, b))
				}
			}
			// A dependency built from the listing, as loadDep does, is
			// packages.Load's of its import path from the module root.
			for _, path := range c.deps {
				root, _ := moduleRoot(c.dir)
				got := ls.loadFrom(fa, root, path)
				if got == nil {
					t.Fatalf("dependency %s: not built from the listing", path)
				}
				want, err := packages.Load(&packages.Config{Mode: loadMode, Dir: root, Fset: fb, Env: goEnv("")}, path)
				if err != nil || len(want) != 1 {
					t.Fatal(err, len(want))
				}
				if a, b := describePackage(fa, got), describePackage(fb, want[0]); a != b {
					t.Errorf("dependency %s differs:\n%s", path, firstDiff(a, b))
				}
			}
		})
	}
	t.Logf("listLoad loaded %d cases, declined %d; %d loaded from the remembered listing", loaded, declined, remembered)
	if loaded < 8 || declined < 1 || remembered < loaded {
		t.Errorf("listLoad loaded %d cases and declined %d, %d from the remembered listing: the comparison needs more of each", loaded, declined, remembered)
	}
}

// describePackage prints what the frontend reads of a loaded package, in
// an order that does not depend on the file set.
func describePackage(fset *token.FileSet, p *packages.Package) string {
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	add("id %s name %s path %s errors %d illtyped %v", p.ID, p.Name, p.PkgPath, len(p.Errors), p.IllTyped)
	add("gofiles %v", p.GoFiles)
	add("compiled %v export %q module %v sizes %v", p.CompiledGoFiles, p.ExportFile, p.Module, p.TypesSizes)
	for path, ip := range p.Imports {
		complete := ip.Types != nil && ip.Types.Complete()
		add("import %s = %s %s complete=%v", path, ip.ID, ip.Name, complete)
	}
	add("syntax %d", len(p.Syntax))
	for _, f := range p.Syntax {
		add("file %s package %s decls %d comments %d unresolved %d", fset.Position(f.Pos()).Filename, f.Name.Name, len(f.Decls), len(f.Comments), len(f.Unresolved))
	}
	if p.Types != nil {
		add("types %s %s complete=%v scope %v", p.Types.Path(), p.Types.Name(), p.Types.Complete(), p.Types.Scope().Names())
		for _, ip := range p.Types.Imports() {
			add("types import %s", ip.Path())
		}
	}
	pos := func(n ast.Node) string {
		return fmt.Sprintf("%s-%s", fset.Position(n.Pos()), fset.Position(n.End()))
	}
	obj := func(o types.Object) string {
		if o == nil {
			return "<nil>"
		}
		return fmt.Sprintf("%s @%s", types.ObjectString(o, nil), fset.Position(o.Pos()))
	}
	if info := p.TypesInfo; info != nil {
		for id, o := range info.Defs {
			add("def %s %s %s", pos(id), id.Name, obj(o))
		}
		for id, o := range info.Uses {
			add("use %s %s %s", pos(id), id.Name, obj(o))
		}
		for e, tv := range info.Types {
			add("type %s %s %v", pos(e), types.TypeString(tv.Type, nil), tv.Value)
		}
		for n, o := range info.Implicits {
			add("implicit %s %s", pos(n), obj(o))
		}
		for s, sel := range info.Selections {
			add("selection %s %s", pos(s), sel)
		}
		for id, in := range info.Instances {
			add("instance %s %s", pos(id), types.TypeString(in.Type, nil))
		}
		for n, s := range info.Scopes {
			add("scope %s %v", pos(n), s.Names())
		}
		for f, v := range info.FileVersions {
			add("version %s %s", fset.Position(f.Pos()).Filename, v)
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// firstDiff shows the first few lines of a and b that differ.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	inB := map[string]bool{}
	for _, l := range lb {
		inB[l] = true
	}
	inA := map[string]bool{}
	for _, l := range la {
		inA[l] = true
	}
	var out []string
	for _, l := range la {
		if !inB[l] && len(out) < 10 {
			out = append(out, "listLoad only: "+l)
		}
	}
	for _, l := range lb {
		if !inA[l] && len(out) < 20 {
			out = append(out, "packages.Load only: "+l)
		}
	}
	return fmt.Sprintf("%d vs %d lines\n%s", len(la), len(lb), strings.Join(out, "\n"))
}

// TestParseAhead: the files parsed while go list runs stand for those
// parsed after it only where go list names them. A file it leaves out (a
// build constraint, cgo with CGO_ENABLED=0: even one that does not
// parse) is unused and no parse error; a test file is not parsed; a
// package named by import path (not parsed ahead) is parsed after. The
// packages are packages.Load's, and the same as with nothing parsed
// ahead.
func TestParseAhead(t *testing.T) {
	dir := testfiles.Tree(t, map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.22\n",
		"p/a.go":      "package p\n\nimport \"example.com/m/q\"\n\n// A is a.\ntype A struct {\n\tQ q.Q `json:\"q\"`\n}\n",
		"p/b.go":      "//go:build never\n\npackage p\n\nfunc (\n",
		"p/c.go":      "package p\n\n/*\n#include <stdio.h>\n*/\nimport \"C\"\n\ntype C struct{}\n",
		"p/a_test.go": "package p\n\nfunc (\n",
		"q/q.go":      "package q\n\n// Q is q.\ntype Q struct{ N int }\n",
	})
	env := append(goEnv(""), "CGO_ENABLED=0")
	patterns := []string{"./p", "example.com/m/q"}
	fa := token.NewFileSet()
	ahead := parseAhead(fa, dir, patterns)
	ahead.wait()
	var names []string
	for name, pf := range ahead.files {
		rel, _ := filepath.Rel(dir, name)
		names = append(names, fmt.Sprintf("%s error=%v", filepath.ToSlash(rel), pf.err != nil))
	}
	sort.Strings(names)
	if got, want := strings.Join(names, "; "), "p/a.go error=false; p/b.go error=true; p/c.go error=false"; got != want {
		t.Errorf("parsed ahead: %s; want %s", got, want)
	}

	var handed []string
	ps, _, why := listLoad(fa, dir, env, patterns, func(f *ast.File) {
		rel, _ := filepath.Rel(dir, fa.Position(f.Pos()).Filename)
		handed = append(handed, filepath.ToSlash(rel))
	}, nil)
	if why != "" {
		t.Fatalf("listLoad declines: %s", why)
	}
	// Those that parsed, in name order (b.go does not parse).
	if got, want := strings.Join(handed, " "), "p/a.go p/c.go"; got != want {
		t.Errorf("listLoad handed on %s, want %s", got, want)
	}
	fb := token.NewFileSet()
	want, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir, Fset: fb, Env: env}, patterns...)
	if err != nil || len(want) != 2 || len(ps) != 2 {
		t.Fatal(err, len(want), len(ps))
	}
	for i := range ps {
		if a, b := describePackage(fa, ps[i]), describePackage(fb, want[i]); a != b {
			t.Errorf("package %s differs:\n%s", want[i].PkgPath, firstDiff(a, b))
		}
	}

	// The same listing built with the files parsed ahead and without:
	// the same packages, the first holding the trees parsed ahead.
	run, err := golist.Start(dir, env, golist.Args(patterns))
	if err != nil {
		t.Fatal(err)
	}
	ls := &listing{dir: dir, pkgs: map[string]*listPkg{}, sizes: types.SizesFor("gc", runtime.GOARCH)}
	roots, why := ls.decode(run.Stdout)
	if !run.Wait() || why != "" {
		t.Fatalf("go list: %s", why)
	}
	fc := token.NewFileSet()
	ahead = parseAhead(fc, dir, patterns)
	ahead.wait()
	ls.ahead = ahead
	withAhead, why := ls.load(fc, roots)
	if why != "" {
		t.Fatal(why)
	}
	ls.ahead = nil
	fd := token.NewFileSet()
	without, why := ls.load(fd, roots)
	if why != "" {
		t.Fatal(why)
	}
	for i := range withAhead {
		if a, b := describePackage(fc, withAhead[i]), describePackage(fd, without[i]); a != b {
			t.Errorf("package %s differs with files parsed ahead:\n%s", without[i].PkgPath, firstDiff(a, b))
		}
	}
	for _, p := range withAhead {
		if p.PkgPath == "example.com/m/p" && (len(p.Syntax) != 1 || p.Syntax[0] != ahead.files[filepath.Join(dir, "p", "a.go")].f) {
			t.Errorf("package %s: its syntax is not the tree parsed ahead", p.PkgPath)
		}
		if p.PkgPath == "example.com/m/q" && len(p.Syntax) != 1 {
			t.Errorf("package %s: %d files, want 1", p.PkgPath, len(p.Syntax))
		}
	}
}

// TestParseAheadCgoRoot: a root with cgo (CGO_ENABLED=1: go list compiles
// generated files for it, outside the package's directory) is left to
// packages.Load whatever was parsed ahead, and Load reads the same
// through either path.
func TestParseAheadCgoRoot(t *testing.T) {
	dir := testfiles.Tree(t, map[string]string{
		"go.mod": "module example.com/c\n\ngo 1.22\n",
		"r/a.go": "package r\n\n// A is a.\ntype A struct {\n\tN int `json:\"n\"`\n}\n",
		"r/c.go": "package r\n\n/*\nstatic int two(void) { return 2; }\n*/\nimport \"C\"\n\n// Two is two.\nfunc Two() int { return int(C.two()) }\n",
	})
	t.Setenv("CGO_ENABLED", "1")
	_, _, why := listLoad(token.NewFileSet(), dir, goEnv(""), []string{"./r"}, nil, nil)
	if why == "" {
		t.Fatal("listLoad loaded a root with cgo")
	}
	t.Logf("listLoad declines: %s", why)
	catA, dsA := Load([]string{"./r"}, Options{Dir: dir})
	catB, dsB := Load([]string{"./r"}, Options{Dir: dir, viaPackages: true})
	if catA.Type("A") == nil {
		t.Errorf("type A not read: %v", dsA)
	}
	if a, b := string(dumpTypes(t, catA)), string(dumpTypes(t, catB)); a != b {
		t.Errorf("types differ:\nLoad:\n%s\npackages.Load:\n%s", a, b)
	}
	if a, b := string(dumpDiags(dsA)), string(dumpDiags(dsB)); a != b {
		t.Errorf("diagnostics differ:\nLoad:\n%s\npackages.Load:\n%s", a, b)
	}
}
