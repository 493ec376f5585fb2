package pyexec

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	goruntime "runtime"
	"strings"
	"testing"
	"time"

	"github.com/tscg/tscg/internal/corpus"

	"github.com/tscg/tscg/runtime"
)

const cases = "testdata/tools/cases.py"

func newExec(t testing.TB, cfg Config) *Executor {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		corpus.Missing(t, "python3 not on PATH: the executor runs Python tools (%v)", err)
	}
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// modes runs a test against spawn-per-call and a pool of two workers.
func modes(t *testing.T, cfg Config, fn func(t *testing.T, e *Executor)) {
	for _, workers := range []int{0, 2} {
		name := "spawn"
		if workers > 0 {
			name = "pool"
		}
		t.Run(name, func(t *testing.T) {
			c := cfg
			c.Workers = workers
			fn(t, newExec(t, c))
		})
	}
}

func call(t *testing.T, e *Executor, fn, args string) (string, error) {
	t.Helper()
	out, err := e.Call(context.Background(), cases, fn, json.RawMessage(args))
	return string(out), err
}

func TestCallAndSiblingImport(t *testing.T) {
	t.Parallel()
	modes(t, Config{}, func(t *testing.T, e *Executor) {
		for _, tc := range []struct{ fn, args, want string }{
			{"add", `{"a": 2, "b": 3}`, "5"},
			{"helper", `{"x": 21}`, "42"},
			{"only_positional", `{"a": 1}`, "[1, 2]"},
			{"slow_async", `{"x": 2}`, "6"},
		} {
			got, err := call(t, e, tc.fn, tc.args)
			if err != nil || got != tc.want {
				t.Errorf("%s(%s) = %s, %v; want %s", tc.fn, tc.args, got, err, tc.want)
			}
		}
	})
}

func TestStdoutDoesNotCorruptProtocol(t *testing.T) {
	t.Parallel()
	modes(t, Config{}, func(t *testing.T, e *Executor) {
		for i := 0; i < 3; i++ { // the pool reuses the worker after the noise
			got, err := call(t, e, "noisy", `{"text": "hi"}`)
			if err != nil || got != `"HI"` {
				t.Fatalf("noisy = %s, %v; want \"HI\"", got, err)
			}
		}
	})
}

func TestExceptionBecomesToolError(t *testing.T) {
	t.Parallel()
	modes(t, Config{}, func(t *testing.T, e *Executor) {
		_, err := call(t, e, "fail", `{"kind": "value"}`)
		var te *ToolError
		if !errors.As(err, &te) {
			t.Fatalf("want a ToolError, got %v", err)
		}
		if te.Type != "ValueError" || te.Message != "bad value: value" {
			t.Errorf("got %s: %s", te.Type, te.Message)
		}
		tb := strings.Join(te.Traceback, "\n")
		if !strings.Contains(tb, "cases.py") || !strings.HasSuffix(tb, "ValueError: bad value: value") {
			t.Errorf("traceback tail does not point at the tool:\n%s", tb)
		}
		if _, err := call(t, e, "unserializable", `{}`); !errors.As(err, &te) || te.Type != "TypeError" {
			t.Errorf("unserializable result: want TypeError, got %v", err)
		}
	})
}

func TestTimeoutKills(t *testing.T) {
	t.Parallel()
	// The timeout covers an interpreter's start in spawn mode: on a
	// loaded machine that alone can take seconds.
	modes(t, Config{Timeout: 6 * time.Second}, func(t *testing.T, e *Executor) {
		start := time.Now()
		_, err := call(t, e, "sleep", `{"seconds": 60}`)
		if !errors.Is(err, ErrTimeout) {
			t.Fatalf("want ErrTimeout, got %v", err)
		}
		if d := time.Since(start); d > 40*time.Second {
			t.Errorf("timeout took %s: the process was not killed", d)
		}
		if got, err := call(t, e, "add", `{"a": 1, "b": 1}`); err != nil || got != "2" {
			t.Errorf("after a timeout: %s, %v", got, err)
		}
	})
}

func TestCrashingWorkerIsReplaced(t *testing.T) {
	t.Parallel()
	modes(t, Config{}, func(t *testing.T, e *Executor) {
		_, err := call(t, e, "crash", `{"code": 3}`)
		if !errors.Is(err, ErrCrashed) {
			t.Fatalf("want ErrCrashed, got %v", err)
		}
		if got, err := call(t, e, "add", `{"a": 1, "b": 2}`); err != nil || got != "3" {
			t.Errorf("after a crash: %s, %v", got, err)
		}
	})
}

