package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tscg/tscg/runtime"
)

// Step statuses in a trace.
const (
	StatusOK        = "ok"
	StatusError     = "error"
	StatusSkipped   = "skipped"
	StatusCancelled = "cancelled"
)

// StepTrace records one step of a run. Start is measured from the start
// of the workflow, so overlapping [Start, Start+Duration) intervals show
// steps that ran in parallel.
type StepTrace struct {
	Step       string          `json:"step"`
	Tool       string          `json:"tool"`
	Status     string          `json:"status"`
	StartMS    float64         `json:"start_ms"`
	DurationMS float64         `json:"duration_ms"`
	Attempts   int             `json:"attempts,omitempty"`
	Items      *int            `json:"items,omitempty"`
	Input      json.RawMessage `json:"input,omitempty"`
	Output     json.RawMessage `json:"output,omitempty"`
	Error      string          `json:"error,omitempty"`
}

// Run executes the plan with args (the workflow's arguments object, as
// validated by the registry when the workflow is itself a registered
// tool). The result's Content is the output as JSON, or on failure a
// message naming the failed step; Meta holds "trace" ([]StepTrace) and,
// on failure, "step_errors" (step name → message).
func (p *Plan) Run(ctx context.Context, reg *runtime.Registry, args json.RawMessage) runtime.Result {
	if err := p.prepared(); err != nil {
		return runtime.Result{IsError: true, Content: err.Error()}
	}
	in, err := decodeJSON(orEmpty(args))
	if err != nil {
		return runtime.Result{IsError: true, Content: fmt.Sprintf("workflow %s: arguments: %v", p.Name, err)}
	}
	r := newRun(ctx, p, reg, in)
	defer r.cancel(nil)
	r.schedule()
	return r.result()
}

func orEmpty(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("{}")
	}
	return b
}

type stepResult struct {
	name  string
	value any
	trace StepTrace
}

type run struct {
	plan    *Plan
	reg     *runtime.Registry
	ctx     context.Context
	cancel  context.CancelCauseFunc
	sem     chan struct{}
	start   time.Time
	inputs  any
	results map[string]any
	traces  map[string]StepTrace
	failed  []string // non-optional steps that failed, in completion order
}

func newRun(ctx context.Context, p *Plan, reg *runtime.Registry, in any) *run {
	n := p.MaxParallel
	if n <= 0 {
		n = 4
	}
	ctx, cancel := context.WithCancelCause(ctx)
	return &run{plan: p, reg: reg, ctx: ctx, cancel: cancel, sem: make(chan struct{}, n), start: time.Now(),
		inputs: in, results: map[string]any{}, traces: map[string]StepTrace{}}
}

// schedule starts every step whose dependencies have finished, until all
// are done. Only this goroutine touches results and traces.
func (r *run) schedule() {
	steps := map[string]*Step{}
	for i := range r.plan.Steps {
		steps[r.plan.Steps[i].Name] = &r.plan.Steps[i]
	}
	pending := append([]string(nil), r.plan.order...)
	done := make(chan stepResult)
	running := 0
	for len(pending) > 0 || running > 0 {
		var still []string
		for _, name := range pending {
			if !r.finished(r.plan.deps[name]) {
				still = append(still, name)
				continue
			}
			if tr, skip := r.precheck(steps[name]); skip {
				r.traces[name] = tr
				r.results[name] = nil
				continue
			}
			running++
			go func(s *Step, sc *scope) { done <- r.runStep(s, sc) }(steps[name], r.scope())
		}
		pending = still
		if running == 0 {
			if len(pending) > 0 { // unreachable for a validated plan
				r.failed = append(r.failed, pending[0])
			}
			break
		}
		d := <-done
		running--
		r.finish(steps[d.name], d)
	}
}

func (r *run) finished(deps []string) bool {
	for _, d := range deps {
		if _, ok := r.traces[d]; !ok {
			return false
		}
	}
	return true
}

// precheck decides, before a step starts, whether it is cancelled (an
// earlier step failed) or skipped (a dependency did not succeed).
func (r *run) precheck(s *Step) (StepTrace, bool) {
	tr := StepTrace{Step: s.Name, Tool: s.Tool, StartMS: ms(time.Since(r.start))}
	if len(r.failed) > 0 {
		tr.Status, tr.Error = StatusCancelled, "not started: step "+r.failed[0]+" failed"
		return tr, true
	}
	for _, d := range r.plan.deps[s.Name] {
		if st := r.traces[d].Status; st != StatusOK {
			tr.Status, tr.Error = StatusSkipped, fmt.Sprintf("dependency %s %s", d, pastTense(st))
			return tr, true
		}
	}
	return tr, false
}

