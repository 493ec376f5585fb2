package iograph

import (
	"fmt"
	"strings"
)

// Workflow is the step graph of one compiled workflow: its steps, what
// flows from the workflow's inputs and from each step's result into the
// arguments of later steps and into the output, and the order imposed by
// needs. frontends/workflow builds it from the compiled plan.
type Workflow struct {
	Name  string
	Steps []WorkflowStep // in source order
	Flows []Flow
}

// WorkflowStep is one step: the tool it calls and how.
type WorkflowStep struct {
	Name, Tool string
	Each       bool // for_each: one call per element
	When       bool // runs only when its condition holds
	Optional   bool // may fail without failing the workflow
}

// FlowKind says what an edge between two steps carries.
type FlowKind uint8

// Flow kinds.
const (
	FlowData  FlowKind = iota // a value bound to an argument (or the output)
	FlowEach                  // the elements of a list, one call per element
	FlowOrder                 // needs: order only, no data
)

// Flow is one edge of a workflow graph. From "" is the workflow's inputs;
// To "" is its output.
type Flow struct {
	From string
	// Path is what flows: a result path after "result" (items[*].id;
	// "result" for the whole result) or an input's path; "" for order.
	Path string
	To   string
	// Arg is where it goes: an argument path (doc_id, filter.region),
	// "for_each", "when", or an output field.
	Arg  string
	Kind FlowKind
}

// Label is the edge's text: "items[*].id → doc_id", or "needs".
func (f Flow) Label() string {
	if f.Kind == FlowOrder {
		return "needs"
	}
	if f.Path == f.Arg || f.Arg == "" {
		return f.Path // same name, or the whole output
	}
	return f.Path + " → " + f.Arg
}

func (s WorkflowStep) label() string {
	l := s.Name + ": " + s.Tool
	var marks []string
	for _, m := range []struct {
		on   bool
		text string
	}{{s.Each, "for each"}, {s.When, "when"}, {s.Optional, "optional"}} {
		if m.on {
			marks = append(marks, m.text)
		}
	}
	if len(marks) > 0 {
		l += " (" + strings.Join(marks, ", ") + ")"
	}
	return l
}

// nodeNamer gives a workflow's nodes identifiers in one syntax; a flow's
// "" ends are the inputs (from) or the output (to).
type nodeNamer struct {
	in, out string
	steps   map[string]string
}

func newNamer(w Workflow, prefix, sep string) nodeNamer {
	n := nodeNamer{in: prefix + sep + "in", out: prefix + sep + "out", steps: map[string]string{}}
	for i, s := range w.Steps {
		n.steps[s.Name] = fmt.Sprintf("%s%ss%d", prefix, sep, i)
	}
	return n
}

func (n nodeNamer) from(step string) string {
	if step == "" {
		return n.in
	}
	return n.steps[step]
}

func (n nodeNamer) to(step string) string {
	if step == "" {
		return n.out
	}
	return n.steps[step]
}

func (w Workflow) hasOutput() bool {
	for _, f := range w.Flows {
		if f.To == "" {
			return true
		}
	}
	return false
}

// writeMermaid draws workflow i as a subgraph; data flows are solid,
// element flows thick, order dotted.
func (w Workflow) writeMermaid(b *strings.Builder, i int) {
	n := newNamer(w, fmt.Sprintf("w%d", i), "_")
	fmt.Fprintf(b, "  subgraph w%d[%q]\n    direction LR\n", i, "workflow "+w.Name)
	fmt.Fprintf(b, "    %s([%q])\n", n.in, "inputs")
	for _, s := range w.Steps {
		fmt.Fprintf(b, "    %s[%q]\n", n.steps[s.Name], s.label())
	}
	if w.hasOutput() {
		fmt.Fprintf(b, "    %s([%q])\n", n.out, "output")
	}
	b.WriteString("  end\n")
	arrows := map[FlowKind]string{FlowData: "-->", FlowEach: "==>", FlowOrder: "-.->"}
	for _, f := range w.Flows {
		fmt.Fprintf(b, "  %s %s|%q| %s\n", n.from(f.From), arrows[f.Kind], f.Label(), n.to(f.To))
	}
}

// writeDOT draws workflow i as a cluster; element flows are bold, order
// dotted.
func (w Workflow) writeDOT(b *strings.Builder, i int) {
	n := newNamer(w, fmt.Sprintf("w%d", i), ":")
	fmt.Fprintf(b, "  subgraph %q {\n    label=%q;\n", fmt.Sprintf("cluster_w%d", i), "workflow "+w.Name)
	fmt.Fprintf(b, "    %q [label=\"inputs\", shape=ellipse];\n", n.in)
	for _, s := range w.Steps {
		fmt.Fprintf(b, "    %q [label=%q];\n", n.steps[s.Name], s.label())
	}
	if w.hasOutput() {
		fmt.Fprintf(b, "    %q [label=\"output\", shape=ellipse];\n", n.out)
	}
	b.WriteString("  }\n")
	styles := map[FlowKind]string{FlowData: "", FlowEach: ", style=bold, arrowhead=crow", FlowOrder: ", style=dotted"}
	for _, f := range w.Flows {
		fmt.Fprintf(b, "  %q -> %q [label=%q%s];\n", n.from(f.From), n.to(f.To), f.Label(), styles[f.Kind])
	}
}
