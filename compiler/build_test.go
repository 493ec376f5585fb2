package compiler

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// buildFiles compiles files in the given order and renders every output.
func buildFiles(t *testing.T, files []string) []codegen.File {
	t.Helper()
	cat, ds := Compile(files, &Config{})
	if ds.HasErrors() {
		t.Fatalf("compile: %v", ds.Sorted())
	}
	base, _ := filepath.Abs("..")
	out, err := Build(cat, mustSchemaOptions(t), base)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mustSchemaOptions(t *testing.T) jsonschema.Options {
	t.Helper()
	o, err := SchemaOptions(&Config{})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestBuildDeterministic builds the example (plus a JSON catalog) with its
// input files in shuffled orders and requires byte-identical outputs.
func TestBuildDeterministic(t *testing.T) {
	files, ds := Collect([]string{"../examples/weather"})
	if ds.HasErrors() || len(files) < 2 {
		t.Fatalf("collect: %v %v", files, ds)
	}
	extra := filepath.Join(t.TempDir(), "catalog.json")
	catalog := `[{"type":"function","function":{"name":"lookup","description":"Look up a word.","parameters":{"type":"object","properties":{"word":{"type":"string"}},"required":["word"]}}}]`
	if err := os.WriteFile(extra, []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	files = append(files, extra)
	want := buildFiles(t, files)
	if len(want) < 9 {
		t.Fatalf("expected the example's 8 files plus the catalog's, got %d", len(want))
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 6; i++ {
		shuffled := append([]string(nil), files...)
		rng.Shuffle(len(shuffled), func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
		got := buildFiles(t, shuffled)
		if len(got) != len(want) {
			t.Fatalf("order %v: %d files, want %d", shuffled, len(got), len(want))
		}
		for j := range want {
			if got[j].Path != want[j].Path || !bytes.Equal(got[j].Contents, want[j].Contents) {
				t.Fatalf("order %v: %s differs", shuffled, want[j].Path)
			}
		}
	}
}

func TestCollect(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.ts", "b.d.ts", "c.json", "package.json", "tsconfig.base.json", "node_modules/x.ts", ".hidden/y.ts", "tscg-out/manifest.json", "out/z.json", "notes.md", "sub/d.jsonl"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, ds := Collect([]string{dir, filepath.Join(dir, "a.ts")}, filepath.Join(dir, "out"))
	// One note: the skipped output directory is named, never silently passed over.
	if len(ds) != 1 || ds[0].Severity != diag.Info || !strings.Contains(ds[0].Message, "output directory") {
		t.Fatal(ds)
	}
	var rel []string
	for _, g := range got {
		r, _ := filepath.Rel(dir, g)
		rel = append(rel, filepath.ToSlash(r))
	}
	want := []string{"a.ts", "b.d.ts", "c.json", "sub/d.jsonl"}
	if len(rel) != len(want) {
		t.Fatalf("Collect = %v, want %v", rel, want)
	}
	for i := range want {
		if rel[i] != want[i] {
			t.Fatalf("Collect = %v, want %v", rel, want)
		}
	}
	if _, ds := Collect([]string{filepath.Join(dir, "notes.md"), filepath.Join(dir, "nope.ts")}); len(ds) != 2 {
		t.Errorf("want 2 diagnostics for an unknown extension and a missing file, got %v", ds)
	}
}

func TestCollectPython(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"tools/sample.py", "tools/_private.py", "tools/test_sample.py", "tools/lib/helper.py", "tools/__pycache__/x.py", "other/solo.py"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in, ds := CollectInputs([]string{dir})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	got := in.Files
	// Sub-package modules are inputs too, marked as walked: the Python
	// frontend keeps their framework tools and says why it reads the
	// others only through imports. Private and test modules are skipped.
	helper := filepath.Join(dir, "tools/lib/helper.py")
	want := []string{filepath.Join(dir, "other/solo.py"), helper, filepath.Join(dir, "tools/sample.py")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Collect = %v, want %v (private and test modules skipped)", got, want)
	}
	if !in.Walked[helper] || in.Walked[filepath.Join(dir, "tools/sample.py")] {
		t.Errorf("only the sub-package module is marked walked: %v", in.Walked)
	}
	got, _ = Collect([]string{filepath.Join(dir, "tools/lib/helper.py")})
	if len(got) != 1 {
		t.Errorf("a .py file named explicitly is always an input, got %v", got)
	}
}

// TestCollectGoModule: a walk of a Go module leaves out what go build ./...
// leaves out (testdata, vendor, _dirs silently; a nested project with a
// warning naming it), so fixtures never sink the module's build (issue 28).
func TestCollectGoModule(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                         "module example.test/srv\n",
		"main.go":                        "package main\n",
		"tools.json":                     "{}",
		"pkg/testdata/catalog.json":      "{}",
		"vendor/dep/x.go":                "package dep\n",
		"_scratch/y.json":                "{}",
		"fixtures/go/go.mod":             "module fixture\n",
		"fixtures/go/main.go":            "package main\n",
		"fixtures/py/pyproject.toml":     "",
		"fixtures/py/consumer.py":        "def f(): pass\n",
		"fixtures/ts/package.json":       "{}",
		"fixtures/ts/main.ts":            "export declare function g(a: {}): void;\n",
		"internal/tools/registration.go": "package tools\n",
		"dev/ci/check.py":                "def check(path): pass\n",
	}
	for f, body := range files {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in, ds := CollectInputs([]string{dir})
	var rel []string
	for _, g := range in.Files {
		r, _ := filepath.Rel(dir, g)
		rel = append(rel, filepath.ToSlash(r))
	}
	want := []string{".", "dev/ci/check.py", "internal/tools", "tools.json"}
	if !reflect.DeepEqual(rel, want) {
		t.Errorf("Collect = %v, want %v", rel, want)
	}
	// A Python script of the module (gke-mcp's dev/ci) is read for
	// framework tools only, never as a seed-loader tool file.
	if !in.Walked[filepath.Join(dir, "dev/ci/check.py")] {
		t.Errorf("dev/ci/check.py is not marked walked: %v", in.Walked)
	}
	if len(ds) != 3 {
		t.Fatalf("want one warning per nested project, got %v", ds)
	}
	for _, d := range ds {
		if d.Severity != diag.Warning || !strings.Contains(d.Message, "a project of its own") {
			t.Errorf("want a warning naming the nested project, got %v", d)
		}
	}
	// Named explicitly, a nested project is built.
	in, ds = CollectInputs([]string{filepath.Join(dir, "fixtures/ts")})
	if len(in.Files) != 1 || len(ds) != 0 {
		t.Errorf("a nested project named explicitly: got %v, %v", in.Files, ds)
	}
}