func pastTense(status string) string {
	if status == StatusError {
		return "failed"
	}
	return "was " + status
}

func (r *run) scope() *scope {
	steps := make(map[string]any, len(r.results))
	for k, v := range r.results {
		steps[k] = v
	}
	return &scope{inputs: r.inputs, steps: steps}
}

func (r *run) finish(s *Step, d stepResult) {
	r.traces[d.name] = d.trace
	r.results[d.name] = d.value
	if d.trace.Status == StatusOK || d.trace.Status == StatusSkipped {
		return
	}
	if s.Optional && r.ctx.Err() == nil {
		return
	}
	if d.trace.Status == StatusError {
		r.failed = append(r.failed, d.name)
		r.cancel(fmt.Errorf("step %s failed", d.name))
	}
}

// runStep evaluates the step's when and for_each and calls its tool.
func (r *run) runStep(s *Step, sc *scope) stepResult {
	t0 := time.Now()
	tr := StepTrace{Step: s.Name, Tool: s.Tool, StartMS: ms(t0.Sub(r.start))}
	value, err := r.stepValue(s, sc, &tr)
	tr.DurationMS = ms(time.Since(t0))
	switch {
	case errors.Is(err, errSkipped):
		tr.Status = StatusSkipped
	case err != nil && r.ctx.Err() != nil && tr.Status == "":
		tr.Status, tr.Error = StatusCancelled, err.Error()
	case err != nil:
		tr.Status, tr.Error = StatusError, err.Error()
	default:
		tr.Status = StatusOK
		tr.Output = marshal(value)
	}
	return stepResult{name: s.Name, value: value, trace: tr}
}

var errSkipped = errors.New("skipped")

func (r *run) stepValue(s *Step, sc *scope, tr *StepTrace) (any, error) {
	if s.When != "" {
		v, err := sc.expandString(s.When)
		if err != nil {
			return nil, fmt.Errorf("when: %w", err)
		}
		if !truthy(v) {
			tr.Error = "when " + s.When + " is false"
			return nil, errSkipped
		}
	}
	args, err := decodeJSON(orEmpty(s.Args))
	if err != nil {
		return nil, fmt.Errorf("args: %w", err)
	}
	if s.ForEach == "" {
		in, err := sc.expand(args)
		if err != nil {
			return nil, err
		}
		tr.Input = marshal(in)
		return r.call(s, in, tr)
	}
	return r.forEach(s, sc, args, tr)
}

// forEach calls the tool once per element, concurrently within the
// run's limit; the first failure fails the step.
func (r *run) forEach(s *Step, sc *scope, args any, tr *StepTrace) (any, error) {
	list, err := sc.expandString(s.ForEach)
	if err != nil {
		return nil, fmt.Errorf("for_each: %w", err)
	}
	items, ok := list.([]any)
	if !ok && list != nil {
		return nil, fmt.Errorf("for_each %s is a %s, not an array", s.ForEach, jsonKind(list))
	}
	n := len(items)
	tr.Items = &n
	inputs := make([]any, n)
	for i, it := range items {
		isc := *sc
		isc.item, isc.index, isc.inLoop = it, i, true
		if inputs[i], err = isc.expand(args); err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
	}
	tr.Input = marshal(inputs)
	out := make([]any, n)
	errs := make([]error, n)
	attempts := make([]StepTrace, n)
	var wg sync.WaitGroup
	for i := range items {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = r.call(s, inputs[i], &attempts[i])
		}()
	}
	wg.Wait()
	for i := range attempts {
		tr.Attempts += attempts[i].Attempts
	}
	for i, e := range errs {
		if e != nil {
			return nil, fmt.Errorf("item %d: %w", i, e)
		}
	}
	return out, nil
}

// call dispatches one call with the step's retries and timeout.
func (r *run) call(s *Step, in any, tr *StepTrace) (any, error) {
	attempts, backoff := 1, time.Duration(0)
	if s.Retry != nil && s.Retry.Attempts > 1 {
		attempts = s.Retry.Attempts
		backoff, _ = time.ParseDuration(s.Retry.Backoff)
	}
	var last error
	for a := 1; a <= attempts; a++ {
		tr.Attempts = a
		res, err := r.attempt(s, in)
		if err != nil {
			return nil, err
		}
		if !res.IsError {
			if res.Text {
				return res.Content, nil
			}
			return decodeContent(res.Content), nil
		}
		last = errors.New(res.Content)
		if rejected(res) || a == attempts {
			break
		}
		if err := sleep(r.ctx, backoff*time.Duration(a)); err != nil {
			return nil, err
		}
	}
	return nil, last
}

