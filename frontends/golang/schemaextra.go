package golang

import (
	"encoding/json"
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// Schema copies and extra keywords on the evaluator (issue 28:
// github/github-mcp-server's AnnotateHeaderParams(&toolCopy) copies the
// tool's input schema and its owner/repo properties and adds
// "x-mcp-header" to their Extra maps): *s of a schema the evaluator
// holds is a copy of it (its properties list copied, the property
// schemas shared until replaced), s.Extra reads as a map of the
// schema's extra keywords and is set from one, maps.Clone and maps.Copy
// of the maps it holds, and &v of a variable holding a schema or the
// registrar's tool copy is that value.

// copySchema is *s: a copy of t whose properties can be replaced
// without touching t's.
func copySchema(t *ir.Type) *ir.Type {
	c := *t
	c.Properties = make([]*ir.Property, len(t.Properties))
	for i, q := range t.Properties {
		qc := *q
		c.Properties[i] = &qc
	}
	c.Extra = slices.Clone(t.Extra)
	return &c
}

// extraMap is s.Extra: nil when the schema has none.
func extraMap(t *ir.Type) (any, bool) {
	if len(t.Extra) == 0 {
		return nil, true
	}
	m := map[string]any{}
	for _, k := range t.Extra {
		var v any
		if err := json.Unmarshal(k.Value, &v); err != nil {
			return nil, false
		}
		m[k.Name] = v
	}
	return m, true
}

// setExtra runs s.Extra = m: the keywords in the order encoding/json
// writes a map's keys (sorted).
func setExtra(t *ir.Type, v any) bool {
	if v == nil {
		t.Extra = nil
		return true
	}
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	var out []ir.Keyword
	for _, k := range slices.Sorted(maps.Keys(m)) {
		j, ok := jsonOf(m[k])
		if !ok {
			return false
		}
		b, err := json.Marshal(j)
		if err != nil {
			return false
		}
		out = append(out, ir.Keyword{Name: k, Value: b})
	}
	t.Extra = out
	return true
}

// mapsCall runs maps.Clone and maps.Copy of maps the evaluator holds;
// handled is false for other calls.
func (ev *evaluator) mapsCall(p *packages.Package, x *ast.CallExpr, env map[types.Object]any) (v any, ok, handled bool) {
	fn, _ := callee(p.TypesInfo, x)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "maps" || (fn.Name() != "Clone" && fn.Name() != "Copy") {
		return nil, false, false
	}
	args, ok := ev.args(p, x, env)
	if !ok {
		return nil, false, true
	}
	if fn.Name() == "Clone" && len(args) == 1 {
		switch m := args[0].(type) {
		case nil:
			return nil, true, true
		case map[string]any:
			return maps.Clone(m), true, true
		case schemaProps:
			return schemaProps{copySchema(m.t)}, true, true
		}
		return nil, false, true
	}
	if len(args) != 2 {
		return nil, false, true
	}
	dst, okD := args[0].(map[string]any)
	id := identOf(x.Args[0])
	if !okD || id == nil {
		return nil, false, true
	}
	if _, local := env[p.TypesInfo.ObjectOf(id)]; !local {
		return nil, false, true // a package map: never written here
	}
	switch src := args[1].(type) {
	case nil:
		return nil, true, true
	case map[string]any:
		maps.Copy(dst, src)
		return nil, true, true
	}
	return nil, false, true
}
