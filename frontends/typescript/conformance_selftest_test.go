package typescript

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/corpus"
)

// TestCompareEquivalent lists encodings the comparer must treat as equal.
func TestCompareEquivalent(t *testing.T) {
	cases := []struct{ name, got, want string }{
		{"type list vs anyOf", `{"anyOf":[{"type":"string"},{"type":"null"}]}`, `{"type":["string","null"]}`},
		{"enum with type list", `{"enum":["a","b",null]}`, `{"type":["string","null"],"enum":["a","b",null]}`},
		{"enum split across anyOf", `{"anyOf":[{"type":"string","enum":["a","b"]},{"type":"null"}]}`, `{"type":["string","null"],"enum":["b","a",null]}`},
		{"const vs enum", `{"type":"string","enum":["x"]}`, `{"const":"x","type":"string"}`},
		{"boolean vs true|false", `{"type":"boolean"}`, `{"enum":[true,false]}`},
		{"undefined branch", `{"type":"string"}`, `{"anyOf":[{"type":"string"},{"not":{}}]}`},
		{"required order", `{"type":"object","properties":{"a":{},"b":{}},"required":["b","a"]}`, `{"type":"object","properties":{"b":{},"a":{}},"required":["a","b"]}`},
		{"open object", `{"type":"object","additionalProperties":true}`, `{"type":"object"}`},
		{"deprecated message", `{"type":"string","deprecated":true}`, `{"type":"string","deprecated":"use y"}`},
		{"description spaces", `{"description":"a\nb\n\nc  "}`, `{"description":"a b\n\nc"}`},
		{"closed tuple draft7 vs 2020", `{"type":"array","prefixItems":[{"type":"string"},{"type":"number"}],"items":false,"minItems":2}`,
			`{"type":"array","items":[{"type":"string"},{"type":"number"}],"minItems":2,"maxItems":2}`},
		{"open tuple rest", `{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"number"},"minItems":1}`,
			`{"type":"array","items":[{"type":"string"}],"additionalItems":{"type":"number"},"minItems":1}`},
		{"homogeneous tuple", `{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}],"items":false,"minItems":1}`,
			`{"type":"array","items":{"type":"number"},"minItems":1,"maxItems":2}`},
		{"tuple with rest of same type", `{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"string"},"minItems":1}`,
			`{"type":"array","items":{"type":"string"},"minItems":1}`},
		{"numbers by value", `{"minimum":1.0,"multipleOf":0.50}`, `{"minimum":1,"multipleOf":0.5}`},
		{"refs by content", `{"$ref":"#/$defs/A","$defs":{"A":{"type":"string"}}}`, `{"$ref":"#/definitions/B%3Cx%3E","definitions":{"B<x>":{"type":"string"}}}`},
		{"ref sibling description", `{"type":"string","description":"d"}`, `{"$ref":"#/definitions/A","description":"d","definitions":{"A":{"type":"string"}}}`},
		{"recursion with other names", `{"$ref":"#/$defs/L","$defs":{"L":{"type":"object","properties":{"n":{"$ref":"#/$defs/L"}}}}}`,
			`{"type":"object","properties":{"n":{"$ref":"#/definitions/List"}},"definitions":{"List":{"type":"object","properties":{"n":{"$ref":"#/definitions/List"}}}}}`},
		{"disjoint oneOf", `{"oneOf":[{"type":"object","properties":{"k":{"const":"a"}},"required":["k"]},{"type":"object","properties":{"k":{"const":"b"}},"required":["k"]}]}`,
			`{"anyOf":[{"type":"object","properties":{"k":{"type":"string","const":"b"}},"required":["k"]},{"type":"object","properties":{"k":{"type":"string","const":"a"}},"required":["k"]}]}`},
		{"variant order", `{"anyOf":[{"type":"number"},{"type":"array","items":{"type":"string"}}]}`, `{"anyOf":[{"type":"array","items":{"type":"string"}},{"type":"number"}]}`},
		{"unknown | null", `{}`, `{"anyOf":[{"enum":[null]},{}]}`},
		{"unknown | null with description", `{"description":"d"}`, `{"description":"d","anyOf":[{"type":"string"},{}]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := compareDocs(c.got, c.want); err != nil {
				t.Errorf("want equal, got difference: %v", err)
			}
		})
	}
}

// TestCompareFindsDifferences proves the comparer can fail, and that it
// names the path of the difference.
func TestCompareFindsDifferences(t *testing.T) {
	cases := []struct{ name, got, want, path string }{
		{"type", `{"type":"integer"}`, `{"type":"number"}`, "/type"},
		{"missing required", `{"type":"object","properties":{"a":{}}}`, `{"type":"object","properties":{"a":{}},"required":["a"]}`, "/required"},
		{"extra property", `{"type":"object","properties":{"a":{},"b":{}}}`, `{"type":"object","properties":{"a":{}}}`, "/properties/b"},
		{"closed vs open", `{"type":"object","additionalProperties":false}`, `{"type":"object"}`, "/additionalProperties"},
		{"enum member", `{"enum":["a","b"]}`, `{"enum":["a","c"]}`, "/enum"},
		{"nullable lost", `{"type":"string"}`, `{"type":["string","null"]}`, "/anyOf"},
		{"union is not everything", `{}`, `{"anyOf":[{"type":"string"},{"type":"number"}]}`, "/anyOf"},
		{"nested ref body", `{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{"x":{"type":"string"}}}}}`,
			`{"$ref":"#/definitions/A","definitions":{"A":{"type":"object","properties":{"x":{"type":"number"}}}}}`, "/properties/x/type"},
		{"recursion differs", `{"$ref":"#/$defs/L","$defs":{"L":{"type":"object","properties":{"n":{"$ref":"#/$defs/L"},"v":{"type":"string"}}}}}`,
			`{"$ref":"#/definitions/L","definitions":{"L":{"type":"object","properties":{"n":{"$ref":"#/definitions/L"},"v":{"type":"number"}}}}}`, "/properties/v/type"},
		{"tuple length", `{"type":"array","prefixItems":[{"type":"string"},{"type":"number"}],"items":false,"minItems":1}`,
			`{"type":"array","items":[{"type":"string"},{"type":"number"}],"minItems":2,"maxItems":2}`, "/minItems"},
		{"description", `{"description":"a"}`, `{"description":"b"}`, "/description"},
		{"number value", `{"minimum":1}`, `{"minimum":1.5}`, "/minimum"},
		{"oneOf overlapping", `{"oneOf":[{"type":"string"},{"type":"string","minLength":1}]}`, `{"anyOf":[{"type":"string"},{"type":"string","minLength":1}]}`, "/anyOf"},
		{"dangling ref", `{"$ref":"#/$defs/Nope"}`, `{}`, "no definition"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := compareDocs(c.got, c.want)
			if err == nil {
				t.Fatalf("want a difference at %s, got none", c.path)
			}
			if !strings.Contains(err.Error(), c.path) {
				t.Errorf("difference %q does not name %s", err, c.path)
			}
		})
	}
}

// TestCompareReferenceSelf runs the comparer over every stored reference
// definition: each equals itself, and each mutated copy differs.
func TestCompareReferenceSelf(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "expected", "*.json"))
	if len(files) == 0 {
		corpus.Missing(t, "no reference outputs under %s/expected", conformanceDir)
	}
	mutated := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := parseSchemaDoc(raw)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for name, def := range doc.defs {
			if err := newComparer(doc, doc).compare("", def, def); err != nil {
				t.Errorf("%s %s: differs from itself: %v", f, name, err)
			}
			mdoc, err := parseSchemaDoc(raw)
			if err != nil {
				t.Fatal(err)
			}
			if !mutate(mdoc.rawDefs[name]) {
				continue
			}
			mdoc, _ = reparse(mdoc)
			mutated++
			if newComparer(mdoc, doc).compare("", mdoc.defs[name], def) == nil {
				t.Errorf("%s %s: a mutated copy compares equal", f, name)
			}
		}
	}
	if mutated < 50 {
		t.Errorf("only %d definitions could be mutated, want at least 50", mutated)
	}
}

// reparse normalises a document again after its raw form was edited.
func reparse(d *schemaDoc) (*schemaDoc, error) {
	raw, err := json.Marshal(d.root)
	if err != nil {
		return nil, err
	}
	return parseSchemaDoc(raw)
}

// mutate changes one thing that matters in a raw schema: the first
// required name, enum value, const, or type it finds (depth first, keys
// in order). It reports whether it changed anything.
func mutate(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	if r, ok := m["required"].([]any); ok && len(r) > 0 {
		m["required"] = r[1:]
		return true
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		m["enum"] = append(e[:len(e):len(e)], "mutated-value")
		return true
	}
	if _, ok := m["const"]; ok {
		m["const"] = "mutated-value"
		return true
	}
	if ty, ok := m["type"].(string); ok {
		m["type"] = "string"
		if ty == "string" {
			m["type"] = "integer"
		}
		return true
	}
	for _, k := range sortedKeys(m) {
		if k == "properties" {
			for _, p := range sortedKeys(m[k].(map[string]any)) {
				if mutate(m[k].(map[string]any)[p]) {
					return true
				}
			}
			continue
		}
		if l, ok := m[k].([]any); ok {
			for _, x := range l {
				if mutate(x) {
					return true
				}
			}
		} else if mutate(m[k]) {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
