// Package compiler drives a compilation: it reads tscg.yaml, finds the input
// files, hands each to its frontend, merges the results into one IR catalog
// and checks what no single frontend can see (tool names across inputs).
package compiler

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/frontends/workflow"
	"github.com/tscg/tscg/internal/inputfile"
)

// Language is the frontend an input file belongs to.
type Language string

// Languages with a frontend.
const (
	TypeScript Language = "typescript"
	JSON       Language = "json"
	Go         Language = "go"
	Workflow   Language = "workflow"
	Python     Language = "python"
)

// LanguageOf returns the frontend for a file name, or "" when no frontend
// reads it.
func LanguageOf(name string) Language {
	switch lower := strings.ToLower(name); {
	case workflow.IsWorkflow(lower):
		return Workflow
	case strings.HasSuffix(lower, ".d.ts"), strings.HasSuffix(lower, ".ts"),
		strings.HasSuffix(lower, ".mts"), strings.HasSuffix(lower, ".cts"):
		return TypeScript
	case strings.HasSuffix(lower, ".json"), strings.HasSuffix(lower, ".jsonl"):
		return JSON
	case strings.HasSuffix(lower, ".py"):
		return Python
	}
	return ""
}

// skippedDirs are never searched: dependencies, VCS data and tscg's own
// default output (which holds JSON files that are not inputs).
var skippedDirs = map[string]bool{"node_modules": true, "tscg-out": true}

// notCatalogs are JSON files that sit next to tool sources but are never
// tool catalogs; they are skipped in directory walks (naming one
// explicitly still compiles it).
func notCatalog(name string) bool {
	switch name {
	case "package.json", "package-lock.json", "jsconfig.json", "manifest.json", "tscg.schema.json":
		return true
	}
	return strings.HasPrefix(name, "tsconfig") && strings.HasSuffix(name, ".json")
}

