package main

import (
	"sort"
	"strings"

	"github.com/tscg/tscg/internal/listing"
	"github.com/tscg/tscg/internal/orderedjson"
)

// toolKeys are the fields of a tool a framework publishes (MCP's Tool, and
// OpenAI Agents' strict flag); anything else in a captured file is the
// capture's own metadata.
var toolKeys = map[string]bool{"name": true, "title": true, "description": true, "inputSchema": true, "outputSchema": true,
	"annotations": true, "execution": true, "strict": true, "icons": true, "_meta": true}

// exact is the spelling listing-exact overlooks: key order (always), the
// order of required and type, and an empty required list.
var exact = listing.Spelling{DropEmptyRequired: true}

// model is the spelling a model overlooks besides: the $defs layout and
// titles.
var model = listing.Spelling{DropEmptyRequired: true, InlineRefs: true, DropTitles: true}

// compareListings compares tscg's tools with the captured ones by name.
// A key the captured listing never uses (the framework has no such field)
// is not compared.
func compareListings(want, got map[string]*orderedjson.Object) []toolDiff {
	used := map[string]bool{}
	for _, t := range want {
		for _, k := range t.Keys() {
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

func compareTool(name string, want, got *orderedjson.Object, used map[string]bool) toolDiff {
	switch {
	case got == nil:
		return toolDiff{name: name, classes: []string{"missing tool"}}
	case want == nil:
		return toolDiff{name: name, classes: []string{"extra tool"}}
	}
	d := toolDiff{name: name}
	seen := map[string]bool{}
	listing.Diff("", published(want, used, exact), published(got, used, exact), func(path, _, _ string) {
		if c := className(path); !seen[c] {
			seen[c] = true
			d.classes = append(d.classes, c)
		}
	})
	sort.Strings(d.classes)
	seenByModel := map[string]bool{"description": used["description"], "inputSchema": true}
	d.model = true
	listing.Diff("", published(want, seenByModel, model), published(got, seenByModel, model), func(string, string, string) {
		d.model = false
	})
	return d
}

// published is the part of tool t that keys selects, its schemas in
// spelling sp.
func published(t *orderedjson.Object, keys map[string]bool, sp listing.Spelling) *orderedjson.Object {
	out := orderedjson.NewObject()
	for _, k := range t.Keys() {
		if keys[k] {
			out.Set(k, t.Val(k))
		}
	}
	return listing.Tool(out, sp)
}

// className folds a JSON pointer into a class of differences: names of
// properties and definitions, array indexes and the applicators between
// the tool's field and the keyword that differs are left out
// (/inputSchema/properties/x/anyOf/0/default → inputSchema.default); a
// name present on one side only keeps its map (inputSchema.properties).
func className(pointer string) string {
	var parts []string
	afterMap := false
	for _, tok := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		switch {
		case afterMap:
			tok = "*"
		case tok != "" && strings.Trim(tok, "0123456789") == "":
			tok = "#"
		}
		afterMap = tok != "*" && listing.NameMap(tok)
		parts = append(parts, strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~"))
	}
	last := len(parts) - 1
	for last > 0 && (parts[last] == "*" || parts[last] == "#") {
		last--
	}
	keep := []string{parts[0]}
	for i := 1; i <= last; i++ {
		switch parts[i] {
		case "*", "#", "properties", "items", "anyOf", "oneOf", "allOf", "prefixItems", "additionalItems", "patternProperties", "$defs", "definitions", "dependentSchemas":
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
