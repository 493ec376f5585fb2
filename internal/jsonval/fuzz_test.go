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

// FuzzDifferential gives santhosh v6 and this package the same schema and
// value; where both compile the schema, both must give one verdict. A
// reference cycle without progress is left out (see knownDifferences).
func FuzzDifferential(f *testing.F) {
	f.Add(toolSchema, `{"city": "xy", "days": 2}`)
	f.Add(`{"prefixItems": [{"type": "integer"}], "unevaluatedItems": false, "contains": {"minimum": 5}}`, `[1, 5]`)
	f.Add(`{"properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"enum": [1, "a", null]}}, "unevaluatedProperties": false}`, `{"a": 1.0}`)
	f.Fuzz(func(t *testing.T, schema, instance string) {
		if len(schema) > 1<<10 || len(instance) > 1<<10 {
			return
		}
		doc, err := Unmarshal([]byte(schema))
		if err != nil {
			return
		}
		v, err := Unmarshal([]byte(instance))
		if err != nil {
			return
		}
		ours, oerr := ourCompile(doc, Draft2020, false, nil)
		ref, rerr := refCompile(doc, Draft2020, false, nil)
		if oerr != nil || rerr != nil {
			return
		}
		err = ours.Validate(v)
		var e *Error
		if errors.As(err, &e) {
			for _, l := range e.Leaves() {
				if l.Kind == KindCycle {
					return
				}
			}
		}
		if rv := ref.Validate(v); (err == nil) != (rv == nil) {
			t.Fatalf("schema %s value %s: ours %v, santhosh %v", schema, instance, err, rv)
		}
	})
}
