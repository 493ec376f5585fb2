// Package eval is tscg eval: it replays a question set against a model
// with each rendering of the same tool catalog and measures what seed 003
// asks to monitor: tool-selection accuracy, argument validity (through
// the runtime's validator, as serve would check the call), agreement with
// the expected arguments, and the tokens of each request (one request is
// one round: the question, the tools, the model's first reply).
//
// Questions are BFCL-style JSON Lines ({"id", "question": [[messages]],
// "function": [...]}, the answers in possible_answer/<same file name>), or
// the user's own lines {"id", "question": "text", "expected": {"name",
// "arguments"}} over the compiled catalog.
package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tscg/tscg/codegen/describe"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/agent"
)

// Renderings are the ways a tool is described to the model: the
// provider JSON as compiled, the verbose Markdown with examples and
// mistakes to avoid, and the compact signature.
var Renderings = []string{"provider", "verbose", "compact"}

// Question is one question with its tools and expected call.
type Question struct {
	ID string
	// Line is the question's line in its file: a BFCL file compiled as
	// input defines the question's functions at that line (names repeat
	// across questions with other definitions).
	Line     int
	Messages []agent.Message
	// Tools are the names of the catalog's tools offered (nil: all).
	Tools []string
	// Expected is the call wanted: the tool name and, per argument, the
	// acceptable values ("" accepts the argument's absence, as in BFCL);
	// nil Args checks only the name. An empty Name expects no call.
	Expected *Expected
}

// Expected is a question's expected call.
type Expected struct {
	Name string
	Args map[string][]any
}

// Options configure a run.
type Options struct {
	Model      agent.Model
	Catalog    *ir.Catalog
	Schema     jsonschema.Options
	Renderings []string // default Renderings
	System     string
}

// Result is one rendering's figures.
type Result struct {
	Rendering    string `json:"rendering"`
	Questions    int    `json:"questions"`
	Selected     int    `json:"selected"`  // the expected tool was called first
	ValidArgs    int    `json:"validArgs"` // the first call's arguments passed the validator
	ArgsMatch    int    `json:"argsMatch"` // ... and equal acceptable values
	NoCall       int    `json:"noCall"`    // the model answered in text
	Errors       int    `json:"errors"`    // the request failed
	InputTokens  int    `json:"inputTokens"`
	OutputTokens int    `json:"outputTokens"`
	// FirstError is the first failed request's error, to fix the setup.
	FirstError string `json:"firstError,omitempty"`
}

// TokensPerRequest is the mean of input plus output tokens.
func (r Result) TokensPerRequest() float64 {
	n := r.Questions - r.Errors
	if n == 0 {
		return 0
	}
	return float64(r.InputTokens+r.OutputTokens) / float64(n)
}

// Run asks every question once per rendering.
func Run(ctx context.Context, qs []Question, o Options) ([]Result, error) {
	rs := o.Renderings
	if len(rs) == 0 {
		rs = Renderings
	}
	tools := map[string][]*ir.Tool{}
	for _, t := range o.Catalog.Tools {
		tools[t.Name] = append(tools[t.Name], t)
	}
	sets := make([]*toolSet, len(qs))
	for i, q := range qs {
		ts, err := newToolSet(q, tools, o.Schema)
		if err != nil {
			return nil, err
		}
		sets[i] = ts
	}
	var out []Result
	for _, r := range rs {
		res := Result{Rendering: r}
		for i, q := range qs {
			if err := ctx.Err(); err != nil {
				return out, err
			}
			defs, err := sets[i].definitions(r)
			if err != nil {
				return nil, err
			}
			ask(ctx, o, q, defs, sets[i], &res)
		}
		out = append(out, res)
	}
	return out, nil
}

// toolSet is one question's tools: their IR, and a registry holding their
// input schemas for the validator (the handlers never run).
type toolSet struct {
	tools []*ir.Tool
	reg   *runtime.Registry
	o     jsonschema.Options
}

func newToolSet(q Question, all map[string][]*ir.Tool, o jsonschema.Options) (*toolSet, error) {
	names := q.Tools
	if names == nil {
		for n := range all {
			names = append(names, n)
		}
		slices.Sort(names)
	}
	ts := &toolSet{reg: runtime.NewRegistry(), o: o}
	for _, n := range names {
		cands := all[n]
		if len(cands) == 0 {
			return nil, fmt.Errorf("question %s: tool %q is not in the catalog", q.ID, n)
		}
		t := cands[0]
		for _, c := range cands {
			if q.Line > 0 && c.Pos.Line == q.Line {
				t = c
			}
		}
		if ts.reg.Tool(n) != nil {
			continue
		}
		in, err := jsonschema.Type(t.Params, o)
		if err != nil {
			return nil, fmt.Errorf("tool %s: input schema: %w", t.Name, err)
		}
		err = ts.reg.Register(runtime.Tool{Name: t.Name, Description: t.Description, InputSchema: in,
			Handler: func(context.Context, *runtime.Request) runtime.Result { return runtime.Result{} }})
		if err != nil {
			return nil, fmt.Errorf("tool %s: %w", t.Name, err)
		}
		ts.tools = append(ts.tools, t)
	}
	return ts, nil
}

