package golang

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/packages"
)

// onEnv, when set, is given to evalSource's evaluator.
var onEnv func(name string)

// evalSource type-checks src (package x, standard library imports only)
// and runs the function f of it on the evaluator.
func evalSource(t testing.TB, src string) (any, bool, []string) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, false, nil
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances: map[*ast.Ident]types.Instance{}}
	conf := types.Config{Importer: pflagImporter{importer.Default()}, Error: func(error) {}}
	tp, err := conf.Check("x", fset, []*ast.File{file}, info)
	if err != nil {
		return nil, false, nil
	}
	p := &packages.Package{PkgPath: "x", Fset: fset, Syntax: []*ast.File{file}, Types: tp, TypesInfo: info}
	c := newConv(fset, "")
	c.pkgs = map[*types.Package]*packages.Package{tp: p}
	fn, _ := tp.Scope().Lookup("f").(*types.Func)
	if fn == nil {
		return nil, false, nil
	}
	ev := newEvaluator(c)
	ev.onEnv = onEnv
	v, ok := ev.apply(fn, nil)
	var warnings []string
	for _, d := range c.diags {
		warnings = append(warnings, d.Message)
	}
	return v, ok, warnings
}

func TestEvaluatorLoopsAndSwitch(t *testing.T) {
	cases := []evalCase{
		{"range slice", `package x
var xs = []string{"a", "b"}
func f() string { s := ""; for i, x := range xs { if i > 0 { s += "," }; s += x }; return s }`, "a,b"},
		{"three clause", `package x
func f() int { n := 0; for i := 0; i < 5; i++ { n = n + i }; return n }`, int64(10)},
		{"range int", `package x
func f() int { n := 0; for range 3 { n++ }; return n }`, int64(3)},
		{"continue and break", `package x
func f() int { n := 0; for i := 0; i < 10; i++ { if i == 2 { continue }; if i == 5 { break }; n++ }; return n }`, int64(4)},
		{"break in switch ends the switch", `package x
func f() int { n := 0; for i := 0; i < 3; i++ { switch i { case 1: break; default: n++ } ; n++ }; return n }`, int64(5)},
		{"switch default", `package x
const k = "z"
func f() string { var d string; switch k { case "a", "b": d = "ab"; default: d = "other" }; return d }`, "other"},
		{"tagless switch", `package x
func f() string { switch { case 1 > 2: return "no"; case 2 > 1: return "yes" }; return "none" }`, "yes"},
		{"map range sorted into a string", `package x
func f() string { m := map[string]any{"b": 1, "a": 2}; s := ""; for k := range m { s += k }; return s }`, "ab"},
		{"struct table, nil map skipped", `package x
type e struct { Name string; M map[string]any; F func() }
var es = []e{{Name: "p", M: map[string]any{"k": "v"}, F: func() {}}, {Name: "q"}}
func f() string { s := ""; for _, x := range es { if x.M == nil { continue }; for k, v := range x.M { if vs, ok := v.(string); ok { s += x.Name + "." + k + "=" + vs } } }; return s }`, "p.k=v"},
		{"assertion to another type fails", `package x
func f() bool { var v any = 3; _, ok := v.(float64); return ok }`, false},
		{"a written package variable is unknown", `package x
var xs = []string{"a"}
func init() { xs = append(xs, "b") }
func f() int { return len(xs) }`, nil},
		{"a func field the evaluator can run is called", `package x
type e struct { F func() string }
var es = []e{{F: func() string { return "x" }}}
func f() string { return es[0].F() }`, "x"},
		{"a func field it cannot run is unknown", `package x
type e struct { F func() string }
var es = []e{{F: func() string { var xs []string; return xs[0] }}}
func f() string { return es[0].F() }`, nil},
		{"runaway loop is unknown", `package x
func f() int { n := 0; for i := 0; i < 1000000; i++ { n++ }; return n }`, nil},
		{"labelled break is unknown", `package x
func f() int { n := 0
L:
	for i := 0; i < 3; i++ { break L }; return n }`, nil},
	}
	checkEvalCases(t, cases)
}

// evalCase is a function f to evaluate and the value it must give (nil:
// unknown).
type evalCase struct {
	name, src string
	want      any
}

func checkEvalCases(t *testing.T, cases []evalCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, ok, _ := evalSource(t, tc.src)
			if tc.want == nil {
				if ok {
					t.Fatalf("evaluated to %#v, want unknown", v)
				}
				return
			}
			if !ok || !reflect.DeepEqual(v, tc.want) {
				t.Fatalf("got %#v (known %v), want %#v", v, ok, tc.want)
			}
		})
	}
}

func TestEvaluatorWarnsMapOrder(t *testing.T) {
	for src, want := range map[string]int{
		// s depends on the order Go visits the keys in.
		`package x
func f() string { m := map[string]any{"b": 1, "a": 2}; s := ""; for k := range m { s += k }; return s }`: 1,
		// Setting map elements and variables of the body does not.
		`package x
func f() int { m := map[string]any{"b": 1, "a": 2}; o := map[string]any{}; for k, v := range m { w := v; o[k] = w }; return len(o) }`: 0,
	} {
		_, ok, warnings := evalSource(t, src)
		if !ok || len(warnings) != want {
			t.Errorf("known %v, warnings %q, want %d", ok, warnings, want)
		}
	}
}

