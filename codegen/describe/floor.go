package describe

import (
	"encoding/json"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// ContentItems lists the catalog's irreducible content, one item a line:
// tool names, tool descriptions, property names and descriptions at every
// depth, and enum values (strings as they are, other values as JSON). Its
// token count is the content floor: no rendering that keeps all of these
// verbatim can be shorter. Named types are visited once.
func ContentItems(cat *ir.Catalog) string {
	var b strings.Builder
	seen := map[*ir.Type]bool{}
	add := func(s string) {
		if s != "" {
			b.WriteString(s)
			b.WriteByte('\n')
		}
	}
	for _, t := range cat.Tools {
		add(t.Name)
		add(t.Description)
		contentOf(t.Params, seen, add)
		contentOf(t.Result, seen, add)
	}
	return b.String()
}

func contentOf(t *ir.Type, seen map[*ir.Type]bool, add func(string)) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	if t.Kind != ir.KindObject || len(t.Properties) == 0 {
		add(t.Description)
	}
	for _, v := range t.Enum {
		var s string
		if json.Unmarshal(v, &s) == nil {
			add(s)
		} else {
			add(string(v))
		}
	}
	for _, p := range t.Properties {
		add(p.Name)
		if p.Type != nil && p.Type.Kind == ir.KindObject && len(p.Type.Properties) > 0 {
			add(p.Type.Description)
		}
		contentOf(p.Type, seen, add)
	}
	if t.Ref != nil {
		contentOf(t.Ref.Type, seen, add)
	}
	for _, c := range append(append(append([]*ir.Type{t.Items, t.AdditionalType}, t.PrefixItems...), t.Variants...), t.AllOf...) {
		contentOf(c, seen, add)
	}
}
