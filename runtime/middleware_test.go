package runtime

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func registryWith(t *testing.T, tool Tool, opts ...Option) *Registry {
	t.Helper()
	if tool.InputSchema == nil {
		tool.InputSchema = []byte(`{"type":"object"}`)
	}
	r := NewRegistry(opts...)
	must(t, r.Register(tool))
	return r
}

func TestTimeoutHandlerIgnoringContext(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	r := registryWith(t, Tool{Name: "slow", Handler: func(context.Context, *Request) Result {
		<-release // ignores ctx entirely
		return Result{Content: "late"}
	}})
	r.Use(Timeout(20 * time.Millisecond))
	start := time.Now()
	res := dispatch(t, r, "slow", `{}`)
	if !res.IsError || !strings.Contains(res.Content, "did not finish within 20ms") || res.Meta["timeout"] != "20ms" {
		t.Fatalf("got %+v", res)
	}
	if time.Since(start) > 5*time.Second {
		t.Fatal("Dispatch waited for the handler")
	}
}

func TestTimeoutPassesResultAndPanics(t *testing.T) {
	r := registryWith(t, Tool{Name: "fast", Handler: func(ctx context.Context, _ *Request) Result {
		if _, ok := ctx.Deadline(); !ok {
			return Result{Content: "no deadline", IsError: true}
		}
		return Result{Content: "ok"}
	}})
	r.Use(Timeout(time.Second))
	if res := dispatch(t, r, "fast", `{}`); res.IsError || res.Content != "ok" {
		t.Fatalf("got %+v", res)
	}
	p := registryWith(t, Tool{Name: "boom", Handler: func(context.Context, *Request) Result { panic("in goroutine") }})
	p.Use(Timeout(time.Second))
	if res := dispatch(t, p, "boom", `{}`); !res.IsError || res.Meta["panic"] != "in goroutine" {
		t.Fatalf("panic in timed goroutine: %+v", res)
	}
}

func TestRecover(t *testing.T) {
	r := registryWith(t, Tool{Name: "boom", Handler: func(context.Context, *Request) Result { panic(errors.New("nil map")) }})
	r.Use(Recover())
	res := dispatch(t, r, "boom", `{}`)
	if !res.IsError || res.Meta["panic"] != "nil map" || !strings.Contains(res.Meta["stack"].(string), "middleware_test.go") {
		t.Fatalf("got %+v", res)
	}
	if strings.Contains(res.Content, "nil map") {
		t.Fatal("panic value leaked to the model")
	}
}

func TestApproval(t *testing.T) {
	ran := 0
	h := func(context.Context, *Request) Result { ran++; return Result{Content: "done"} }
	r := NewRegistry()
	must(t, r.Register(Tool{Name: "delete_file", InputSchema: []byte(`{}`), Annotations: Annotations{Destructive: true}, Handler: h}))
	must(t, r.Register(Tool{Name: "pay", InputSchema: []byte(`{}`), Annotations: Annotations{RequiresApproval: true}, Handler: h}))
	must(t, r.Register(Tool{Name: "read_file", InputSchema: []byte(`{}`), Annotations: Annotations{ReadOnly: true}, Handler: h}))
	var asked []string
	r.Use(Approval(ApproverFunc(func(_ context.Context, req *Request) error {
		asked = append(asked, req.Call.Name)
		if req.Call.Name == "delete_file" {
			return errors.New("the user said no")
		}
		return nil
	})))
	res := dispatch(t, r, "delete_file", `{}`)
	if !res.IsError || res.Meta["refusal"] != "approval_denied" || !strings.Contains(res.Content, "the user said no") {
		t.Fatalf("denial: %+v", res)
	}
	if res := dispatch(t, r, "pay", `{}`); res.IsError {
		t.Fatalf("approved: %+v", res)
	}
	if res := dispatch(t, r, "read_file", `{}`); res.IsError {
		t.Fatalf("unannotated: %+v", res)
	}
	if ran != 2 || strings.Join(asked, ",") != "delete_file,pay" {
		t.Fatalf("ran %d, asked %v", ran, asked)
	}
}

func TestTruncate(t *testing.T) {
	long := strings.Repeat("é", 5000)
	r := registryWith(t, Tool{Name: "dump", Handler: func(context.Context, *Request) Result { return Result{Content: long} }})
	r.Use(Truncate(0))
	res := dispatch(t, r, "dump", `{}`)
	if !strings.HasPrefix(res.Content, strings.Repeat("é", DefaultTruncate)+"\n[… output truncated: 4000 of 5000 characters shown") || res.Meta["truncated"] != true {
		t.Fatalf("got %.80q… meta %v", res.Content[len(res.Content)-100:], res.Meta)
	}
	short := registryWith(t, Tool{Name: "dump", Handler: func(context.Context, *Request) Result { return Result{Content: "abc"} }})
	short.Use(Truncate(3))
	if res := dispatch(t, short, "dump", `{}`); res.Content != "abc" || res.Meta["truncated"] != nil {
		t.Fatalf("at the limit: %+v", res)
	}
}

