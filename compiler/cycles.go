package compiler

import (
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// checkRefCycles reports every named type that refers back to itself
// without consuming any part of the value on the way (issue 29):
// {"$ref": "#/$defs/A"} as A's own body, through allOf or a union, or a
// zod z.lazy(() => A) of A. Validation of such a schema never ends (tscg's
// own validator refuses every call), so no provider may be given it.
// Recursion through a property, an item or an additional property
// consumes part of the value and stays supported.
func checkRefCycles(cat *ir.Catalog) diag.List {
	var ds diag.List
	reported := map[*ir.Named]bool{}
	var users map[*ir.Named][]string // only when a cycle is found: a walk of every tool
	for _, n := range namedTypes(cat) {
		chain := cycleFrom(n)
		if chain == nil || reported[n] {
			continue
		}
		names := make([]string, len(chain))
		for i, c := range chain {
			reported[c] = true
			names[i] = c.Name
		}
		msg := "type " + quote(n.Name) + " refers to itself without consuming any part of the value (" +
			strings.Join(append(names, n.Name), " → ") + "): validating it never ends, so no validator or provider accepts it; " +
			"put the recursion under a property or an array's items"
		if users == nil {
			users = toolsUsing(cat)
		}
		if u := users[n]; len(u) > 0 {
			msg += " (used by " + strings.Join(u, ", ") + ")"
		}
		ds.Add(diag.Diagnostic{Pos: diag.Pos{File: n.Pos.File, Line: n.Pos.Line, Col: n.Pos.Col}, Severity: diag.Error, Message: msg})
	}
	return ds
}

// cycleFrom returns the named types on a non-consuming path from n back
// to n, starting with n, or nil.
func cycleFrom(n *ir.Named) []*ir.Named {
	var path []*ir.Named
	onPath := map[*ir.Named]bool{}
	done := map[*ir.Named]bool{}
	var visit func(m *ir.Named) bool
	visit = func(m *ir.Named) bool {
		if m == n && len(path) > 0 {
			return true
		}
		if onPath[m] || done[m] {
			return false
		}
		onPath[m] = true
		path = append(path, m)
		for _, next := range directRefs(m.Type, nil) {
			if visit(next) {
				return true
			}
		}
		path = path[:len(path)-1]
		onPath[m] = false
		done[m] = true
		return false
	}
	if visit(n) {
		return path
	}
	return nil
}

// directRefs lists the named types t refers to without consuming part of
// the value: itself a reference, or through union variants and allOf.
func directRefs(t *ir.Type, out []*ir.Named) []*ir.Named {
	if t == nil {
		return out
	}
	if t.Kind == ir.KindRef && t.Ref != nil {
		out = append(out, t.Ref)
	}
	for _, v := range t.Variants {
		out = directRefs(v, out)
	}
	for _, a := range t.AllOf {
		out = directRefs(a, out)
	}
	return out
}

// namedTypes lists the catalog's named types and every named type its
// tools and types reach, each once, in a stable order.
func namedTypes(cat *ir.Catalog) []*ir.Named {
	seen := map[*ir.Named]bool{}
	var out []*ir.Named
	var walk func(t *ir.Type)
	add := func(n *ir.Named) {
		if n != nil && !seen[n] {
			seen[n] = true
			out = append(out, n)
			walk(n.Type)
		}
	}
	walk = func(t *ir.Type) {
		ir.Walk(t, func(x *ir.Type) {
			if x.Kind == ir.KindRef {
				add(x.Ref)
			}
		})
	}
	for _, n := range cat.Types {
		add(n)
	}
	for _, tool := range cat.Tools {
		walk(tool.Params)
		walk(tool.Result)
	}
	return out
}

// toolsUsing maps each named type to the tools whose schemas reach it.
func toolsUsing(cat *ir.Catalog) map[*ir.Named][]string {
	users := map[*ir.Named][]string{}
	for _, tool := range cat.Tools {
		seen := map[*ir.Named]bool{}
		var walk func(t *ir.Type)
		walk = func(t *ir.Type) {
			ir.Walk(t, func(x *ir.Type) {
				if x.Kind == ir.KindRef && x.Ref != nil && !seen[x.Ref] {
					seen[x.Ref] = true
					users[x.Ref] = append(users[x.Ref], quote(tool.Name))
					walk(x.Ref.Type)
				}
			})
		}
		walk(tool.Params)
		walk(tool.Result)
	}
	return users
}
