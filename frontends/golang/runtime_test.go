package golang

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/golang/testdata/diffstructs"
	"github.com/tscg/tscg/runtime"
)

// runtimeDeviations are the JSON pointers, in the normalised schemas,
// where runtime.SchemaFor (stdlib reflection, used by runtime.Func) must
// differ from this frontend because reflection cannot know what the
// source says. Everything else must be equal.
//
// Doc comments are the other thing reflection cannot see; they are not
// listed here: a description the frontend has and the runtime lacks must
// be a doc comment of testdata/diffstructs (checked), and a description
// both have (from tags) must be equal.
var runtimeDeviations = map[string][]string{
	// A named type's const block (Red, Blue Color) is an enum only to a
	// reader of the source: reflect cannot enumerate a package's constants.
	"Paint": {"/properties/color/enum"},
	// invopop's JSONSchema and JSONSchemaExtend methods, which tscg reads
	// from the source and the runtime's reflection does not call.
	"Price": {"/properties/currency/pattern", "/properties/currency/examples", "/properties/currency/x-unit", "/properties/currency/description"},
	"Money": {"/title", "/examples", "/description"},
}

func TestRuntimeReflectionAgrees(t *testing.T) {
	cat, ds := Load([]string{"./testdata/diffstructs"}, Options{})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds.Err())
	}
	docs := docComments(t, "testdata/diffstructs/diffstructs.go")
	for _, f := range []string{"reflector.go", "methods.go"} {
		for k := range docComments(t, "testdata/diffstructs/"+f) {
			docs[k] = true
		}
	}
	var exact []string
	for _, v := range diffstructs.Types {
		name := reflect.TypeOf(v).Name()
		rt, err := json.Marshal(runtime.SchemaFor(reflect.TypeOf(v)))
		if err != nil {
			t.Fatal(err)
		}
		ours, err := jsonschema.Named(cat.Type(name), jsonschema.Options{})
		if err != nil {
			t.Fatal(err)
		}
		a, b := normalise(t, ours), normalise(t, rt)
		for _, ptr := range runtimeDeviations[name] {
			if x, y := pluck(a, ptr), pluck(b, ptr); reflect.DeepEqual(x, y) {
				t.Errorf("%s: deviation %s no longer differs (both %v): remove it from runtimeDeviations", name, ptr, x)
			}
		}
		for _, d := range docOnly(a, b, "") {
			if !docs[d.text] {
				t.Errorf("%s: %s: description %q is only in the frontend's schema and is not a doc comment", name, d.at, d.text)
			}
		}
		if _, deviates := runtimeDeviations[name]; !deviates && reflect.DeepEqual(a, b) {
			exact = append(exact, name)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: runtime.SchemaFor and the frontend differ\n--- frontend\n%s\n--- runtime\n%s", name, show(a), show(b))
		}
	}
	sort.Strings(exact)
	t.Logf("identical for %d of %d structs (descriptions from doc comments aside): %s", len(exact), len(diffstructs.Types), strings.Join(exact, ", "))
	if want := len(diffstructs.Types) - len(runtimeDeviations); len(exact) != want {
		t.Errorf("%d structs identical, want %d", len(exact), want)
	}
}

type docDesc struct{ at, text string }

// docOnly removes, and returns, the descriptions a (the frontend's
// schema) has where b (the runtime's) has none, walking both in step.
func docOnly(a, b any, at string) []docDesc {
	var out []docDesc
	switch x := a.(type) {
	case map[string]any:
		y, _ := b.(map[string]any)
		if d, ok := x["description"].(string); ok && y != nil && y["description"] == nil {
			out = append(out, docDesc{at + "/description", d})
			delete(x, "description")
		}
		for k, e := range x {
			out = append(out, docOnly(e, y[k], at+"/"+k)...)
		}
	case []any:
		y, _ := b.([]any)
		for i, e := range x {
			if i < len(y) {
				out = append(out, docOnly(e, y[i], at+"/"+strconv.Itoa(i))...)
			}
		}
	}
	return out
}

// docComments is the set of comment texts in a Go file, as the frontend
// reads them (CommentGroup.Text without its trailing newline).
func docComments(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, g := range f.Comments {
		out[strings.TrimSpace(g.Text())] = true
	}
	return out
}
