package golang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const toolSource = `package p

// Hello says hello.
//
//tscg:tool
func Hello(in struct{ Name string ` + "`json:\"name\"`" + ` }) error { return nil }
`

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A package directory in no module used to build "0 tools", exit 0
// (issue 17): it is an error naming go.mod and how to make one.
func TestLoadWithoutGoMod(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "pkg", "p.go"), toolSource)
	cat, ds := Load([]string{"./pkg"}, Options{Dir: dir})
	if len(cat.Tools) != 0 || !ds.HasErrors() {
		t.Fatalf("want an error and no tools, got %d tools, %v", len(cat.Tools), ds)
	}
	msg := ds[0].String()
	for _, want := range []string{"pkg: error: no go.mod in pkg", "go mod init"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
}

// A module below the working directory (tscg build mod/ from a monorepo
// root) is loaded from its own root; positions stay relative to the
// working directory.
func TestLoadModuleBelowWorkingDir(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "mod", "go.mod"), "module example.com/mod\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "mod", "p.go"), toolSource)
	writeFile(t, filepath.Join(dir, "other", "go.mod"), "module example.com/other\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "other", "sub", "p.go"), strings.Replace(toolSource, "Hello", "Bye", 2))
	for _, patterns := range [][]string{{"./mod", "./other/sub"}, {"./mod/...", "./other/..."}} {
		cat, ds := Load(patterns, Options{Dir: dir})
		if ds.HasErrors() {
			t.Fatalf("%v: %v", patterns, ds)
		}
		if len(cat.Tools) != 2 || cat.Tools[0].Pos.File != "mod/p.go" || cat.Tools[1].Pos.File != "other/sub/p.go" {
			t.Fatalf("%v: got %d tools %v", patterns, len(cat.Tools), cat.Tools)
		}
	}
}

// TestImportCause: a package that cannot be imported is reported with the
// go command's own words about it (issue 28: a module without go.sum
// said `invalid package name: ""`).
func TestImportCause(t *testing.T) {
	dep := &packages.Package{PkgPath: "example.com/dep", Errors: []packages.Error{{Msg: "missing go.sum entry for module providing package example.com/dep; to add:\n\tgo get example.com/app"}}}
	p := &packages.Package{Imports: map[string]*packages.Package{"example.com/dep": dep, "example.com/ok": {PkgPath: "example.com/ok"}}}
	got := importCause(p, `could not import example.com/dep (invalid package name: "")`)
	if want := "could not import example.com/dep: missing go.sum entry for module providing package example.com/dep; to add:\n\tgo get example.com/app"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, msg := range []string{`could not import example.com/ok (x)`, "undefined: x"} {
		if got := importCause(p, msg); got != msg {
			t.Errorf("%q became %q", msg, got)
		}
	}
}
