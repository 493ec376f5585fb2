package runtime

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"

	"github.com/tscg/tscg/internal/jsonval"
)

// Schema is a compiled JSON Schema plus what the runtime needs to explain
// a failure to a model: every subschema indexed by its location, so a
// violation can be rendered from the constraints that produced it.
//
// The verdict (valid or not) is always internal/jsonval's: the runtime
// never second-guesses the validator, it only renders its error tree.
// jsonval is held to the JSON-Schema-Test-Suite and, in its tests and in
// TestDifferentialJSTS, to santhosh-tekuri/jsonschema/v6.
type Schema struct {
	root       *jsonval.Schema
	byLocation map[string]*jsonval.Schema
	// withDefaults holds the subschemas that declare a default or lead to
	// one, so filling defaults visits nothing else.
	withDefaults map[*jsonval.Schema]bool
	// withIntegers holds the subschemas that are or lead to an
	// integer-typed schema (see exactIntegers).
	withIntegers map[*jsonval.Schema]bool
	integerTyped map[*jsonval.Schema]bool // "integer" and not "number"

	// patterns is this copy's share of the backtracking engine's work.
	patterns *patternBudget
	// pool is set when a pattern needs the backtracking engine: such a
	// schema validates in copies of its own, one value at a time.
	pool *schemaPool
}

// CompileSchema compiles one JSON Schema document. name only makes the
// schema's base URL unique; a schema without "$schema" is read as draft
// 2020-12. References to other documents are not fetched.
func CompileSchema(name string, doc []byte) (*Schema, error) {
	v, err := jsonval.Decode(bytes.NewReader(doc))
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	return CompileSchemaValue(name, v)
}

// CompileSchemaValue is CompileSchema for an already decoded document
// (map[string]any with json.Number numbers, or a bool).
func CompileSchemaValue(name string, doc any) (*Schema, error) {
	s, err := compileCopy(name, doc)
	if err != nil {
		return nil, err
	}
	if s.patterns.backtracking {
		s.pool = newSchemaPool(name, deepCopy(doc), s)
	}
	return s, nil
}

// compileCopy compiles doc into a Schema of its own: its own validator
// tree, indexes and backtracking patterns (see schemaPool).
func compileCopy(name string, doc any) (*Schema, error) {
	loc := "urn:tscg:schema:" + url.PathEscape(name)
	b := &patternBudget{}
	c := jsonval.NewCompiler()
	c.Regexp = b.compile
	if err := c.AddResource(loc, doc); err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	sch, err := c.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	b.sealed = true
	s := &Schema{root: sch, byLocation: map[string]*jsonval.Schema{}, withDefaults: map[*jsonval.Schema]bool{}, patterns: b}
	s.index(sch)
	s.markDefaults(sch, map[*jsonval.Schema]bool{})
	s.markIntegers()
	return s, nil
}

// Validate checks an already decoded value. It returns nil or a
// *ValidationErrors listing every violation with a JSON pointer and a
// message written for the model.
func (s *Schema) Validate(v any) error {
	return s.ValidateContext(context.Background(), v)
}

// ValidateContext is Validate within ctx: once ctx is done, patterns
// that need the backtracking engine stop matching, and the validation
// returns an error wrapping ctx's cause. Whatever ctx says, the
// backtracking engine's matches of one validation share PatternBudget;
// a validation that runs out of it, or a single match that runs out of
// PatternMatchTimeout, fails with a violation saying so.
func (s *Schema) ValidateContext(ctx context.Context, v any) error {
	in, err := s.acquire(ctx)
	if err != nil {
		return err
	}
	defer s.release(in)
	return in.validate(v)
}

// validate is Validate on an acquired copy.
func (s *Schema) validate(v any) error {
	err := s.root.Validate(v)
	if stopped := s.patterns.failure(v); stopped != nil {
		return stopped // even when err is nil: an undecided pattern under "not" passed
	}
	if err == nil {
		return nil
	}
	var ve *jsonval.Error
	if !errors.As(err, &ve) {
		return &ValidationErrors{Violations: []Violation{{Keyword: "schema", Message: err.Error()}}}
	}
	r := renderer{schema: s, instance: v}
	r.walk(ve)
	return &ValidationErrors{Violations: sortViolations(r.out)}
}

