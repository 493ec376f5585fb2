package jsonval

import (
	"strings"
	"testing"
)

// TestCyclesWithoutProgress: a reference cycle that comes back to the
// same schema at the same instance location fails with KindCycle instead
// of overflowing the stack.
func TestCyclesWithoutProgress(t *testing.T) {
	for _, doc := range []string{
		`{"$ref": "#"}`,
		`{"allOf": [{"$ref": "#"}]}`,
		`{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}`,
		`{"$dynamicAnchor": "x", "anyOf": [{"$dynamicRef": "#x"}]}`,
		`{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"a": {"$ref": "#"}}, "not": {"$ref": "#/definitions/a"}}`,
		`{"$id": "urn:a", "$defs": {"b": {"$id": "urn:b", "$ref": "urn:a"}}, "$ref": "urn:b"}`,
	} {
		s := mustCompile(t, doc)
		e := validateErr(t, s, `{"a": [1]}`)
		found := false
		for _, l := range e.Leaves() {
			found = found || l.Kind == KindCycle
		}
		if !found {
			t.Errorf("%s: no KindCycle among %v", doc, e)
		}
	}
}

// TestDeepRecursionWithProgress: a recursive schema follows a deep value
// to its end.
func TestDeepRecursionWithProgress(t *testing.T) {
	s := mustCompile(t, `{"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#"}}]}`)
	const depth = 2000
	doc := strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth)
	if err := s.Validate(mustValue(t, doc)); err != nil {
		t.Errorf("deep valid value: %.200v", err)
	}
	bad := strings.Repeat("[", depth) + `"x"` + strings.Repeat("]", depth)
	if s.Validate(mustValue(t, bad)) == nil {
		t.Error("deep invalid value passes")
	}
}

// TestPropertyNamesIsProgress: validating a property name reaches the
// same location with another value; a reference back is no cycle.
func TestPropertyNamesIsProgress(t *testing.T) {
	s := mustCompile(t, `{"$defs": {"a": {"propertyNames": {"$ref": "#/$defs/a"}, "maxLength": 3}}, "$ref": "#/$defs/a"}`)
	if err := s.Validate(mustValue(t, `{"abc": 1}`)); err != nil {
		t.Errorf("short names: %v", err)
	}
	if s.Validate(mustValue(t, `{"abcd": 1}`)) == nil {
		t.Error("a long name passes")
	}
}
