package workflow

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tscg/tscg/internal/orderedjson"
)

// PlanVersion is the version of the plan format this package runs.
const PlanVersion = 1

// Plan is a compiled workflow. Templates (Args, When, ForEach, Output)
// are JSON values whose strings may hold ${path} references.
type Plan struct {
	Version      int             `json:"version"`
	Name         string          `json:"name"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"input_schema"`
	OutputSchema json.RawMessage `json:"output_schema,omitempty"`
	// Steps in source order; Validate orders them for execution.
	Steps []Step `json:"steps"`
	// Output maps the workflow's result; when absent the result is an
	// object of every step's result by step name.
	Output json.RawMessage `json:"output,omitempty"`
	// MaxParallel bounds concurrent tool calls (default 4).
	MaxParallel int `json:"max_parallel,omitempty"`

	mu    sync.Mutex // guards deps and order, computed once by Validate
	deps  map[string][]string
	order []string
}

// Step is one tool call (or one per element, with ForEach).
type Step struct {
	Name string          `json:"name"`
	Tool string          `json:"tool"`
	Args json.RawMessage `json:"args,omitempty"`
	// When, a ${path}, skips the step when its value is falsy.
	When string `json:"when,omitempty"`
	// ForEach, a ${path} to an array, calls the tool once per element;
	// ${item} and ${index} name the element. The step's result is the
	// array of results.
	ForEach string `json:"for_each,omitempty"`
	// Needs lists steps to wait for besides those referenced.
	Needs []string `json:"needs,omitempty"`
	// Timeout bounds each attempt (a Go duration such as "5s").
	Timeout string `json:"timeout,omitempty"`
	Retry   *Retry `json:"retry,omitempty"`
	// Optional steps may fail without cancelling the workflow; their
	// result is null and steps that need them are skipped.
	Optional bool `json:"optional,omitempty"`
}

// Retry repeats a failed call. Calls the registry rejected (invalid
// arguments, unknown tool) are not retried: they would fail the same way.
type Retry struct {
	Attempts int    `json:"attempts"`
	Backoff  string `json:"backoff,omitempty"`
}

// LoadPlan decodes and validates a plan file.
func LoadPlan(data []byte) (*Plan, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Plan
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("read workflow plan: %w", err)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

// Validate checks names, templates, durations and the dependency graph,
// and computes the execution order. Run calls it.
func (p *Plan) Validate() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.Version != PlanVersion {
		return fmt.Errorf("workflow plan %q: version %d, want %d", p.Name, p.Version, PlanVersion)
	}
	if p.Name == "" {
		return fmt.Errorf("workflow plan: no name")
	}
	steps := map[string]*Step{}
	deps := map[string][]string{}
	for i := range p.Steps {
		s := &p.Steps[i]
		if s.Name == "" || s.Tool == "" {
			return fmt.Errorf("workflow %s: step %d needs a name and a tool", p.Name, i+1)
		}
		if steps[s.Name] != nil {
			return fmt.Errorf("workflow %s: two steps named %q", p.Name, s.Name)
		}
		steps[s.Name] = s
		d, err := s.dependencies()
		if err != nil {
			return fmt.Errorf("workflow %s: step %s: %w", p.Name, s.Name, err)
		}
		deps[s.Name] = d
	}
	for name, ds := range deps {
		for _, d := range ds {
			if steps[d] == nil {
				return fmt.Errorf("workflow %s: step %s refers to unknown step %q", p.Name, name, d)
			}
		}
	}
	if _, err := templateRefs(p.Output); err != nil {
		return fmt.Errorf("workflow %s: output: %w", p.Name, err)
	}
	order, cycle := TopoSort(p.stepNames(), deps)
	if cycle != nil {
		return fmt.Errorf("workflow %s: steps form a cycle: %s", p.Name, strings.Join(cycle, " → "))
	}
	p.deps, p.order = deps, order
	return nil
}

// prepared validates the plan on first use.
func (p *Plan) prepared() error {
	p.mu.Lock()
	ok := p.order != nil || len(p.Steps) == 0
	p.mu.Unlock()
	if ok {
		return nil
	}
	return p.Validate()
}

func (p *Plan) stepNames() []string {
	out := make([]string, len(p.Steps))
	for i, s := range p.Steps {
		out[i] = s.Name
	}
	return out
}

// dependencies are the steps s references or needs, sorted.
func (s *Step) dependencies() ([]string, error) {
	set := map[string]bool{}
	for _, n := range s.Needs {
		set[n] = true
	}
	for _, raw := range []json.RawMessage{s.Args, jsonString(s.When), jsonString(s.ForEach)} {
		refs, err := templateRefs(raw)
		if err != nil {
			return nil, err
		}
		for _, r := range refs {
			if st := r.Step(); st != "" {
				set[st] = true
			}
		}
	}
	for _, d := range []string{s.Timeout, retryBackoff(s.Retry)} {
		if d != "" {
			if _, err := time.ParseDuration(d); err != nil {
				return nil, fmt.Errorf("invalid duration %q", d)
			}
		}
	}
	delete(set, s.Name) // a self-reference is a cycle the compiler reports; at run time it never resolves
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}

func retryBackoff(r *Retry) string {
	if r == nil {
		return ""
	}
	return r.Backoff
}

func jsonString(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	return orderedjson.AppendString(nil, s)
}

func templateRefs(raw json.RawMessage) ([]Path, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	v, err := decodeJSON(raw)
	if err != nil {
		return nil, err
	}
	return Refs(v)
}

func decodeJSON(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// TopoSort orders names so that each comes after its dependencies,
// keeping the given order among independent names. When the graph has a
// cycle it returns one cycle (first name repeated at the end).
func TopoSort(names []string, deps map[string][]string) (order, cycle []string) {
	const (
		unseen = iota
		active
		done
	)
	state := map[string]int{}
	var stack []string
	var visit func(n string) bool
	visit = func(n string) bool {
		switch state[n] {
		case done:
			return true
		case active:
			i := len(stack) - 1
			for i > 0 && stack[i] != n {
				i--
			}
			cycle = append(append([]string(nil), stack[i:]...), n)
			return false
		}
		state[n] = active
		stack = append(stack, n)
		for _, d := range deps[n] {
			if !visit(d) {
				return false
			}
		}
		stack = stack[:len(stack)-1]
		state[n] = done
		order = append(order, n)
		return true
	}
	for _, n := range names {
		if !visit(n) {
			return nil, cycle
		}
	}
	return order, nil
}
