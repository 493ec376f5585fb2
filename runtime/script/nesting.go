package script

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/tscg/tscg/runtime"
)

// DefaultMaxDepth is how many levels of sub-scripts a script may start
// when Options.MaxDepth is 0: a script, its sub-scripts and theirs.
const DefaultMaxDepth = 2

// SubScriptPrefix starts each console line a sub-script wrote, as its
// caller's log shows it.
const SubScriptPrefix = "[sub-script] "

// budget is what a script and all of its sub-scripts draw on together:
// the top-level run's tool calls, FORMALIZE calls and deadline. It lives
// in the process that holds the tools, which sees every call of every
// level whether the scripts run here or in pool workers. The output is
// shared by construction: a sub-script's console lines are logged again
// by its caller, under the caller's log limit, and its value becomes the
// caller's data, under the caller's result limit.
type budget struct {
	limits     Limits // the top-level run's, defaults applied
	maxDepth   int
	deadline   time.Time
	calls      atomic.Int64
	formalizes atomic.Int64
}

// maxDepth is Options.MaxDepth with its default; 0 means no sub-scripts.
func (o Options) maxDepth() int {
	if o.MaxDepth == 0 {
		return DefaultMaxDepth
	}
	return max(o.MaxDepth, 0)
}

// level is one run's place in a tree of scripts.
type level struct {
	b     *budget
	depth int // 0: a script the model called; n: a sub-script n levels down
}

type levelKey struct{}

// enter returns the level of a run starting under ctx: the top of a new
// tree, or one level below the script whose TOOL_CALL started it; an
// *Error when that is deeper than the budget allows.
func enter(ctx context.Context, opts Options) (*level, error) {
	parent, _ := ctx.Value(levelKey{}).(*level)
	if parent == nil {
		lim := opts.Limits.withDefaults()
		return &level{b: &budget{limits: lim, maxDepth: opts.maxDepth(), deadline: time.Now().Add(lim.Timeout)}}, nil
	}
	if parent.depth >= parent.b.maxDepth {
		if parent.b.maxDepth == 0 {
			return nil, &Error{Kind: KindLimit, Message: ToolName + " cannot be called from a script here (sub-scripts are disabled); call the tools directly"}
		}
		return nil, &Error{Kind: KindLimit, Message: fmt.Sprintf("sub-scripts nest at most %d levels deep and this script is at level %d; do this part in the script itself", parent.b.maxDepth, parent.depth)}
	}
	return &level{b: parent.b, depth: parent.depth + 1}, nil
}

// nested reports whether ctx is a call made by a script: its
// tool_call_script answers with the sub-script's value.
func nested(ctx context.Context) bool {
	_, ok := ctx.Value(levelKey{}).(*level)
	return ok
}

func (lv *level) context(ctx context.Context) context.Context {
	return context.WithValue(ctx, levelKey{}, lv)
}

// limits are a run's limits: the top-level run's, with its time and calls
// reduced to what is left of the budget. Every call is also charged to
// the budget itself (takeCall), so sub-scripts running side by side
// cannot together overdraw it; the counts are one over what is left so
// that the budget, whose message says "together", is what refuses.
func (lv *level) limits() Limits {
	l := lv.b.limits
	if lv.depth == 0 {
		return l
	}
	l.Timeout = max(time.Until(lv.b.deadline), time.Millisecond)
	l.MaxToolCalls = max(l.MaxToolCalls-int(lv.b.calls.Load()), 0) + 1
	l.MaxFormalizeCalls = max(l.MaxFormalizeCalls-int(lv.b.formalizes.Load()), 0) + 1
	return l
}

// limitErrName marks, on the worker protocol, a FORMALIZE call the host
// refused because the shared budget is spent; a tool call's result
// carries the error to end the run with as Meta metaEnd (an *Error).
const (
	limitErrName = "tscg:limit"
	metaEnd      = "tscg:end"
)

// end ends the run with e, a spent budget the host or a sub-script
// reported; the settlement returns it and the event loop reports it.
func (r *run) end(e *Error) error {
	r.fail(e)
	return r.failure
}

// takeCall charges one TOOL_CALL to the budget; an *Error of kind
// KindLimit once the tree has used them all. A nil budget (a run inside
// a worker, whose host keeps the budget) charges nothing.
func (b *budget) takeCall() *Error {
	if b == nil || b.calls.Add(1) <= int64(b.limits.MaxToolCalls) {
		return nil
	}
	return &Error{Kind: KindLimit, Message: fmt.Sprintf("the script and its sub-scripts made more than %d tool calls together, the limit; batch the work or ask for less", b.limits.MaxToolCalls)}
}

// takeFormalize charges one FORMALIZE call to the budget.
func (b *budget) takeFormalize() *Error {
	if b == nil || b.formalizes.Add(1) <= int64(b.limits.MaxFormalizeCalls) {
		return nil
	}
	return &Error{Kind: KindLimit, Message: fmt.Sprintf("the script and its sub-scripts made more than %d FORMALIZE calls together, the limit; formalize larger pieces of text at once", b.limits.MaxFormalizeCalls)}
}

// renderNested is tool_call_script's answer to a script: the sub-script's
// returned value as JSON (its caller's TOOL_CALL resolves to the value),
// or its error; Meta "outcome" carries its log and totals to the caller.
func renderNested(out Outcome, err error) runtime.Result {
	res := runtime.Result{Content: string(out.Result), Meta: map[string]any{"outcome": out}}
	if err != nil {
		res.IsError, res.Content = true, "sub-script failed: "+err.Error()
	}
	var se *Error
	if errors.As(err, &se) && se.Kind == KindTimeout {
		// The deadline is the caller's too: it ends as well.
		res.Meta[metaEnd] = &Error{Kind: KindTimeout, Message: "a sub-script ran past the time limit it shares with this script and was stopped; do less work per script or avoid unbounded loops"}
	}
	return res
}

// adopt takes a finished sub-script's console lines into this run's log
// (under this run's log limit) and its counts into this run's totals.
func (r *run) adopt(res runtime.Result) {
	sub, ok := res.Meta["outcome"].(Outcome)
	if !ok {
		return
	}
	for _, l := range sub.Log {
		r.log(l.Level, SubScriptPrefix+l.Text)
	}
	t := &r.out.Totals
	t.ToolCalls += sub.Totals.ToolCalls
	t.ToolErrors += sub.Totals.ToolErrors
	t.FormalizeCalls += sub.Totals.FormalizeCalls
	t.CompleterRequests += sub.Totals.CompleterRequests
}
