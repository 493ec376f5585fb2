package providers

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/analyzer/rules"
	fjs "github.com/tscg/tscg/frontends/jsonschema"
)

// TestLoweredPassProviderLimits reads the lowered OpenAI strict,
// Anthropic strict and Gemini manifests of the weather example and the
// corpora back as catalogs and runs the analyzer's provider-limits rule on
// them for their own target: it must report nothing. The one exception is
// Anthropic strict's per-request totals (at most 20 strict tools and 16
// union-typed parameters per request), catalog-wide counts no lowering
// can change; the rule reports them on the source catalog.
func TestLoweredPassProviderLimits(t *testing.T) {
	checked := 0
	for name, cat := range ruleCatalogs(t) {
		files, err := Generate(cat, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			target := map[string]string{"providers/openai.chat.strict.json": "openai-strict",
				"providers/anthropic.strict.json": "anthropic-strict", "providers/gemini.json": "gemini"}[f.Path]
			if target == "" {
				continue
			}
			data := f.Contents
			if target == "gemini" {
				data = geminiAsOpenAI(t, data)
			}
			back, ds := fjs.LoadBytes(name+"/"+f.Path, data, fjs.Options{})
			if ds.HasErrors() {
				t.Fatalf("%s %s: read back: %v", name, f.Path, ds)
			}
			if len(back.Tools) != len(cat.Tools) {
				t.Fatalf("%s %s: read back %d tools, want %d", name, f.Path, len(back.Tools), len(cat.Tools))
			}
			s := analyzer.Defaults()
			s.Targets = []string{target}
			fs, err := analyzer.Run(back, []*analyzer.Rule{rules.ProviderLimits}, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, f2 := range fs {
				if target == "anthropic-strict" && f2.Tool == "" {
					continue
				}
				t.Errorf("%s %s: %s: %s", name, f.Path, f2.Severity, f2.Message)
			}
			checked++
		}
	}
	// The rule is not vacuous: on the source catalogs, before lowering, it
	// finds what strict mode rejects (optional properties).
	s := analyzer.Defaults()
	s.Targets = []string{"openai-strict"}
	raw := 0
	for _, cat := range ruleCatalogs(t) {
		fs, err := analyzer.Run(cat, []*analyzer.Rule{rules.ProviderLimits}, s)
		if err != nil {
			t.Fatal(err)
		}
		raw += len(fs)
	}
	if raw == 0 {
		t.Error("provider-limits finds nothing on the unlowered catalogs either; the check proves nothing")
	}
	if checked < 3 {
		t.Fatalf("checked %d lowered manifests, want at least the weather example's three", checked)
	}
}

// geminiAsOpenAI turns Gemini function declarations (OpenAPI 3.0 subset:
// upper-case types, nullable) back into an OpenAI tools array of JSON
// Schemas so the frontend can read them: types lower-cased, nullable as a
// null type.
func geminiAsOpenAI(t *testing.T, data []byte) []byte {
	var decl []struct {
		FunctionDeclarations []map[string]any `json:"functionDeclarations"`
	}
	if err := json.Unmarshal(data, &decl); err != nil {
		t.Fatal(err)
	}
	var tools []any
	for _, d := range decl[0].FunctionDeclarations {
		if p, ok := d["parameters"]; ok {
			d["parameters"] = openAPIToSchema(p)
		}
		tools = append(tools, map[string]any{"type": "function", "function": d})
	}
	out, err := json.Marshal(tools)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func openAPIToSchema(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, c := range x {
			if k == "properties" {
				props := map[string]any{}
				for pk, pv := range c.(map[string]any) {
					props[pk] = openAPIToSchema(pv)
				}
				out[k] = props
				continue
			}
			out[k] = openAPIToSchema(c)
		}
		if ty, ok := x["type"].(string); ok {
			out["type"] = strings.ToLower(ty)
			if x["nullable"] == true {
				out["type"] = []any{strings.ToLower(ty), "null"}
			}
		}
		delete(out, "nullable")
		return out
	case []any:
		out := make([]any, len(x))
		for i, c := range x {
			out[i] = openAPIToSchema(c)
		}
		return out
	}
	return v
}
