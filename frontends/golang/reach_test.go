package golang

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// registerSource type-checks src (package x) and decides the one call of
// register in it, as a registration of the tool named "t" (reach.go).
func registerSource(t testing.TB, src string) (string, bool) {
	t.Helper()
	why, dead, err := decideRegister(src)
	if err != nil {
		t.Fatal(err)
	}
	return why, dead
}

// testConv type-checks src (package x; the standard library and the
// pflag stub importable) into a conv holding that one package.
func testConv(src string) (*conv, *ast.File, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: pflagImporter{importer.Default()}}
	tp, err := conf.Check("x", fset, []*ast.File{file}, info)
	if err != nil {
		return nil, nil, err
	}
	p := &packages.Package{PkgPath: "x", Fset: fset, Syntax: []*ast.File{file}, Types: tp, TypesInfo: info}
	c := newConv(fset, "")
	c.pkgs = map[*types.Package]*packages.Package{tp: p}
	return c, file, nil
}

// callsOfName lists the positions of the calls of the function named
// name in file.
func callsOfName(file *ast.File, name string) []token.Pos {
	var out []token.Pos
	ast.Inspect(file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id := identOf(call.Fun); id != nil && id.Name == name {
				out = append(out, call.Pos())
			}
		}
		return true
	})
	return out
}

// decideRegister is registerSource's work; an error when src does not
// type-check or has not exactly one call of register.
func decideRegister(src string) (string, bool, error) {
	c, file, err := testConv(src)
	if err != nil {
		return "", false, err
	}
	sites := callsOfName(file, "register")
	if len(sites) != 1 {
		return "", false, fmt.Errorf("%d calls of register", len(sites))
	}
	why, dead := c.untaken(sites[0], "t", 0, map[token.Pos]bool{})
	return why, dead, nil
}

// FuzzUntaken: deciding a registration never panics or hangs, whatever
// the code around it (reach.go).
func FuzzUntaken(f *testing.F) {
	for _, s := range []string{
		`func gate(on bool) { if !on { return }; register("t") }; func main() { gate(false) }`,
		`func main() { add := func(n string) { if n != "r" { return }; register(n) }; add("w"); add("r") }`,
		`func main() { on := false; f := func() { if !on { return }; register("t") }; on = true; f() }`,
		`func inner(w bool) { if !w { return }; register("t") }; func outer(w bool) { inner(w); outer(!w) }; func main() { outer(true) }`,
		`func g(n int) { for i := 0; i < n; i++ { if i > 2 { return } }; switch n { case 1: return }; register("t") }; func main() { g(1) }`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		_, _, _ = decideRegister("package x\nfunc register(name string) {}\n" + body + "\n")
	})
}

