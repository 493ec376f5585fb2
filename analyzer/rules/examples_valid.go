package rules

import (
	"bytes"
	"fmt"
	"strings"

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
