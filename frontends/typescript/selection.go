package typescript

import (
	"slices"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// Selection is what a command needs compiled: named types and tools by
// name ("*" for every exported type, or every tool). An error in a
// declaration or tool the selection does not reach (directly or through
// the types it references) is not an error of this compilation: it
// becomes a warning with its position, and what it was found in is left
// out of the catalog.
type Selection struct {
	Types []string
	Tools []string
}

// owner is a named type or a tool frame: the errors reported while it
// is converted are its own (nested frames claim theirs first).
type owner struct {
	ent   *namedEntry // a named type (nil for a tool frame)
	tools []*ir.Tool  // the tools made in a tool frame
	what  string      // for messages: "type X", "the tools of …"
	tool  bool        // a tool frame: its errors block its tools only
}

// begin opens an owner frame; the returned function closes it, claiming
// the diagnostics reported since that no inner frame claimed.
func (r *resolver) begin(o *owner) func() {
	start := len(r.diags)
	return func() {
		for len(r.diagOwner) < len(r.diags) {
			r.diagOwner = append(r.diagOwner, nil)
		}
		for i := start; i < len(r.diags); i++ {
			if r.diagOwner[i] == nil {
				r.diagOwner[i] = o
			}
		}
	}
}

// applySelection demotes the errors of owners sel does not reach to
// warnings and removes those owners' types and tools from cat.
func (r *resolver) applySelection(cat *ir.Catalog, sel *Selection) {
	if sel == nil {
		return
	}
	allTypes, allTools := slices.Contains(sel.Types, "*"), slices.Contains(sel.Tools, "*")
	reach := map[*ir.Named]bool{}
	var visit func(t *ir.Type)
	visit = func(t *ir.Type) {
		if t == nil {
			return
		}
		if t.Ref != nil {
			if reach[t.Ref] {
				return
			}
			reach[t.Ref] = true
			visit(t.Ref.Type)
		}
		visit(t.Items)
		visit(t.AdditionalType)
		for _, x := range t.PrefixItems {
			visit(x)
		}
		for _, p := range t.Properties {
			visit(p.Type)
		}
		for _, x := range t.Variants {
			visit(x)
		}
		for _, x := range t.AllOf {
			visit(x)
		}
	}
	selectedTool := func(t *ir.Tool) bool { return allTools || slices.Contains(sel.Tools, t.Name) }
	for _, t := range cat.Tools {
		if selectedTool(t) {
			visit(t.Params)
			visit(t.Result)
		}
	}
	for _, n := range cat.Types {
		if n.Exported && (allTypes || slices.Contains(sel.Types, n.Name)) && !reach[n] {
			reach[n] = true
			visit(n.Type)
		}
	}
	if len(reach) == 0 && !slices.ContainsFunc(cat.Tools, selectedTool) {
		// Nothing selected exists (a build of files without tools, a
		// --type that names no type): the command fails anyway, and
		// every error is worth reporting as one.
		return
	}
	needed := func(o *owner) bool {
		if o.ent != nil {
			return reach[o.ent.n]
		}
		if len(o.tools) == 0 {
			return allTools // a tool that failed to be made
		}
		return slices.ContainsFunc(o.tools, selectedTool)
	}
	dropTypes, dropTools := map[*ir.Named]bool{}, map[*ir.Tool]bool{}
	for i, o := range r.diagOwner {
		d := &r.diags[i]
		if o == nil || d.Severity != diag.Error || needed(o) {
			continue
		}
		d.Severity = diag.Warning
		d.Message += " (" + o.what + " is not used by what this command compiles, and is left out)"
		if o.ent != nil {
			dropTypes[o.ent.n] = true
		}
		for _, t := range o.tools {
			dropTools[t] = true
		}
	}
	// A type left in that uses one left out goes too (it is no more
	// needed than the type it uses).
	for changed := len(dropTypes) > 0; changed; {
		changed = false
		for _, n := range cat.Types {
			if dropTypes[n] || reach[n] {
				continue
			}
			if bad := usesDropped(n.Type, dropTypes, map[*ir.Named]bool{}); bad != nil {
				dropTypes[n], changed = true, true
				r.diags.Add(diag.Warnf(n.Pos, "type %s is left out: it uses %s, which has errors (and neither is used by what this command compiles)", n.Name, bad.Name))
			}
		}
	}
	for _, t := range cat.Tools {
		if dropTools[t] || selectedTool(t) || len(dropTypes) == 0 {
			continue
		}
		seen := map[*ir.Named]bool{}
		bad := usesDropped(t.Params, dropTypes, seen)
		if bad == nil {
			bad = usesDropped(t.Result, dropTypes, seen)
		}
		if bad != nil {
			dropTools[t] = true
			r.diags.Add(diag.Warnf(t.Pos, "tool %s is left out: it uses %s, which has errors (and neither is used by what this command compiles)", t.Name, bad.Name))
		}
	}
	cat.Types = slices.DeleteFunc(cat.Types, func(n *ir.Named) bool { return dropTypes[n] })
	cat.Tools = slices.DeleteFunc(cat.Tools, func(t *ir.Tool) bool { return dropTools[t] })
}

// usesDropped returns a named type in drop that t refers to, or nil.
func usesDropped(t *ir.Type, drop, seen map[*ir.Named]bool) *ir.Named {
	if t == nil {
		return nil
	}
	if n := t.Ref; n != nil {
		if drop[n] {
			return n
		}
		if !seen[n] {
			seen[n] = true
			if bad := usesDropped(n.Type, drop, seen); bad != nil {
				return bad
			}
		}
	}
	kids := append(append(append([]*ir.Type{t.Items, t.AdditionalType}, t.PrefixItems...), t.Variants...), t.AllOf...)
	for _, p := range t.Properties {
		kids = append(kids, p.Type)
	}
	for _, k := range kids {
		if bad := usesDropped(k, drop, seen); bad != nil {
			return bad
		}
	}
	return nil
}
