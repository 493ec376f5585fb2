package workflow

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tscg/tscg/runtime"
)

const anyObject = `{"type":"object"}`

func register(t *testing.T, reg *runtime.Registry, name string, h func(args map[string]any) (any, error)) {
	t.Helper()
	err := reg.Register(runtime.Tool{Name: name, InputSchema: json.RawMessage(anyObject),
		Handler: func(ctx context.Context, req *runtime.Request) runtime.Result {
			out, err := h(req.Value.(map[string]any))
			if err != nil {
				return runtime.Result{IsError: true, Content: err.Error()}
			}
			b, _ := json.Marshal(out)
			return runtime.Result{Content: string(b)}
		}})
	if err != nil {
		t.Fatal(err)
	}
}

func plan(t *testing.T, src string) *Plan {
	t.Helper()
	p, err := LoadPlan([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRunDataFlow(t *testing.T) {
	reg := runtime.NewRegistry()
	register(t, reg, "search", func(a map[string]any) (any, error) {
		return map[string]any{"items": []any{map[string]any{"id": "a"}, map[string]any{"id": "b"}}, "q": a["q"]}, nil
	})
	register(t, reg, "fetch", func(a map[string]any) (any, error) { return map[string]any{"text": "doc " + a["id"].(string)}, nil })
	register(t, reg, "join", func(a map[string]any) (any, error) { return a, nil })
	p := plan(t, `{"version":1,"name":"wf","input_schema":{"type":"object"},
	  "steps":[
	    {"name":"search","tool":"search","args":{"q":"sales ${inputs.quarter}"}},
	    {"name":"fetch","tool":"fetch","for_each":"${steps.search.result.items}","args":{"id":"${item.id}"}},
	    {"name":"skipped","tool":"join","when":"${inputs.verbose}"},
	    {"name":"join","tool":"join","args":{"ids":"${steps.search.result.items[*].id}","texts":"${steps.fetch.result[*].text}"}}
	  ],
	  "output":{"query":"${steps.search.result.q}","joined":"${steps.join.result}","extra":"${steps.skipped.result}"}}`)
	res := p.Run(context.Background(), reg, json.RawMessage(`{"quarter":"Q3"}`))
	if res.IsError {
		t.Fatalf("error: %s", res.Content)
	}
	want := `{"extra":null,"joined":{"ids":["a","b"],"texts":["doc a","doc b"]},"query":"sales Q3"}`
	if res.Content != want {
		t.Errorf("content\n got %s\nwant %s", res.Content, want)
	}
	trace := res.Meta["trace"].([]StepTrace)
	if got := trace[2].Status; got != StatusSkipped {
		t.Errorf("skipped step status %q", got)
	}
	if trace[1].Items == nil || *trace[1].Items != 2 {
		t.Errorf("for_each items not traced: %+v", trace[1])
	}
}

func TestRunOptionalFailure(t *testing.T) {
	reg := runtime.NewRegistry()
	register(t, reg, "ok", func(map[string]any) (any, error) { return map[string]any{}, nil })
	register(t, reg, "bad", func(map[string]any) (any, error) { return nil, errBoom })
	p := plan(t, `{"version":1,"name":"wf","input_schema":{"type":"object"},"steps":[
	  {"name":"a","tool":"ok"},
	  {"name":"flaky","tool":"bad","optional":true},
	  {"name":"after_flaky","tool":"ok","needs":["flaky"]}]}`)
	res := p.Run(context.Background(), reg, nil)
	if res.IsError {
		t.Fatalf("an optional step's failure failed the workflow: %s", res.Content)
	}
	want := map[string]string{"a": "ok", "flaky": "error", "after_flaky": "skipped"}
	for _, s := range res.Meta["trace"].([]StepTrace) {
		if s.Status != want[s.Step] {
			t.Errorf("step %s: status %q, want %q", s.Step, s.Status, want[s.Step])
		}
	}
}

func TestRunFailureCancelsRest(t *testing.T) {
	reg := runtime.NewRegistry()
	slowStarted, slowCancelled := make(chan struct{}), make(chan struct{})
	register(t, reg, "ok", func(map[string]any) (any, error) { return map[string]any{}, nil })
	// bad fails only once slow runs: a step cancelled before its handler
	// starts is never called, and this test is about a running one.
	register(t, reg, "bad", func(map[string]any) (any, error) { <-slowStarted; return nil, errBoom })
	_ = reg.Register(runtime.Tool{Name: "slow", InputSchema: json.RawMessage(anyObject),
		Handler: func(ctx context.Context, _ *runtime.Request) runtime.Result {
			close(slowStarted)
			select {
			case <-ctx.Done():
				close(slowCancelled)
				return runtime.Result{IsError: true, Content: "cancelled"}
			case <-time.After(10 * time.Second):
				return runtime.Result{Content: "{}"}
			}
		}})
	p := plan(t, `{"version":1,"name":"wf","input_schema":{"type":"object"},"steps":[
	  {"name":"a","tool":"ok"},
	  {"name":"slow","tool":"slow"},
	  {"name":"b","tool":"bad","needs":["a"]},
	  {"name":"c","tool":"ok","needs":["b"]}]}`)
	res := p.Run(context.Background(), reg, nil)
	if !res.IsError || !strings.Contains(res.Content, `failed at step "b"`) || !strings.Contains(res.Content, "cancelled: slow, c") {
		t.Fatalf("want failure at b cancelling slow and c, got %v %s", res.IsError, res.Content)
	}
	if errs := res.Meta["step_errors"].(map[string]string); errs["b"] != "boom" || len(errs) != 1 {
		t.Errorf("step errors %v", errs)
	}
	want := map[string]string{"a": "ok", "slow": "cancelled", "b": "error", "c": "cancelled"}
	for _, s := range res.Meta["trace"].([]StepTrace) {
		if s.Status != want[s.Step] {
			t.Errorf("step %s: status %q, want %q", s.Step, s.Status, want[s.Step])
		}
	}
	select {
	case <-slowCancelled:
	case <-time.After(5 * time.Second):
		t.Error("the running slow step's context was not cancelled")
	}
}

type boom struct{}

func (boom) Error() string { return "boom" }

var errBoom = boom{}

func TestRunRetryAndTimeout(t *testing.T) {
	reg := runtime.NewRegistry()
	var n atomic.Int32
	register(t, reg, "flaky", func(map[string]any) (any, error) {
		if n.Add(1) < 3 {
			return nil, errBoom
		}
		return "done", nil
	})
	_ = reg.Register(runtime.Tool{Name: "hang", InputSchema: json.RawMessage(anyObject),
		Handler: func(ctx context.Context, _ *runtime.Request) runtime.Result {
			time.Sleep(time.Second)
			return runtime.Result{Content: "{}"}
		}})
	p := plan(t, `{"version":1,"name":"wf","input_schema":{"type":"object"},"steps":[
	  {"name":"f","tool":"flaky","retry":{"attempts":3,"backoff":"1ms"}},
	  {"name":"h","tool":"hang","timeout":"20ms","optional":true}],
	  "output":"${steps.f.result}"}`)
	res := p.Run(context.Background(), reg, nil)
	if res.IsError || res.Content != `"done"` {
		t.Fatalf("got %v %s", res.IsError, res.Content)
	}
	tr := res.Meta["trace"].([]StepTrace)
	if tr[0].Attempts != 3 {
		t.Errorf("attempts %d, want 3", tr[0].Attempts)
	}
	if tr[1].Status != StatusError || !strings.Contains(tr[1].Error, "timed out") {
		t.Errorf("hang step: %+v", tr[1])
	}
}

func TestValidateCycle(t *testing.T) {
	_, err := LoadPlan([]byte(`{"version":1,"name":"wf","input_schema":{},"steps":[
	  {"name":"a","tool":"x","args":{"v":"${steps.b.result}"}},
	  {"name":"b","tool":"x","args":{"v":"${steps.a.result.z}"}}]}`))
	if err == nil || !strings.Contains(err.Error(), "cycle: a → b → a") {
		t.Fatalf("want cycle error, got %v", err)
	}
}

func TestRegisteredWorkflowValidatesArguments(t *testing.T) {
	reg := runtime.NewRegistry()
	register(t, reg, "echo", func(a map[string]any) (any, error) { return a, nil })
	p := plan(t, `{"version":1,"name":"wf","input_schema":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]},
	  "steps":[{"name":"e","tool":"echo","args":{"v":"${inputs.x}"}}],"output":"${steps.e.result.v}"}`)
	if err := reg.Register(p.Tool(reg)); err != nil {
		t.Fatal(err)
	}
	if res := reg.Dispatch(context.Background(), runtime.Call{Name: "wf", Arguments: json.RawMessage(`{"x":"no"}`)}); !res.IsError {
		t.Errorf("invalid arguments accepted: %s", res.Content)
	}
	if res := reg.Dispatch(context.Background(), runtime.Call{Name: "wf", Arguments: json.RawMessage(`{"x":7}`)}); res.IsError || res.Content != "7" {
		t.Errorf("got %v %s", res.IsError, res.Content)
	}
}
