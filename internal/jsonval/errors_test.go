package jsonval

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"testing"
)

func mustCompile(t testing.TB, schema string) *Schema {
	t.Helper()
	s, err := Compile([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustValue(t testing.TB, doc string) any {
	t.Helper()
	v, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func validateErr(t *testing.T, s *Schema, doc string) *Error {
	t.Helper()
	err := s.Validate(mustValue(t, doc))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: want an *Error, got %v", doc, err)
	}
	return e
}

// leafLine renders a leaf for comparison: kind, instance pointer, keyword
// location, and the kind's values.
func leafLine(e *Error) string {
	s := fmt.Sprintf("%v /%s %s", e.Kind, strings.Join(e.InstanceLocation, "/"), e.KeywordLocation)
	switch {
	case e.Properties != nil:
		s += fmt.Sprintf(" %v", e.Properties)
	case e.Indices != nil:
		s += fmt.Sprintf(" %v", e.Indices)
	case e.Want != nil:
		s += " want=" + show(e.Want) + " got=" + show(e.Got)
	}
	return s
}

const toolSchema = `{
	"type": "object",
	"properties": {
		"city": {"type": "string", "minLength": 2},
		"days": {"$ref": "#/$defs/days"},
		"unit": {"enum": ["c", "f"]},
		"tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
		"when": {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]},
		"pick": {"oneOf": [{"type": "integer"}, {"type": "number"}]}
	},
	"required": ["city", "days"],
	"additionalProperties": false,
	"$defs": {"days": {"type": "integer", "minimum": 1, "maximum": 14}}
}`

func TestErrorTree(t *testing.T) {
	s := mustCompile(t, toolSchema)
	e := validateErr(t, s, `{"city": "x", "days": 20.0, "unit": "k", "tags": ["a", "a", 3], "when": "later", "pick": 1, "zz": 1, "aa": 2}`)
	if e.Kind != KindSchema || len(e.InstanceLocation) != 0 {
		t.Fatalf("root = %v at %v, want a KindSchema group at the root", e.Kind, e.InstanceLocation)
	}
	var got []string
	for _, l := range e.Leaves() {
		got = append(got, leafLine(l))
	}
	want := []string{
		"minLength /city /properties/city/minLength want=2 got=1",
		"maximum /days /properties/days/$ref/maximum want=14 got=20.0",
		"oneOf /pick /properties/pick/oneOf [0 1]",
		"uniqueItems /tags /properties/tags/uniqueItems [0 1]",
		"type /tags/2 /properties/tags/items/type want=string got=integer",
		"enum /unit /properties/unit/enum want=[c f] got=k",
		"maxLength /when /properties/when/anyOf/0/maxLength want=3 got=5",
		"type /when /properties/when/anyOf/1/type want=null got=string",
		"additionalProperties / /additionalProperties [aa zz]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("leaves:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestErrorGroups(t *testing.T) {
	s := mustCompile(t, toolSchema)
	e := validateErr(t, s, `{"days": 0, "when": 5}`)
	kinds := map[Kind]*Error{}
	var walk func(*Error)
	walk = func(e *Error) {
		kinds[e.Kind] = e
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(e)
	if r := kinds[KindRequired]; r == nil || fmt.Sprint(r.Properties) != "[city]" {
		t.Errorf("required: %+v", r)
	}
	ref := kinds[KindRef]
	if ref == nil || len(ref.Causes) != 1 || ref.Causes[0].Kind != KindMinimum {
		t.Fatalf("$ref group: %+v", ref)
	}
	if m := ref.Causes[0]; m.SchemaLocation != "urn:jsonval:schema#/$defs/days" || m.Want.(*big.Rat).Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("minimum: schema location %q, want %v", m.SchemaLocation, m.Want)
	}
	if a := kinds[KindAnyOf]; a == nil || len(a.Causes) != 2 {
		t.Errorf("anyOf: want one cause per alternative, got %+v", a)
	}
	if !strings.Contains(e.Error(), "/days: must be at least 1, got 0") {
		t.Errorf("Error() = %s", e.Error())
	}
}

func TestDraft7Keywords(t *testing.T) {
	s := mustCompile(t, `{"$schema": "http://json-schema.org/draft-07/schema#",
		"items": [{"type": "string"}], "additionalItems": false,
		"dependencies": {"a": ["b"]}, "definitions": {"x": {"format": "date"}}, "properties": {"d": {"$ref": "#/definitions/x"}}}`)
	if s.Draft != Draft7 || len(s.PrefixItems) != 1 || s.Items == nil || s.Items.Bool == nil {
		t.Fatalf("draft-07 items: %+v", s)
	}
	e := validateErr(t, s, `["a", 1]`)
	if l := leafLine(e.Leaves()[0]); l != "items / /additionalItems want=1 got=2" {
		t.Errorf("additionalItems: %s", l)
	}
	e = validateErr(t, s, `{"a": 1, "d": "2024-13-01"}`)
	var got []string
	for _, l := range e.Leaves() {
		got = append(got, leafLine(l))
	}
	if strings.Join(got, "; ") != "dependentRequired / /dependencies [b]; format /d /properties/d/$ref/format want=date got=not a full-date (YYYY-MM-DD)" {
		t.Errorf("leaves: %v", got)
	}
}

// TestFormatAnnotation: in 2020-12 a format is only an annotation unless
// asserted.
func TestFormatAnnotation(t *testing.T) {
	doc := mustValue(t, `{"format": "email"}`)
	for _, assert := range []bool{false, true} {
		c := &Compiler{AssertFormat: assert}
		if err := c.AddResource("urn:f", doc); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile("urn:f")
		if err != nil {
			t.Fatal(err)
		}
		if valid := s.Validate("not an address") == nil; valid == assert {
			t.Errorf("AssertFormat %v: valid %v", assert, valid)
		}
	}
}

func TestNumbersExact(t *testing.T) {
	s := mustCompile(t, `{"type": "integer", "maximum": 12345678901234567890123, "enum": [1, 12345678901234567890123, 2.5]}`)
	for doc, valid := range map[string]bool{
		`1.0`: true, `1e0`: true, `12345678901234567890123`: true, `12345678901234567890124`: false,
		`12345678901234567890123.0`: true, `2.5`: false, `1.0000000000000000000001`: false,
	} {
		if got := s.Validate(mustValue(t, doc)) == nil; got != valid {
			t.Errorf("%s: valid %v, want %v", doc, got, valid)
		}
	}
	// Exponents big.Rat refuses are judged from the text.
	for schema, cases := range map[string]map[string]bool{
		`{"type": "integer"}`:     {`1e999999999`: true, `1.5e-999999999`: false, `-0.0e-999999999`: true},
		`{"multipleOf": 0.5}`:     {`1e999999999`: true, `1.5e-999999999`: false},
		`{"multipleOf": 3}`:       {`1e999999999`: false, `3e999999999`: true},
		`{"exclusiveMinimum": 0}`: {`1e-999999999`: true, `-1e-999999999`: false},
		`{"maximum": 1e308}`:      {`1e999999999`: false, `-1e999999999`: true},
		`{"enum": [1e999999999]}`: {`1e999999999`: true},
	} {
		s := mustCompile(t, schema)
		for doc, valid := range cases {
			if got := s.Validate(mustValue(t, doc)) == nil; got != valid {
				t.Errorf("%s against %s: valid %v, want %v", doc, schema, got, valid)
			}
		}
	}
	if mustCompile(t, `{"const": {"a": [1, 2.0]}}`).Validate(map[string]any{"a": []any{1.0, 2}}) != nil {
		t.Error("Go numbers are compared as numbers")
	}
}

func TestRemoteRefNotFetched(t *testing.T) {
	_, err := Compile([]byte(`{"$ref": "https://example.com/schema.json"}`))
	if err == nil || !strings.Contains(err.Error(), "not fetched") {
		t.Errorf("err = %v, want a compile error saying remote references are not fetched", err)
	}
}

type countingEngine struct{ compiled, matched int }

type countingRegexp struct {
	*regexp.Regexp
	e *countingEngine
}

func (r countingRegexp) MatchString(s string) bool { r.e.matched++; return r.Regexp.MatchString(s) }

func TestRegexpHook(t *testing.T) {
	e := &countingEngine{}
	c := &Compiler{Regexp: func(p string) (Regexp, error) {
		e.compiled++
		re, err := regexp.Compile(p)
		return countingRegexp{re, e}, err
	}}
	if err := c.AddResource("urn:p", mustValue(t, `{"pattern": "^a", "patternProperties": {"^x": {}}}`)); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("urn:p")
	if err != nil {
		t.Fatal(err)
	}
	if s.Validate("abc") != nil || s.Validate("b") == nil || s.Validate(map[string]any{"xy": 1}) != nil {
		t.Error("patterns through the hook give wrong verdicts")
	}
	if e.compiled != 2 || e.matched != 4 { // the invalid "b" is matched again to build its error
		t.Errorf("engine compiled %d and matched %d, want 2 and 4", e.compiled, e.matched)
	}
	if _, err := Compile([]byte(`{"pattern": "(?<=a)b"}`)); err == nil {
		t.Error("a pattern RE2 refuses compiles with the default engine")
	}
}

func TestMalformedSchemas(t *testing.T) {
	for _, doc := range []string{`{"type": "strin"}`, `{"minLength": -1}`, `{"multipleOf": 0}`, `{"required": [1]}`,
		`{"properties": 3}`, `{"allOf": {}}`, `{"$ref": "#/nope"}`, `{"$ref": "#anchor"}`, `5`, `{"$schema": "https://example.com/mine"}`} {
		if _, err := Compile([]byte(doc)); err == nil {
			t.Errorf("%s compiles", doc)
		}
	}
}

// TestConcurrentValidate: one Schema validates from many goroutines
// (run with -race to see it share nothing it writes).
func TestConcurrentValidate(t *testing.T) {
	s := mustCompile(t, `{"$dynamicAnchor": "n", "properties": {"a": {"$dynamicRef": "#n"}, "b": {"minimum": 2}}, "unevaluatedProperties": false}`)
	good, bad := mustValue(t, `{"a": {"a": {"b": 3}}}`), mustValue(t, `{"a": {"b": 1, "c": 1}}`)
	done := make(chan string)
	for range 8 {
		go func() {
			for range 200 {
				if s.Validate(good) != nil || s.Validate(bad) == nil {
					done <- "wrong verdict"
					return
				}
			}
			done <- ""
		}()
	}
	for range 8 {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}

// TestMessages: every kind has a phrase of its own.
func TestMessages(t *testing.T) {
	for doc, value := range map[string]string{
		`{"minLength": 3}`: `"ab"`, `{"maxItems": 1}`: `[1, 2]`, `{"minProperties": 1}`: `{}`,
		`{"contains": {"type": "string"}, "minContains": 2}`: `["a", 1]`, `{"contains": {"type": "string"}}`: `[1]`,
		`{"prefixItems": [true], "items": false}`: `[1, 2]`, `{"not": {}}`: `1`, `{"propertyNames": {"maxLength": 1}}`: `{"ab": 1}`,
		`{"unevaluatedItems": false}`: `[1]`, `{"format": "date", "$schema": "http://json-schema.org/draft-07/schema#"}`: `"x"`,
	} {
		e := validateErr(t, mustCompile(t, doc), value)
		for _, l := range e.Leaves() {
			if m := l.Message(); strings.Contains(m, "%!") || strings.HasPrefix(m, l.Kind.Keyword()+":") {
				t.Errorf("%s: %q", doc, m)
			}
		}
	}
}