func TestEvaluatorNamesRunawayLoop(t *testing.T) {
	_, ok, warnings := evalSource(t, `package x
func f() int { n := 0; for i := 0; i < 1000000; i++ { n++ }; return n }`)
	if ok || len(warnings) != 1 || warnings[0] != "the loop here runs more than 2000 steps; tscg stops evaluating it, and what it computes is known only when the program runs" {
		t.Fatalf("known %v, warnings %q", ok, warnings)
	}
}

// pflagStub declares the part of spf13/pflag's API the evaluator reads,
// so the tests type-check programs using it with the standard library
// importer (the evaluator looks only at the package path and the
// methods' names and arguments).
const pflagStub = `package pflag
type FlagSet struct{}
func NewFlagSet(name string, h int) *FlagSet { return nil }
func (f *FlagSet) Bool(name string, value bool, usage string) *bool { return nil }
func (f *FlagSet) BoolP(name, short string, value bool, usage string) *bool { return nil }
func (f *FlagSet) String(name string, value string, usage string) *string { return nil }
func (f *FlagSet) StringVar(p *string, name string, value string, usage string) {}
func (f *FlagSet) StringSlice(name string, value []string, usage string) *[]string { return nil }
func (f *FlagSet) GetBool(name string) (bool, error) { return false, nil }
func (f *FlagSet) GetString(name string) (string, error) { return "", nil }
func (f *FlagSet) GetStringSlice(name string) ([]string, error) { return nil, nil }
func (f *FlagSet) Changed(name string) bool { return false }
func (f *FlagSet) Set(name, value string) error { return nil }
type Flag struct{ Changed bool }
func (f *FlagSet) Lookup(name string) *Flag { return nil }
func (f *FlagSet) StringSliceVar(p *[]string, name string, value []string, usage string) {}
`

// pflagImporter imports pflagStub as github.com/spf13/pflag, and the
// standard library.
type pflagImporter struct{ std types.Importer }

func (i pflagImporter) Import(path string) (*types.Package, error) {
	if path != pflagPath {
		return i.std.Import(path)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "pflag.go", pflagStub, 0)
	if err != nil {
		return nil, err
	}
	return (&types.Config{}).Check(pflagPath, fset, []*ast.File{f}, nil)
}

// TestEvaluatorNamedFlags: pflag's GetXxx(name) of a flag the loaded
// packages define with one default takes that default, reported as
// "--name"; a flag Set by the program, defined with two defaults, of
// another type or not defined at all is unknown (issue 28).
func TestEvaluatorNamedFlags(t *testing.T) {
	const config = `package x
import "github.com/spf13/pflag"
var fs = pflag.NewFlagSet("x", 0)
var other = pflag.NewFlagSet("y", 0)
var mode string
func define() {
	fs.Bool("write-access", false, "")
	other.Bool("write-access", false, "")
	fs.BoolP("audit", "a", true, "")
	fs.String("toolset", "basic", "")
	fs.StringSlice("extras", []string{"tally"}, "")
	fs.StringSlice("none", nil, "")
	fs.StringVar(&mode, "mode", "lite", "")
	fs.Bool("verbose", false, "")
	fs.Set("verbose", "true")
	fs.String("level", "info", "")
	other.String("level", "debug", "")
}
`
	cases := []struct {
		name, body string
		want       any // nil: unknown
		flags      []string
	}{
		{"bool, defined on two sets alike", `v, _ := fs.GetBool("write-access"); return v`, false, []string{"--write-access"}},
		{"BoolP", `v, err := fs.GetBool("audit"); return v && err == nil`, true, []string{"--audit"}},
		{"string in a condition", `if s, _ := fs.GetString("toolset"); s == "basic" { return "b" }; return "f"`, "b", []string{"--toolset"}},
		{"slice", `v, _ := fs.GetStringSlice("extras"); return len(v)`, int64(1), []string{"--extras"}},
		{"nil slice", `v, _ := fs.GetStringSlice("none"); return len(v)`, int64(0), []string{"--none"}},
		{"StringVar by name", `v, _ := fs.GetString("mode"); return v`, "lite", []string{"--mode"}},
		{"Changed", `return fs.Changed("write-access")`, false, []string{"--write-access"}},
		{"Set by the program", `v, _ := fs.GetBool("verbose"); return v`, nil, nil},
		{"two defaults", `v, _ := fs.GetString("level"); return v`, nil, nil},
		{"another type", `v, _ := fs.GetString("write-access"); return v`, nil, nil},
		{"not defined", `v, _ := fs.GetBool("missing"); return v`, nil, nil},
		{"name not constant", `n := mode; v, _ := fs.GetString(n); return v`, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, ok, flags := evalFlags(t, config+"func f() any { "+tc.body+" }\n")
			if !wantValue(t, v, ok, tc.want) {
				return
			}
			if !reflect.DeepEqual(flags, tc.flags) {
				t.Errorf("flags read %v, want %v", flags, tc.flags)
			}
		})
	}
}

