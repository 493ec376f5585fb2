package jsonval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"

	cjs "github.com/tscg/tscg/compiler/jsonschema"
	fjs "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/corpus"
)

// The differential tests hold this package to santhosh-tekuri/jsonschema
// v6 (a test-only reference): over the JSON-Schema-Test-Suite and over the
// tool schemas of the shared corpora, with instances generated from each
// schema, both must give the same verdict. Known differences are listed
// in knownDifferences with their reason, and asserted.

// verdict is one validation or compilation result: "valid", "invalid" or
// "compile error".
type verdict string

// verdictOf is the verdict of validate, or of the compilation when cerr
// is set.
func verdictOf(cerr error, validate func() error) (v verdict) {
	defer func() {
		if recover() != nil {
			v = "panic"
		}
	}()
	switch {
	case cerr != nil:
		return "compile error"
	case validate() != nil:
		return "invalid"
	}
	return "valid"
}

type loaderFunc func(string) (any, error)

func (f loaderFunc) Load(u string) (any, error) { return f(u) }

// refCompile compiles doc with santhosh the way the runtime does (draft
// 2020-12 by default, nothing fetched) or, with load, serving the suite's
// remotes.
func refCompile(doc any, draft Draft, assertFormat bool, load func(string) (any, error)) (*santhosh.Schema, error) {
	c := santhosh.NewCompiler()
	if assertFormat {
		c.AssertFormat()
	}
	c.DefaultDraft(santhosh.Draft2020)
	if draft == Draft7 {
		c.DefaultDraft(santhosh.Draft7)
	}
	if load != nil {
		c.UseLoader(loaderFunc(load))
	} else {
		c.UseLoader(loaderFunc(func(u string) (any, error) { return nil, fmt.Errorf("%s not loaded", u) }))
	}
	if err := c.AddResource(suiteBase, doc); err != nil {
		return nil, err
	}
	return c.Compile(suiteBase)
}

func ourCompile(doc any, draft Draft, assertFormat bool, load func(string) (any, error)) (*Schema, error) {
	c := &Compiler{DefaultDraft: draft, AssertFormat: assertFormat, Load: load}
	if err := c.AddResource(suiteBase, doc); err != nil {
		return nil, err
	}
	return c.Compile(suiteBase)
}

// differ compares both validators on one schema and its instances and
// returns a line per disagreement.
type differ struct {
	compared int
	disagree []string
	load     func(string) (any, error)
	draft    Draft
	formats  bool     // assert formats in every draft
	refWrong []string // disagreements where santhosh is not the suite's verdict and we are
}

func (d *differ) schema(name string, doc any, instances []any) {
	d.schemaExpect(name, doc, instances, nil)
}

// schemaExpect is schema with the suite's verdicts: a disagreement where
// ours is the suite's is santhosh's deviation, counted apart.
func (d *differ) schemaExpect(name string, doc any, instances []any, valid []bool) {
	ours, oerr := ourCompile(doc, d.draft, d.formats, d.load)
	ref, rerr := refCompile(doc, d.draft, d.formats, d.load)
	if (oerr == nil) != (rerr == nil) {
		d.disagree = append(d.disagree, fmt.Sprintf("%s: compile: ours %v, santhosh %v", name, oerr, rerr))
		return
	}
	if oerr != nil {
		return
	}
	for i, v := range instances {
		d.compared++
		o := verdictOf(nil, func() error { return ours.Validate(v) })
		r := verdictOf(nil, func() error { return ref.Validate(v) })
		if o == r {
			continue
		}
		b, _ := json.Marshal(v)
		line := fmt.Sprintf("%s [%d] %s: ours %s, santhosh %s", name, i, b, o, r)
		if r == "panic" {
			d.refWrong = append(d.refWrong, line) // santhosh v6 dereferences a nil *big.Rat for numbers beyond its range
			continue
		}
		if valid != nil && (o == "valid") == valid[i] {
			d.refWrong = append(d.refWrong, line)
			continue
		}
		d.disagree = append(d.disagree, line)
	}
}

// knownDifferences are the disagreements with santhosh that are ours on
// purpose, by a part of the disagreement's line, with the reason.
// (Where santhosh differs from the suite and we do not, differ.refWrong
// counts it apart.)
func knownDifferences() map[string]string {
	return map[string]string{
		`edge 2 {"not": {"$ref": "#"}}`:               "a reference cycle without progress decides nothing: we fail the validation (KindCycle) whatever encloses it; santhosh fails the cycle itself, which \"not\" turns into a pass",
		"] 1e999999999: ours valid, santhosh invalid": "a number whose exponent big.Rat refuses is still judged from its text: 1e999999999 is an integer; santhosh says it is not (and panics on its bounds)",
	}
}

