package runtime

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestValidationInsideTheBudget is issue 18's "validation runs inside
// the call's time budget": validation used to run before the Timeout
// middleware started its clock, so a slow check was never cut. With
// WithTimeout the deadline starts when Dispatch does; a check still
// running at it is abandoned and the call gets the timeout error. The
// check here blocks until the test releases it, so the outcome cannot
// depend on the machine's speed.
func TestValidationInsideTheBudget(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	ran := make(chan struct{}, 1)
	reg := NewRegistry(WithTimeout(20 * time.Millisecond))
	must(t, reg.Register(Tool{Name: "slow_check", InputSchema: json.RawMessage(`{"type":"object"}`),
		Decode: func(data []byte, lim Limits) (any, error) {
			<-release // a validation that does not finish within the budget
			return Decode(data, lim)
		},
		Handler: func(context.Context, *Request) Result { ran <- struct{}{}; return Result{Content: "ran"} }}))
	res := reg.Dispatch(context.Background(), Call{Name: "slow_check", Arguments: json.RawMessage(`{}`)})
	if !res.IsError || res.Meta["timeout"] != "20ms" || !strings.Contains(res.Content, `tool "slow_check" did not finish within 20ms`) {
		t.Fatalf("a check past the deadline: %v %q %v", res.IsError, res.Content, res.Meta)
	}
	select {
	case <-ran:
		t.Fatal("the handler ran after its call was cut")
	default:
	}
}

// TestExpiredDeadlineChecksNothing: a call whose deadline has passed
// when it arrives gets the deadline error — not a validation error, not
// a success — and neither validation nor the handler runs.
func TestExpiredDeadlineChecksNothing(t *testing.T) {
	checked, ran := false, false
	reg := NewRegistry()
	must(t, reg.Register(Tool{Name: "t", InputSchema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}}}`),
		Decode:  func(data []byte, lim Limits) (any, error) { checked = true; return Decode(data, lim) },
		Handler: func(context.Context, *Request) Result { ran = true; return Result{Content: "ran"} }}))
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	for _, args := range []string{`{"n":1}`, `{"n":"not a number"}`} {
		res := reg.Dispatch(ctx, Call{Name: "t", Arguments: json.RawMessage(args)})
		if !res.IsError || res.Meta["timeout"] != "deadline" || !strings.Contains(res.Content, "did not finish before its deadline (context deadline exceeded)") {
			t.Errorf("%s: %v %q %v", args, res.IsError, res.Content, res.Meta)
		}
	}
	// The same through the registry's own budget and through the Timeout
	// middleware (whose clock starts after validation).
	for name, reg := range map[string]*Registry{"WithTimeout": NewRegistry(WithTimeout(time.Hour)), "Timeout": NewRegistry()} {
		if name == "Timeout" {
			reg.Use(Timeout(time.Hour))
		}
		must(t, reg.Register(Tool{Name: "t", InputSchema: json.RawMessage(`{"type":"object"}`),
			Handler: func(context.Context, *Request) Result { ran = true; return Result{Content: "ran"} }}))
		res := reg.Dispatch(ctx, Call{Name: "t", Arguments: json.RawMessage(`{}`)})
		if !res.IsError || !strings.Contains(res.Content, "did not finish") {
			t.Errorf("%s: %v %q", name, res.IsError, res.Content)
		}
	}
	if checked || ran {
		t.Errorf("checked %v, ran %v: nothing should run after the deadline", checked, ran)
	}
}
