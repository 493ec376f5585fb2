package golang

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/golist"
	"github.com/tscg/tscg/internal/testfiles"
)

// TestMain keeps the package's remembered listings in a directory of its
// own (remember.go), removed afterwards: the user's cache is never read
// or written by these tests.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tscg-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("TSCG_CACHE", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// loadDump loads patterns in dir and prints its tools, types and
// diagnostics.
func loadDump(t *testing.T, dir string, patterns ...string) string {
	t.Helper()
	cat, ds := Load(patterns, Options{Dir: dir})
	return string(dumpTools(t, cat)) + string(dumpTypes(t, cat)) + string(dumpDiags(ds))
}

// offDump is loadDump with nothing remembered: the reference.
func offDump(t *testing.T, dir string, patterns ...string) string {
	t.Helper()
	was := os.Getenv("TSCG_CACHE")
	t.Setenv("TSCG_CACHE", "off")
	defer os.Setenv("TSCG_CACHE", was)
	return loadDump(t, dir, patterns...)
}

// counts is how many Loads kept their work from a remembered listing and
// how many loaded again, since the last call.
func counts() func() (kept, redone int64) {
	k0, r0 := guessesKept.Load(), guessesRedone.Load()
	return func() (int64, int64) { return guessesKept.Load() - k0, guessesRedone.Load() - r0 }
}

// rememberedModule is a module whose root p uses a type of its package q.
func rememberedModule(t testing.TB) string {
	return testfiles.Tree(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"p/p.go": "package p\n\nimport (\n\t\"time\"\n\n\t\"example.com/m/q\"\n)\n\n// Order is an order.\ntype Order struct {\n\tID   string    `json:\"id\"`\n\tWhen time.Time `json:\"when\"`\n\tItem q.Item    `json:\"item\"`\n}\n",
		"q/q.go": "package q\n\n// Item is an item.\ntype Item struct {\n\tSKU string `json:\"sku\"`\n}\n",
	})
}

// TestRememberedListing: a Load works from the listing go list gave the
// last time, and its result is always the one of a Load without it:
// kept when go list lists the same (the roots' export data aside, so an
// edited root keeps it), loaded again when it does not (a dependency's
// export data changed: what was converted from the old one is dropped),
// and no guess at all from a remembered file that does not decode or
// names export data that is gone.
func TestRememberedListing(t *testing.T) {
	t.Setenv("TSCG_CACHE", t.TempDir())
	dir := rememberedModule(t)
	pat := "./p"
	file := rememberedFile(dir, goEnv(""), golist.Args([]string{pat}))
	if !strings.HasPrefix(file, os.Getenv("TSCG_CACHE")) {
		t.Fatalf("remembered in %s, outside TSCG_CACHE", file)
	}

	step := func(name string, wantKept, wantRedone int64) {
		t.Helper()
		n := counts()
		got, want := loadDump(t, dir, pat), offDump(t, dir, pat)
		if got != want {
			t.Errorf("%s: Load differs from a Load without the remembered listing:\n%s\nwant:\n%s", name, got, want)
		}
		if kept, redone := n(); kept != wantKept || redone != wantRedone {
			t.Errorf("%s: %d Loads kept their guess and %d loaded again; want %d and %d", name, kept, redone, wantKept, wantRedone)
		}
		if _, err := os.Stat(file); err != nil {
			t.Errorf("%s: nothing remembered: %v", name, err)
		}
	}
	step("first load", 0, 0)
	step("same listing", 1, 0)
	// What docs/security.md says of the cache: the directory 0700, the
	// listing 0600 (it names the user's directories).
	for name, want := range map[string]os.FileMode{filepath.Dir(file): 0o700, file: 0o600} {
		st, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", name, st.Mode().Perm(), want)
		}
	}

	// An edited root: go list compiles new export data for it, which
	// listLoad never reads; the guess stands, and reads the new source.
	writeFile(t, filepath.Join(dir, "p", "p.go"), strings.Replace(readFile(t, filepath.Join(dir, "p", "p.go")), "\tID ", "\tNote string `json:\"note\"`\n\tID ", 1))
	step("edited root", 1, 0)
	if got := loadDump(t, dir, pat); !strings.Contains(got, `"note"`) {
		t.Errorf("the edited root's new field is not read:\n%s", got)
	}

	// An edited dependency: its export data is new, the guess read the
	// old one; Load loads again.
	writeFile(t, filepath.Join(dir, "q", "q.go"), strings.Replace(readFile(t, filepath.Join(dir, "q", "q.go")), "\tSKU ", "\tQty int `json:\"qty\"`\n\tSKU ", 1))
	n := counts()
	got := loadDump(t, dir, pat)
	if _, redone := n(); redone != 1 {
		t.Errorf("edited dependency: loaded again %d times, want 1", redone)
	}
	if !strings.Contains(got, `"qty"`) {
		t.Errorf("the edited dependency's new field is not read:\n%s", got)
	}
	step("after the dependency's edit", 1, 0)

	// A remembered file that does not decode, or names export data that
	// is gone: no guess (neither kept nor redone), the same result, and
	// go list's answer is remembered in its place.
	for _, c := range []struct{ name, data string }{
		{"unreadable", "{not json"},
		{"missing export data", strings.ReplaceAll(readFile(t, file), `"Export": "`, `"Export": "/nonexistent`)},
	} {
		writeFile(t, file, c.data)
		step(c.name, 0, 0)
		if readFile(t, file) == c.data {
			t.Errorf("%s: the remembered listing was not replaced", c.name)
		}
	}
}

