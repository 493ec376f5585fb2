package golang

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	invopop "github.com/invopop/jsonschema"

	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/golang/testdata/diffstructs"
	"github.com/tscg/tscg/frontends/golang/testdata/diffstructs/reflectors"
)

// reflectorFor is the go: configuration that means what r means to
// invopop: the four settings carried over one for one.
func reflectorFor(r invopop.Reflector) Reflector {
	expanded := r.ExpandedStruct
	return Reflector{
		RequiredFromJSONSchemaTags: r.RequiredFromJSONSchemaTags,
		AllowAdditionalProperties:  r.AllowAdditionalProperties,
		DoNotReference:             r.DoNotReference,
		ExpandedStruct:             &expanded,
	}
}

// shapeDeviations are the deliberate differences in a schema's shape
// (whether the root is a $ref, which types sit under $defs), by setting
// and type; "*" is every setting. testdata/diffstructs/README.md explains
// each.
var shapeDeviations = map[string]map[string]string{
	"*": {
		"Paint": "a named string type with a const block is an enum, and named types go to $defs",
	},
	"expandedStruct": {
		"Tree": "invopop deletes the root's $defs entry that the recursive $ref still names",
		"Rule": "invopop deletes the root's $defs entry that the recursive $ref still names",
	},
	"grafana": {
		"Tree": "invopop's DoNotReference recurses without end; tscg keeps the recursive $ref",
		"Rule": "invopop's DoNotReference recurses without end; tscg keeps the recursive $ref",
	},
}

// settingDeviations are schema differences (after normalising) that a
// setting shows, as JSON pointers by setting and type; a type listed here
// has these instead of its entry in deviations.
var settingDeviations = map[string]map[string][]string{
	"expandedStruct": {
		"Tree": {"/properties/children/items"}, // the dangling $ref of shapeDeviations
		"Rule": {"/properties/children/items"},
	},
	// no field is required without a jsonschema tag, so Skips' "-" is not
	"requiredFromJSONSchemaTags": {"Skips": {"/properties/-"}},
	"grafana":                    {"Skips": {"/properties/-"}},
}

// dropInlinedDocs removes, from tscg's normalised schema a, the
// descriptions of nested named types that invopop's b lacks, and counts
// them.
// Under DoNotReference invopop writes a struct in place and then sets the
// field's own doc comment over the struct's, even when the field has none;
// tscg keeps the type's doc comment for a field without one, as it does
// (and invopop does) when the struct is referenced.
func dropInlinedDocs(a, b any, root bool) int {
	am, ok := a.(map[string]any)
	bm, ok2 := b.(map[string]any)
	if !ok || !ok2 {
		return 0
	}
	n := 0
	if _, has := bm["description"]; !root && !has && am["description"] != nil {
		delete(am, "description")
		n++
	}
	for k, v := range am {
		if k == "properties" || k == "items" || k == "additionalProperties" || k == "oneOf" || k == "anyOf" {
			n += dropInlinedDocsIn(v, bm[k])
		}
	}
	return n
}

func dropInlinedDocsIn(a, b any) int {
	if k, ok := a.(map[string]any); ok {
		if _, schema := k["type"]; schema {
			return dropInlinedDocs(a, b, false)
		}
		bm, _ := b.(map[string]any)
		n := 0
		for name, v := range k {
			n += dropInlinedDocs(v, bm[name], false)
		}
		return n
	}
	return 0
}