// evalFlags is evalSource telling the flags the evaluation reads.
func evalFlags(t *testing.T, src string) (any, bool, []string) {
	t.Helper()
	var read []string
	onEnv = func(name string) { read = append(read, name) }
	defer func() { onEnv = nil }()
	v, ok, _ := evalSource(t, src)
	return v, ok, read
}

// FuzzEvaluator runs the evaluator on arbitrary function bodies: it must
// end (the step limit) and never panic.
func FuzzEvaluator(f *testing.F) {
	for _, s := range []string{
		`n := 0; for i := 0; i < 5; i++ { n++ }; return n`,
		`m := map[string]any{"a": 1}; for k, v := range m { _, _ = k, v }; return 1`,
		`for { }; return 0`,
		`switch x := 3; x { case 3: return 1 }; return 2`,
		`var s []string; for range s { break }; return len(s)`,
		// Fields of a value known only at run time (flagdefault.go).
		`type C struct{ A string; B bool }; var c *C; _ = C{A: "x"}; return len(c.A)`,
		`type C struct{ A string }; var c *C; c.A = "y"; return len(c.A)`,
		`type C struct{ N int }; var c *C; if c.N > 0 { return 1 }; return 0`,
		// Flags read by name (flagdefault.go).
		`fs.Bool("w", false, ""); if w, _ := fs.GetBool("w"); w { return 1 }; return 0`,
		`fs.StringSlice("e", nil, ""); fs.Set("e", "a"); v, _ := fs.GetStringSlice("e"); return len(v)`,
		// A map read comma-ok, an early return (envconfig.go).
		`m := map[string]bool{"a": true}; v, ok := m["b"]; if !v && !ok { return 1 }; return 0`,
		`type C struct{ k string; m map[string]bool }; var c *C; if _, ok := c.m[c.k]; ok { return 1 }; return 0`,
		// Function values, append and make (schemabuild.go).
		`n := 0; add := func(k int) { n += k }; add(2); add(3); return n`,
		`var g func(int) int; g = func(k int) int { return g(k + 1) }; return g(0)`,
		`xs := make([]int, 2, 4); xs = append(xs, 1); xs = append(xs, xs...); return len(xs)`,
		`f := func() *int { k := 1; return &k }; return *f()`,
		// Slices of strings, conversions, struct-keyed maps (evalstd.go).
		`s := "a-b"; return len(s[1:]) + len(s[:0]) + len(s[3:])`,
		`s := "ab"; return len(s[2:1])`,
		`type T string; type N int; return len(T("ab")) + int(N(2))`,
		`type k struct{ a string; b int }; m := make(map[k]int); m[k{"x", 1}] = 2; return m[k{"x", 1}] + m[k{a: "x"}]`,
		`g := func() map[string]int { return nil }; return len(g())`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		evalSource(t, "package x\nimport \"github.com/spf13/pflag\"\nvar fs = pflag.NewFlagSet(\"x\", 0)\nfunc f() int {\n"+body+"\n}\n")
	})
}

// TestEvaluatorFieldDefaults: a field of a value the evaluator cannot
// know holds its flag's default, or the value of the one literal setting
// it; a field written anywhere else stays unknown (issue 28).
func TestEvaluatorFieldDefaults(t *testing.T) {
	const config = `package x
import ("flag"; "os"; "strings")
type C struct{ Access string; Legacy bool; Parts []string; Mode string; Other string }
var cur *C
func set(c *C) { cur = c }
func newC() *C { return &C{Access: "ro", Legacy: os.Getenv("X_LEGACY") == "true", Other: "a"} }
func parse(c *C) {
	flag.StringVar(&c.Access, "access", "readonly", "")
	flag.StringVar(&c.Mode, "mode", "lite", "")
	flag.StringVar(&c.Other, "other", "b", "")
	c.Mode = strings.ToUpper(c.Mode)
}
`
	cases := []struct {
		name, body string
		want       any // nil: unknown
	}{
		{"flag default", `return cur.Access`, "readonly"},
		{"one literal, environment unset", `return cur.Legacy`, false},
		{"assigned elsewhere", `return cur.Mode`, nil},
		{"flag and literal: the flag", `return cur.Other`, "b"},
		{"never set", `return cur.Parts[0]`, nil},
		{"strings.Join", `return strings.Join([]string{cur.Access, "x"}, "+")`, "readonly+x"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, ok, _ := evalSource(t, config+"func f() any { "+tc.body+" }\n")
			wantValue(t, v, ok, tc.want)
		})
	}
}

// wantValue checks an evaluation against want (nil: unknown) and reports
// whether want is a value.
func wantValue(t *testing.T, v any, ok bool, want any) bool {
	t.Helper()
	if want == nil {
		if ok {
			t.Errorf("got %v, want unknown", v)
		}
		return false
	}
	if !ok || !reflect.DeepEqual(v, want) {
		t.Errorf("got %v (known %v), want %v", v, ok, want)
	}
	return true
}
