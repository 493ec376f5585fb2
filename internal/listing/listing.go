// Package listing compares MCP tool listings: a tool's schemas written in
// one spelling (Canonical), then every JSON pointer at which two tools
// differ (Diff). `tscg snapshot --check` compares the static reading with
// the live listing this way, and bench/scoreboard measures tscg against
// captured listings with it.
package listing

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tscg/tscg/internal/orderedjson"
)

// Spelling says which differences in how a schema is written Canonical
// removes. Lists whose order means nothing ("required", "type") are always
// sorted.
type Spelling struct {
	// InlineRefs writes a $ref into the root's $defs (or draft-07
	// definitions) in place and drops the $defs (a recursive one stays a
	// $ref): a named type is a $ref in a static reading and written in
	// place in most servers' listings.
	InlineRefs bool
	// DropTitles drops every schema's "title" (a model reads none of
	// pydantic's generated ones).
	DropTitles bool
	// DropEmptyRequired drops "required": [] (mcp-go writes it for every
	// tool without required parameters).
	DropEmptyRequired bool
}

// Tool returns t with its inputSchema and outputSchema in sp's spelling.
func Tool(t *orderedjson.Object, sp Spelling) *orderedjson.Object {
	out := orderedjson.NewObject()
	for _, k := range t.Keys() {
		v := t.Val(k)
		if s, ok := v.(*orderedjson.Object); ok && (k == "inputSchema" || k == "outputSchema") {
			v = Canonical(s, sp)
		}
		out.Set(k, v)
	}
	return out
}

// Canonical returns the schema s in sp's spelling.
func Canonical(s *orderedjson.Object, sp Spelling) *orderedjson.Object {
	defs := s.Obj("$defs")
	if defs == nil {
		defs = s.Obj("definitions")
	}
	c := canon{sp: sp, defs: defs}
	return c.object(s, nil, false)
}

type canon struct {
	sp   Spelling
	defs *orderedjson.Object
}

// NameMap reports whether keyword k's object maps names (a property's,
// a definition's) to schemas: its keys are no keywords.
func NameMap(k string) bool {
	switch k {
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
		return true
	}
	return false
}

func (c canon) value(v any, stack []string, names bool) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = c.value(e, stack, false)
		}
		return out
	case *orderedjson.Object:
		return c.object(x, stack, names)
	}
	return v
}

// object writes one schema, or (names) one map of names to schemas.
func (c canon) object(o *orderedjson.Object, stack []string, names bool) *orderedjson.Object {
	out := orderedjson.NewObject()
	if names {
		for _, k := range o.Keys() {
			out.Set(k, c.value(o.Val(k), stack, false))
		}
		return out
	}
	if c.sp.InlineRefs {
		name, ok := refName(o.Str("$ref"))
		if target, isObj := c.defs.Val(name).(*orderedjson.Object); ok && isObj && !slices.Contains(stack, name) {
			t := c.object(target, append(stack, name), false)
			for _, k := range t.Keys() {
				out.Set(k, t.Val(k))
			}
			o = withoutKey(o, "$ref")
		}
	}
	for _, k := range o.Keys() {
		if c.drop(k, o.Val(k)) {
			continue
		}
		v := c.value(o.Val(k), stack, NameMap(k))
		if l, ok := v.([]any); ok && (k == "required" || k == "type") {
			v = sortedValues(l)
		}
		out.Set(k, v)
	}
	return out
}

// drop reports whether key k (with value v) is a matter of spelling.
func (c canon) drop(k string, v any) bool {
	switch k {
	case "$defs", "definitions":
		return c.sp.InlineRefs
	case "title":
		_, isString := v.(string)
		return c.sp.DropTitles && isString
	case "required":
		l, isList := v.([]any)
		return c.sp.DropEmptyRequired && isList && len(l) == 0
	}
	return false
}

// refName is the name a local $ref points at under $defs or definitions.
func refName(ref string) (string, bool) {
	if name, ok := strings.CutPrefix(ref, "#/$defs/"); ok {
		return name, true
	}
	return strings.CutPrefix(ref, "#/definitions/")
}

func withoutKey(o *orderedjson.Object, key string) *orderedjson.Object {
	out := orderedjson.NewObject()
	for _, k := range o.Keys() {
		if k != key {
			out.Set(k, o.Val(k))
		}
	}
	return out
}

func sortedValues(l []any) []any {
	out := slices.Clone(l)
	slices.SortFunc(out, func(a, b any) int { return strings.Compare(Shown(a), Shown(b)) })
	return out
}

// Diff calls add for each JSON pointer below path where a and b differ (a
// key or element on one side only is "absent" on the other), with both
// values as Shown writes them. The order of an object's keys is not a
// difference.
func Diff(path string, a, b any, add func(path, a, b string)) {
	ao, aok := a.(*orderedjson.Object)
	bo, bok := b.(*orderedjson.Object)
	if aok && bok {
		diffObjects(path, ao, bo, add)
		return
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		for i := range al {
			Diff(fmt.Sprintf("%s/%d", path, i), al[i], bl[i], add)
		}
		return
	}
	if !slices.Equal(orderedjson.Compact(a), orderedjson.Compact(b)) {
		add(orRoot(path), Shown(a), Shown(b)) // compared whole, shown cut
	}
}

func diffObjects(path string, a, b *orderedjson.Object, add func(path, a, b string)) {
	for _, k := range a.Keys() {
		p := path + "/" + escapePointer(k)
		if bv, ok := b.Get(k); ok {
			Diff(p, a.Val(k), bv, add)
		} else {
			add(p, Shown(a.Val(k)), "absent")
		}
	}
	for _, k := range b.Keys() {
		if _, ok := a.Get(k); !ok {
			add(path+"/"+escapePointer(k), "absent", Shown(b.Val(k)))
		}
	}
}

func escapePointer(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

func orRoot(path string) string {
	if path == "" {
		return "/"
	}
	return path
}

// Shown is v as compact JSON, cut to a length a line can hold.
func Shown(v any) string {
	s := string(orderedjson.Compact(v))
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
