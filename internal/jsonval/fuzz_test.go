package jsonval

import (
	"errors"
	"testing"
)

// FuzzValidate compiles any JSON document as a schema and validates any
// JSON value with it: no panic, no unbounded recursion, and an error tree
// that renders.
func FuzzValidate(f *testing.F) {
	for _, seed := range [][2]string{
		{toolSchema, `{"city": "x", "days": 20.0, "unit": "k", "tags": ["a", "a", 3], "when": "later", "zz": 1}`},
		{`{"$ref": "#"}`, `1`},
		{`{"$defs": {"a": {"$ref": "#/$defs/a"}}, "properties": {"x": {"$ref": "#/$defs/a"}}}`, `{"x": 1}`},
		{`{"$dynamicAnchor": "n", "items": {"$dynamicRef": "#n"}, "unevaluatedItems": false, "prefixItems": [true]}`, `[[1, [2]], 3]`},
		{`{"oneOf": [{"multipleOf": 0.1}, {"maximum": 1e308}], "unevaluatedProperties": {"type": "string"}}`, `1e400`},
		{`{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{}], "additionalItems": {"format": "date-time"}, "dependencies": {"a": {"required": ["b"]}}}`, `[1, "2024-01-01T00:00:00Z"]`},
		{`{"contains": {"const": 1}, "minContains": 2, "maxContains": 3, "uniqueItems": true}`, `[1, 1.0, {"a": [1]}]`},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, schema, instance string) {
		if len(schema) > 1<<12 || len(instance) > 1<<12 {
			return
		}
		s, err := Compile([]byte(schema))
		if err != nil {
			return
		}
		v, err := Unmarshal([]byte(instance))
		if err != nil {
			return
		}
		if err := s.Validate(v); err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Validate returned %T", err)
			}
			_ = e.Error()
			if len(e.Leaves()) == 0 {
				t.Fatal("an error tree without leaves")
			}
		}
	})
}
