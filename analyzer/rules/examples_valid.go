package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/jsonval"
	"github.com/tscg/tscg/runtime"
)

// ExamplesValid checks examples and defaults against their own schemas.
var ExamplesValid = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "examples-valid",
		Summary:         "tool examples, parameter examples and defaults that their own schema rejects",
		DefaultSeverity: diag.Error,
		Category:        catSchema,
		Since:           since,
		Doc: "Every tool example's arguments are validated against the tool's rendered input schema, and every\n" +
			"`default` and `examples` value of a parameter against that parameter's schema (JSON Schema\n" +
			"2020-12, tscg's validator held to santhosh-tekuri/jsonschema). A model imitates examples, so a wrong one teaches wrong calls.",
	},
	Run: runExamplesValid,
}

func runExamplesValid(p *analyzer.Pass) {
	for _, t := range p.Tools {
		for i, ex := range t.Examples {
			if ex.Arguments == nil {
				continue
			}
			if msg := validate(p.Schema, t.Params, ex.Arguments); msg != "" {
				p.Report(t.Pos, t.Name, "example %d of %q does not match its input schema: %s", i+1, t.Name, msg)
			}
		}
		walkProps(t.Params, func(path string, prop *ir.Property) {
			checkValues(p, t, path, prop)
		})
	}
}

func checkValues(p *analyzer.Pass, t *ir.Tool, path string, prop *ir.Property) {
	typ := prop.Type
	if typ == nil || (typ.Default == nil && len(typ.Examples) == 0) {
		return
	}
	// The property's own default and examples would validate themselves
	// only through annotations, so they are checked against a copy
	// without them.
	bare := *typ
	bare.Default, bare.Examples = nil, nil
	pos := posOr(prop.Pos, t.Pos)
	if typ.Default != nil {
		if msg := validate(p.SchemaUncached, &bare, typ.Default); msg != "" {
			p.Report(pos, t.Name, "default %s of parameter %q of %q does not match its schema: %s", clip(typ.Default), path, t.Name, msg)
		}
	}
	for _, ex := range typ.Examples {
		if msg := validate(p.SchemaUncached, &bare, ex); msg != "" {
			p.Report(pos, t.Name, "example %s of parameter %q of %q does not match its schema: %s", clip(ex), path, t.Name, msg)
		}
	}
}

// validate returns "" when v matches t's schema (rendered by schema:
// Pass.Schema for a catalog type, Pass.SchemaUncached for a copy), else
// the first error (or why the schema could not be compiled).
func validate(schema func(*ir.Type) ([]byte, error), t *ir.Type, v ir.Value) string {
	raw, err := schema(t)
	if err != nil {
		return "cannot render schema: " + err.Error()
	}
	if plainlyValid(raw, v) {
		return ""
	}
	return validateRaw(raw, v)
}

// validateRaw is validate of the rendered schema raw, by the validator.
func validateRaw(raw []byte, v ir.Value) string {
	doc, err := jsonval.Unmarshal(raw)
	if err != nil {
		return "cannot decode schema: " + err.Error()
	}
	c := jsonval.NewCompiler()
	if err := c.AddResource("tscg:///schema.json", doc); err != nil {
		return "cannot load schema: " + err.Error()
	}
	sch, err := c.Compile("tscg:///schema.json")
	if err == nil {
		inst, err := jsonval.Unmarshal(v)
		if err != nil {
			return "not JSON: " + err.Error()
		}
		if err := sch.Validate(inst); err != nil {
			return firstError(err)
		}
	}
	return runtimePatterns(raw, v)
}

// schema202012 is the "$schema" the renderer writes.
const schema202012 = "https://json-schema.org/draft/2020-12/schema"