func TestLogging(t *testing.T) {
	var buf bytes.Buffer
	l := slog.New(slog.NewTextHandler(&buf, nil))
	r := newSearchRegistry(t, WithLogger(l))
	dispatch(t, r, "search", `{"query":"x","origin":"SFO"}`)
	dispatch(t, r, "search", `{}`)
	dispatch(t, r, "nope", `{}`)
	out := buf.String()
	for _, want := range []string{`msg="tool call" tool=search id=c1 outcome=success`, `msg="tool call rejected" tool=search id=c1 outcome=invalid violations=2`, `tool=nope id=c1 outcome=unknown_tool`} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
}

func TestMetricsAndPrometheus(t *testing.T) {
	m := NewMemoryMetrics()
	r := newSearchRegistry(t, WithMetrics(m))
	dispatch(t, r, "search", `{"query":"x","origin":"SFO"}`)
	dispatch(t, r, "search", `{"query":"x","origin":"sfo"}`)
	dispatch(t, r, "search", `{"query":"x","origin":"sf"}`)
	dispatch(t, r, "serch", `{}`)
	s := m.Snapshot("search")
	if s.Calls != 3 || s.Outcomes[OutcomeSuccess] != 1 || s.Outcomes[OutcomeInvalid] != 2 || s.Violations["/properties/origin/pattern"] != 2 {
		t.Fatalf("stats: %+v", s)
	}
	if s.Buckets[len(s.Buckets)-1] != 3 {
		t.Fatalf("histogram: %v", s.Buckets)
	}
	var buf bytes.Buffer
	must(t, m.WritePrometheus(&buf))
	for _, want := range []string{
		`tscg_tool_calls_total{tool="search",outcome="invalid"} 2`,
		`tscg_tool_calls_total{tool="search",outcome="success"} 1`,
		`tscg_tool_calls_total{tool="(unknown)",outcome="unknown_tool"} 1`,
		`tscg_tool_validation_failures_total{tool="search",pointer="/properties/origin/pattern"} 2`,
		`tscg_tool_call_duration_seconds_bucket{tool="search",le="+Inf"} 3`,
		`tscg_tool_call_duration_seconds_count{tool="search"} 3`,
		"# TYPE tscg_tool_call_duration_seconds histogram",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("exposition lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestObserveRefusal(t *testing.T) {
	m := NewMemoryMetrics()
	r := registryWith(t, Tool{Name: "rm", Annotations: Annotations{Destructive: true}, Handler: echo})
	r.Use(Observe(m), Approval(ApproverFunc(func(context.Context, *Request) error { return errors.New("no") })))
	dispatch(t, r, "rm", `{}`)
	if got := m.Snapshot("rm").Outcomes[OutcomeRefused]; got != 1 {
		t.Fatalf("refused = %d", got)
	}
}

func TestMiddlewareOrder(t *testing.T) {
	var trace []string
	mark := func(name string) Middleware {
		return func(next Handler) Handler {
			return func(ctx context.Context, req *Request) Result {
				trace = append(trace, name)
				return next(ctx, req)
			}
		}
	}
	r := registryWith(t, Tool{Name: "t", Handler: echo})
	r.Use(mark("a"), mark("b"))
	r.Use(mark("c"))
	dispatch(t, r, "t", `{}`)
	if strings.Join(trace, "") != "abc" {
		t.Fatalf("order %v", trace)
	}
}

func TestConcurrentDispatch(t *testing.T) {
	m := NewMemoryMetrics()
	r := newSearchRegistry(t, WithMetrics(m), WithLenient(true))
	r.Use(Recover(), Timeout(time.Second), Truncate(10))
	done := make(chan struct{})
	for i := range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for j := range 50 {
				args := `{"query":"x","origin":"SFO"}`
				if (i+j)%2 == 0 {
					args = `{"query":"x","origin":"SFO","max_results":"99"}`
				}
				dispatch(t, r, "search", args)
			}
		}()
	}
	for range 8 {
		<-done
	}
	s := m.Snapshot("search")
	if s.Calls != 400 || s.Outcomes[OutcomeSuccess] != 200 || s.Outcomes[OutcomeInvalid] != 200 || s.Repairs["string_to_integer"] != 200 {
		t.Fatalf("stats: %+v", s)
	}
}