// TestDifferentialInvopopSettings compares tscg with invopop under each
// Reflector setting of the go: section, on the recordings of
// testdata/diffstructs/gen: the normalised schemas must be equal but for
// the listed deviations, and so must their shape (root $ref, $defs keys),
// which normalising hides and DoNotReference and ExpandedStruct change.
func TestDifferentialInvopopSettings(t *testing.T) {
	settings := reflectors.Settings()
	if len(settings) != 6 {
		t.Fatalf("%d settings, want the four go: keys, the default and grafana's", len(settings))
	}
	plain, ds := Load([]string{"./testdata/diffstructs"}, Options{Reflector: reflectorFor(invopop.Reflector{})})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds.Err())
	}
	for _, s := range settings {
		t.Run(s.Name, func(t *testing.T) {
			cat, ds := Load([]string{"./testdata/diffstructs"}, Options{Reflector: reflectorFor(s.Reflector)})
			if ds.HasErrors() {
				t.Fatalf("load: %v", ds.Err())
			}
			files, err := filepath.Glob(filepath.Join("testdata/diffstructs/invopop", s.Name, "*.json"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no recordings for %s (go run ./testdata/diffstructs/gen): %v", s.Name, err)
			}
			want := len(diffstructs.Types)
			if s.Reflector.DoNotReference {
				want -= len(diffstructs.Recursive)
			}
			if len(files) != want {
				t.Errorf("%d recordings, want %d", len(files), want)
			}
			equal, inlinedDocs, matters := 0, 0, 0
			for _, f := range files {
				name := strings.TrimSuffix(filepath.Base(f), ".json")
				theirs, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				n := cat.Type(name)
				if n == nil {
					t.Errorf("frontend has no type %s", name)
					continue
				}
				ours, err := jsonschema.Named(n, jsonschema.Options{})
				if err != nil {
					t.Fatal(err)
				}
				// the setting matters: without it tscg would write another schema
				if without, err := jsonschema.Named(plain.Type(name), jsonschema.Options{}); err != nil {
					t.Fatal(err)
				} else if !bytes.Equal(without, ours) {
					matters++
				}
				ok := true
				os, ts := shape(t, ours), shape(t, theirs)
				why := ""
				if !s.Reflector.DoNotReference {
					why = shapeDeviations["*"][name] // the enum goes to $defs
				}
				if w := shapeDeviations[s.Name][name]; w != "" {
					why = w
				}
				switch {
				case why != "" && os == ts:
					t.Errorf("%s: shape deviation (%s) no longer differs: both %s", name, why, os)
				case why == "" && os != ts:
					t.Errorf("%s: shape differs: tscg %s, invopop %s", name, os, ts)
				}
				ok = ok && why == ""
				a, b := normalise(t, ours), normalise(t, theirs)
				ptrs, own := settingDeviations[s.Name][name]
				if !own {
					ptrs = deviations[name]
				}

				for _, ptr := range ptrs {
					if x, y := pluck(a, ptr), pluck(b, ptr); reflect.DeepEqual(x, y) {
						t.Errorf("%s: deviation %s no longer differs (both %v)", name, ptr, x)
					}
				}
				ok = ok && len(ptrs) == 0
				if s.Reflector.DoNotReference {
					if k := dropInlinedDocs(a, b, true); k > 0 {
						inlinedDocs += k
						ok = false
					}
				}
				if !reflect.DeepEqual(a, b) {
					t.Errorf("%s: schemas differ\n--- tscg\n%s\n--- invopop\n%s", name, show(a), show(b))
					ok = false
				}
				if ok {
					equal++
				}
			}
			if s.Reflector.DoNotReference && inlinedDocs == 0 {
				t.Errorf("no nested struct kept its doc comment where invopop drops it: update dropInlinedDocs and the README")
			}
			if s.Name != "default" && matters == 0 {
				t.Errorf("the setting changes no schema: the differential does not cover it")
			}
			t.Logf("%s: %d of %d types identical, the rest differ only at listed deviations; the setting changes %d", s.Name, equal, len(files), matters)
		})
	}
}

// shape summarises what normalising hides: whether the root is a $ref and
// which keys "$defs" has.
func shape(t *testing.T, doc []byte) string {
	t.Helper()
	var v struct {
		Ref  string                     `json:"$ref"`
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatalf("decode %s: %v", doc, err)
	}
	var keys []string
	for k := range v.Defs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	root := "body"
	if v.Ref != "" {
		root = "$ref " + v.Ref
	}
	return root + ", $defs [" + strings.Join(keys, " ") + "]"
}

// TestInvopopRecordings checks that the recordings are what invopop
// writes today, so no one edits them by hand to make the differential
// pass.
func TestInvopopRecordings(t *testing.T) {
	for _, s := range reflectors.Settings() {
		recs, err := reflectors.Record(s, "./testdata/diffstructs")
		if err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join("testdata/diffstructs/invopop", s.Name, "*.json"))
		if len(files) != len(recs) {
			t.Errorf("%s: %d recordings, invopop writes %d: go run ./testdata/diffstructs/gen", s.Name, len(files), len(recs))
		}
		for name, b := range recs {
			got, err := os.ReadFile(filepath.Join("testdata/diffstructs/invopop", s.Name, name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, b) {
				t.Errorf("%s/%s.json is not what invopop writes: go run ./testdata/diffstructs/gen", s.Name, name)
			}
		}
	}
}
