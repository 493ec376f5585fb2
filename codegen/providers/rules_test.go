package providers

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/targets"
	fjs "github.com/tscg/tscg/frontends/jsonschema"
)

// ruleCatalogs are the weather example and the MCP and tau-bench corpora
// (when present).
func ruleCatalogs(t *testing.T) map[string]*ir.Catalog {
	cats := map[string]*ir.Catalog{"weather": weather(t)}
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpora", "mcp-tool-snapshots", "*.json"))
	tau, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpora", "tau-bench", "tools_*.json"))
	for _, f := range append(files, tau...) {
		if cat, ds := fjs.Load([]string{f}, fjs.Options{}); !ds.HasErrors() {
			cats[filepath.Base(f)] = cat
		}
	}
	return cats
}

func TestStrictFollowsRules(t *testing.T) {
	for name, cat := range ruleCatalogs(t) {
		for _, path := range []string{"providers/openai.chat.strict.json", "providers/anthropic.strict.json"} {
			v, _, err := Build(cat, path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			tg := targets.Lookup(map[bool]string{true: "openai-strict", false: "anthropic-strict"}[strings.Contains(path, "openai")])
			for _, p := range paramsOf(v) {
				walk(p, "", func(s *obj, ptr string) {
					for _, k := range s.Keys() {
						if contains(tg.Unsupported, k) {
							t.Errorf("%s %s %s: unsupported keyword %s left", name, path, ptr, k)
						}
					}
					if f := s.Str("format"); f != "" && !tg.SupportsFormat(f) {
						t.Errorf("%s %s %s: format %s left", name, path, ptr, f)
					}
					props, ok := s.Val("properties").(*obj)
					if !ok {
						return
					}
					if s.Val("additionalProperties") != false {
						t.Errorf("%s %s %s: object not closed", name, path, ptr)
					}
					req, _ := s.Val("required").([]any)
					if len(req) != len(props.Keys()) {
						t.Errorf("%s %s %s: %d of %d properties required", name, path, ptr, len(req), len(props.Keys()))
					}
				})
			}
		}
	}
}

func TestGeminiFollowsRules(t *testing.T) {
	for name, cat := range ruleCatalogs(t) {
		v, _, err := Build(cat, "providers/gemini.json", Options{})
		if err != nil {
			t.Fatal(err)
		}
		decls := v.([]any)[0].(*obj).Val("functionDeclarations").([]any)
		if len(decls) != len(cat.Tools) {
			t.Errorf("%s: %d declarations, want %d", name, len(decls), len(cat.Tools))
		}
		for _, d := range decls {
			walk(d.(*obj).Val("parameters").(*obj), "", func(s *obj, ptr string) {
				for _, k := range s.Keys() {
					if !geminiKeywords[k] {
						t.Errorf("%s %s: keyword %s outside the OpenAPI subset", name, ptr, k)
					}
				}
				if ty, ok := s.Val("type").(string); ok && ty != strings.ToUpper(ty) {
					t.Errorf("%s %s: type %q not upper-case", name, ptr, ty)
				}
				if _, ok := s.Val("type").([]any); ok {
					t.Errorf("%s %s: type list left", name, ptr)
				}
				for _, e := range asList(s.Val("enum")) {
					if _, ok := e.(string); !ok {
						t.Errorf("%s %s: enum value %v is not a string", name, ptr, e)
					}
				}
			})
		}
	}
}

func asList(v any) []any { l, _ := v.([]any); return l }

func paramsOf(v any) []*obj {
	var out []*obj
	for _, e := range asList(v) {
		o := e.(*obj)
		if fn, ok := o.Val("function").(*obj); ok {
			o = fn
		}
		for _, k := range []string{"parameters", "input_schema"} {
			if p, ok := o.Val(k).(*obj); ok {
				out = append(out, p)
			}
		}
	}
	return out
}
