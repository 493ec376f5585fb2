package main

import (
	"reflect"
	"sort"
	"strings"
)

// toolKeys are the fields of a tool a framework publishes (MCP's Tool, and
// OpenAI Agents' strict flag); anything else in a captured file is the
// capture's own metadata.
var toolKeys = map[string]bool{"name": true, "title": true, "description": true, "inputSchema": true, "outputSchema": true,
	"annotations": true, "execution": true, "strict": true, "icons": true, "_meta": true}

// compareListings compares tscg's tools with the captured ones by name.
// A key the captured listing never uses (the framework has no such field)
// is not compared.
func compareListings(want, got map[string]map[string]any) []toolDiff {
	used := map[string]bool{}
	for _, t := range want {
		for k := range t {
			used[k] = toolKeys[k]
		}
	}
	var names []string
	for n := range want {
		names = append(names, n)
	}
	for n := range got {
		if want[n] == nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	out := make([]toolDiff, 0, len(names))
	for _, n := range names {
		out = append(out, compareTool(n, want[n], got[n], used))
	}
	return out
}

func compareTool(name string, want, got map[string]any, used map[string]bool) toolDiff {
	switch {
	case got == nil:
		return toolDiff{name: name, classes: []string{"missing tool"}}
	case want == nil:
		return toolDiff{name: name, classes: []string{"extra tool"}}
	}
	d := toolDiff{name: name}
	seen := map[string]bool{}
	for _, k := range unionKeys(want, got) {
		if !used[k] {
			continue
		}
		for _, c := range diff(k, want[k], got[k]) {
			if !seen[c] {
				seen[c] = true
				d.classes = append(d.classes, c)
			}
		}
	}
	sort.Strings(d.classes)
	d.model = (!used["description"] || want["description"] == got["description"]) &&
		reflect.DeepEqual(modelView(want["inputSchema"], want["inputSchema"]), modelView(got["inputSchema"], got["inputSchema"]))
	return d
}

// diff returns the classes of the differences between a and b at path:
// the path with array indexes and property names folded away
// (inputSchema.properties.x.default → inputSchema.default).
func diff(path string, a, b any) []string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		var out []string
		for _, k := range unionKeys(am, bm) {
			sub := path + "." + k
			if isNameMap(path) {
				sub = path + ".*"
			}
			out = append(out, diff(sub, am[k], bm[k])...)
		}
		return out
	}
	aa, aok := a.([]any)
	ba, bok := b.([]any)
	if aok && bok && len(aa) == len(ba) && !strings.HasSuffix(path, "required") && !strings.HasSuffix(path, "enum") {
		var out []string
		for i := range aa {
			out = append(out, diff(path, aa[i], ba[i])...)
		}
		return out
	}
	if reflect.DeepEqual(a, b) || sameSet(path, a, b) {
		return nil
	}
	return []string{className(path)}
}

// isNameMap reports whether the object at path maps user-chosen names
// (properties, $defs) to schemas, whose keys are not part of the class.
func isNameMap(path string) bool {
	last := path[strings.LastIndex(path, ".")+1:]
	return last == "properties" || last == "$defs" || last == "definitions" || last == "patternProperties"
}

// className folds repeated schema steps so classes stay few:
// inputSchema.items.anyOf.type → inputSchema.type.
func className(path string) string {
	parts := strings.Split(path, ".")
	last := len(parts) - 1
	for last > 0 && parts[last] == "*" {
		last-- // a name present on one side only: the class is its map
	}
	keep := []string{parts[0]}
	for i := 1; i <= last; i++ {
		switch parts[i] {
		case "*", "properties", "items", "anyOf", "oneOf", "allOf", "prefixItems", "additionalItems", "patternProperties", "$defs", "definitions":
			if i < last {
				continue
			}
		}
		keep = append(keep, parts[i])
	}
	if len(keep) > 2 {
		keep = []string{keep[0], keep[len(keep)-1]}
	}
	return strings.Join(keep, ".")
}

// sameSet treats required lists as sets: their order is not published
// meaning.
func sameSet(path string, a, b any) bool {
	if !strings.HasSuffix(path, "required") {
		return false
	}
	as, aok := a.([]any)
	bs, bok := b.([]any)
	if !aok || !bok || len(as) != len(bs) {
		return false
	}
	count := map[any]int{}
	for _, x := range as {
		count[x]++
	}
	for _, x := range bs {
		count[x]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

// modelView is a schema as a model reads it: $refs into $defs or
// definitions inlined (a recursive one stays a $ref), titles and $schema
// dropped.
func modelView(v, root any) any {
	return inline(v, root, map[string]bool{})
}

func inline(v, root any, active map[string]bool) any {
	switch v := v.(type) {
	case map[string]any:
		if ref, ok := v["$ref"].(string); ok && !active[ref] {
			if target := resolve(root, ref); target != nil {
				active[ref] = true
				merged := copyMap(v)
				delete(merged, "$ref")
				for k, x := range target.(map[string]any) {
					if _, ok := merged[k]; !ok {
						merged[k] = x
					}
				}
				out := inline(merged, root, active)
				delete(active, ref)
				return out
			}
		}
		out := map[string]any{}
		for k, x := range v {
			switch k {
			case "title", "$schema", "$defs", "definitions":
				continue
			case "required":
				x = sortedStrings(x) // a set, as in diff
			}
			out[k] = inline(x, root, active)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = inline(x, root, active)
		}
		return out
	}
	return v
}

// resolve follows a local JSON pointer ref (#/$defs/X) in root.
func resolve(root any, ref string) any {
	if !strings.HasPrefix(ref, "#/") {
		return nil
	}
	cur := root
	for _, p := range strings.Split(ref[2:], "/") {
		p = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[p]
	}
	if _, ok := cur.(map[string]any); !ok {
		return nil
	}
	return cur
}

func unionKeys(a, b map[string]any) []string {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	out := make([]string, 0, len(keys))
	for k := range keys {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// sortedStrings returns a sorted copy of a list of strings, or v.
func sortedStrings(v any) any {
	list, ok := v.([]any)
	if !ok {
		return v
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, ok := x.(string)
		if !ok {
			return v
		}
		out = append(out, s)
	}
	sort.Strings(out)
	sorted := make([]any, len(out))
	for i, s := range out {
		sorted[i] = s
	}
	return sorted
}
