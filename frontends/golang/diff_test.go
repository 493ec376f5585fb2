package golang

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	invopop "github.com/invopop/jsonschema"

	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/golang/testdata/diffstructs"
)

// deviations are the deliberate differences (testdata/diffstructs/README.md):
// the JSON pointers, in the normalised schemas, where tscg and invopop must
// differ. Everything else must be equal.
var deviations = map[string][]string{
	"Paint":    {"/properties/color/enum", "/properties/color/description"},                                                          // const-block enum, named type's doc
	"Skips":    {"/properties/-", "/required"},                                                                                       // json:"-," names a field "-"
	"Counts":   {"/properties/n/minimum", "/properties/b/minimum"},                                                                   // unsigned → minimum 0
	"Labelled": {"/properties/l/description"},                                                                                        // named scalar's doc comment
	"ByID":     {"/properties/names/additionalProperties", "/properties/names/patternProperties", "/properties/names/propertyNames"}, // integer keys
	"Prose":    {"/properties/name/description"},
	"Extras":   {"/properties/a/x-order"}, // jsonschema_extras numbers are JSON numbers (issue 17)                                                                                     // google-style prose tag
}

func TestDifferentialInvopop(t *testing.T) {
	r := &invopop.Reflector{}
	if err := r.AddGoComments("github.com/tscg/tscg/frontends/golang", "./testdata/diffstructs", invopop.WithFullComment()); err != nil {
		t.Fatal(err)
	}
	cat, ds := Load([]string{"./testdata/diffstructs"}, Options{})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds.Err())
	}
	if len(diffstructs.Types) < 30 {
		t.Fatalf("only %d structs; the issue asks for at least 30", len(diffstructs.Types))
	}
	for _, v := range diffstructs.Types {
		name := reflect.TypeOf(v).Name()
		t.Run(name, func(t *testing.T) {
			theirs, err := json.Marshal(r.Reflect(v))
			if err != nil {
				t.Fatal(err)
			}
			n := cat.Type(name)
			if n == nil {
				t.Fatalf("frontend has no type %s", name)
			}
			ours, err := jsonschema.Named(n, jsonschema.Options{})
			if err != nil {
				t.Fatal(err)
			}
			a, b := normalise(t, ours), normalise(t, theirs)
			for _, ptr := range deviations[name] {
				x, y := pluck(a, ptr), pluck(b, ptr)
				if reflect.DeepEqual(x, y) {
					t.Errorf("deviation %s no longer differs (both %v): update README.md and the test", ptr, x)
				}
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("schemas differ\n--- tscg\n%s\n--- invopop\n%s", show(a), show(b))
			}
		})
	}
}

func show(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}

// normalise decodes a schema and rewrites it to a canonical form: $refs
// inlined, nullability as "nullable": true, required sorted, numbers as
// float64, and equivalent spellings (true ≡ {}, open additionalProperties,
// empty required) merged.
func normalise(t *testing.T, doc []byte) any {
	t.Helper()
	var v any
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatalf("decode %s: %v", doc, err)
	}
	root, _ := v.(map[string]any)
	defs, _ := root["$defs"].(map[string]any)
	return canon(v, defs, nil)
}

func canon(v any, defs map[string]any, stack []string) any {
	switch x := v.(type) {
	case bool:
		if x {
			return map[string]any{}
		}
		return false
	case json.Number:
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = canon(e, defs, stack)
		}
		return out
	case map[string]any:
		return canonObject(x, defs, stack)
	}
	return v
}

func canonObject(x map[string]any, defs map[string]any, stack []string) any {
	m := map[string]any{}
	for k, e := range x {
		m[k] = e
	}
	if ref, ok := m["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/$defs/")
		delete(m, "$ref")
		for _, s := range stack {
			if s == name {
				m["$recursive"] = name
				return canonKeys(m, defs, stack)
			}
		}
		target, _ := canon(defs[name], defs, append(stack, name)).(map[string]any)
		for k, e := range target {
			if _, set := m[k]; !set {
				m[k] = e
			}
		}
		return canonKeys(m, defs, stack)
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		if alts, ok := m[key].([]any); ok && len(alts) == 2 && isNull(alts[1]) {
			delete(m, key)
			inner, _ := canon(alts[0], defs, stack).(map[string]any)
			for k, e := range inner {
				if _, set := m[k]; !set {
					m[k] = e
				}
			}
			m["nullable"] = true
		}
	}
	if ts, ok := m["type"].([]any); ok && len(ts) == 2 && (ts[0] == "null" || ts[1] == "null") {
		m["type"], m["nullable"] = ts[0], true // ["T","null"] and ["null","T"] alike
		if ts[0] == "null" {
			m["type"] = ts[1]
		}
	}
	return canonKeys(m, defs, stack)
}

func canonKeys(m map[string]any, defs map[string]any, stack []string) any {
	for _, k := range []string{"$schema", "$id", "$defs"} {
		delete(m, k)
	}
	if ap, ok := m["additionalProperties"].(bool); ok && ap {
		delete(m, "additionalProperties")
	}
	if req, ok := m["required"].([]any); ok {
		if len(req) == 0 {
			delete(m, "required")
		} else {
			s := make([]string, len(req))
			for i, r := range req {
				s[i] = fmt.Sprint(r)
			}
			sort.Strings(s)
			m["required"] = s
		}
	}
	out := map[string]any{}
	for k, e := range m {
		if k == "required" {
			out[k] = e
			continue
		}
		out[k] = canon(e, defs, stack)
	}
	if ap, ok := out["additionalProperties"].(map[string]any); ok && len(ap) == 0 {
		delete(out, "additionalProperties") // {} ≡ true ≡ absent
	}
	if props, ok := out["properties"].(map[string]any); ok {
		for k, p := range props {
			if pm, ok := p.(map[string]any); ok && len(pm) == 0 {
				delete(props, k) // a property that accepts anything constrains nothing
			}
		}
		if len(props) == 0 {
			delete(out, "properties")
		}
	}
	return out
}

func isNull(v any) bool {
	m, ok := v.(map[string]any)
	return ok && len(m) == 1 && m["type"] == "null"
}

// pluck removes and returns the value at a JSON pointer.
func pluck(v any, ptr string) any {
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, p := range parts {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		if i == len(parts)-1 {
			got := m[p]
			delete(m, p)
			return got
		}
		v = m[p]
	}
	return nil
}
