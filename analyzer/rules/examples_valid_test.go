package rules

import (
	"testing"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// TestPlainlyValid: which schema and value pairs plainlyValid decides
// (true), and that the validator agrees with each of them; the rest go to
// the validator.
func TestPlainlyValid(t *testing.T) {
	const s = `{"$schema":"https://json-schema.org/draft/2020-12/schema",`
	cases := []struct {
		schema, value string
		plain         bool
	}{
		{s + `"type":"string","description":"a"}`, `"abc"`, true},
		{s + `"type":"string"}`, `""`, true},
		{s + `"type":"string","title":"t","description":"d"}`, `"é"`, true},
		{s + `"type":"string","enum":["a","b"]}`, `"b"`, true},
		{s + `"type":"string","enum":[1,"a"]}`, `"a"`, true},
		{s + `"type":"boolean"}`, `false`, true},
		{s + `"type":"null"}`, `null`, true},
		{s + `"type":"integer"}`, `-12`, true},
		{s + `"type":"number"}`, `3.25`, true},
		{s + `"type":"number"}`, `3`, true},
		{`{"type":"string"}`, `"x"`, true},

		{s + `"type":"string","enum":["a","b"]}`, `"c"`, false}, // not in the enum
		{s + `"type":"string","enum":["a\u0062"]}`, `"ab"`, true},
		{s + `"type":"string","enum":["ab"]}`, `"a\u0062"`, false}, // escapes: the validator decodes
		{s + `"type":"string"}`, `5`, false},
		{s + `"type":"string","description":"see \"pattern\""}`, `"x"`, false},
		{s + `"type":"string","format":"date"}`, `"x"`, false},
		{s + `"type":"string","minLength":2}`, `"x"`, false},
		{s + `"type":"integer","enum":[1]}`, `1`, false},
		{s + `"type":"integer"}`, `1.0`, false},
		{s + `"type":"integer"}`, `1e3`, false},
		{s + `"type":"integer"}`, `"1"`, false},
		{s + `"type":"number"}`, `12345678901234567890`, false},
		{s + `"type":"boolean"}`, `"true"`, false},
		{s + `"type":["string","null"]}`, `"x"`, false},
		{s + `"type":"array","items":{"type":"string"}}`, `["x"]`, false},
		{s + `"type":"object"}`, `{}`, false},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","type":"string"}`, `"x"`, false},
		{s + `"description":"no type"}`, `"x"`, false},
		{s + `"type":"string"}`, `"x" "y"`, false},
		{s + `"type":"string"}`, "\"\xff\"", false},
		{s + `"type":"string","type":"integer"}`, `"x"`, false}, // the last "type" counts
	}
	for _, c := range cases {
		got := plainlyValid([]byte(c.schema), ir.Value(c.value))
		if got != c.plain {
			t.Errorf("plainlyValid(%s, %s) = %v, want %v", c.schema, c.value, got, c.plain)
		}
		if got {
			if msg := validateRaw([]byte(c.schema), ir.Value(c.value)); msg != "" {
				t.Errorf("plainlyValid(%s, %s), but the validator says %s", c.schema, c.value, msg)
			}
		}
	}
}

// TestPlainlyValidAgreesWithValidator: every default and example of the
// corpora that plainlyValid passes, the validator passes too, and most
// of BFCL's are decided without it.
func TestPlainlyValidAgreesWithValidator(t *testing.T) {
	opts := analyzer.Defaults().SchemaOptions
	for name, files := range corpusInputs(t) {
		plain, all := 0, 0
		check := func(typ *ir.Type, v ir.Value) {
			raw, err := jsonschema.Type(typ, opts)
			if err != nil {
				return
			}
			all++
			if !plainlyValid(raw, v) {
				return
			}
			plain++
			if msg := validateRaw(raw, v); msg != "" {
				t.Errorf("%s: plainlyValid(%s, %s), but the validator says %s", name, raw, v, msg)
			}
		}
		for _, tool := range loadCorpus(files).Tools {
			for _, ex := range tool.Examples {
				if ex.Arguments != nil && tool.Params != nil {
					check(tool.Params, ex.Arguments)
				}
			}
			walkProps(tool.Params, func(_ string, prop *ir.Property) {
				if prop.Type == nil {
					return
				}
				bare := *prop.Type
				bare.Default, bare.Examples = nil, nil
				if prop.Type.Default != nil {
					check(&bare, prop.Type.Default)
				}
				for _, ex := range prop.Type.Examples {
					check(&bare, ex)
				}
			})
		}
		t.Logf("%s: %d of %d values decided without the validator", name, plain, all)
		if name == "bfcl" && plain*2 < all {
			t.Errorf("bfcl: only %d of %d values decided without the validator", plain, all)
		}
	}
}
