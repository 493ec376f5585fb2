package typescript

// Differential conformance against ts-json-schema-generator 2.4.0: every
// case under testdata/conformance/cases is loaded by this frontend, each
// exported named type is rendered by compiler/jsonschema, and the result is
// compared semantically (conformance_compare_test.go) with the
// reference's output stored in testdata/conformance/expected by
// testdata/conformance/regen.sh. Node is never needed here.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/internal/corpus"
)

const conformanceDir = "testdata/conformance"

// deviation is a deliberate, known difference between tscg and the
// reference. Each one is asserted, never skipped: a patch must change the
// reference's value (else the deviation is stale), Absent types must be
// missing from tscg, Extra types must be missing from the reference.
type deviation struct {
	Case string
	Type string
	// Pointer and Value patch the reference document (a JSON pointer
	// into the whole file, and the JSON text that replaces what is
	// there) before comparing, so tscg must produce the patched schema.
	Pointer, Value string
	// Delete removes what Pointer names instead (stale when absent).
	Delete bool
	// Absent: the reference emits Type; tscg must not export it.
	Absent bool
	// Extra: tscg exports Type; the reference has no definition for it.
	Extra  bool
	Reason string
}

// deviations is the whole list. Keep it short and honest.
var deviations = []deviation{
	{Case: "30_required", Type: "Final", Pointer: "/definitions/Final/required", Value: `["title","body"]`,
		Reason: "the reference ignores Required<T> (its properties stay optional); tscg makes them required, as TypeScript does"},
	{Case: "22_tuple_named", Type: "Span", Pointer: "/definitions/Span/minItems", Value: `1`,
		Reason: "the reference counts a named optional tuple element ([a: T, b?: U]) as required (minItems 2); it is optional"},
	{Case: "76_comments_everywhere", Type: "Commented", Pointer: "/definitions/Commented/properties/a/description", Value: `"trailing"`,
		Reason: "tscg reads a same-line trailing // comment as the property's description when there is no JSDoc (the seed article's style: `query: string; // search keywords`); the reference reads JSDoc only"},
	{Case: "95_class_as_type", Type: "Config", Pointer: "/definitions/Config/properties/#hidden", Delete: true,
		Reason: "the reference lists an ECMAScript private field (#hidden) as a property; it is no more public than `private secret`, which it leaves out"},
	{Case: "95_class_as_type", Type: "Config", Pointer: "/definitions/Config/required", Value: `["definite","host","region","retries","tags","url","verbose"]`,
		Reason: "as above: #hidden is not required, being no property"},
	{Case: "70_declare_variations", Type: "Later", Extra: true,
		Reason: "the reference only exposes declarations with an export modifier, not ones exported by an `export { … }` list"},
	{Case: "70_declare_variations", Type: "LaterAlias", Extra: true,
		Reason: "as Later: exported through an export list"},
	{Case: "72_skip_functions_classes", Type: "helper", Absent: true,
		Reason: "the reference emits every function (even unexported) as a $comment schema; tscg skips function bodies"},
	{Case: "73_exported_function_class", Type: "run", Absent: true,
		Reason: "an exported function is a tool in tscg, not a named type"},
}

// conformanceCase is one input: a .ts file, or a directory whose entry
// file is index.ts.
type conformanceCase struct {
	name, entry string
}

func conformanceCases(t *testing.T) []conformanceCase {
	entries, err := os.ReadDir(filepath.Join(conformanceDir, "cases"))
	if err != nil {
		corpus.Missing(t, "no conformance corpus: %v", err)
	}
	var cases []conformanceCase
	for _, e := range entries {
		p := filepath.Join(conformanceDir, "cases", e.Name())
		switch {
		case e.IsDir():
			cases = append(cases, conformanceCase{e.Name(), filepath.Join(p, "index.ts")})
		case strings.HasSuffix(e.Name(), ".ts"):
			cases = append(cases, conformanceCase{strings.TrimSuffix(e.Name(), ".ts"), p})
		}
	}
	return cases
}

func TestConformance(t *testing.T) {
	cases := conformanceCases(t)
	if len(cases) < 70 {
		t.Errorf("only %d conformance cases, want at least 70", len(cases))
	}
	known := map[string]bool{}
	for _, c := range cases {
		known[c.name] = true
		t.Run(c.name, func(t *testing.T) { runConformanceCase(t, c) })
	}
	for _, d := range deviations {
		if !known[d.Case] {
			t.Errorf("deviation for unknown case %s", d.Case)
		}
	}
	outputs, _ := filepath.Glob(filepath.Join(conformanceDir, "expected", "*.json"))
	for _, o := range outputs {
		if name := strings.TrimSuffix(filepath.Base(o), ".json"); !known[name] {
			t.Errorf("%s has no case (run regen.sh)", o)
		}
	}
}

func runConformanceCase(t *testing.T, c conformanceCase) {
	raw, err := os.ReadFile(filepath.Join(conformanceDir, "expected", c.name+".json"))
	if err != nil {
		t.Fatalf("no reference output (run %s/regen.sh): %v", conformanceDir, err)
	}
	devs := caseDeviations(c.name)
	raw = patchReference(t, raw, devs)
	want, err := parseSchemaDoc(raw)
	if err != nil {
		t.Fatalf("reference output: %v", err)
	}
	cat, diags := Load([]string{c.entry}, Options{})
	if diags.HasErrors() {
		t.Fatalf("tscg rejected %s:\n%v", c.entry, diags)
	}
	exported := exportedTypes(cat)
	checkTypeSets(t, want, exported, devs)
	for _, n := range sortedNamed(exported) {
		if devFor(devs, n.Name).Extra {
			continue
		}
		t.Run(n.Name, func(t *testing.T) { compareNamed(t, n, want) })
	}
}

