package workflow

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/iograph"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	rtwf "github.com/tscg/tscg/runtime/workflow"
)

// CompileCatalog compiles the plans of cat's workflow tools against its
// other tools, in the order of their files. The catalog's workflow tools
// carry only their files' positions; serve, graph and describe --plan
// recompile them to get the plans.
func CompileCatalog(cat *ir.Catalog, opts jsonschema.Options) ([]Compiled, diag.List) {
	base := &ir.Catalog{Types: cat.Types, Groups: cat.Groups}
	var files []string
	seen := map[string]bool{}
	for _, t := range cat.Tools {
		if t.Source != Source {
			base.Tools = append(base.Tools, t)
		} else if !seen[t.Pos.File] {
			seen[t.Pos.File] = true
			files = append(files, t.Pos.File)
		}
	}
	if len(files) == 0 {
		return nil, nil
	}
	return LoadPlans(files, base, opts)
}

// Graph is the step graph of a compiled plan: which input or step result
// feeds which argument of which step (or the output), and the order
// needs adds. A value reached through for_each's ${item} is an element
// flow from the list's source.
func Graph(p *rtwf.Plan) iograph.Workflow {
	g := &flowGraph{w: iograph.Workflow{Name: p.Name}, seen: map[iograph.Flow]bool{}}
	for _, s := range p.Steps {
		g.w.Steps = append(g.w.Steps, iograph.WorkflowStep{Name: s.Name, Tool: s.Tool, Each: s.ForEach != "", When: s.When != "", Optional: s.Optional})
		g.step(s)
	}
	if len(p.Output) == 0 {
		for _, s := range p.Steps {
			g.add(iograph.Flow{From: s.Name, Path: "result", Arg: s.Name})
		}
		return g.w
	}
	walkTemplates(decodeJSON(p.Output), "", func(at string, r rtwf.Path) { g.ref(r, nil, "", at, iograph.FlowData) })
	return g.w
}

type flowGraph struct {
	w    iograph.Workflow
	seen map[iograph.Flow]bool
}

func (g *flowGraph) add(f iograph.Flow) {
	if !g.seen[f] {
		g.seen[f] = true
		g.w.Flows = append(g.w.Flows, f)
	}
}

func (g *flowGraph) step(s rtwf.Step) {
	loop := singleRef(s.ForEach)
	fromItems := false
	walkTemplates(decodeJSON(s.Args), "", func(at string, r rtwf.Path) {
		fromItems = g.ref(r, loop, s.Name, at, iograph.FlowData) || fromItems
	})
	if loop != nil && !fromItems {
		g.ref(*loop, nil, s.Name, "for_each", iograph.FlowEach)
	}
	if when := singleRef(s.When); when != nil {
		g.ref(*when, loop, s.Name, "when", iograph.FlowData)
	}
	for _, n := range s.Needs {
		if !g.feeds(n, s.Name) {
			g.add(iograph.Flow{From: n, To: s.Name, Kind: iograph.FlowOrder})
		}
	}
}

// ref adds the flow of reference r into (to, arg) and reports whether it
// went through loop's ${item} (an element flow, whatever kind says).
func (g *flowGraph) ref(r rtwf.Path, loop *rtwf.Path, to, arg string, kind iograph.FlowKind) bool {
	if r.Root == rtwf.RootItem && loop != nil {
		r = rtwf.Path{Root: loop.Root, Segs: append(append(slices.Clone(loop.Segs), rtwf.Seg{Kind: rtwf.SegWildcard}), r.Segs...)}
		kind = iograph.FlowEach
	}
	from, path, ok := source(r)
	if ok {
		g.add(iograph.Flow{From: from, Path: path, To: to, Arg: arg, Kind: kind})
	}
	return ok && kind == iograph.FlowEach
}

func (g *flowGraph) feeds(from, to string) bool {
	for _, f := range g.w.Flows {
		if f.From == from && f.To == to {
			return true
		}
	}
	return false
}

// source splits a reference into the node it reads (a step, or "" for
// the inputs) and the path read there.
func source(r rtwf.Path) (from, path string, ok bool) {
	switch r.Root {
	case rtwf.RootSteps:
		return r.Step(), orWhole(segsText(r.Segs[2:]), "result"), true
	case rtwf.RootInputs:
		return "", orWhole(segsText(r.Segs), "inputs"), true
	}
	return "", "", false // ${index}, or ${item} outside a loop: no data flows in
}

// orWhole names the whole value when path is empty or starts with an
// index (result[*].subject).
func orWhole(path, whole string) string {
	if path == "" || path[0] == '[' {
		return whole + path
	}
	return path
}

func segsText(segs []rtwf.Seg) string {
	var b strings.Builder
	for _, s := range segs {
		b.WriteString(s.String())
	}
	return strings.TrimPrefix(b.String(), ".")
}

// decodeJSON decodes a compiled template; nil when absent (a compiled
// plan's templates are valid JSON).
func decodeJSON(raw []byte) any {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return nil
	}
	return v
}

func singleRef(s string) *rtwf.Path {
	if s == "" {
		return nil
	}
	t, err := rtwf.ParseTemplate(s)
	if err != nil {
		return nil
	}
	return t.Single()
}

// walkTemplates calls f with every reference in v's strings and the path
// (filter.region, ids[0]) of the value holding it; object keys in sorted
// order.
func walkTemplates(v any, at string, f func(at string, r rtwf.Path)) {
	switch x := v.(type) {
	case string:
		if t, err := rtwf.ParseTemplate(x); err == nil {
			for _, r := range t.Refs() {
				f(at, r)
			}
		}
	case []any:
		for i, e := range x {
			walkTemplates(e, at+"["+strconv.Itoa(i)+"]", f)
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			walkTemplates(x[k], join(at, k), f)
		}
	}
}