// plainlyValid reports whether v matches the rendered schema raw for a
// reason that needs no validator: raw holds nothing but annotations
// ("description", "title"), 2020-12's "$schema", one "type" of string,
// boolean, null, integer or number and, for a string, an "enum" of
// strings, and v is a value of that type (one of the enum's strings).
// Compiling a validator for each default and example was most of
// examples-valid's time, and three in four of BFCL's are of this kind
// (bench/lint.md, Step 9). false decides nothing: validate compiles the
// schema then. TestPlainlyValidAgreesWithValidator holds it to the
// validator.
func plainlyValid(raw []byte, v ir.Value) bool {
	if len(v) == 0 || !json.Valid(v) || bytes.Contains(raw, []byte(`"pattern`)) {
		return false
	}
	var w rawSchema
	s, err := w.read(raw)
	if err != nil || s == nil {
		return false
	}
	typ, hasType := w.str(s.get("type"))
	if !hasType {
		return false
	}
	for _, m := range s {
		switch m.key {
		case "description", "title", "type":
		case "$schema":
			if u, _ := w.strVal(m.start); u != schema202012 {
				return false
			}
		case "enum":
			if typ != "string" {
				return false
			}
		default:
			return false
		}
	}
	switch typ {
	case "string":
		str, ok := plainString(v)
		if !ok {
			return false
		}
		if e, ok := s.get("enum"); ok {
			return w.enumHas(e.start, str)
		}
		return true
	case "boolean":
		return string(v) == "true" || string(v) == "false"
	case "null":
		return string(v) == "null"
	case "integer":
		return plainNumber(v, false)
	case "number":
		return plainNumber(v, true)
	}
	return false
}

// plainString returns the text of a JSON string without escapes, in
// valid UTF-8: what it decodes to, byte for byte.
func plainString(v ir.Value) (string, bool) {
	if len(v) < 2 || v[0] != '"' || bytes.IndexByte(v, '\\') >= 0 || !utf8.Valid(v) {
		return "", false
	}
	return string(v[1 : len(v)-1]), true
}

// plainNumber reports whether v is a JSON number written as digits, with
// a fraction if fraction (no exponent, short enough for any reading).
func plainNumber(v ir.Value, fraction bool) bool {
	s := string(v)
	s = strings.TrimPrefix(s, "-")
	if s == "" || len(s) > 15 {
		return false
	}
	dot := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
		case c == '.' && fraction && !dot && i > 0 && i < len(s)-1:
			dot = true
		default:
			return false
		}
	}
	return true
}

// enumHas reports whether the array at start has a string equal to str.
func (w *rawSchema) enumHas(start int, str string) bool {
	found := false
	w.elems(start, func(i int) {
		if e, ok := w.strVal(i); ok && e == str {
			found = true
		}
	})
	return found
}

// runtimePatterns checks v's strings against their patterns as tscg
// serve does: ECMAScript patterns RE2 refuses (a lookahead, a
// backreference) by the backtracking engine, under the runtime's bounds
// (runtime.PatternMatchTimeout per match, runtime.PatternBudget in all).
// A default or example that matching cannot decide within them is found
// here, not at the first call. A schema the runtime cannot compile is not
// an example problem.
func runtimePatterns(raw []byte, v ir.Value) string {
	if !bytes.Contains(raw, []byte(`"pattern`)) {
		return "" // no pattern or patternProperties keyword: nothing to match
	}
	sch, err := runtime.CompileSchema("lint", raw)
	if err != nil {
		return ""
	}
	inst, err := runtime.Decode(v, runtime.Limits{MaxBytes: len(v) + 1, MaxDepth: 256})
	if err != nil {
		return ""
	}
	err = sch.Validate(inst)
	if err == nil {
		return ""
	}
	for _, vi := range runtime.ViolationsOf(err) {
		if vi.Keyword == "pattern" {
			return "at /" + strings.TrimPrefix(vi.Pointer, "/") + ": " + vi.Message
		}
	}
	return ""
}

// firstError describes the deepest first cause of a validation error.
func firstError(err error) string {
	ve, ok := err.(*jsonval.Error)
	if !ok {
		return err.Error()
	}
	for len(ve.Causes) > 0 {
		ve = ve.Causes[0]
	}
	return fmt.Sprintf("at /%s: %s", strings.Join(ve.InstanceLocation, "/"), ve.Message())
}

func clip(v ir.Value) string {
	s := string(v)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