func TestPoolReusesWorkers(t *testing.T) {
	t.Parallel()
	e := newExec(t, Config{Workers: 1})
	a, _ := call(t, e, "pid", `{}`)
	b, _ := call(t, e, "pid", `{}`)
	if a == "" || a != b {
		t.Errorf("a pool of one ran calls in different processes: %s, %s", a, b)
	}
	s := newExec(t, Config{})
	c, _ := call(t, s, "pid", `{}`)
	d, _ := call(t, s, "pid", `{}`)
	if c == d {
		t.Errorf("spawn per call reused process %s", c)
	}
}

func TestLargeResult(t *testing.T) {
	t.Parallel()
	modes(t, Config{}, func(t *testing.T, e *Executor) {
		got, err := call(t, e, "big", `{"n": 50000}`) // ~5 MB
		if err != nil {
			t.Fatal(err)
		}
		var xs []string
		if err := json.Unmarshal([]byte(got), &xs); err != nil || len(xs) != 50000 {
			t.Errorf("large result: %d items, %v", len(xs), err)
		}
	})
	small := newExec(t, Config{Workers: 1, MaxResultBytes: 100 << 10})
	if _, err := call(t, small, "big", `{"n": 5000}`); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("result over the limit: %v", err)
	}
}

func TestEnvironmentIsolation(t *testing.T) {
	t.Setenv("TSCG_HOST_SECRET", "leaked")
	modes(t, Config{Env: map[string]string{"GITHUB_TOKEN": "tok"}}, func(t *testing.T, e *Executor) {
		for name, want := range map[string]string{"GITHUB_TOKEN": `"tok"`, "TSCG_HOST_SECRET": "null", "HOME": "null", "PATH": "null"} {
			got, err := call(t, e, "env", `{"name": "`+name+`"}`)
			if err != nil {
				t.Fatal(err)
			}
			var v struct{ Value json.RawMessage }
			_ = json.Unmarshal([]byte(got), &v)
			if string(v.Value) != want {
				t.Errorf("%s in the tool's environment = %s, want %s", name, v.Value, want)
			}
		}
	})
}

func TestHandlerThroughRegistry(t *testing.T) {
	t.Parallel()
	e := newExec(t, Config{Workers: 1, Timeout: 10 * time.Second}) // room for a start on a loaded machine
	reg := runtime.NewRegistry()
	schema := []byte(`{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer","default":10}},"required":["a"],"additionalProperties":false}`)
	err := e.Register(reg,
		Spec{Name: "add", InputSchema: schema, File: cases},
		Spec{Name: "boom", Function: "fail", InputSchema: []byte(`{"type":"object"}`), File: cases})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if res := reg.Dispatch(ctx, runtime.Call{Name: "add", Arguments: json.RawMessage(`{"a": 5}`)}); res.IsError || res.Content != "15" {
		t.Errorf("add with default: %+v", res)
	}
	// Validation runs before Python: a bad call never reaches the tool.
	res := reg.Dispatch(ctx, runtime.Call{Name: "add", Arguments: json.RawMessage(`{"a": "five"}`)})
	if !res.IsError || res.Meta["errors"] == nil {
		t.Errorf("invalid call was not rejected by validation: %+v", res)
	}
	res = reg.Dispatch(ctx, runtime.Call{Name: "boom", Arguments: json.RawMessage(`{"kind": "key"}`)})
	if !res.IsError || !strings.Contains(res.Content, `raised KeyError: 'key'`) || res.Meta["exception"] == nil {
		t.Errorf("exception result: %+v", res)
	}
}

func TestMain(m *testing.M) { os.Exit(m.Run()) }

// TestIntegersArriveAsPythonInts is issue 18's "a Python tool receives
// inf": JSON Schema calls 1e308 and 1.0 integers, and Python's json reads
// them as floats. Through the registry, a Python tool's integer
// parameters receive Python ints holding exactly the integer sent.
func TestIntegersArriveAsPythonInts(t *testing.T) {
	t.Parallel()
	e := newExec(t, Config{Workers: 1, Timeout: 20 * time.Second})
	reg := runtime.NewRegistry()
	if err := e.Register(reg, Spec{Name: "int_kind", File: cases, InputSchema: []byte(
		`{"type":"object","properties":{"n":{"type":"integer"},"xs":{"type":"array","items":{"type":["integer","null"]}}},"required":["n","xs"]}`)}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sent, want string }{
		{"1e308", "int:1" + strings.Repeat("0", 308)},
		{"1e19", "int:10000000000000000000"},
		{"9007199254740993", "int:9007199254740993"},
		{"-0", "int:0"},
		{"1.0", "int:1"},
		{"1e3", "int:1000"},
	} {
		res := reg.Dispatch(context.Background(), runtime.Call{Name: "int_kind",
			Arguments: json.RawMessage(`{"n":` + c.sent + `,"xs":[` + c.sent + `]}`)})
		if want := c.want + " " + c.want; res.IsError || res.Content != want {
			t.Errorf("%s: %v %s; want %s", c.sent, res.IsError, res.Content, want)
		}
	}
}

