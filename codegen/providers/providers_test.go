package providers

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/targets"
	"github.com/tscg/tscg/frontends/typescript"
	"github.com/tscg/tscg/internal/corpus"
	"github.com/tscg/tscg/internal/golden"
)

// weather compiles examples/weather.
func weather(t testing.TB) *ir.Catalog {
	t.Helper()
	// The TypeScript frontend directly, not package compiler: compiler
	// imports this package for tscg build.
	cat, ds := typescript.Load([]string{filepath.Join("..", "..", "examples", "weather", "tools.ts")}, typescript.Options{})
	if ds.HasErrors() {
		t.Fatalf("compile: %v", ds)
	}
	return cat
}

func TestGoldenWeather(t *testing.T) {
	files, err := Generate(weather(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(Manifests)+1 {
		t.Fatalf("%d files, want %d", len(files), len(Manifests)+1)
	}
	checkGolden(t, "weather.txtar", files)
}

// TestMCPConformsToSpec validates the tools/list result against the MCP
// specification's own schema (ListToolsResult).
func TestMCPConformsToSpec(t *testing.T) {
	spec := filepath.Join("..", "..", "..", "shared", "schemas", "mcp", "schema-2025-11-25.json")
	data, err := os.ReadFile(spec)
	if err != nil {
		corpus.Missing(t, "MCP schema absent (%v): this test needs ../shared/schemas/mcp", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mcp.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("mcp.json#/$defs/ListToolsResult")
	if err != nil {
		t.Fatal(err)
	}
	v, _, err := Build(weather(t), "providers/mcp.tools-list.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(encode(v)))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("tools/list does not conform to the MCP schema: %v", err)
	}
	var got struct{ Tools []map[string]any }
	_ = json.Unmarshal(encode(v), &got)
	if len(got.Tools) == 0 || got.Tools[0]["annotations"] == nil {
		t.Errorf("want annotations on the first tool, got %v", got.Tools)
	}
}

// TestManifestsAreTargets: every manifest is providers/<target>.json for a
// compiler/targets entry of that name, and every target has a manifest,
// so describe --target, lint --targets and build's file names share one
// vocabulary.
func TestManifestsAreTargets(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range Manifests {
		tg := targets.Lookup(m.Target)
		if tg == nil || tg.Name != m.Target {
			t.Errorf("manifest %s: %q is not a target's name", m.Path, m.Target)
			continue
		}
		if m.Path != "providers/"+tg.Name+".json" {
			t.Errorf("manifest %s is not named after its target %s", m.Path, tg.Name)
		}
		seen[tg.Name] = true
	}
	for _, n := range targets.Names() {
		if !seen[n] {
			t.Errorf("target %s has no manifest", n)
		}
	}
}

// TestGoldenPlan: two groups become Responses namespaces; a loading plan
// deferring two tools marks them where the provider can defer and reports
// it where it cannot; only valid examples reach input_examples, the
// smallest three.
func TestGoldenPlan(t *testing.T) {
	dir := filepath.Join("testdata", "plan")
	cat, ds := typescript.Load([]string{filepath.Join(dir, "billing.ts"), filepath.Join(dir, "crm.ts")}, typescript.Options{})
	if ds.HasErrors() {
		t.Fatalf("compile: %v", ds)
	}
	files, err := Generate(cat, Options{Deferred: map[string]bool{"close_account": true, "refund_invoice": true}})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "plan.txtar", files)
}

// checkGolden compares every generated file with testdata/<archive>.
func checkGolden(t *testing.T, archive string, files []codegen.File) {
	t.Helper()
	ar := golden.Open(t, filepath.Join("testdata", archive))
	for _, f := range files {
		ar.Check(t, f.Path, f.Contents)
	}
	ar.Close(t)
}

// TestGoldenCurrentShapes: build.allowedCallers reaches every Anthropic
// tool, and build.geminiJsonSchema writes Gemini's declarations with
// parametersJsonSchema and responseJsonSchema.
func TestGoldenCurrentShapes(t *testing.T) {
	files, err := Generate(weather(t), Options{AllowedCallers: []string{"direct", "code_execution_20250825"}, GeminiJSONSchema: true})
	if err != nil {
		t.Fatal(err)
	}
	ar := golden.Open(t, filepath.Join("testdata", "current.txtar"))
	for _, f := range files {
		if strings.HasPrefix(f.Path, "providers/anthropic") || strings.HasPrefix(f.Path, "providers/gemini") || f.Path == "providers/lowering.json" {
			ar.Check(t, f.Path, f.Contents)
		}
	}
	ar.Close(t)
}
