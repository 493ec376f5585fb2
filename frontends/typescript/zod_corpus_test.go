package typescript

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/jsonschema"
)

// zodDeviations lists the corpus schemas where tscg's output knowingly
// differs from zod's converter, with the reason. The test fails if a
// listed schema matches (the list is stale) or an unlisted one differs.
var zodDeviations = map[string]string{
	// zod 4 adds "format": "starts_with" / "ends_with", formats no
	// validator or model knows; tscg keeps the pattern only.
	"v4/strings.ts#Prefix": "starts_with format",
	"v4/strings.ts#Suffix": "ends_with format",
	// zod-to-json-schema writes .optional().nullable() as
	// anyOf [anyOf [{not: {}}, number], null]; tscg writes the same
	// set of values as type [number, null].
	"v3/modifiers.ts#OptNull": "optional inside nullable",
}

// TestZodCorpus compares tscg's reading of every exported zod schema in
// testdata/zod/v{3,4} with what zod's own converter produced for it
// (testdata/zod/generate.mjs), semantically: see canonical.
func TestZodCorpus(t *testing.T) {
	total, agree := 0, 0
	for _, v := range []string{"v3", "v4"} {
		files, _ := filepath.Glob(filepath.Join("testdata/zod", v, "*.ts"))
		if len(files) == 0 {
			t.Fatalf("no corpus files for %s", v)
		}
		for _, ts := range files {
			n, a := checkZodFile(t, v, ts)
			total += n
			agree += a
		}
	}
	t.Logf("zod corpus: %d schemas, %d agree with zod's converter, %d listed deviations", total, agree, total-agree)
	if total < 80 {
		t.Errorf("corpus has %d schemas, want at least 80", total)
	}
}