// isGoPattern reports whether an input names Go packages: a pattern
// ending in "..." or a directory (Collect turns Go source files into the
// directories of their packages).
func isGoPattern(p string) bool {
	if strings.HasSuffix(p, "...") {
		return true
	}
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// isGoSource is a non-test Go file, the mark of a package directory.
func isGoSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// inTestdata reports whether a path lies in a directory the go command
// ignores.
func inTestdata(path string) bool {
	for _, el := range strings.Split(filepath.ToSlash(path), "/") {
		if el == "testdata" || el == "vendor" {
			return true
		}
	}
	return false
}

// projectFiles mark a directory as a project of its own: a Go module, an
// npm package, a Python project, a Rust crate.
var projectFiles = []string{"go.mod", "package.json", "pyproject.toml", "setup.py", "Cargo.toml"}

// inGoModule reports whether dir lies in a Go module (a go.mod in it or
// above it).
func inGoModule(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for d := abs; ; d = filepath.Dir(d) {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// goModuleSkips says whether a walk of a Go module leaves out the
// sub-directory dir, as the go command's ./... does (issue 28): testdata,
// vendor and _-prefixed directories silently (they are never part of the
// module's packages), and a directory that is a project of its own (a
// nested go.mod, or a package.json, pyproject.toml … of test fixtures)
// with a warning naming it; building that directory builds it.
func goModuleSkips(dir, name string) (bool, diag.List) {
	if name == "testdata" || name == "vendor" || strings.HasPrefix(name, "_") {
		return true, nil
	}
	for _, f := range projectFiles {
		if st, err := os.Stat(filepath.Join(dir, f)); err == nil && !st.IsDir() {
			var ds diag.List
			ds.Add(diag.Warnf(diag.Pos{File: filepath.Join(dir, f)}, "skipped %s: a project of its own inside this Go module (it has its own %s), as go build ./... skips a nested module; name the directory to build it", dir, f))
			return true, ds
		}
	}
	return false, nil
}

// pyHelper reports whether a Python file found in a directory walk is not
// a tool group of its own: private (_name) and test modules, and modules in
// a sub-directory of a tools folder (a directory with .py files), which
// the tools reach through imports.
func pyHelper(root, path string, pyDirs map[string]bool) bool {
	if pyPrivate(path) {
		return true
	}
	for dir := filepath.Dir(path); dir != root && dir != filepath.Dir(dir); {
		dir = filepath.Dir(dir)
		if pyDirs[dir] {
			return true
		}
	}
	return false
}

// pyPrivate reports private (_name) and test modules.
func pyPrivate(path string) bool {
	name := filepath.Base(path)
	return strings.HasPrefix(name, "_") || strings.HasPrefix(name, "test_") || strings.HasSuffix(name, "_test.py")
}

// hasPython reports whether a directory directly holds .py files.
func hasPython(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".py") && !strings.HasPrefix(e.Name(), "_") {
			return true
		}
	}
	return false
}

// Collect expands paths into a sorted, de-duplicated list of inputs:
// files, plus Go package directories and patterns. Directories are
// searched recursively by extension (a directory holding non-test .go
// files is a Go package), skipping hidden directories, node_modules,
// tscg-out and any directory in skip (absolute or relative paths).
func Collect(paths []string, skip ...string) ([]string, diag.List) {
	in, ds := CollectInputs(paths, skip...)
	return in.Files, ds
}

// Inputs are collected input files, and which of them a directory walk
// found (rather than the user naming them).
type Inputs struct {
	Files  []string
	Walked map[string]bool
	// DuplicatesReported leaves duplicate tool names out of
	// CompileInputs' errors: the caller reports them itself (tscg lint's
	// name-collision rule, with the severity its settings give).
	DuplicatesReported bool
	// FirstDefinitions says that only the first definition of each tool
	// name needs its schemas (tscg lint, whose rules read the first and a
	// later one only for its name, position and group): a frontend may
	// then leave a later definition's Params, Result and Examples out as
	// it reads it, where they would be live until the whole input is read.
	// On BFCL later definitions are 1,411 of 3,264 tools.
	FirstDefinitions bool
	// Select is what the command needs compiled (nil: everything).
	Select *Selection
	// Live are servers' listings read at run time (tscg snapshot's
	// catalogs), compiled as JSON catalogs.
	Live []LiveInput
}

// LiveInput is one server's listing: Data is a snapshot catalog, Name
// what diagnostics call it (server:NAME).
type LiveInput struct {
	Name string
	Data []byte
}

// CollectInputs is Collect, also reporting which files were found by
// walking directories: a JSON file found that way that is no tool catalog
// is skipped with a warning, where naming it is an error.
func CollectInputs(paths []string, skip ...string) (Inputs, diag.List) {
	var ds diag.List
	skipAbs := map[string]bool{}
	for _, s := range skip {
		if abs, err := filepath.Abs(s); err == nil {
			skipAbs[abs] = true
		}
	}
	seen := map[string]bool{}
	walked := map[string]bool{}
	var files []string
	add := func(p string) {
		p = filepath.Clean(p)
		if !seen[p] {
			seen[p] = true
			files = append(files, p)
		}
	}
	for _, p := range paths {
		if strings.HasSuffix(p, "...") {
			if !seen[p] {
				seen[p] = true
				files = append(files, p) // a Go pattern, kept verbatim
			}
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			ds.Errorf(diag.Pos{File: p}, "input not found: %v", pathError(err))
			continue
		}
		if !st.IsDir() {
			switch {
			case isGoSource(p):
				add(filepath.Dir(p))
			case LanguageOf(p) == "":
				ds.Errorf(diag.Pos{File: p}, "no frontend reads this file (want .ts, .d.ts, .json, .jsonl, .workflow.yaml, .py, or a Go package)")
			default:
				add(p)
			}
			continue
		}
		pyDirs := map[string]bool{}
		goModule := inGoModule(p)
		walkErr := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				ds.Errorf(diag.Pos{File: path}, "read input: %v", pathError(err))
				return nil
			}
			if d.IsDir() {
				if path != p && (strings.HasPrefix(d.Name(), ".") || skippedDirs[d.Name()]) {
					return filepath.SkipDir
				}
				if goModule && path != p {
					if skip, ds1 := goModuleSkips(path, d.Name()); skip {
						ds = append(ds, ds1...)
						return filepath.SkipDir
					}
				}
				if abs, err := filepath.Abs(path); err == nil && skipAbs[abs] {
					ds.Add(diag.Diagnostic{Pos: diag.Pos{File: path}, Severity: diag.Info, Message: "skipped: an output directory of tscg (out, go.out or -o)"})
					return filepath.SkipDir
				}
				if path != p && IsOutputDir(path) {
					// tscg's own output (an out: inside the tree): its
					// provider manifests are not catalogs to read again.
					ds.Add(diag.Diagnostic{Pos: diag.Pos{File: path}, Severity: diag.Info, Message: "skipped: a directory tscg build wrote (it holds tscg's manifest.json)"})
					return filepath.SkipDir
				}
				if d.Name() == "__pycache__" || d.Name() == "venv" {
					return filepath.SkipDir
				}
				pyDirs[path] = hasPython(path)
				return nil
			}
			switch {
			case strings.HasPrefix(d.Name(), "."):
			case isGoSource(d.Name()):
				if rel, err := filepath.Rel(p, path); err == nil && !inTestdata(rel) {
					add(filepath.Dir(path))
				}
			case LanguageOf(path) == Python:
				switch {
				case goModule && !pyPrivate(path):
					// A script of a Go module (CI, evals): read for the
					// tools it defines a framework's way, never by the
					// seed loader's every-function rule.
					add(path)
					walked[filepath.Clean(path)] = true
				case !pyHelper(p, path, pyDirs):
					add(path)
				case !pyPrivate(path):
					// A sub-package's module: the Python frontend reads it
					// and keeps its framework tools (walked marks it).
					add(path)
					walked[filepath.Clean(path)] = true
				}
			case LanguageOf(path) != "" && !notCatalog(d.Name()):
				add(path)
				walked[filepath.Clean(path)] = true
			}
			return nil
		})
		if walkErr != nil {
			ds.Errorf(diag.Pos{File: p}, "read input: %v", walkErr)
		}
	}
	sort.Strings(files)
	for _, p := range paths { // named explicitly as well as found
		delete(walked, filepath.Clean(p))
	}
	files = regularFiles(files, &ds)
	return Inputs{Files: files, Walked: walked}, ds
}

