package workflow

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/internal/inputfile"
	rtwf "github.com/tscg/tscg/runtime/workflow"
)

// Source is the ir.Tool.Source of workflow tools.
const Source = "workflow"

// Tool is the catalog entry of a checked workflow. It is read-only when
// every step's tool is, destructive when any is.
func (c *Checked) Tool(cat *ir.Catalog) *ir.Tool {
	w := c.Workflow
	t := &ir.Tool{Name: w.Name, Title: w.Title, Description: w.Description, Params: c.Params, Result: c.Result,
		Pos: w.NamePos, Source: Source}
	readOnly, destructive := true, false
	for _, s := range w.Steps {
		tool := cat.Tool(s.Tool)
		a := tool.Annotations
		readOnly = readOnly && a.ReadOnly != nil && *a.ReadOnly
		destructive = destructive || (a.Destructive != nil && *a.Destructive)
		t.Annotations.RequiresApproval = t.Annotations.RequiresApproval || a.RequiresApproval
	}
	if readOnly {
		t.Annotations.ReadOnly = ir.Bool(true)
	}
	if destructive {
		t.Annotations.Destructive = ir.Bool(true)
	}
	return t
}

// Plan is the runtime form of a checked workflow; opts render its input
// and output schemas (use the build's schema options).
func (c *Checked) Plan(opts jsonschema.Options) (*rtwf.Plan, error) {
	w := c.Workflow
	in, err := jsonschema.Type(c.Params, opts)
	if err != nil {
		return nil, fmt.Errorf("workflow %s: input schema: %w", w.Name, err)
	}
	p := &rtwf.Plan{Version: rtwf.PlanVersion, Name: w.Name, Description: w.Description, InputSchema: in, MaxParallel: w.MaxParallel}
	if c.Result != nil {
		if p.OutputSchema, err = jsonschema.Output(c.Result, opts); err != nil {
			return nil, fmt.Errorf("workflow %s: output schema: %w", w.Name, err)
		}
	}
	if w.Output != nil {
		p.Output = jsonValue(w.Output)
	}
	for _, s := range w.Steps {
		p.Steps = append(p.Steps, c.planStep(s))
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("compiled plan is invalid (a compiler bug): %w", err)
	}
	return p, nil
}

func (c *Checked) planStep(s *Step) rtwf.Step {
	ps := rtwf.Step{Name: s.Name, Tool: s.Tool, Timeout: s.Timeout, Retry: s.Retry, Optional: s.Optional}
	if s.Args != nil {
		ps.Args = jsonValue(s.Args)
	}
	ps.When, _ = s.When.String()
	ps.ForEach, _ = s.ForEach.String()
	for _, n := range s.Needs {
		name, _ := n.String()
		ps.Needs = append(ps.Needs, name)
	}
	sort.Strings(ps.Needs)
	return ps
}

func jsonValue(v *Value) json.RawMessage {
	b, err := json.Marshal(v.JSON())
	if err != nil {
		panic("workflow: tree is not JSON: " + err.Error()) // the tree holds only JSON values
	}
	return b
}

// Compiled is one workflow file's outputs.
type Compiled struct {
	Tool *ir.Tool
	Plan *rtwf.Plan
}

// Load parses and checks workflow files against cat, the tools they may
// call, and returns the workflow tools to append to the catalog. Files
// are read in sorted order; a workflow may call workflows of earlier
// files.
func Load(files []string, cat *ir.Catalog) ([]*ir.Tool, diag.List) {
	cs, ds := LoadPlans(files, cat, jsonschema.Options{})
	tools := make([]*ir.Tool, len(cs))
	for i, c := range cs {
		tools[i] = c.Tool
	}
	return tools, ds
}

// LoadPlans is Load that also returns each workflow's runtime plan.
func LoadPlans(files []string, cat *ir.Catalog, opts jsonschema.Options) ([]Compiled, diag.List) {
	sorted := append([]string(nil), files...)
	sort.Strings(sorted)
	scope := &ir.Catalog{Tools: append([]*ir.Tool(nil), cat.Tools...), Types: cat.Types}
	var out []Compiled
	var ds diag.List
	for _, f := range sorted {
		data, err := inputfile.Read(f)
		if err != nil {
			ds.Add(rule(diag.Pos{File: f}, RuleSyntax, "read workflow: %v", err))
			continue
		}
		c, d := Compile(f, data, scope, opts)
		ds = append(ds, d...)
		if c != nil {
			out = append(out, *c)
			scope.Tools = append(scope.Tools, c.Tool)
		}
	}
	return out, ds
}

// Compile parses, checks and lowers one workflow file.
func Compile(path string, data []byte, cat *ir.Catalog, opts jsonschema.Options) (*Compiled, diag.List) {
	w, ds := Parse(path, data)
	if w == nil || ds.HasErrors() {
		return nil, ds
	}
	checked, cds := Check(w, cat)
	ds = append(ds, cds...)
	if checked == nil {
		return nil, ds
	}
	plan, err := checked.Plan(opts)
	if err != nil {
		ds.Add(rule(w.NamePos, RuleSyntax, "%v", err))
		return nil, ds
	}
	return &Compiled{Tool: checked.Tool(cat), Plan: plan}, ds
}
