package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Run runs one script in a worker, with opts' tools and FORMALIZE served
// from this process (opts.Pool is ignored). It returns what Run returns;
// a worker that crashes, hits its memory, stack or CPU limit, overruns its
// deadline or breaks the protocol is killed and replaced, and only this
// run fails.
func (p *Pool) Run(ctx context.Context, source string, opts Options) (Outcome, error) {
	start := time.Now()
	lv, err := enter(ctx, opts)
	if err != nil {
		return Outcome{Result: json.RawMessage("null")}, err
	}
	r := &poolRun{p: p, h: newLocalHost(opts), budget: lv.b, depth: lv.depth}
	out, err := r.run(lv.context(ctx), source, lv.limits(), opts.Parallel)
	out.Totals.Duration = time.Since(start)
	if err != nil {
		out.Result = json.RawMessage("null")
	}
	return out, err
}

// poolRun is one run seen from the host.
type poolRun struct {
	p      *Pool
	h      *localHost
	budget *budget // charged here: the worker sees only its own run
	depth  int
	id     int64
	w      *worker
	// partial is what the host saw of the run, returned when the worker
	// dies before it reports its own outcome.
	partial Outcome
}

func (r *poolRun) run(ctx context.Context, source string, limits Limits, parallel int) (Outcome, error) {
	w, err := r.p.get(ctx, r.depth)
	if err != nil {
		if ctx.Err() != nil {
			return Outcome{}, ctxErr(ctx, limits)
		}
		return Outcome{}, &Error{Kind: KindRuntime, Message: "the script could not start: " + err.Error()}
	}
	r.w = w
	// The id is taken once the worker is held, so each worker sees its
	// runs' ids rising (it refuses one that does not). Taken before get,
	// concurrent runs reached a worker out of order and it exited.
	r.id = r.p.nextID.Add(1)
	callCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	m := message{Op: "run", ID: r.id, Source: source, Limits: &limits, Parallel: parallel,
		Tools: r.h.hasTools(), Formalize: r.h.canFormalize(), Declared: r.declared()}
	if err := w.begin(m); err != nil {
		r.p.put(w, false)
		return r.partial, r.died("the worker could not be reached: " + err.Error())
	}
	deadline := time.NewTimer(limits.Timeout + r.p.cfg.Grace)
	defer deadline.Stop()
	for {
		select {
		case m, ok := <-w.msgs:
			if !ok {
				r.p.put(w, false)
				return r.partial, r.died("")
			}
			out, err, done := r.handle(callCtx, m)
			if done {
				w.end()
				r.p.put(w, true) // the worker reported: it is fine (put checks it is alive)
				return out, err
			}
		case <-deadline.C:
			r.p.put(w, false)
			return r.partial, &Error{Kind: KindTimeout, Message: fmt.Sprintf("the script ran longer than the limit of %s and was stopped; do less work per script or avoid unbounded loops", limits.Timeout)}
		case <-ctx.Done():
			r.p.put(w, false)
			return r.partial, ctxErr(ctx, limits)
		}
	}
}

// handle acts on one message of the worker; done reports the end of the
// run, with its outcome.
func (r *poolRun) handle(ctx context.Context, m message) (Outcome, error, bool) {
	if m.ID != r.id {
		r.w.kill()
		return r.partial, r.broke(fmt.Sprintf("a message for run %d during run %d", m.ID, r.id)), true
	}
	switch m.Op {
	case "call":
		if err := r.budget.takeCall(); err != nil {
			// The worker ends its run itself, with its log and calls.
			r.w.reply(message{Op: "result", ID: r.id, Seq: m.Seq, Result: &wireResult{Content: err.Message, IsError: true, End: err}})
			return Outcome{}, nil, false
		}
		r.partial.Calls = append(r.partial.Calls, CallRecord{Name: m.Name, Arguments: m.Args})
		go func() {
			res := r.h.call(ctx, m.Seq, m.Name, m.Args)
			r.w.reply(message{Op: "result", ID: r.id, Seq: m.Seq, Result: toWire(res)})
		}()
	case "formalize":
		if err := r.budget.takeFormalize(); err != nil {
			r.w.reply(message{Op: "formalized", ID: r.id, Seq: m.Seq, Reply: &formalizeReply{ErrName: limitErrName, Err: err.Message}})
			return Outcome{}, nil, false
		}
		go func() {
			rep := r.h.formalize(ctx, m.Seq, m.Text, m.Type)
			r.w.reply(message{Op: "formalized", ID: r.id, Seq: m.Seq, Reply: &rep})
		}()
	case "done":
		if m.Outcome == nil {
			r.w.kill()
			return r.partial, r.broke("done without an outcome"), true
		}
		if m.Error != nil {
			return *m.Outcome, m.Error, true
		}
		return *m.Outcome, nil, true
	default:
		r.w.kill()
		return r.partial, r.broke(fmt.Sprintf("unknown message %q", m.Op)), true
	}
	return Outcome{}, nil, false
}

func (r *poolRun) declared() []string {
	var names []string
	if reg := r.h.opts.Registry; reg != nil {
		for _, n := range reg.Names() {
			if r.h.declared(n) {
				names = append(names, n)
			}
		}
	}
	return names
}

func (r *poolRun) broke(why string) error {
	return &Error{Kind: KindRuntime, Message: "internal error: the script worker broke its protocol (" + why + ") and was replaced; run the script again"}
}

// died describes a worker that ended mid-run: a limit it hit, or a crash.
func (r *poolRun) died(detail string) error {
	select {
	case <-r.w.exited:
	case <-time.After(2 * time.Second):
	}
	tail := r.w.stderr.Cause()
	if b, ok := r.w.broken.Load().(string); ok {
		return r.broke(b)
	}
	switch {
	case strings.Contains(tail, "stack overflow") || strings.Contains(tail, "stack exceeds"):
		return &Error{Kind: KindLimit, Message: "the script overflowed its stack (too deep a recursion, or a value nested too deeply for a builtin such as JSON.parse) and was stopped"}
	case strings.Contains(tail, "out of memory") || strings.Contains(tail, "cannot allocate memory"):
		return &Error{Kind: KindLimit, Message: fmt.Sprintf("the script needed more than its memory limit of %d MiB and was stopped; work on smaller pieces", r.p.cfg.MaxMemory>>20)}
	case strings.Contains(tail, cpuLimitMessage):
		return &Error{Kind: KindLimit, Message: "the script used more than its CPU-time limit and was stopped"}
	}
	if detail == "" {
		detail = tail
	}
	if detail == "" {
		detail = "no message"
	}
	return &Error{Kind: KindRuntime, Message: "the script's worker process exited unexpectedly (" + detail + ") and was replaced"}
}

func ctxErr(ctx context.Context, limits Limits) error {
	if errors.Is(ctx.Err(), context.Canceled) {
		return &Error{Kind: KindCanceled, Message: "the run was canceled"}
	}
	return &Error{Kind: KindTimeout, Message: fmt.Sprintf("the script ran longer than the limit of %s and was stopped; do less work per script or avoid unbounded loops", limits.Timeout)}
}

func jsonLine(m message) ([]byte, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
