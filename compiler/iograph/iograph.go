// Package iograph builds the data-flow graph of a catalog: which result
// field of one tool can feed which parameter of another. Fields and
// parameters match when their names are equal after normalisation
// (doc_id, docId and documentId all match) and their types are
// assignable; same-named pairs with incompatible types are near misses.
//
// The io-compatibility lint rule reports the near misses; `tscg graph`
// prints the whole graph as Mermaid or DOT.
package iograph

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"

	"github.com/tscg/tscg/compiler/ir"
)

// Edge is one (tool result field) → (tool parameter) connection.
type Edge struct {
	From, Field string // producing tool and its result field path
	To, Param   string // consuming tool and its parameter
	// Exact is set when the names are equal, not only after
	// normalisation.
	Exact bool
	// Mismatch explains why a near miss is not assignable ("" for an
	// edge).
	Mismatch string
	// FieldPos and ParamPos locate both ends.
	FieldPos, ParamPos ir.Pos
	// Each marks a list-to-single link: the field is a list (doc_ids)
	// whose elements, of type Element, each feed the single-valued
	// parameter (doc_id), one call per element.
	Each    bool
	Element string
}

// Graph is the edges and near misses of a catalog.
type Graph struct {
	Tools      []string // every tool, in catalog order
	Edges      []Edge
	NearMisses []Edge
	// Workflows are drawn after the tools, each as its own subgraph of
	// steps (set by the caller: the iograph of tools does not know them).
	Workflows []Workflow
}

type param struct {
	tool string
	prop *ir.Property
}

// Build computes the graph. Result fields are the top-level properties of
// a result object (or of the items of a result array); parameters are the
// top-level properties of the parameters object.
func Build(tools []*ir.Tool) *Graph {
	g := &Graph{}
	params := map[string][]param{}
	for _, t := range tools {
		g.Tools = append(g.Tools, t.Name)
		for _, p := range props(t.Params) {
			k := Key(p.Name)
			params[k] = append(params[k], param{t.Name, p})
		}
	}
	for _, t := range tools {
		for _, f := range props(resultObject(t.Result)) {
			for _, p := range params[Key(f.Name)] {
				if p.tool == t.Name {
					continue
				}
				e := Edge{From: t.Name, Field: f.Name, To: p.tool, Param: p.prop.Name, Exact: f.Name == p.prop.Name,
					FieldPos: f.Pos, ParamPos: p.prop.Pos}
				if why := assignable(f.Type, p.prop.Type); why != "" {
					e.Mismatch = why
					g.NearMisses = append(g.NearMisses, e)
					continue
				}
				g.Edges = append(g.Edges, e)
			}
			g.eachLinks(t.Name, f, params)
		}
	}
	return g
}

// eachLinks adds the list-to-single links of a list field: doc_ids (a
// list) to a parameter doc_id that takes one element.
func (g *Graph) eachLinks(from string, f *ir.Property, params map[string][]param) {
	k := Key(f.Name)
	list := f.Type.Resolve()
	if !strings.HasSuffix(k, "s") || list == nil || list.Kind != ir.KindArray || list.Items == nil {
		return
	}
	for _, p := range params[strings.TrimSuffix(k, "s")] {
		if p.tool == from {
			continue
		}
		if to := p.prop.Type.Resolve(); to != nil && to.Kind == ir.KindArray {
			continue
		}
		e := Edge{From: from, Field: f.Name, To: p.tool, Param: p.prop.Name, FieldPos: f.Pos, ParamPos: p.prop.Pos,
			Each: true, Element: elementName(list.Items)}
		if why := assignable(list.Items, p.prop.Type); why != "" {
			e.Mismatch = "an element: " + why
			g.NearMisses = append(g.NearMisses, e)
			continue
		}
		g.Edges = append(g.Edges, e)
	}
}

// elementName names a list's element type: its named type, else its kind.
func elementName(t *ir.Type) string {
	if t.Kind == ir.KindRef && t.Ref != nil {
		return t.Ref.Name
	}
	if r := t.Resolve(); r != nil {
		return r.Kind.String()
	}
	return "any"
}

func props(t *ir.Type) []*ir.Property {
	t = t.Resolve()
	if t == nil || t.Kind != ir.KindObject {
		return nil
	}
	return t.Properties
}

// resultObject looks through arrays and nullable unions to the object a
// tool returns, if any.
func resultObject(t *ir.Type) *ir.Type {
	for range 4 {
		t = t.Resolve()
		if t == nil {
			return nil
		}
		switch t.Kind {
		case ir.KindArray:
			t = t.Items
		case ir.KindUnion:
			var obj *ir.Type
			for _, v := range t.Variants {
				if r := v.Resolve(); r != nil && r.Kind != ir.KindNull {
					if obj != nil {
						return nil
					}
					obj = v
				}
			}
			t = obj
		default:
			return t
		}
	}
	return t
}

// abbreviations map long words to the short form used in keys.
var abbreviations = map[string]string{
	"document": "doc", "identifier": "id", "number": "num", "count": "num", "message": "msg",
	"configuration": "config", "directory": "dir", "reference": "ref", "repository": "repo",
	"information": "info", "description": "desc", "organization": "org", "organisation": "org",
	"parameter": "param", "address": "addr", "uuid": "id", "url": "uri",
}