// ask sends one question and scores the reply into res.
func ask(ctx context.Context, o Options, q Question, defs []agent.ToolDef, ts *toolSet, res *Result) {
	res.Questions++
	msgs := append([]agent.Message{{Role: agent.RoleSystem, Content: o.System}}, q.Messages...)
	zero := 0.0
	var calls []runtime.Call
	for d, err := range o.Model.Stream(ctx, agent.Request{Messages: msgs, Tools: defs, Temperature: &zero}) {
		if err != nil {
			res.Errors++
			if res.FirstError == "" {
				res.FirstError = fmt.Sprintf("%s: %v", q.ID, err)
			}
			return
		}
		if d.ToolCall != nil {
			calls = append(calls, *d.ToolCall)
		}
		if d.Usage != nil {
			res.InputTokens += d.Usage.InputTokens
			res.OutputTokens += d.Usage.OutputTokens
		}
	}
	if len(calls) == 0 {
		res.NoCall++
		return
	}
	c := calls[0]
	c.Name = ts.unwire(c.Name)
	if q.Expected != nil && c.Name == q.Expected.Name {
		res.Selected++
	}
	tool, chk := ts.reg.Check(c)
	if tool == nil || !chk.OK() {
		return
	}
	res.ValidArgs++
	// What the model sent, before the validator fills in defaults.
	var sent any
	_ = json.Unmarshal(c.Arguments, &sent)
	if q.Expected != nil && c.Name == q.Expected.Name && argsMatch(sent, q.Expected.Args) {
		res.ArgsMatch++
	}
}

// definitions renders the tools. Names are sent as providers accept them
// (BFCL's dots become underscores, as BFCL's own converter does) and
// mapped back in unwire.
func (ts *toolSet) definitions(rendering string) ([]agent.ToolDef, error) {
	var defs []agent.ToolDef
	for _, t := range ts.tools {
		d := agent.ToolDef{Name: wireName(t.Name), Description: t.Description, Parameters: ts.reg.Tool(t.Name).InputSchema}
		switch rendering {
		case "provider":
		case "verbose":
			d.Description = strings.TrimSpace(string(describe.VerboseTool(t, nil)))
		case "compact":
			d.Description = strings.TrimSpace(string(describe.CompactTool(t, describe.Level(0))))
		default:
			return nil, fmt.Errorf("unknown rendering %q (want one of %s)", rendering, strings.Join(Renderings, ", "))
		}
		defs = append(defs, d)
	}
	return defs, nil
}

func wireName(n string) string { return strings.ReplaceAll(n, ".", "_") }

// unwire maps a sent name back to the catalog's.
func (ts *toolSet) unwire(n string) string {
	for _, t := range ts.tools {
		if wireName(t.Name) == n {
			return t.Name
		}
	}
	return n
}

// argsMatch compares validated arguments with the acceptable values.
func argsMatch(v any, want map[string][]any) bool {
	if want == nil {
		return true
	}
	got, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			return false
		}
	}
	for k, accept := range want {
		val, present := got[k]
		if !present {
			if !contains(accept, "") {
				return false
			}
			continue
		}
		if !contains(accept, val) {
			return false
		}
	}
	return true
}

// contains compares as JSON, numbers by value; an acceptable object
// whose values are lists is BFCL's nested form: each key's acceptable values.
func contains(accept []any, v any) bool {
	nv := normal(v)
	for _, a := range accept {
		if nested, ok := nestedAccept(a); ok {
			if argsMatch(v, nested) {
				return true
			}
			continue
		}
		if normal(a) == nv {
			return true
		}
	}
	return false
}

func nestedAccept(a any) (map[string][]any, bool) {
	m, ok := a.(map[string]any)
	if !ok || len(m) == 0 {
		return nil, false
	}
	out := map[string][]any{}
	for k, v := range m {
		l, ok := v.([]any)
		if !ok {
			return nil, false
		}
		out[k] = l
	}
	return out, true
}

func normal(v any) string {
	b, _ := json.Marshal(v)
	var x any
	d := json.NewDecoder(strings.NewReader(string(b)))
	if d.Decode(&x) != nil {
		return string(b)
	}
	b, _ = json.Marshal(x) // json.Number and float64 alike
	return string(b)
}
