package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tscg/tscg/compiler/tstype"
	"github.com/tscg/tscg/runtime"
)

// nestingRegistry has echo (counting its calls) and tool_call_script,
// registered with opts.
func nestingRegistry(t *testing.T, opts Options) (*runtime.Registry, *atomic.Int64) {
	t.Helper()
	reg := runtime.NewRegistry()
	var echoes atomic.Int64
	if err := reg.Register(runtime.Tool{
		Name:        "echo",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`),
		Handler: func(_ context.Context, req *runtime.Request) runtime.Result {
			echoes.Add(1)
			var in struct{ Text string }
			_ = json.Unmarshal(req.Arguments, &in)
			return runtime.Result{Content: in.Text, Text: true}
		},
	}); err != nil {
		t.Fatal(err)
	}
	if err := Register(reg, opts); err != nil {
		t.Fatal(err)
	}
	return reg, &echoes
}

// sub wraps src in a script that runs it as a sub-script and returns its
// value.
func sub(src string) string {
	q, _ := json.Marshal(src)
	return fmt.Sprintf("return await TOOL_CALL(%q, {script: %s})", ToolName, q)
}

// runNested runs src through the registered tool_call_script's options,
// as a model's call would, with gate g (nil: none).
func runNested(t *testing.T, reg *runtime.Registry, opts Options, g runtime.Gate, src string) (Outcome, error) {
	t.Helper()
	opts.Registry = reg
	return Run(runtime.WithGate(context.Background(), g), src, opts)
}

// pools runs f in process and in pool workers: the budget and the depth
// live in the host either way.
func pools(t *testing.T, f func(t *testing.T, opts Options)) {
	t.Run("in process", func(t *testing.T) { f(t, Options{}) })
	t.Run("pool", func(t *testing.T) { f(t, Options{Pool: testPool(t)}) })
}

// TestSubScriptValueAndLog: a sub-script's TOOL_CALL resolves to its
// returned value (a number stays a number), its console lines join its
// caller's log marked as a sub-script's, and its calls count in the
// caller's totals.
func TestSubScriptValueAndLog(t *testing.T) {
	pools(t, func(t *testing.T, opts Options) {
		reg, echoes := nestingRegistry(t, opts)
		inner := `console.log("inner " + await TOOL_CALL("echo", {text: "a"})); return 20`
		out, err := runNested(t, reg, opts, nil, `const v = await (async () => { `+sub(inner)+` })(); console.log("outer"); return v * 2 + 2`)
		if err != nil {
			t.Fatal(err)
		}
		if string(out.Result) != "42" {
			t.Errorf("result %s, want 42", out.Result)
		}
		var lines []string
		for _, l := range out.Log {
			lines = append(lines, l.Text)
		}
		if got := strings.Join(lines, "|"); got != SubScriptPrefix+"inner a|outer" {
			t.Errorf("log %q", got)
		}
		if out.Totals.ToolCalls != 2 || echoes.Load() != 1 {
			t.Errorf("totals %+v, echo ran %d times; want 2 calls (the sub-script and its echo), 1 echo", out.Totals, echoes.Load())
		}
	})
}

// TestSubScriptDepth: sub-scripts nest to MaxDepth levels (default 2);
// the call one level deeper fails with an error saying so, which the
// script can catch; a negative MaxDepth allows none.
func TestSubScriptDepth(t *testing.T) {
	pools(t, func(t *testing.T, opts Options) {
		reg, _ := nestingRegistry(t, opts)
		out, err := runNested(t, reg, opts, nil, sub(sub(`return "two levels down"`)))
		if err != nil || string(out.Result) != `"two levels down"` {
			t.Fatalf("depth 2: %s, %v", out.Result, err)
		}
		_, err = runNested(t, reg, opts, nil, sub(sub(sub(`return 3`))))
		if err == nil || !strings.Contains(err.Error(), "sub-scripts nest at most 2 levels deep and this script is at level 2") {
			t.Errorf("depth 3: %v", err)
		}
		caught := `try { await TOOL_CALL("tool_call_script", {script: "return 1"}) } catch (e) { return e.message }`
		out, err = runNested(t, reg, opts, nil, sub(sub(caught)))
		if err != nil || !strings.Contains(string(out.Result), "nest at most 2 levels") {
			t.Errorf("caught at depth 2: %s, %v", out.Result, err)
		}
	})
	for _, c := range []struct {
		depth int
		want  string
	}{{1, "nest at most 1 levels deep and this script is at level 1"}, {-1, "sub-scripts are disabled"}} {
		opts := Options{MaxDepth: c.depth}
		reg, _ := nestingRegistry(t, opts)
		_, err := runNested(t, reg, opts, nil, sub(sub(`return 1`)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("MaxDepth %d: %v, want %q", c.depth, err, c.want)
		}
	}
}

type allowOnly map[string]bool

func (a allowOnly) Allowed(name string) error {
	if a[name] {
		return nil
	}
	return errors.New(name + " is not active in this conversation")
}

// TestSubScriptUnderGate: the conversation's gate holds at every level: a
// tool it refuses is refused inside a sub-script (and never runs), and a
// gate refusing tool_call_script refuses the sub-script itself.
func TestSubScriptUnderGate(t *testing.T) {
	pools(t, func(t *testing.T, opts Options) {
		reg, echoes := nestingRegistry(t, opts)
		inner := `try { await TOOL_CALL("echo", {text: "x"}); return "ran" } catch (e) { return e.message }`
		out, err := runNested(t, reg, opts, allowOnly{ToolName: true}, sub(inner))
		if err != nil || !strings.Contains(string(out.Result), "echo is not active") || echoes.Load() != 0 {
			t.Errorf("gated echo in a sub-script: %s, %v; echo ran %d times", out.Result, err, echoes.Load())
		}
		_, err = runNested(t, reg, opts, allowOnly{"echo": true}, sub(`return await TOOL_CALL("echo", {text: "x"})`))
		if err == nil || !strings.Contains(err.Error(), "tool_call_script is not active") || echoes.Load() != 0 {
			t.Errorf("gated sub-script: %v; echo ran %d times", err, echoes.Load())
		}
	})
}

// TestSubScriptSharesBudget: a script and its sub-scripts draw on one
// budget of tool calls. With 5: the script's 2 echoes and its call of
// tool_call_script leave the sub-script 2; its third call ends it with
// the limit, the script catches that, and its own next call is refused
// too. Side-by-side sub-scripts cannot overdraw it either.
func TestSubScriptSharesBudget(t *testing.T) {
	pools(t, func(t *testing.T, opts Options) {
		opts.Limits = Limits{MaxToolCalls: 5}
		reg, echoes := nestingRegistry(t, opts)
		src := `await TOOL_CALL("echo", {text: "a"}); await TOOL_CALL("echo", {text: "b"});
let msg = "";
try { await (async () => { ` + sub(`for (let i = 0; i < 10; i++) await TOOL_CALL("echo", {text: "x" + i}); return "done"`) + ` })() } catch (e) { msg = e.message }
console.log(msg);
await TOOL_CALL("echo", {text: "c"});
return msg`
		out, err := runNested(t, reg, opts, nil, src)
		var se *Error
		if !errors.As(err, &se) || se.Kind != KindLimit {
			t.Fatalf("err = %v, want a limit", err)
		}
		if n := echoes.Load(); n != 4 {
			t.Errorf("echo ran %d times, want 4 (2 + 2: the budget of 5 less the sub-script's own call)", n)
		}
		if len(out.Log) != 1 || !strings.Contains(out.Log[0].Text, "sub-script failed") || !strings.Contains(out.Log[0].Text, "more than 5 tool calls together") {
			t.Errorf("log %+v", out.Log)
		}

		// Side by side, sub-scripts race their caller for the budget:
		// whoever takes the sixth call is refused, and no more than 5
		// calls of any tool ever run.
		var dispatched atomic.Int64
		reg.Use(func(next runtime.Handler) runtime.Handler {
			return func(ctx context.Context, req *runtime.Request) runtime.Result {
				dispatched.Add(1)
				return next(ctx, req)
			}
		})
		wide := `return await Promise.all([1, 2, 3].map(() => (async () => { ` +
			sub(`for (;;) await TOOL_CALL("echo", {text: "y"})`) + ` })()))`
		_, err = runNested(t, reg, opts, nil, wide)
		if n := dispatched.Load(); n > 5 || err == nil {
			t.Errorf("side-by-side sub-scripts: %d calls ran, over the budget of 5 (err %v)", n, err)
		}
	})
}

// TestSubScriptSharesDeadline: a sub-script that never ends is stopped at
// its caller's deadline, and the caller's run ends as a timeout.
func TestSubScriptSharesDeadline(t *testing.T) {
	pools(t, func(t *testing.T, opts Options) {
		opts.Limits = Limits{Timeout: 300e6}
		reg, _ := nestingRegistry(t, opts)
		_, err := runNested(t, reg, opts, nil, sub(`while (true) {}`))
		var se *Error
		if !errors.As(err, &se) || se.Kind != KindTimeout {
			t.Errorf("err = %v, want a timeout", err)
		}
	})
}

// TestSubScriptSharesFormalize: FORMALIZE calls come out of the same
// budget: with 2, the script's one leaves its sub-script one.
func TestSubScriptSharesFormalize(t *testing.T) {
	pools(t, func(t *testing.T, opts Options) {
		var asked atomic.Int64
		opts.Completer = CompleterFunc(func(context.Context, CompletionRequest) (string, error) { asked.Add(1); return "1", nil })
		opts.CompileType = tstype.Compile
		opts.Limits = Limits{MaxFormalizeCalls: 2}
		reg, _ := nestingRegistry(t, opts)
		src := `await FORMALIZE("one", "number"); ` + sub(`for (;;) await FORMALIZE("1", "number")`)
		_, err := runNested(t, reg, opts, nil, src)
		if err == nil || !strings.Contains(err.Error(), "more than 2 FORMALIZE calls together") {
			t.Errorf("err = %v", err)
		}
		if n := asked.Load(); n != 2 {
			t.Errorf("the model was asked %d times, want 2", n)
		}
	})
}