// Key normalises a field or parameter name: words are split at case and
// separator changes, lower-cased and abbreviated, so doc_id, docId and
// documentId all give "docid".
func Key(name string) string {
	var b strings.Builder
	for _, w := range splitWords(name) {
		if a, ok := abbreviations[w]; ok {
			w = a
		}
		b.WriteString(w)
	}
	return b.String()
}

func splitWords(name string) []string {
	var out []string
	var cur []rune
	rs := []rune(name)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			if len(cur) > 0 {
				out = append(out, strings.ToLower(string(cur)))
				cur = nil
			}
			continue
		}
		if unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
			out = append(out, strings.ToLower(string(cur)))
			cur = nil
		}
		cur = append(cur, r)
	}
	if len(cur) > 0 {
		out = append(out, strings.ToLower(string(cur)))
	}
	return out
}

// assignable returns "" when every value of from is accepted by to, else
// why not. It compares kinds, enums and consts, not finer constraints.
func assignable(from, to *ir.Type) string {
	from, to = from.Resolve(), to.Resolve()
	if from == nil || to == nil || to.Kind == ir.KindAny || from.Kind == ir.KindAny || to.Kind == ir.KindUnion {
		return ""
	}
	if from.Kind == ir.KindUnion {
		for _, v := range from.Variants {
			if r := v.Resolve(); r != nil && r.Kind == ir.KindNull {
				continue
			}
			if why := assignable(v, to); why != "" {
				return why
			}
		}
		return ""
	}
	if from.Kind != to.Kind && !(from.Kind == ir.KindInteger && to.Kind == ir.KindNumber) {
		return fmt.Sprintf("%s is not assignable to %s", from.Kind, to.Kind)
	}
	if from.Kind == ir.KindArray && from.Items != nil && to.Items != nil {
		if why := assignable(from.Items, to.Items); why != "" {
			return "items: " + why
		}
	}
	if len(to.Enum) > 0 {
		allowed := map[string]bool{}
		for _, v := range to.Enum {
			allowed[string(v)] = true
		}
		if len(from.Enum) == 0 {
			return "an unrestricted " + from.Kind.String() + " may fall outside the parameter's enum"
		}
		for _, v := range from.Enum {
			if !allowed[string(v)] {
				return "enum value " + string(v) + " is not accepted"
			}
		}
	}
	return ""
}

// WriteMermaid prints the graph as a Mermaid flowchart; near misses are
// dotted edges.
func (g *Graph) WriteMermaid(w io.Writer) error {
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	ids := nodeIDs(g.Tools)
	for _, t := range g.Tools {
		fmt.Fprintf(&b, "  %s[%q]\n", ids[t], t)
	}
	for _, e := range g.sorted(g.Edges) {
		if e.Each {
			fmt.Fprintf(&b, "  %s ==>|%q| %s\n", ids[e.From], label(e), ids[e.To])
			continue
		}
		fmt.Fprintf(&b, "  %s -->|%q| %s\n", ids[e.From], label(e), ids[e.To])
	}
	for _, e := range g.sorted(g.NearMisses) {
		fmt.Fprintf(&b, "  %s -.->|%q| %s\n", ids[e.From], label(e)+" (type mismatch)", ids[e.To])
	}
	for i, wf := range g.Workflows {
		wf.writeMermaid(&b, i)
	}
	_, err := io.WriteString(w, strings.ReplaceAll(b.String(), `\"`, "#quot;"))
	return err
}

// WriteDOT prints the graph in Graphviz DOT; near misses are dashed red.
func (g *Graph) WriteDOT(w io.Writer) error {
	var b strings.Builder
	b.WriteString("digraph tools {\n  rankdir=LR;\n  node [shape=box];\n")
	for _, t := range g.Tools {
		fmt.Fprintf(&b, "  %q;\n", t)
	}
	for _, e := range g.sorted(g.Edges) {
		if e.Each {
			fmt.Fprintf(&b, "  %q -> %q [label=%q, style=bold, arrowhead=crow];\n", e.From, e.To, label(e))
			continue
		}
		fmt.Fprintf(&b, "  %q -> %q [label=%q];\n", e.From, e.To, label(e))
	}
	for _, e := range g.sorted(g.NearMisses) {
		fmt.Fprintf(&b, "  %q -> %q [label=%q, style=dashed, color=red];\n", e.From, e.To, label(e)+": "+e.Mismatch)
	}
	for i, wf := range g.Workflows {
		wf.writeDOT(&b, i)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func label(e Edge) string {
	if e.Each {
		return e.Field + " → each " + e.Param + " (" + e.Element + ")"
	}
	if e.Field == e.Param {
		return e.Field
	}
	return e.Field + " → " + e.Param
}

func (g *Graph) sorted(es []Edge) []Edge {
	out := append([]Edge(nil), es...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		return fmt.Sprint(a.From, "\x00", a.To, "\x00", a.Field, "\x00", a.Param) <
			fmt.Sprint(b.From, "\x00", b.To, "\x00", b.Field, "\x00", b.Param)
	})
	return out
}

// nodeIDs gives each tool a Mermaid-safe identifier.
func nodeIDs(tools []string) map[string]string {
	ids := map[string]string{}
	for i, t := range tools {
		if _, ok := ids[t]; !ok {
			ids[t] = fmt.Sprintf("t%d", i)
		}
	}
	return ids
}
