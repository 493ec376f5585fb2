package deps

import (
	"go/build"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/tscg/tscg/"

// shared is what every stage may use: the IR, diagnostics, provider facts,
// the IR → JSON Schema lowering and IO assignability, and the leaf helpers.
var shared = []string{"compiler/diag", "compiler/ir", "compiler/targets", "compiler/jsonschema", "compiler/iograph", "compiler/compactgrammar",
	"internal/ruledb", "internal/lazyre", "internal/tokens", "internal/gotags", "internal/schemacheck", "internal/jsonval", "internal/suggest", "internal/orderedjson", "internal/jsondec", "internal/yamldoc", "internal/inputfile"}

// rules says, for each package pattern (first match wins), which packages
// of this module it may import. "..." matches a path and everything below.
var rules = []struct {
	pkg   string
	allow []string
}{
	// Leaves: the IR and diagnostics know nothing of the stages.
	{"compiler/diag", []string{"internal/ruledb"}},
	{"compiler/ir", []string{"compiler/diag"}},
	{"compiler/jsonschema", []string{"compiler/ir", "compiler/diag", "internal/orderedjson"}},
	{"compiler/iograph", []string{"compiler/ir"}},
	{"compiler/compactgrammar", []string{"compiler/ir"}},
	{"compiler/targets", []string{"internal/lazyre"}},
	{"internal/cli", []string{"..."}},
	{"internal/...", []string{"internal/..."}},
	// The runtime is what agents import: nothing of the compiler side.
	// internal/ruledb lets runtime/skills register the rules it emits.
	{"runtime/...", []string{"runtime/...", "internal/ruledb", "internal/gotags", "internal/lazyre", "internal/suggest", "internal/orderedjson", "internal/jsondec", "internal/yamldoc", "internal/inputfile", "internal/jsonval"}},
	// Frontends read sources into the IR; they know no analyzer or codegen.
	// internal/golist: the Go frontend's go list run, started early.
	{"frontends/...", append([]string{"frontends/...", "internal/golist"}, shared...)},
	{"analyzer/...", append([]string{"analyzer/..."}, shared...)},
	// Codegen may import the runtime: generated code's support lives there.
	{"codegen/...", append([]string{"codegen/...", "runtime/..."}, shared...)},
	// The drivers: the build driver, FORMALIZE's type compiler, serve.
	{"compiler/...", append([]string{"compiler/...", "frontends/...", "codegen/...", "analyzer/...", "runtime/..."}, shared...)},
	{"compiler", append([]string{"compiler/...", "frontends/...", "codegen/..."}, shared...)},
	{"cmd/tscg", []string{"internal/cli"}},
	// Users of tscg: anything public.
	{"examples/...", []string{"..."}},
	{"bench/...", []string{"..."}},
}

// exceptions are allowed edges the rules above forbid, each with its reason.
var exceptions = map[[2]string]string{
	{"frontends/workflow", "runtime/workflow"}: "a workflow lowers to the runtime's Plan, which is what serve and agents execute",
	{"analyzer/rules", "runtime"}:              "examples-valid checks defaults and examples with the runtime's own validator and pattern bounds, so lint and a live call give one verdict",
}

// match reports whether pattern matches pkg ("x/..." matches x and below).
func match(pattern, pkg string) bool {
	if pattern == "..." {
		return true
	}
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pattern == pkg
}

// violations lists the edges of graph (package → its imports of this
// module, both relative to the module) that no rule or exception allows.
func violations(graph map[string][]string) []string {
	var bad []string
	for pkg, imps := range graph {
		for _, imp := range imps {
			if !allowed(pkg, imp) {
				bad = append(bad, pkg+" → "+imp)
			}
		}
	}
	sort.Strings(bad)
	return bad
}

func allowed(pkg, imp string) bool {
	if _, ok := exceptions[[2]string{pkg, imp}]; ok {
		return true
	}
	for _, r := range rules {
		if match(r.pkg, pkg) {
			return slices.ContainsFunc(r.allow, func(p string) bool { return match(p, imp) })
		}
	}
	return false // a package no rule covers must be placed first
}

// moduleGraph reads the non-test imports of every package in the module.
func moduleGraph(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	graph := map[string][]string{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if n := d.Name(); p != root && (n == "testdata" || n[0] == '.' || n[0] == '_' || n == "node_modules") {
			return filepath.SkipDir
		}
		bp, err := build.Default.ImportDir(p, 0)
		if err != nil {
			return nil // no Go files here
		}
		rel, _ := filepath.Rel(root, p)
		var imps []string
		for _, imp := range bp.Imports {
			if strings.HasPrefix(imp, module) {
				imps = append(imps, strings.TrimPrefix(imp, module))
			}
		}
		graph[path.Clean(filepath.ToSlash(rel))] = imps
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return graph
}

// TestDependencies fails on any import edge the rules do not allow.
func TestDependencies(t *testing.T) {
	graph := moduleGraph(t)
	if len(graph) < 30 {
		t.Fatalf("read only %d packages: is the walk rooted at the module?", len(graph))
	}
	for _, v := range violations(graph) {
		t.Errorf("forbidden import: %s (see docs/architecture.md; add a rule or a listed exception with its reason)", v)
	}
}

// TestExceptionsHaveReasons keeps every exception explained and in use.
func TestExceptionsHaveReasons(t *testing.T) {
	graph := moduleGraph(t)
	for e, why := range exceptions {
		if why == "" {
			t.Errorf("exception %s → %s has no reason", e[0], e[1])
		}
		if !slices.Contains(graph[e[0]], e[1]) {
			t.Errorf("exception %s → %s is not used any more: remove it", e[0], e[1])
		}
	}
}

// TestForbiddenImportFails shows the test catches what it is for: the
// real graph plus one forbidden edge of each kind reports exactly those.
func TestForbiddenImportFails(t *testing.T) {
	graph := moduleGraph(t)
	injected := [][2]string{
		{"runtime", "compiler/ir"},
		{"runtime/script", "frontends/typescript"},
		{"frontends/python", "analyzer"},
		{"frontends/golang", "codegen/providers"},
		{"analyzer/rules", "codegen/describe"},
		{"compiler/ir", "compiler/jsonschema"},
	}
	var want []string
	for _, e := range injected {
		graph[e[0]] = append(slices.Clone(graph[e[0]]), e[1])
		want = append(want, e[0]+" → "+e[1])
	}
	sort.Strings(want)
	if got := violations(graph); !slices.Equal(got, want) {
		t.Errorf("violations = %q, want %q", got, want)
	}
}