func checkZodFile(t *testing.T, v, ts string) (total, agree int) {
	t.Helper()
	want := map[string]any{}
	data, err := os.ReadFile(strings.TrimSuffix(ts, ".ts") + ".json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	cat, diags := Load([]string{ts}, Options{})
	if diags.HasErrors() {
		t.Errorf("%s: %v", ts, diags)
	}
	got := map[string]any{}
	for _, n := range cat.Types {
		if !n.Exported || n.Pos.File != ts {
			continue
		}
		b, err := jsonschema.Named(n, jsonschema.Options{})
		if err != nil {
			t.Fatalf("%s: %v", n.Name, err)
		}
		var s any
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		got[n.Name] = s
	}
	for name, w := range want {
		total++
		key := v + "/" + filepath.Base(ts) + "#" + name
		g, ok := got[name]
		if !ok {
			t.Errorf("%s: tscg has no schema", key)
			continue
		}
		cg, cw := canonical(g), canonical(w)
		_, deviates := zodDeviations[key]
		same := reflect.DeepEqual(cg, cw)
		switch {
		case same && deviates:
			t.Errorf("%s matches zod now: remove it from zodDeviations", key)
		case !same && !deviates:
			t.Errorf("%s differs from zod's converter:\n tscg: %s\n  zod: %s", key, compact(cg), compact(cw))
		case same:
			agree++
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: tscg has a schema %s zod's converter did not see", ts, name)
		}
	}
	return total, agree
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// maxRefUnfold is how many references canonical follows along a path
// before it stops (recursive schemas differ only in where zod and tscg
// put the definition).
const maxRefUnfold = 3

// canonical rewrites a schema into a form where schemas that accept the
// same values and carry the same annotations compare equal: references
// are unfolded, draft-07 spellings become 2020-12 ones, keywords that
// say nothing are dropped, and sets are sorted.
func canonical(root any) any {
	// A root that is only a reference to its own definition (tscg's
	// recursive schemas) starts at the definition.
	if m, ok := root.(map[string]any); ok {
		if ref, ok := m["$ref"].(string); ok && len(m) <= 3 {
			if _, hasDefs := m["$defs"]; hasDefs {
				return canon(root, resolvePointer(root, ref), 0)
			}
		}
	}
	return canon(root, root, 0)
}

func canon(root, v any, refs int) any {
	m, ok := v.(map[string]any)
	if !ok {
		if a, ok := v.([]any); ok {
			out := make([]any, len(a))
			for i, x := range a {
				out[i] = canon(root, x, refs)
			}
			return out
		}
		return v
	}
	if ref, ok := m["$ref"].(string); ok {
		if refs >= maxRefUnfold {
			return map[string]any{"$ref": "…"}
		}
		target := resolvePointer(root, ref)
		rest := map[string]any{}
		for k, x := range m {
			if k != "$ref" {
				rest[k] = x
			}
		}
		tm, _ := canon(root, target, refs+1).(map[string]any)
		for k, x := range tm {
			if _, set := rest[k]; !set {
				rest[k] = x
			}
		}
		return canonObject(root, rest, refs+1)
	}
	return canonObject(root, m, refs)
}

func canonObject(root any, m map[string]any, refs int) any {
	out := map[string]any{}
	for k, x := range m {
		switch k {
		case "$schema", "$defs", "definitions":
			continue
		case "properties":
			ps := map[string]any{}
			for pk, pv := range x.(map[string]any) {
				ps[pk] = canon(root, pv, refs)
			}
			if len(ps) > 0 {
				out[k] = ps
			}
			continue
		case "additionalProperties":
			if b, ok := x.(bool); ok && b {
				continue
			}
			if mm, ok := x.(map[string]any); ok && len(mm) == 0 {
				continue
			}
		case "required":
			rs := toStrings(x)
			if len(rs) == 0 {
				continue
			}
			sort.Strings(rs)
			out[k] = rs
			continue
		}
		out[k] = canon(root, x, refs)
	}
	// draft-07 tuples: items as an array, additionalItems for the rest.
	if a, ok := out["items"].([]any); ok {
		out["prefixItems"] = a
		delete(out, "items")
		if ai, ok := out["additionalItems"]; ok {
			out["items"] = ai
			delete(out, "additionalItems")
		}
	}
	if p, ok := out["prefixItems"].([]any); ok {
		if mx, ok := out["maxItems"].(float64); ok && int(mx) == len(p) {
			if b, ok := out["items"].(bool); ok && !b {
				delete(out, "items")
			}
		}
	}
	canonPatterns(out)
	canonTypes(out)
	if len(out) == 0 {
		return map[string]any{}
	}
	return out
}

// canonPatterns gathers "pattern" and allOf members that are only a
// pattern into one sorted "pattern" list.
func canonPatterns(out map[string]any) {
	var pats []string
	if p, ok := out["pattern"].(string); ok {
		pats = append(pats, p)
	}
	var rest []any
	if all, ok := out["allOf"].([]any); ok {
		for _, x := range all {
			xm, ok := x.(map[string]any)
			if p, isPat := xm["pattern"].(string); ok && isPat && len(xm) == 1 {
				pats = append(pats, p)
				continue
			}
			rest = append(rest, x)
		}
		if len(rest) > 0 {
			out["allOf"] = foldObjects(rest, out)
		} else {
			delete(out, "allOf")
		}
	}
	if len(pats) > 0 {
		sort.Strings(pats)
		out["pattern"] = pats
	}
}

// foldObjects merges an allOf of plain object schemas into the schema
// holding it, as zod 4 folds intersections; anything else stays.
func foldObjects(all []any, out map[string]any) any {
	props := map[string]any{}
	var req []string
	for _, x := range all {
		xm, ok := x.(map[string]any)
		if ts := typesOf(xm); !ok || len(ts) != 1 || ts[0] != "object" {
			return all
		}
		for k := range xm {
			if k != "type" && k != "properties" && k != "required" {
				return all
			}
		}
		pm, _ := xm["properties"].(map[string]any)
		for k, pv := range pm {
			if _, dup := props[k]; dup {
				return all
			}
			props[k] = pv
		}
		req = append(req, toStrings(xm["required"])...)
	}
	if _, ok := out["properties"]; ok {
		return all
	}
	delete(out, "allOf")
	out["type"] = "object"
	out["properties"] = props
	if len(req) > 0 {
		sort.Strings(req)
		out["required"] = req
	}
	return nil
}

// canonTypes writes unions of bare types as a sorted "type" list, and
// folds a null variant into its sibling: anyOf [{type: T, …}, {type:
// null}] is {type: [T, null], …}, null joining enum or const.
func canonTypes(out map[string]any) {
	if out["allOf"] == nil {
		delete(out, "allOf")
	}
	if alts, ok := out["anyOf"].([]any); ok {
		var types []string
		var others []any
		for _, x := range alts {
			xm, _ := x.(map[string]any)
			if ts := typesOf(xm); ts != nil && len(xm) == 1 {
				types = append(types, ts...)
				continue
			}
			others = append(others, x)
		}
		switch {
		case len(others) == 0:
			delete(out, "anyOf")
			out["type"] = types
		case len(others) == 1 && len(types) == 1 && types[0] == "null":
			om := others[0].(map[string]any)
			if typesOf(om) != nil {
				delete(out, "anyOf")
				for k, v := range om {
					if _, set := out[k]; !set {
						out[k] = v
					}
				}
				out["type"] = append(typesOf(om), "null")
				addNullValue(out)
			}
		}
	}
	if ts := typesOf(out); ts != nil {
		sort.Strings(ts)
		out["type"] = ts
	}
	if c, ok := out["const"]; ok {
		if _, isEnum := out["enum"]; !isEnum {
			out["enum"] = []any{c}
			delete(out, "const")
		}
	}
	if e, ok := out["enum"].([]any); ok {
		sort.Slice(e, func(i, j int) bool { return fmt.Sprint(e[i]) < fmt.Sprint(e[j]) })
	}
}

func addNullValue(out map[string]any) {
	if c, ok := out["const"]; ok {
		out["enum"] = []any{c, nil}
		delete(out, "const")
	} else if e, ok := out["enum"].([]any); ok {
		out["enum"] = append(e, nil)
	}
}

func typesOf(m map[string]any) []string {
	switch t := m["type"].(type) {
	case string:
		return []string{t}
	case []any:
		return toStrings(t)
	case []string:
		return append([]string(nil), t...)
	}
	return nil
}

func toStrings(x any) []string {
	var out []string
	switch a := x.(type) {
	case []any:
		for _, s := range a {
			out = append(out, fmt.Sprint(s))
		}
	case []string:
		out = append(out, a...)
	}
	return out
}

// resolvePointer resolves a same-document reference ("#", "#/a/b").
func resolvePointer(root any, ref string) any {
	if !strings.HasPrefix(ref, "#") {
		return map[string]any{"$ref": ref}
	}
	cur := root
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#"), "/")[1:] {
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			cur = c[part]
		case []any:
			var i int
			fmt.Sscan(part, &i)
			if i < len(c) {
				cur = c[i]
			}
		}
	}
	return cur
}