// TestRememberedOff: TSCG_CACHE=off remembers nothing.
func TestRememberedOff(t *testing.T) {
	t.Setenv("TSCG_CACHE", "off")
	if f := rememberedFile(t.TempDir(), nil, []string{"list"}); f != "" {
		t.Errorf("TSCG_CACHE=off remembers in %s", f)
	}
	dir := rememberedModule(t)
	n := counts()
	loadDump(t, dir, "./p")
	loadDump(t, dir, "./p")
	if kept, redone := n(); kept != 0 || redone != 0 {
		t.Errorf("TSCG_CACHE=off: %d guesses kept, %d redone", kept, redone)
	}
}

// TestRememberedKey: the listing's file depends on the arguments, the
// directory and the Go environment, and on nothing else of it.
func TestRememberedKey(t *testing.T) {
	t.Setenv("TSCG_CACHE", "/c")
	base := rememberedFile("/d", []string{"GOFLAGS=-tags=x", "HOME=/h"}, []string{"list", "./p"})
	for _, c := range []struct {
		name      string
		dir       string
		env, args []string
		same      bool
	}{
		{"another variable", "/d", []string{"GOFLAGS=-tags=x", "HOME=/other", "TERM=x"}, []string{"list", "./p"}, true},
		{"another GOFLAGS", "/d", []string{"GOFLAGS=-tags=y", "HOME=/h"}, []string{"list", "./p"}, false},
		{"CGO_ENABLED", "/d", []string{"GOFLAGS=-tags=x", "CGO_ENABLED=0"}, []string{"list", "./p"}, false},
		{"another directory", "/e", []string{"GOFLAGS=-tags=x"}, []string{"list", "./p"}, false},
		{"another pattern", "/d", []string{"GOFLAGS=-tags=x"}, []string{"list", "./q"}, false},
	} {
		if got := rememberedFile(c.dir, c.env, c.args); (got == base) != c.same {
			t.Errorf("%s: file %s, base %s; want same=%v", c.name, got, base, c.same)
		}
	}
	if filepath.Dir(base) != "/c/golist" || !strings.HasSuffix(base, ".json") {
		t.Errorf("remembered in %s", base)
	}
}