func explained(line string) bool {
	for part := range knownDifferences() {
		if strings.Contains(line, part) {
			return true
		}
	}
	return false
}

func report(t *testing.T, what string, d *differ) {
	t.Helper()
	unexplained := 0
	for _, line := range d.disagree {
		if !explained(line) {
			unexplained++
			t.Error(line)
		}
	}
	for _, line := range d.refWrong {
		t.Log("santhosh differs from the suite or panics: " + line)
	}
	t.Logf("%s: %d verdicts compared, %d disagreements: %d where santhosh differs from the suite and we do not or panics, %d explained in knownDifferences",
		what, d.compared, len(d.disagree)+len(d.refWrong), len(d.refWrong), len(d.disagree)-unexplained)
}

func TestDifferentialSuite(t *testing.T) {
	for _, dir := range []struct {
		path    string
		draft   Draft
		formats bool
	}{{"draft2020-12", Draft2020, false}, {"draft2020-12/optional", Draft2020, false}, {"draft2020-12/optional/format", Draft2020, true},
		{"draft7", Draft7, false}, {"draft7/optional", Draft7, false}, {"draft7/optional/format", Draft7, true}} {
		t.Run(dir.path, func(t *testing.T) {
			d := &differ{load: suiteLoader(t), draft: dir.draft, formats: dir.formats}
			files := suiteFiles(t, dir.path)
			for _, file := range sortedKeys(files) {
				for _, g := range files[file] {
					doc, err := Unmarshal(g.Schema)
					if err != nil {
						t.Fatal(err)
					}
					var instances []any
					var valid []bool
					for _, c := range g.Tests {
						valid = append(valid, c.Valid)
						v, err := Unmarshal(c.Data)
						if err != nil {
							t.Fatal(err)
						}
						instances = append(instances, v)
					}
					d.schemaExpect(file+"#"+g.Description, doc, instances, valid)
				}
			}
			report(t, dir.path, d)
		})
	}
}

// corpusSchemas are the tool schemas of the shared corpora: the MCP
// snapshots' input and output schemas as written, and every catalog the
// JSON frontend reads among the files patterns match (BFCL, ToolBench,
// tau-bench, MCP) rendered to JSON Schema by compiler/jsonschema in both
// dialects, as `tscg build` and the runtime's tests do.
func corpusSchemas(t testing.TB, patterns ...string) map[string]any {
	root := filepath.Join(jstsRoot, "..")
	if _, err := os.Stat(filepath.Join(root, "bfcl")); err != nil {
		corpus.Missing(t, "shared corpora absent at %s: %v", root, err)
	}
	out := map[string]any{}
	snaps, _ := filepath.Glob(filepath.Join(root, "mcp-tool-snapshots", "*.json"))
	for _, f := range snaps {
		rawMCPSchemas(t, f, out)
	}
	var files []string
	for _, p := range patterns {
		m, _ := filepath.Glob(filepath.Join(root, p))
		files = append(files, m...)
	}
	for _, f := range files {
		cat, _ := fjs.Load([]string{f}, fjs.Options{})
		if cat == nil {
			continue
		}
		for _, tool := range cat.Tools {
			for _, draft := range []cjs.Draft{cjs.Draft2020, cjs.Draft7} {
				raw, err := cjs.Type(tool.Params, cjs.Options{Draft: draft})
				if err != nil {
					continue
				}
				v, err := Unmarshal(raw)
				if err != nil {
					t.Fatal(err)
				}
				out[fmt.Sprintf("%s:%s:%s", filepath.Base(f), tool.Name, draft)] = v
			}
		}
	}
	return out
}

func rawMCPSchemas(t testing.TB, path string, out map[string]any) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return
	}
	for _, tool := range doc.Tools {
		for suffix, raw := range map[string]json.RawMessage{"input": tool.InputSchema, "output": tool.OutputSchema} {
			if len(raw) == 0 {
				continue
			}
			v, err := Decode(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			out[filepath.Base(path)+":"+tool.Name+":"+suffix+":raw"] = v
		}
	}
}

