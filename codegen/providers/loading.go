package providers

import (
	"fmt"
	"sort"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/jsonval"
	"github.com/tscg/tscg/internal/lazyre"
)

// MaxInputExamples is how many of a tool's examples reach Anthropic's
// input_examples: the smallest that validate, so the few the model reads
// cost the fewest tokens.
const MaxInputExamples = 3

// Tool search entries added where some tool is deferred: the provider's
// own search, which loads deferred tools on demand.
const (
	AnthropicToolSearchType = "tool_search_tool_bm25_20251119"
	AnthropicToolSearchName = "tool_search_tool_bm25"
)

// inputExamples returns the arguments of t's examples that validate
// against its input schema, smallest (compact JSON) first, at most
// MaxInputExamples; what is left out is reported. p is the schema the
// manifest states: where strict lowering made an optional property
// required with null allowed, an example leaving it out states it null,
// and the example must validate against p too.
func (g *generator) inputExamples(t *ir.Tool, p *obj) []any {
	if len(t.Examples) == 0 {
		return nil
	}
	orig, err := g.params(t)
	var schema, stated *jsonval.Schema
	if err == nil {
		schema, err = jsonval.Compile(compactJSON(orig))
	}
	if err == nil {
		stated, err = jsonval.Compile(compactJSON(p))
	}
	required, _ := p.Val("required").([]any)
	type ex struct {
		v    any
		size int
		i    int
	}
	var ok []ex
	invalid := 0
	for i, e := range t.Examples {
		if len(e.Arguments) == 0 {
			continue
		}
		data, cerr := ir.CompactValue(e.Arguments)
		inst, uerr := jsonval.Unmarshal(data)
		if cerr != nil || uerr != nil || err != nil || schema.Validate(inst) != nil {
			invalid++
			continue
		}
		v, verr := decode(ir.Value(data))
		if o, isObj := v.(*obj); isObj && verr == nil {
			for _, r := range required {
				if k, _ := r.(string); k != "" {
					if _, has := o.Get(k); has {
						continue
					}
					o.Set(k, nil)
				}
			}
			data = compactJSON(o)
			inst, uerr = jsonval.Unmarshal(data)
		}
		if verr != nil || uerr != nil || stated.Validate(inst) != nil {
			invalid++
			continue
		}
		ok = append(ok, ex{v, len(data), i})
	}
	sort.SliceStable(ok, func(a, b int) bool { return ok[a].size < ok[b].size })
	if invalid > 0 {
		g.report = append(g.report, Lowering{Target: g.target.Name, Tool: t.Name, Keyword: "input_examples",
			Action: fmt.Sprintf("%d example(s) that do not validate against the input schema left out", invalid)})
	}
	if len(ok) > MaxInputExamples {
		g.report = append(g.report, Lowering{Target: g.target.Name, Tool: t.Name, Keyword: "input_examples",
			Action: fmt.Sprintf("%d valid examples; the %d smallest kept", len(ok), MaxInputExamples)})
		ok = ok[:MaxInputExamples]
	}
	var out []any
	for _, e := range ok {
		out = append(out, e.v)
	}
	return out
}

// deferred reports whether the loading plan defers t.
func (g *generator) deferred(t *ir.Tool) bool { return g.opts.Deferred[t.Name] }

// anyDeferred reports whether the loading plan defers some tool.
func (g *generator) anyDeferred() bool {
	for _, t := range g.cat.Tools {
		if g.deferred(t) {
			return true
		}
	}
	return false
}

// noDeferral reports, for a manifest without deferred loading, each tool
// the plan would defer: it is loaded with the rest. The MCP listing
// publishes the defer_loading its source declares (mcp-go's), so there
// only the plan's own deferrals are reported.
func (g *generator) noDeferral() {
	for _, t := range g.cat.Tools {
		if g.deferred(t) && !(g.target.Name == "mcp.tools-list" && t.DeferLoading) {
			g.report = append(g.report, Lowering{Target: g.target.Name, Tool: t.Name, Keyword: "defer_loading",
				Action: "deferred by the loading plan, but " + g.target.Name + " has no deferred loading; loaded eagerly"})
		}
	}
}

// namespaceName is what the Responses API accepts as a namespace name.
var namespaceName = lazyre.New(`^[a-zA-Z0-9_-]{1,64}$`)

// namespaces groups Responses function entries by their tools' groups:
// a group becomes {"type":"namespace","name","description","tools"} at
// the place of its first tool; ungrouped tools stay where they are. A
// catalog of one group (frontends name groups after source files) keeps
// its flat list: one namespace would say nothing.
func (g *generator) namespaces(entries []any) []any {
	groups := map[string]bool{}
	for _, t := range g.cat.Tools {
		if t.Group != "" {
			groups[t.Group] = true
		}
	}
	if len(groups) < 2 {
		return entries
	}
	desc := map[string]string{}
	for _, gr := range g.cat.Groups {
		desc[gr.Name] = gr.Description
	}
	var out []any
	ns := map[string]*obj{}
	for i, t := range g.cat.Tools {
		if t.Group == "" {
			out = append(out, entries[i])
			continue
		}
		if !namespaceName.MatchString(t.Group) {
			g.report = append(g.report, Lowering{Target: g.target.Name, Tool: t.Name, Keyword: "namespace",
				Action: fmt.Sprintf("group %q is no valid namespace name (%s); the tool is listed outside a namespace", t.Group, namespaceName)})
			out = append(out, entries[i])
			continue
		}
		n := ns[t.Group]
		if n == nil {
			n = newObj().Set("type", "namespace").Set("name", t.Group)
			d := desc[t.Group]
			if d == "" {
				d = "Tools of the group " + t.Group + "."
				g.report = append(g.report, Lowering{Target: g.target.Name, Tool: t.Name, Keyword: "namespace",
					Action: fmt.Sprintf("group %q has no description; the namespace says only its name", t.Group)})
			}
			n.Set("description", d).Set("tools", []any{})
			ns[t.Group] = n
			out = append(out, n)
		}
		n.Set("tools", append(n.Val("tools").([]any), entries[i]))
	}
	return out
}
