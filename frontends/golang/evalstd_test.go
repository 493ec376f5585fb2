package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestEvaluatorStd: the standard library calls, string slices,
// conversions and struct-keyed maps a table loaded from an embedded file
// is built with (issue 28, evalstd.go).
func TestEvaluatorStd(t *testing.T) {
	checkEvalCases(t, []evalCase{
		{"split seq", `package x
import "strings"
func f() string { s := ""; for line := range strings.SplitSeq("a\nb\nc", "\n") { s += "[" + line + "]" }; return s }`, "[a][b][c]"},
		{"cut", `package x
import "strings"
func f() string { a, b, ok := strings.Cut("k\tv", "\t"); if !ok { return "" }; return b + a }`, "vk"},
		{"cut missing", `package x
import "strings"
func f() bool { _, _, ok := strings.Cut("kv", "\t"); return ok }`, false},
		{"last index byte and slices", `package x
import "strings"
func f() string { s := "git-merge-dark"; i := strings.LastIndexByte(s, '-'); return s[:i] + "|" + s[i+1:] }`, "git-merge|dark"},
		{"index byte absent", `package x
import "strings"
func f() int { return strings.IndexByte("abc", 'z') }`, int64(-1)},
		{"slice out of range", `package x
func f() string { s := "ab"; return s[1:5] }`, nil},
		{"conversion", `package x
type Shade string
func f() bool { return Shade("dark") == "dark" }`, true},
		{"conversion of unknown", `package x
import "os"
type Shade string
func f() string { return string(Shade(os.Args[0])) }`, nil},
		{"struct keys", `package x
type key struct { name string; shade string }
var table = load()
func load() map[key]string { m := make(map[key]string); m[key{name: "a", shade: "l"}] = "al"; m[key{name: "a", shade: "d"}] = "ad"; return m }
func f() string { return table[key{name: "a", shade: "d"}] + table[key{name: "a", shade: "l"}] + table[key{name: "b"}] }`, "adal"},
		{"positional struct key", `package x
type key struct { name string }
func f() string { m := make(map[key]string); m[key{"a"}] = "x"; return m[key{"a"}] }`, nil},
		{"maps clone and copy", `package x
import "maps"
var base = map[string]any{"a": "1"}
func f() int { m := maps.Clone(base); m["b"] = "2"; n := make(map[string]any); maps.Copy(n, m); return len(n) + len(base) }`, int64(3)},
		{"maps copy into a package map", `package x
import "maps"
var base = map[string]any{"a": "1"}
func f() int { maps.Copy(base, map[string]any{"b": "2"}); return len(base) }`, nil},
		{"bare return", `package x
var hits []string
func add(s []string, k string) { if k == "" { return }; s[0] = k }
func g() string { var s []string; if len(s) == 0 { return "none" }; return "some" }
func f() string { add(nil, ""); return g() }`, "none"},
		{"len of nil", `package x
func g() map[string]int { return nil }
func f() int { return len(g()) }`, int64(0)},
	})
}

// TestEmbedded: a //go:embed string variable is the file it names,
// read from the package's directory; patterns, paths leaving the
// directory and missing files are not read.
func TestEmbedded(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "table.txt"), []byte("a\tb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		decl string
		want string
		ok   bool
	}{
		{"//go:embed table.txt\nvar v string", "a\tb\n", true},
		{"var (\n\t//go:embed table.txt\n\tv string\n)", "a\tb\n", true},
		{"//go:embed *.txt\nvar v string", "", false},
		{"//go:embed ../table.txt\nvar v string", "", false},
		{"//go:embed missing.txt\nvar v string", "", false},
		{"// no directive\nvar v string", "", false},
		{"//go:embed table.txt\nvar v = \"x\"", "", false},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Join(dir, "x.go"), "package x\nimport _ \"embed\"\n"+tc.decl+"\n", parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		p := &packages.Package{Fset: fset}
		var got string
		var ok bool
		for _, d := range f.Decls {
			if gd, isGen := d.(*ast.GenDecl); isGen && gd.Tok == token.VAR {
				got, ok = embedded(p, gd.Specs[0].(*ast.ValueSpec), gd)
			}
		}
		if got != tc.want || ok != tc.ok {
			t.Errorf("%q: got %q, %v; want %q, %v", tc.decl, got, ok, tc.want, tc.ok)
		}
	}
}
