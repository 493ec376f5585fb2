package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"

	"github.com/tscg/tscg/internal/version"
)

// runtimeModule is the module generated Go imports (runtime, runtime/gensupport).
const runtimeModule = version.Module

// goModuleAdvice says what the Go module around dir (where build --go-out
// writes) lacks for the generated code's import of github.com/tscg/tscg
// to resolve, with the go.mod lines to add; "" when it resolves. tscgVersion
// is the version the require line names when it is a release or
// pseudo-version.
func goModuleAdvice(dir, tscgVersion string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if w := findUp(abs, "go.work"); w != "" && workUsesTscg(w) {
		return ""
	}
	gomod := findUp(abs, "go.mod")
	if gomod == "" {
		return fmt.Sprintf("%s is in no Go module, so its import of %s/runtime cannot resolve: run `go mod init <module path>` there (or in a parent), then add to go.mod:\n%s",
			relPath(dir), runtimeModule, addLines(abs, tscgVersion, true))
	}
	data, err := os.ReadFile(gomod)
	if err != nil {
		return fmt.Sprintf("%s: %v", relPath(gomod), err)
	}
	mf, err := modfile.Parse(gomod, data, nil)
	if err != nil {
		return fmt.Sprintf("%v (the generated code needs %s in it)", err, runtimeModule)
	}
	return modAdvice(gomod, mf, tscgVersion)
}

func modAdvice(gomod string, mf *modfile.File, tscgVersion string) string {
	if mf.Module != nil && mf.Module.Mod.Path == runtimeModule {
		return ""
	}
	where := relPath(gomod)
	dir := filepath.Dir(gomod)
	var req *modfile.Require
	for _, r := range mf.Require {
		if r.Mod.Path == runtimeModule {
			req = r
		}
	}
	var rep *modfile.Replace
	for _, r := range mf.Replace {
		if r.Old.Path == runtimeModule && (r.Old.Version == "" || req != nil && r.Old.Version == req.Mod.Version) {
			rep = r
		}
	}
	switch {
	case req == nil:
		return fmt.Sprintf("the generated code imports %s/runtime, which %s does not require; add to it:\n%s",
			runtimeModule, where, addLines(dir, tscgVersion, rep == nil))
	case rep != nil && rep.New.Version == "":
		target := rep.New.Path
		if !filepath.IsAbs(target) {
			target = filepath.Join(dir, target)
		}
		if !isTscgClone(target) {
			return fmt.Sprintf("%s replaces %s with %s, which holds no go.mod of module %s: point the replace at a clone of tscg:\n\treplace %s => %s",
				where, runtimeModule, rep.New.Path, runtimeModule, runtimeModule, clonePath(dir))
		}
	case rep == nil && !inModCache(req.Mod):
		return fmt.Sprintf("%s requires %s %s, which is neither in the module cache nor published yet; add to it:\n\treplace %s => %s\nthen run `go mod tidy`",
			where, runtimeModule, req.Mod.Version, runtimeModule, clonePath(dir))
	}
	return ""
}

// addLines are the go.mod lines that make the runtime import resolve.
func addLines(dir, tscgVersion string, withReplace bool) string {
	v := tscgVersion
	if !strings.HasPrefix(v, "v") {
		v = "v0.0.0" // a development build: any version, the replace decides
	}
	b := fmt.Sprintf("\trequire %s %s\n", runtimeModule, v)
	if withReplace {
		b += fmt.Sprintf("\treplace %s => %s\n", runtimeModule, clonePath(dir))
	}
	return b + "then run `go mod tidy`"
}

// clonePath is a clone of tscg found in dir's ancestors, relative to dir,
// or a placeholder naming what belongs there: the module is not published.
func clonePath(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		for _, c := range []string{d, filepath.Join(d, "tscg")} {
			if isTscgClone(c) {
				if rel, err := filepath.Rel(dir, c); err == nil {
					return filepath.ToSlash(rel)
				}
				return c
			}
		}
		if filepath.Dir(d) == d {
			return "/path/to/a/clone/of/tscg"
		}
	}
}

// isTscgClone reports whether dir holds tscg's own go.mod.
func isTscgClone(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	return err == nil && modfile.ModulePath(data) == runtimeModule
}

func workUsesTscg(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	wf, err := modfile.ParseWork(path, data, nil)
	if err != nil {
		return false
	}
	for _, u := range wf.Use {
		d := u.Path
		if !filepath.IsAbs(d) {
			d = filepath.Join(filepath.Dir(path), d)
		}
		if isTscgClone(d) {
			return true
		}
	}
	return false
}

// inModCache reports whether the module cache holds m, so go build can
// resolve it without a download.
func inModCache(m module.Version) bool {
	cache := os.Getenv("GOMODCACHE")
	if cache == "" {
		gopath := os.Getenv("GOPATH")
		if gopath == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return false
			}
			gopath = filepath.Join(home, "go")
		}
		cache = filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
	}
	esc, err := module.EscapePath(m.Path)
	if err != nil {
		return false
	}
	_, err = os.Stat(filepath.Join(cache, "cache", "download", esc, "@v", m.Version+".mod"))
	return err == nil
}

func findUp(dir, name string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, name)); err == nil {
			return filepath.Join(d, name)
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// relPath is path relative to the working directory when it lies below it.
func relPath(path string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := relTo(wd, path); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return path
}
