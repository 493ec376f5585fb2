package runtime

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/internal/corpus"
)

const jstsDir = "../../shared/corpora/jsts/draft2020-12"

type jstsGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

// TestDifferentialJSTS runs every required JSON-Schema-Test-Suite 2020-12
// case whose schema is self-contained (no remote documents) through the
// runtime's own argument pipeline (Registry.Check: strict decode,
// validation, defaults) and through santhosh-tekuri/jsonschema/v6
// (UnmarshalJSON + Validate), and requires the same verdict. It also
// counts the subset whose schemas use only keywords the IR represents.
func TestDifferentialJSTS(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(jstsDir, "*.json"))
	if len(files) == 0 {
		corpus.Missing(t, "JSON-Schema-Test-Suite not found at %s (shared corpora absent)", jstsDir)
	}
	var cases, irCases, groups, skipped, disagree, suiteMiss int
	for _, path := range files {
		var gs []jstsGroup
		data, err := os.ReadFile(path)
		must(t, err)
		must(t, json.Unmarshal(data, &gs))
		for gi, g := range gs {
			name := filepath.Base(path) + "#" + g.Description
			r := NewRegistry()
			if err := r.Register(Tool{Name: "t", InputSchema: g.Schema}); err != nil {
				skipped++ // remote references: out of scope for self-contained tool schemas
				continue
			}
			ref := referenceSchema(t, g.Schema, gi)
			groups++
			inIR := irRepresentable(g.Schema)
			for _, c := range g.Tests {
				cases++
				if inIR {
					irCases++
				}
				_, chk := r.Check(Call{Name: "t", Arguments: c.Data})
				want := ref.Validate(mustUnmarshal(t, c.Data)) == nil
				if chk.OK() != want {
					disagree++
					t.Errorf("%s / %s: runtime says valid=%v, santhosh %v (%v)", name, c.Description, chk.OK(), want, chk.Violations)
				}
				if want != c.Valid {
					suiteMiss++
				}
			}
		}
	}
	t.Logf("JSTS 2020-12: %d cases in %d groups in scope (%d in the IR-representable subset); %d groups out of scope (remote refs); %d disagreements with santhosh v6; santhosh differs from the suite on %d",
		cases, groups, irCases, skipped, disagree, suiteMiss)
	if cases < 1000 {
		t.Errorf("only %d cases ran; the corpus should give over 1,000", cases)
	}
}

func referenceSchema(t *testing.T, schema json.RawMessage, i int) *jsonschema.Schema {
	c := jsonschema.NewCompiler()
	loc := "urn:ref:" + string(rune('a'+i%26))
	must(t, c.AddResource(loc, mustUnmarshal(t, schema)))
	s, err := c.Compile(loc)
	must(t, err)
	return s
}

func mustUnmarshal(t testing.TB, data []byte) any {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// irKeywords are the JSON Schema keywords ir.Type can carry.
var irKeywords = map[string]bool{
	"type": true, "enum": true, "const": true, "minLength": true, "maxLength": true, "pattern": true,
	"format": true, "minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"multipleOf": true, "items": true, "prefixItems": true, "minItems": true, "maxItems": true,
	"uniqueItems": true, "properties": true, "required": true, "additionalProperties": true,
	"minProperties": true, "maxProperties": true, "anyOf": true, "oneOf": true, "allOf": true,
	"$ref": true, "$defs": true, "title": true, "description": true, "default": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "$schema": true, "$comment": true,
}

func irRepresentable(schema json.RawMessage) bool {
	var v any
	if json.Unmarshal(schema, &v) != nil {
		return false
	}
	return irWalk(v, "")
}

func irWalk(v any, parent string) bool {
	switch x := v.(type) {
	case bool:
		return true
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if parent == "properties" || parent == "$defs" {
				if !irWalk(x[k], "") {
					return false
				}
				continue
			}
			if !irKeywords[k] {
				return false
			}
			if k == "$ref" {
				if s, _ := x[k].(string); !strings.HasPrefix(s, "#/$defs/") && s != "#" {
					return false
				}
				continue
			}
			if !irValue(k, x[k]) {
				return false
			}
		}
		return true
	}
	return false
}

// irValue checks the subschemas under keyword k.
func irValue(k string, v any) bool {
	switch k {
	case "properties", "$defs":
		return irWalk(v, k)
	case "items", "additionalProperties":
		return irWalk(v, "")
	case "anyOf", "oneOf", "allOf", "prefixItems":
		arr, _ := v.([]any)
		for _, s := range arr {
			if !irWalk(s, "") {
				return false
			}
		}
	}
	return true
}
