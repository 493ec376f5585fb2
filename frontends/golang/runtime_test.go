package golang

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tscg/tscg/codegen/jsonschema"
	"github.com/tscg/tscg/runtime"
)

// runtimeDisagrees lists the diffstructs types where runtime.SchemaFor
// (stdlib reflection, used by runtime.Func) and this frontend differ, and
// why. Descriptions are left out of the comparison: reflection cannot see
// doc comments.
var runtimeDisagrees = map[string]string{
	"Address":        "runtime ignores default=",
	"SearchQuery":    "runtime ignores default= and reads enum= as |-separated, so enum=a,enum=b keeps only the last",
	"Weather":        "runtime ignores default= and repeated enum=",
	"ListOrders":     "runtime does not flatten embedded structs",
	"Document":       "runtime does not flatten embedded structs",
	"Tree":           "runtime checks a recursive type one level deep ({type: object})",
	"Skips":          "runtime skips json:\"-,\" (encoding/json names that field \"-\")",
	"Matrix":         "runtime sets no minItems/maxItems for a fixed-size array",
	"Customer":       "runtime ignores default= (in Address)",
	"Deep":           "runtime ignores default= (in Address, via Customer)",
	"Stringly":       "runtime ignores the ,string option",
	"Nullables":      "runtime ignores jsonschema:\"nullable\"",
	"Required":       "runtime ignores jsonschema:\"required\"",
	"Titled":         "runtime ignores title=",
	"Extras":         "runtime ignores jsonschema_extras",
	"Examples":       "runtime ignores example=",
	"Numbers":        "runtime ignores exclusiveMinimum/exclusiveMaximum/multipleOf",
	"Flags":          "runtime ignores default=",
	"Tagged":         "runtime applies array tags to the array, not its items, and ignores uniqueItems/default",
	"Escaped":        "runtime does not unescape \\, in tag values",
	"ReadOnlyFields": "runtime ignores readOnly/writeOnly",
	"Typed":          "runtime ignores type=",
	"OneOf":          "runtime ignores oneof_type",
	"Paint":          "runtime does not see const-block enums",
	"ByID":           "runtime does not constrain integer map keys",
	"Multi":          "runtime ignores default= (in Address)",
}

func TestRuntimeReflectionAgrees(t *testing.T) {
	cat, ds := Load([]string{"./testdata/diffstructs"}, Options{})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds.Err())
	}
	var agree []string
	for _, v := range diffTypes {
		name := reflect.TypeOf(v).Name()
		rt, err := json.Marshal(runtime.SchemaFor(reflect.TypeOf(v)))
		if err != nil {
			t.Fatal(err)
		}
		ours, err := jsonschema.Named(cat.Type(name), jsonschema.Options{})
		if err != nil {
			t.Fatal(err)
		}
		a, b := stripDescriptions(normalise(t, ours)), stripDescriptions(normalise(t, rt))
		equal := reflect.DeepEqual(a, b)
		why, listed := runtimeDisagrees[name]
		switch {
		case equal && listed && why != "":
			t.Errorf("%s: now agrees with the runtime; remove it from runtimeDisagrees", name)
		case !equal && (!listed || why == ""):
			t.Errorf("%s: runtime.SchemaFor and the frontend differ\n--- frontend\n%s\n--- runtime\n%s", name, show(a), show(b))
		case equal:
			agree = append(agree, name)
		}
	}
	sort.Strings(agree)
	t.Logf("agree on %d structs: %s", len(agree), strings.Join(agree, ", "))
	if len(agree) < 10 {
		t.Errorf("only %d structs agree", len(agree))
	}
}

func stripDescriptions(v any) any {
	switch x := v.(type) {
	case map[string]any:
		delete(x, "description")
		for k, e := range x {
			if k == "properties" {
				for _, p := range e.(map[string]any) {
					stripDescriptions(p)
				}
				continue
			}
			stripDescriptions(e)
		}
	case []any:
		for _, e := range x {
			stripDescriptions(e)
		}
	}
	return v
}