func caseDeviations(name string) []deviation {
	var out []deviation
	for _, d := range deviations {
		if d.Case == name {
			out = append(out, d)
		}
	}
	return out
}

func devFor(devs []deviation, typeName string) deviation {
	for _, d := range devs {
		if d.Type == typeName && (d.Absent || d.Extra) {
			return d
		}
	}
	return deviation{}
}

// patchReference applies the case's patches; a patch that changes
// nothing means the deviation is stale, which fails the test.
func patchReference(t *testing.T, raw []byte, devs []deviation) []byte {
	t.Helper()
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("reference output: %v", err)
	}
	patched := false
	for _, d := range devs {
		if d.Pointer == "" {
			continue
		}
		var v any
		if d.Delete {
			v = deleted{}
		} else if err := json.Unmarshal([]byte(d.Value), &v); err != nil {
			t.Fatalf("deviation %s %s: bad value: %v", d.Case, d.Pointer, err)
		}
		old, err := setPointer(doc, d.Pointer, v)
		if d.Delete && old == nil {
			t.Errorf("deviation %s %s is stale: the reference has nothing there to delete (%s)", d.Case, d.Pointer, d.Reason)
		}
		if err != nil {
			t.Fatalf("deviation %s: %v", d.Case, err)
		}
		if canonicalJSON(old) == canonicalJSON(v) {
			t.Errorf("deviation %s %s is stale: the reference already has %s (%s)", d.Case, d.Pointer, d.Value, d.Reason)
		}
		patched = true
	}
	if !patched {
		return raw
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// deleted is the value setPointer deletes with.
type deleted struct{}

// setPointer replaces the value at an RFC 6901 pointer inside objects and
// returns the old value (nil when absent).
func setPointer(doc any, ptr string, v any) (any, error) {
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	cur := doc
	for i, p := range parts {
		p = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("pointer %s: /%s is not inside an object", ptr, strings.Join(parts[:i+1], "/"))
		}
		if i == len(parts)-1 {
			old := m[p]
			if _, del := v.(deleted); del {
				delete(m, p)
			} else {
				m[p] = v
			}
			return old, nil
		}
		cur = m[p]
	}
	return nil, fmt.Errorf("empty pointer")
}

func exportedTypes(cat *ir.Catalog) map[string]*ir.Named {
	out := map[string]*ir.Named{}
	for _, n := range cat.Types {
		if n.Exported {
			out[n.Name] = n
		}
	}
	return out
}

func sortedNamed(m map[string]*ir.Named) []*ir.Named {
	var out []*ir.Named
	for _, n := range m {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// identifier matches definition names that are declarations; the
// reference also emits instantiations such as "Box<string>", which tscg
// inlines and which are compared wherever they are used.
var identifier = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// checkTypeSets asserts that tscg exports exactly the declared types the
// reference describes, apart from the listed deviations.
func checkTypeSets(t *testing.T, want *schemaDoc, exported map[string]*ir.Named, devs []deviation) {
	t.Helper()
	for name := range want.defs {
		d := devFor(devs, name)
		switch {
		case !identifier.MatchString(name):
		case d.Absent:
			if exported[name] != nil {
				t.Errorf("%s: tscg exports %s, deviation says it must not (%s)", name, name, d.Reason)
			}
		case exported[name] == nil:
			t.Errorf("%s: the reference has this type, tscg does not export it", name)
		}
	}
	for _, d := range devs {
		_, inRef := want.defs[d.Type]
		switch {
		case d.Absent && !inRef:
			t.Errorf("deviation %s/%s is stale: the reference has no %s", d.Case, d.Type, d.Type)
		case d.Extra && inRef:
			t.Errorf("deviation %s/%s is stale: the reference now has %s", d.Case, d.Type, d.Type)
		case d.Extra && exported[d.Type] == nil:
			t.Errorf("%s: tscg must export %s (%s)", d.Case, d.Type, d.Reason)
		}
	}
	for name := range exported {
		if _, ok := want.defs[name]; !ok && !devFor(devs, name).Extra {
			t.Errorf("%s: tscg exports it, the reference has no such type", name)
		}
	}
}

// compareNamed renders n in both drafts and compares each with the
// reference's definition of the same name.
func compareNamed(t *testing.T, n *ir.Named, want *schemaDoc) {
	ref, ok := want.def(n.Name)
	if !ok {
		t.Fatalf("the reference has no definition %s", n.Name)
	}
	for _, draft := range []jsonschema.Draft{jsonschema.Draft7, jsonschema.Draft2020} {
		out, err := jsonschema.Named(n, jsonschema.Options{Draft: draft})
		if err != nil {
			t.Fatalf("render %s (%s): %v", n.Name, draft, err)
		}
		got, err := parseSchemaDoc(out)
		if err != nil {
			t.Fatalf("tscg output (%s) is not JSON: %v\n%s", draft, err, out)
		}
		if err := newComparer(got, want).compare("", got.body(), ref); err != nil {
			t.Errorf("%s (draft %s) differs: %v\ntscg:\n%s\nreference definitions[%q]:\n%s",
				n.Name, draft, err, out, n.Name, indent(want.rawDefs[n.Name]))
		}
	}
}

func indent(v any) string {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(out)
}