// attempt runs one Dispatch under the concurrency limit and the step's
// timeout; a handler that ignores its context is abandoned.
func (r *run) attempt(s *Step, in any) (runtime.Result, error) {
	select {
	case r.sem <- struct{}{}:
	case <-r.ctx.Done():
		return runtime.Result{}, fmt.Errorf("cancelled: %v", context.Cause(r.ctx))
	}
	defer func() { <-r.sem }()
	ctx := r.ctx
	if d, _ := time.ParseDuration(s.Timeout); d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	ch := make(chan runtime.Result, 1)
	go func() { ch <- r.reg.Dispatch(ctx, runtime.Call{ID: s.Name, Name: s.Tool, Arguments: marshal(in)}) }()
	select {
	case res := <-ch:
		return res, nil
	case <-ctx.Done():
		if r.ctx.Err() != nil {
			return runtime.Result{}, fmt.Errorf("cancelled: %v", context.Cause(r.ctx))
		}
		return runtime.Result{IsError: true, Content: fmt.Sprintf("timed out after %s", s.Timeout)}, nil
	}
}

// rejected reports a call the registry refused before running it.
func rejected(res runtime.Result) bool {
	_, bad := res.Meta["errors"]
	_, refused := res.Meta["refusal"]
	return bad || refused
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("cancelled: %v", context.Cause(ctx))
	}
}

// decodeContent reads a tool's result content as JSON, or keeps it as a
// string when it is not JSON.
func decodeContent(s string) any {
	if v, err := decodeJSON([]byte(s)); err == nil {
		return v
	}
	return s
}

func marshal(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage(`null`)
	}
	return b
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// result assembles the workflow's Result from the finished run.
func (r *run) result() runtime.Result {
	trace := make([]StepTrace, 0, len(r.plan.Steps))
	for _, s := range r.plan.Steps {
		trace = append(trace, r.traces[s.Name])
	}
	meta := map[string]any{"workflow": r.plan.Name, "trace": trace}
	if len(r.failed) > 0 {
		return r.failure(trace, meta)
	}
	out, err := r.output()
	if err != nil {
		return runtime.Result{IsError: true, Content: fmt.Sprintf("workflow %s: output: %v", r.plan.Name, err), Meta: meta}
	}
	return runtime.Result{Content: string(marshal(out)), Meta: meta}
}

func (r *run) output() (any, error) {
	sc := r.scope()
	if len(r.plan.Output) == 0 {
		return sc.steps, nil
	}
	tmpl, err := decodeJSON(r.plan.Output)
	if err != nil {
		return nil, err
	}
	return sc.expand(tmpl)
}

// failure reports which step failed, with which error, and what did not
// run because of it.
func (r *run) failure(trace []StepTrace, meta map[string]any) runtime.Result {
	errs := map[string]string{}
	var cancelled, completed []string
	for _, t := range trace {
		switch t.Status {
		case StatusError:
			errs[t.Step] = t.Error
		case StatusCancelled:
			cancelled = append(cancelled, t.Step)
		case StatusOK:
			completed = append(completed, t.Step)
		}
	}
	meta["step_errors"] = errs
	first := r.failed[0]
	var b strings.Builder
	fmt.Fprintf(&b, "workflow %s failed at step %q (tool %s): %s", r.plan.Name, first, r.traces[first].Tool, r.traces[first].Error)
	if len(completed) > 0 {
		fmt.Fprintf(&b, "\ncompleted: %s", strings.Join(completed, ", "))
	}
	if len(cancelled) > 0 {
		fmt.Fprintf(&b, "\ncancelled: %s", strings.Join(cancelled, ", "))
	}
	return runtime.Result{IsError: true, Content: b.String(), Meta: meta}
}

// Tool makes the plan a registry tool: the model calls it like any other,
// and each step is dispatched through reg (which may be the registry the
// workflow itself is registered in).
func (p *Plan) Tool(reg *runtime.Registry) runtime.Tool {
	return runtime.Tool{
		Name:         p.Name,
		Description:  p.Description,
		InputSchema:  p.InputSchema,
		OutputSchema: p.OutputSchema,
		Handler: func(ctx context.Context, req *runtime.Request) runtime.Result {
			return p.Run(ctx, reg, req.Arguments)
		},
	}
}