// TestRememberedTrim: a new listing in a directory holding more than
// rememberedMax leaves the rememberedKeep most recently written.
func TestRememberedTrim(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "golist")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	for i := range rememberedMax {
		name := filepath.Join(dir, fmt.Sprintf("%03d.json", i))
		writeFile(t, name, "[]")
		at := old.Add(time.Duration(i) * time.Second)
		if err := os.Chtimes(name, at, at); err != nil {
			t.Fatal(err)
		}
	}
	remember(filepath.Join(dir, "new.json"), []byte("{}"), nil)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != rememberedKeep || !slices.Contains(names, "new.json") || slices.Contains(names, "000.json") || !slices.Contains(names, fmt.Sprintf("%03d.json", rememberedMax-1)) {
		t.Errorf("after the trim: %d files (%v…), want the %d newest with new.json", len(names), names[:min(3, len(names))], rememberedKeep)
	}
}

// TestSameListing: listings differing in a root's export data are the
// same; in a dependency's, a file, or an import, they are not.
func TestSameListing(t *testing.T) {
	mk := func(edit func(root, dep *listPkg)) *listing {
		root := &listPkg{ImportPath: "m/p", Export: "/c/p-d", GoFiles: []string{"p.go"}, Imports: []string{"m/q"}, Module: &packages.Module{Path: "m", Dir: "/m", GoVersion: "1.22"}}
		dep := &listPkg{ImportPath: "m/q", Export: "/c/q-d", DepOnly: true, GoFiles: []string{"q.go"}}
		if edit != nil {
			edit(root, dep)
		}
		return &listing{pkgs: map[string]*listPkg{"m/p": root, "m/q": dep}}
	}
	base := mk(nil)
	for _, c := range []struct {
		name string
		edit func(root, dep *listPkg)
		same bool
	}{
		{"equal", func(*listPkg, *listPkg) {}, true},
		{"root's export data", func(r, _ *listPkg) { r.Export = "/c/p2-d" }, true},
		{"dependency's export data", func(_, d *listPkg) { d.Export = "/c/q2-d" }, false},
		{"root's files", func(r, _ *listPkg) { r.GoFiles = append(r.GoFiles, "r.go") }, false},
		{"root's imports", func(r, _ *listPkg) { r.Imports = nil }, false},
		{"a dependency made a root", func(_, d *listPkg) { d.DepOnly = false }, false},
	} {
		if got := sameListing(mk(c.edit), base); got != c.same {
			t.Errorf("%s: same=%v, want %v", c.name, got, c.same)
		}
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// FuzzRememberedListing: whatever the remembered listing holds, Load's
// result is that of a Load without one (a guess from it is kept only when
// go list lists the same), and Load ends.
func FuzzRememberedListing(f *testing.F) {
	f.Setenv("TSCG_CACHE", f.TempDir())
	dir := rememberedModule(f)
	pat := "./p"
	file := rememberedFile(dir, goEnv(""), golist.Args([]string{pat}))
	cat, ds := Load([]string{pat}, Options{Dir: dir}) // remembers go list's answer
	want := dumpCatalog(f, cat, ds)
	real, err := os.ReadFile(file)
	if err != nil {
		f.Fatal(err)
	}
	s := string(real)
	for _, seed := range []string{
		s,
		s[:len(s)/2],
		"",
		"{}",
		`{"ImportPath": "example.com/m/p", "Dir": "/", "GoFiles": ["x.go"], "CompiledGoFiles": ["x.go"]}`,
		strings.ReplaceAll(s, `"DepOnly": true`, `"DepOnly": false`),
		strings.ReplaceAll(s, `"Export": "`, `"Export": "/`),
		strings.Replace(s, `"example.com/m/q"`, `"example.com/m/p"`, 1),
		strings.ReplaceAll(s, `q.go`, `p.go`),
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(file, data, 0o600); err != nil {
			t.Fatal(err)
		}
		cat, ds := Load([]string{pat}, Options{Dir: dir})
		if got := dumpCatalog(t, cat, ds); got != want {
			t.Fatalf("Load from the remembered listing %q differs:\n%s\nwant:\n%s", data, got, want)
		}
	})
}

// dumpCatalog prints a Load's tools, types and diagnostics.
func dumpCatalog(t testing.TB, cat *ir.Catalog, ds diag.List) string {
	return string(dumpTools(t, cat)) + string(dumpTypes(t, cat)) + string(dumpDiags(ds))
}