// OutputManifest is what a manifest.json written by tscg build says of
// the files it wrote.
type OutputManifest struct {
	Tools []struct {
		Name   string            `json:"name"`
		SHA256 map[string]string `json:"sha256"`
	} `json:"tools"`
	Files map[string]string `json:"files"`
}

// ErrNoManifest is ReadOutputManifest's error for a directory without a
// readable manifest.json.
var ErrNoManifest = errors.New("no " + ManifestPath)

// ReadOutputManifest reads dir's manifest.json, which must have the shape
// tscg build writes (draft, tools and files).
func ReadOutputManifest(dir string) (*OutputManifest, error) {
	data, err := inputfile.Read(filepath.Join(dir, ManifestPath))
	if err != nil {
		return nil, ErrNoManifest
	}
	var m struct {
		Draft *string `json:"draft"`
		OutputManifest
	}
	if json.Unmarshal(data, &m) != nil || m.Draft == nil || m.Tools == nil || m.Files == nil {
		return nil, fmt.Errorf("its %s is not one tscg wrote (no draft, tools and files)", ManifestPath)
	}
	return &m.OutputManifest, nil
}

// IsOutputDir reports whether dir is a build's output: it holds a
// manifest.json of the shape tscg build writes.
func IsOutputDir(dir string) bool {
	_, err := ReadOutputManifest(dir)
	return err == nil
}

// MaxInputBytes bounds one input file: a larger one is an error, not a
// read that exhausts memory.
const MaxInputBytes = inputfile.MaxBytes

// regularFiles keeps the inputs that may be read: directories (Go
// packages), Go patterns, and regular files (symbolic links followed) of
// at most MaxInputBytes. A named pipe would hang the read and a device
// (a link to /dev/zero) never end it: each is an error naming the file.
// This is the early check, made when the inputs are collected; the
// frontends read through inputfile, which checks again on the open
// descriptor, so a file swapped or grown since is refused as well.
func regularFiles(files []string, ds *diag.List) []string {
	kept := files[:0]
	for _, f := range files {
		if strings.HasSuffix(f, "...") {
			kept = append(kept, f)
			continue
		}
		st, err := os.Stat(f)
		switch {
		case err != nil:
			ds.Errorf(diag.Pos{File: f}, "read input: %v", pathError(err))
		case st.IsDir():
			kept = append(kept, f)
		default:
			if err := inputfile.Check(st); err != nil {
				ds.Errorf(diag.Pos{File: f}, "%v", err)
				continue
			}
			kept = append(kept, f)
		}
	}
	return kept
}

func pathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// Compile reads every input file with its frontend and merges the results.
// Files are grouped by language and sorted, so the catalog does not depend
// on the order of files. Every file counts as named by the user.
func Compile(files []string, cfg *Config) (*ir.Catalog, diag.List) {
	return CompileInputs(Inputs{Files: files}, cfg)
}

// CompileInputs is Compile for collected inputs: JSON files a directory
// walk found that are no tool catalog are skipped with a warning.
func CompileInputs(in Inputs, cfg *Config) (*ir.Catalog, diag.List) {
	files := in.Files
	if cfg == nil {
		cfg = &Config{}
	}
	byLang := map[Language][]string{}
	for _, f := range files {
		lang := LanguageOf(f)
		if isGoPattern(f) {
			lang = Go
		}
		byLang[lang] = append(byLang[lang], f)
	}
	cat := &ir.Catalog{}
	var ds diag.List
	for _, fe := range Frontends {
		if fs := byLang[fe.Language()]; len(fs) > 0 {
			c, d := fe.Load(fs, LoadInput{Config: cfg, Walked: in.Walked, Catalog: cat, Select: in.Select, FirstDefinitions: in.FirstDefinitions})
			cat.Merge(c)
			ds = append(ds, d...)
		}
	}
	for _, l := range in.Live {
		c, d := jsonfront.LoadBytes(l.Name, l.Data, jsonfront.Options{CloseObjects: cfg.CloseImportedObjects})
		cat.Merge(c)
		ds = append(ds, d...)
	}
	ds = append(ds, dropReferenceListings(cat, in.Walked)...)
	if !in.DuplicatesReported {
		ds = append(ds, checkToolNames(cat)...)
	}
	ds = append(ds, checkGoTypeNames(cat)...)
	ds = append(ds, checkRefCycles(cat)...)
	return cat, ds
}

// checkGoTypeNames rejects a JSON input's named type with the name of a
// Go type: a JSON file in a Go package's directory would otherwise
// replace the Go type's schema without a word.
func checkGoTypeNames(cat *ir.Catalog) diag.List {
	goTypes := map[string]*ir.Named{}
	for _, n := range cat.Types {
		if strings.HasSuffix(n.Pos.File, ".go") && goTypes[n.Name] == nil {
			goTypes[n.Name] = n
		}
	}
	var ds diag.List
	for _, n := range cat.Types {
		if g := goTypes[n.Name]; g != nil && LanguageOf(n.Pos.File) == JSON {
			ds.Add(diag.Diagnostic{Pos: n.Pos, Severity: diag.Error, RuleID: "name-collision",
				Message: "type " + quote(n.Name) + " is also the Go type at " + g.Pos.String() + ": rename one, or leave the JSON file out of the inputs (a JSON schema never replaces a Go type)"})
		}
	}
	return ds
}

// goPatterns makes relative directories explicit ("./pkg"), or go list
// would read them as import paths.
func goPatterns(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		p = filepath.ToSlash(p)
		if !filepath.IsAbs(p) && !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") && p != "." && p != ".." {
			p = "./" + p
		}
		out[i] = p
	}
	return out
}

// checkToolNames rejects two tools with the same name: a model could not
// tell them apart and their outputs would overwrite each other.
func checkToolNames(cat *ir.Catalog) diag.List {
	var ds diag.List
	for _, d := range cat.DuplicateTools() {
		ds.Add(diag.Diagnostic{
			Pos: d.Tool.Pos, Severity: diag.Error, RuleID: "name-collision",
			Message: "duplicate tool name " + quote(d.Tool.Name) + " (first defined at " + d.First.Pos.String() + ")",
		})
		// The first definition is reported too (issue 28: a conflicting
		// re-registration is an error at both places), naming the other.
		ds.Add(diag.Diagnostic{
			Pos: d.First.Pos, Severity: diag.Error, RuleID: "name-collision",
			Message: "tool " + quote(d.Tool.Name) + " is defined again at " + d.Tool.Pos.String(),
		})
	}
	return ds
}

func quote(s string) string { return "\"" + s + "\"" }
