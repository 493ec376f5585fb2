package runtime

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"
	"unicode/utf8"
)

// Timeout gives each call's handler at most d. A handler that ignores its
// context is abandoned when d passes (its goroutine finishes on its own)
// and the model gets an error result; a panic in the handler becomes an
// error result too, since it happens on another goroutine. Its clock
// starts after validation: WithTimeout counts validation too.
func Timeout(d time.Duration) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, req *Request) Result {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			if ctx.Err() != nil { // the budget was spent before the handler could start
				return timeoutResult(req.Call.Name, d, context.Cause(ctx))
			}
			done := make(chan Result, 1)
			go func() {
				defer func() {
					if p := recover(); p != nil {
						done <- panicResult(req, p)
					}
				}()
				done <- next(ctx, req)
			}()
			select {
			case res := <-done:
				return res
			case <-ctx.Done():
				return timeoutResult(req.Call.Name, d, context.Cause(ctx))
			}
		}
	}
}

// timeoutResult is the error result of a call cut at its deadline; d is
// 0 when the deadline was the caller's.
func timeoutResult(tool string, d time.Duration, cause error) Result {
	if d <= 0 {
		return Result{IsError: true, Meta: map[string]any{"timeout": "deadline"},
			Content: fmt.Sprintf("tool %q did not finish before its deadline (%v); it may be retried, perhaps with a narrower request", tool, cause)}
	}
	return Result{IsError: true, Meta: map[string]any{"timeout": d.String()},
		Content: fmt.Sprintf("tool %q did not finish within %s (%v); it may be retried, perhaps with a narrower request", tool, d, cause)}
}

// Recover turns a panicking handler into an error result. The panic value
// and stack go to Meta, not to the model.
func Recover() Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, req *Request) (res Result) {
			defer func() {
				if p := recover(); p != nil {
					res = panicResult(req, p)
				}
			}()
			return next(ctx, req)
		}
	}
}

func panicResult(req *Request, p any) Result {
	return Result{IsError: true, Meta: map[string]any{"panic": fmt.Sprint(p), "stack": string(debug.Stack())},
		Content: fmt.Sprintf("tool %q failed with an internal error; do not retry the same call", req.Call.Name)}
}

// Approver decides whether a destructive or approval-requiring call may
// run (a human in the loop, a policy engine). A non-nil error is a denial;
// its text is shown to the model.
type Approver interface {
	Approve(ctx context.Context, req *Request) error
}

// ApproverFunc adapts a function to Approver.
type ApproverFunc func(ctx context.Context, req *Request) error

// Approve calls f.
func (f ApproverFunc) Approve(ctx context.Context, req *Request) error { return f(ctx, req) }

// Approval asks a before running tools annotated Destructive or
// RequiresApproval; other tools run unasked. A denial is a refusal result
// (Meta "refusal": "approval_denied") and the handler does not run.
func Approval(a Approver) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, req *Request) Result {
			ann := req.Tool.Annotations
			if !ann.Destructive && !ann.RequiresApproval {
				return next(ctx, req)
			}
			if err := a.Approve(ctx, req); err != nil {
				return Result{IsError: true, Meta: map[string]any{"refusal": "approval_denied"},
					Content: fmt.Sprintf("tool %q was not run: approval denied (%v); do not retry it unchanged", req.Call.Name, err)}
			}
			return next(ctx, req)
		}
	}
}

// DefaultTruncate is the output budget Truncate uses for limit <= 0, in
// characters (runes).
const DefaultTruncate = 4000

// Truncate cuts result content longer than limit characters, ending it
// with a marker that says how much was dropped, and sets Meta "truncated".
func Truncate(limit int) Middleware {
	if limit <= 0 {
		limit = DefaultTruncate
	}
	return func(next Handler) Handler {
		return func(ctx context.Context, req *Request) Result {
			res := next(ctx, req)
			n := utf8.RuneCountInString(res.Content)
			if n <= limit {
				return res
			}
			cut := 0
			for range limit {
				_, size := utf8.DecodeRuneInString(res.Content[cut:])
				cut += size
			}
			res.Content = res.Content[:cut] + fmt.Sprintf("\n[… output truncated: %d of %d characters shown; ask for a narrower result]", limit, n)
			res.setMeta("truncated", true)
			return res
		}
	}
}

// Logging logs each handled call with its tool, id, outcome and latency.
func Logging(l *slog.Logger) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, req *Request) Result {
			start := time.Now()
			res := next(ctx, req)
			level := slog.LevelInfo
			if res.IsError {
				level = slog.LevelWarn
			}
			l.LogAttrs(ctx, level, "tool call", slog.String("tool", req.Call.Name), slog.String("id", req.Call.ID),
				slog.String("outcome", string(outcomeOf(res))), slog.Duration("latency", time.Since(start)),
				slog.Int("content_chars", len(res.Content)))
			return res
		}
	}
}