func TestUntakenEarlyReturns(t *testing.T) {
	const head = "package x\nimport (\"errors\"; \"os\")\nvar _ = errors.New\nvar _ = os.Getenv\nfunc register(name string) {}\n"
	cases := []struct {
		name, src string
		dead      bool
		why       string // in the reason, when dead
	}{
		{"return before, on a parameter its one call passes", `
func gate(on bool) { if !on { return }; register("t") }
func main() { gate(false) }`, true, "`!on` is true"},
		{"every call returns early", `
func gate(on bool) { if !on { return }; register("t") }
func main() { gate(false); gate(os.Getenv("X") != "") }`, true, "the return at x.go:7:31"},
		{"one call registers", `
func gate(on bool) { if !on { return }; register("t") }
func main() { gate(false); gate(os.Getenv("X") == "") }`, false, ""},
		{"nested conditions", `
func gate(mode string, ro bool) { if mode != "full" { if !ro { return } }; register("t") }
func main() { gate("basic", false) }`, true, "`mode != \"full\"` is true at x.go:7:35, `!ro` is true"},
		{"nested condition not taken", `
func gate(mode string, ro bool) { if mode != "full" { if !ro { return } }; register("t") }
func main() { gate("basic", true) }`, false, ""},
		{"a return on an error decides nothing", `
func check(s string) error { if s == "" { return errors.New("empty") }; return nil }
func main() { if err := check(""); err != nil { return }; register("t") }`, false, ""},
		{"a local closure, decided per call", `
func main() { add := func(n string) { if n != "r" { return }; register(n) }; add("w") }`, true, "`n != \"r\"` is true"},
		{"a local closure registering in one call", `
func main() { add := func(n string) { if n != "r" { return }; register(n) }; add("w"); add("r") }`, false, ""},
		{"a closure sees the variable as it is at the call", `
func main() { on := false; f := func() { if !on { return }; register("t") }; on = true; f() }`, false, ""},
		{"a closure sees the value of the function around it", `
func main() { on := false; f := func() { if !on { return }; register("t") }; f() }`, true, "`!on` is true"},
		{"a reassigned closure decides nothing", `
func main() { f := func(n string) { if n != "r" { return }; register(n) }; f = func(string) {}; f("w") }`, false, ""},
		{"a parameter down two functions", `
func inner(w bool) { if !w { return }; register("t") }
func outer(w bool) { inner(w) }
func main() { w := os.Getenv("W") == "1"; outer(w) }`, true, "`!w` is true"},
		{"parameters the calls disagree on", `
func inner(w bool) { if !w { return }; register("t") }
func outer(w bool) { inner(w) }
func main() { outer(false); outer(true) }`, false, ""},
		{"an unknown condition decides nothing", `
func gate(n int) { if n > len(os.Args) { return }; register("t") }
func main() { gate(3) }`, false, ""},
		{"a statement before that cannot return", `
func gate(on bool) { if !on { println("off") }; register("t") }
func main() { gate(false) }`, false, ""},
		{"the if around still decides", `
func gate(on bool) { if on { register("t") } }
func main() { gate(false) }`, true, "`on` is true (at x.go:7:22; by default it is false)"},
		{"a function nothing calls decides nothing", `
func Gate(on bool) { if !on { return }; register("t") }`, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			why, dead := registerSource(t, head+tc.src)
			if dead != tc.dead {
				t.Fatalf("dead = %v (%q), want %v", dead, why, tc.dead)
			}
			if dead && !strings.Contains(why, tc.why) {
				t.Errorf("why = %q, want it to hold %q", why, tc.why)
			}
		})
	}
}

// TestUntakenToolVariable: a tool kept in a package variable is decided
// by the function it is handed to, its parameter bound to the tool's
// name; a use elsewhere keeps it.
func TestUntakenToolVariable(t *testing.T) {
	const head = `package x
type tool struct{ Name string }
func register(tl tool) {}
var writeTool = tool{Name: "t"}
func readOnly() map[string]bool { return map[string]bool{"r": true} }
`
	cases := []struct {
		name, src string
		dead      bool
	}{
		{"handed to a closure returning for a name not read-only", `
func setup(write bool) { add := func(tl tool) { if !write && !readOnly()[tl.Name] { return }; register(tl) }; add(writeTool) }
func main() { setup(false) }`, true},
		{"write access on", `
func setup(write bool) { add := func(tl tool) { if !write && !readOnly()[tl.Name] { return }; register(tl) }; add(writeTool) }
func main() { setup(true) }`, false},
		{"also kept in a slice", `
var all = []tool{writeTool}
func setup(write bool) { add := func(tl tool) { if !write && !readOnly()[tl.Name] { return }; register(tl) }; add(writeTool) }
func main() { setup(false) }`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dead := untakenVarSource(t, head+tc.src)
			if dead != tc.dead {
				t.Fatalf("dead = %v, want %v", dead, tc.dead)
			}
		})
	}
}

// untakenVarSource decides the tool built in writeTool's initializer.
func untakenVarSource(t *testing.T, src string) bool {
	t.Helper()
	c, file, err := testConv(src)
	if err != nil {
		t.Fatal(err)
	}
	var site token.Pos
	ast.Inspect(file, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && vs.Names[0].Name == "writeTool" {
			site = vs.Values[0].Pos()
		}
		return true
	})
	_, dead := c.untaken(site, "t", 0, map[token.Pos]bool{})
	return dead
}