func TestDifferentialCorpora(t *testing.T) {
	schemas := corpusSchemas(t, "bfcl/BFCL_v4_*.json", "toolbench/data_example/answer/*/*.json", "tau-bench/tools_*.json", "mcp-tool-snapshots/*.json")
	d := &differ{draft: Draft2020}
	for _, name := range sortedKeys(schemas) {
		doc := schemas[name]
		ours, err := ourCompile(doc, Draft2020, false, nil)
		var instances []any
		if err == nil {
			instances = generateInstances(ours, 80)
		}
		d.schema(name, doc, instances)
	}
	report(t, fmt.Sprintf("corpora (%d schemas)", len(schemas)), d)
	if len(schemas) < 1000 || d.compared < 10000 {
		t.Errorf("only %d schemas and %d instances compared", len(schemas), d.compared)
	}
}

// TestDifferentialEdges compares both validators on schemas of our own
// that probe the corners: reference cycles with and without progress,
// exact numbers, formats in draft-07, unevaluated members through
// references.
func TestDifferentialEdges(t *testing.T) {
	instances := []string{`null`, `true`, `0`, `1.0`, `-0`, `1e308`, `12345678901234567890`, `0.30000000000000004`, `""`, `"abcd"`,
		`"2024-02-29"`, `1e100000`, `1e999999999`, `1.5e-999999999`, `[1e400, 1e400]`, `[]`, `[1, 1.0]`, `[[1], [1.0]]`, `{}`, `{"abc": 1}`, `{"abcd": {"x": [1, "a"]}}`, `{"a": 1, "b": "x", "c": null}`}
	schemas := []string{
		`{"$defs": {"a": {"propertyNames": {"$ref": "#/$defs/a"}, "maxLength": 3}}, "$ref": "#/$defs/a"}`,
		`{"$ref": "#"}`,
		`{"not": {"$ref": "#"}}`,
		`{"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#"}}]}`,
		`{"multipleOf": 0.1, "maximum": 12345678901234567890, "exclusiveMinimum": -0.5}`,
		`{"type": "integer", "minimum": 0, "multipleOf": 0.5}`,
		`{"$schema": "http://json-schema.org/draft-04/schema#", "minimum": 0, "exclusiveMinimum": true, "maximum": 1, "exclusiveMaximum": false}`,
		`{"$schema": "http://json-schema.org/draft-06/schema#", "exclusiveMinimum": 0, "maximum": 1e308, "items": {"exclusiveMaximum": 1}}`,
		`{"items": {"type": "integer", "maximum": 1e308}, "uniqueItems": true}`,
		`{"enum": [1, [1], {"a": 1}], "uniqueItems": true}`,
		`{"$schema": "http://json-schema.org/draft-07/schema#", "format": "date", "items": [{"format": "ipv4"}]}`,
		`{"$defs": {"p": {"properties": {"a": true}}}, "$ref": "#/$defs/p", "unevaluatedProperties": {"type": "string"}}`,
		`{"prefixItems": [true], "contains": {"type": "array"}, "unevaluatedItems": false}`,
		`{"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"maxProperties": 0}, "dependentSchemas": {"b": {"properties": {"c": {"type": "null"}}}}}`,
		`{"$id": "https://x.test/root", "$dynamicAnchor": "node", "properties": {"x": {"$dynamicRef": "#node"}}, "type": "object"}`,
		`{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://x.test/tree", "$recursiveAnchor": true,
			"$defs": {"leaf": {"type": ["integer", "string"]}},
			"anyOf": [{"$ref": "#/$defs/leaf"}, {"type": "array", "items": {"$recursiveRef": "#"}}, {"type": "object", "additionalProperties": {"$recursiveRef": "#"}}]}`,
		`{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://x.test/strict", "$recursiveAnchor": true,
			"$ref": "https://x.test/base", "properties": {"abc": {"maximum": 0}},
			"$defs": {"base": {"$id": "https://x.test/base", "$recursiveAnchor": true, "additionalProperties": {"$recursiveRef": "#"}, "type": ["object", "integer"]}}}`,
		`{"$schema": "https://json-schema.org/draft/2019-09/schema", "items": [{"type": "array"}], "additionalItems": {"type": "integer"}, "unevaluatedItems": false}`,
		`{"$schema": "https://json-schema.org/draft/2019-09/schema", "items": [true], "unevaluatedItems": {"type": "array"}, "contains": {"type": "integer"}}`,
		`{"$schema": "https://json-schema.org/draft/2019-09/schema", "dependentRequired": {"a": ["b"]}, "unevaluatedProperties": false, "properties": {"a": true}, "patternProperties": {"^b": true}}`,
	}
	d := &differ{draft: Draft2020}
	for i, doc := range schemas {
		var vs []any
		for _, in := range instances {
			vs = append(vs, mustValue(t, in))
		}
		d.schema(fmt.Sprintf("edge %d %s", i, doc), mustValue(t, doc), vs)
	}
	report(t, "edges", d)
}