// sortViolations orders violations by pointer, dropping repeats
// (runtime/gensupport's Checker does the same for generated code).
func sortViolations(vs []Violation) []Violation {
	slices.SortStableFunc(vs, func(a, b Violation) int { return cmp.Compare(a.Pointer, b.Pointer) })
	return slices.Compact(vs)
}

// index records every reachable subschema by location, once.
func (s *Schema) index(sch *jsonval.Schema) {
	if sch == nil {
		return
	}
	if _, seen := s.byLocation[sch.Location]; seen {
		return
	}
	s.byLocation[sch.Location] = sch
	for _, c := range children(sch) {
		s.index(c)
	}
}

// children lists the subschemas of sch, in a fixed order.
func children(sch *jsonval.Schema) []*jsonval.Schema {
	out := []*jsonval.Schema{sch.Ref, sch.RecursiveRef, sch.DynamicRef, sch.Not, sch.If, sch.Then, sch.Else,
		sch.PropertyNames, sch.UnevaluatedProperties, sch.Contains, sch.Items,
		sch.UnevaluatedItems}
	out = append(out, sch.AllOf...)
	out = append(out, sch.AnyOf...)
	out = append(out, sch.OneOf...)
	out = append(out, sch.PrefixItems...)
	for _, k := range slices.Sorted(maps.Keys(sch.Properties)) {
		out = append(out, sch.Properties[k])
	}
	for _, p := range sch.PatternProperties {
		out = append(out, p.Schema)
	}
	for _, k := range slices.Sorted(maps.Keys(sch.DependentSchemas)) {
		out = append(out, sch.DependentSchemas[k])
	}
	return append(out, sch.AdditionalProperties)
}

// markDefaults records which subschemas declare or lead to a default
// along the edges fillDefaults follows. A schema on a cycle is assumed
// not to lead to one until shown otherwise.
func (s *Schema) markDefaults(sch *jsonval.Schema, visiting map[*jsonval.Schema]bool) bool {
	if sch == nil || visiting[sch] {
		return false
	}
	if has, done := s.withDefaults[sch]; done {
		return has
	}
	visiting[sch] = true
	defer delete(visiting, sch)
	has := sch.Default != nil
	next := append([]*jsonval.Schema{sch.Ref, sch.Items}, sch.AllOf...)
	for _, p := range sch.Properties {
		next = append(next, p)
	}
	for _, c := range next {
		if s.markDefaults(c, visiting) {
			has = true
		}
	}
	s.withDefaults[sch] = has
	return has
}

// applyDefaults fills absent properties that declare a default, following
// properties, items, $ref and allOf. It reports whether it changed v.
func (s *Schema) applyDefaults(v any) bool {
	return s.fillDefaults(s.root, v, 0)
}

func (s *Schema) fillDefaults(sch *jsonval.Schema, v any, depth int) bool {
	if sch == nil || depth > 64 || !s.withDefaults[sch] {
		return false
	}
	changed := s.fillDefaults(sch.Ref, v, depth+1)
	for _, a := range sch.AllOf {
		changed = s.fillDefaults(a, v, depth+1) || changed
	}
	switch x := v.(type) {
	case map[string]any:
		for name, p := range sch.Properties {
			if cur, ok := x[name]; ok {
				changed = s.fillDefaults(p, cur, depth+1) || changed
			} else if d := defaultOf(p); d != nil {
				x[name] = deepCopy(*d)
				changed = true
			}
		}
	case []any:
		for _, item := range x {
			changed = s.fillDefaults(sch.Items, item, depth+1) || changed
		}
	}
	return changed
}

func defaultOf(sch *jsonval.Schema) *any {
	for i := 0; sch != nil && i < 8; i++ {
		if sch.Default != nil {
			return sch.Default
		}
		sch = sch.Ref
	}
	return nil
}

// deepCopy keeps a default's value from being shared between calls.
func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = deepCopy(e)
		}
		return a
	}
	return v
}