// TestPoolRetiresWorkers: a pool worker is replaced after Retire.MaxCalls
// calls, and after a call that left its resident memory more than
// Retire.MaxRSSGrowth above its start; the calls themselves succeed.
func TestPoolRetiresWorkers(t *testing.T) {
	t.Parallel()
	e := newExec(t, Config{Workers: 1, Timeout: 20 * time.Second, MaxCalls: 2, MaxRSSGrowth: -1})
	var pids []string
	for i := 0; i < 5; i++ {
		p, err := call(t, e, "pid", `{}`)
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, p)
	}
	if pids[0] != pids[1] || pids[1] == pids[2] || pids[2] != pids[3] || pids[3] == pids[4] || pids[0] == pids[2] {
		t.Errorf("pids with MaxCalls 2: %v; want two calls per process", pids)
	}
	if e.Retired() != 2 {
		t.Errorf("Retired() = %d, want 2", e.Retired())
	}
	if goruntime.GOOS != "linux" {
		return // resident memory is read from /proc
	}
	m := newExec(t, Config{Workers: 1, Timeout: 20 * time.Second, MaxCalls: -1, MaxRSSGrowth: 16 << 20})
	a, err := call(t, m, "pid", `{}`)
	if err != nil {
		t.Fatal(err)
	}
	b, err := call(t, m, "hoard", `{"mb": 64}`) // the worker keeps 64 MiB
	if err != nil || a != b {
		t.Fatalf("hoard ran in %s (%v), the first call in %s", b, err, a)
	}
	c, err := call(t, m, "pid", `{}`)
	if err != nil || c == b || m.Retired() != 1 {
		t.Errorf("after the worker grew by 64 MiB: pid %s (before %s), %v, retired %d", c, b, err, m.Retired())
	}
}

// TestCallTargets: a served tool runs its own code, whatever its call
// target: a BaseTool class's _run (or _arun), the function a framework's
// @tool object wraps, a low-level server's call_tool handler with the
// tool's name; never a module function named like the tool (frameworks.py
// has one for each). A target naming no module-level function is refused
// without running Python, and a class that needs arguments says so.
func TestCallTargets(t *testing.T) {
	t.Parallel()
	e := newExec(t, Config{Workers: 1, Timeout: 20 * time.Second})
	const file = "testdata/tools/frameworks.py"
	run := func(tool, target, args string) runtime.Result {
		return e.Handler(file, target)(context.Background(), &runtime.Request{
			Call: runtime.Call{Name: tool}, Arguments: json.RawMessage(args)})
	}
	for _, c := range []struct{ tool, target, args, want string }{
		{"search", "SearchTool", `{"query": "q"}`, `class:q`},
		{"asearch", "AsyncSearch", `{"query": "q"}`, `async class:q`},
		{"shout", "shout", `{"text": "hi"}`, `HI`},
		{"get_time", "call_tool:get_time", `{"zone": "UTC"}`, `[{"type": "text", "text": "dispatched get_time UTC"}]`},
	} {
		if res := run(c.tool, c.target, c.args); res.IsError || res.Content != c.want {
			t.Errorf("%s (%s): %+v, want %s", c.tool, c.target, res, c.want)
		}
	}
	res := run("needs_key", "NeedsKey", `{"query": "q"}`)
	if !res.IsError || !strings.Contains(res.Content, "cannot be created without arguments") {
		t.Errorf("a class needing arguments: %+v", res)
	}
	res = run("get_time", "serve.<locals>.call_tool:get_time", `{"zone": "UTC"}`)
	if !res.IsError || !strings.Contains(res.Content, "names no module-level Python function") || res.Meta["error"] == nil {
		t.Errorf("an unreachable handler: %+v", res)
	}
	reg := runtime.NewRegistry()
	err := e.Register(reg, Spec{Name: "fetch", Function: "<no @server.call_tool() handler>:fetch", File: file, InputSchema: []byte(`{"type":"object"}`)})
	if err == nil || !strings.Contains(err.Error(), "tool fetch") {
		t.Errorf("Register of an unreachable target: %v", err)
	}
}
