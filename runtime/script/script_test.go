package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tscg/tscg/compiler/tstype"
	"github.com/tscg/tscg/runtime"
)

func testRegistry(t testing.TB) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(reg.Register(runtime.Tool{
		Name:        "get_weather",
		Description: "Get the current weather for one city.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string","description":"City name."}},"required":["city"],"additionalProperties":false}`),
		Handler: func(_ context.Context, req *runtime.Request) runtime.Result {
			var in struct{ City string }
			_ = json.Unmarshal(req.Arguments, &in)
			return runtime.Result{Content: fmt.Sprintf(`{"city":%q,"temp":21}`, in.City)}
		},
	}))
	must(reg.Register(runtime.Tool{
		Name:        "echo",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`),
		Handler: func(_ context.Context, req *runtime.Request) runtime.Result {
			var in struct{ Text string }
			_ = json.Unmarshal(req.Arguments, &in)
			return runtime.Result{Content: in.Text}
		},
	}))
	must(reg.Register(runtime.Tool{
		Name:        "slow",
		InputSchema: json.RawMessage(`{"type":"object"}`),
		Handler: func(ctx context.Context, _ *runtime.Request) runtime.Result {
			select {
			case <-ctx.Done():
			case <-time.After(10 * time.Second):
			}
			return runtime.Result{Content: "late"}
		},
	}))
	return reg
}

// runScript runs src in process and then in a worker of the test pool,
// and fails when the two disagree: the pool must be invisible to scripts.
func runScript(t *testing.T, src string, opts Options) (Outcome, *Error) {
	t.Helper()
	out, se := runOnce(t, src, opts)
	if opts.Pool != nil || opts.Completer != nil {
		return out, se // test completers answer once: TestPoolFormalize covers the pool
	}
	opts.Pool = testPool(t)
	pout, pse := runOnce(t, src, opts)
	if fmt.Sprint(se) != fmt.Sprint(pse) || string(out.Result) != string(pout.Result) || fmt.Sprint(out.Log) != fmt.Sprint(pout.Log) || len(out.Calls) != len(pout.Calls) {
		t.Errorf("in a worker the script ran differently:\nin process: %v %s %v %d calls\nin a worker: %v %s %v %d calls",
			se, out.Result, out.Log, len(out.Calls), pse, pout.Result, pout.Log, len(pout.Calls))
	}
	return out, se
}

func runOnce(t *testing.T, src string, opts Options) (Outcome, *Error) {
	t.Helper()
	out, err := Run(context.Background(), src, opts)
	if err == nil {
		return out, nil
	}
	var se *Error
	if !errors.As(err, &se) {
		t.Fatalf("Run returned %T %v, want *Error", err, err)
	}
	return out, se
}

func mustRun(t *testing.T, src string, opts Options) Outcome {
	t.Helper()
	out, err := runScript(t, src, opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out
}

func TestToolCallResolvesParsedJSON(t *testing.T) {
	out := mustRun(t, `
const w = await TOOL_CALL("get_weather", { city: "Paris" });
const e: string = await TOOL_CALL("echo", { text: "plain text" });
return { city: w.city, temp: w.temp + 1, e };`, Options{Registry: testRegistry(t)})
	if got, want := string(out.Result), `{"city":"Paris","temp":22,"e":"plain text"}`; got != want {
		t.Errorf("result = %s, want %s", got, want)
	}
	if len(out.Calls) != 2 || out.Calls[0].Name != "get_weather" || !out.Calls[0].OK || string(out.Calls[0].Arguments) != `{"city":"Paris"}` {
		t.Errorf("calls = %+v", out.Calls)
	}
	if out.Totals.ToolCalls != 2 || out.Totals.ToolErrors != 0 {
		t.Errorf("totals = %+v", out.Totals)
	}
}

func TestParallelToolCalls(t *testing.T) {
	out := mustRun(t, `
const cities = ["A", "B", "C", "D", "E", "F"];
const all = await Promise.all(cities.map(city => TOOL_CALL("get_weather", { city })));
return all.map(w => w.city).join("");`, Options{Registry: testRegistry(t)})
	if string(out.Result) != `"ABCDEF"` {
		t.Errorf("result = %s", out.Result)
	}
}

func TestRejectedToolCallCaught(t *testing.T) {
	out := mustRun(t, `
const caught: string[] = [];
try { await TOOL_CALL("get_wether", { city: "x" }); } catch (e) { caught.push(e.name + ": " + e.message); }
try { await TOOL_CALL("get_weather", { town: "x" }); } catch (e) { caught.push(e.message + " | " + e.errors.length); }
return caught;`, Options{Registry: testRegistry(t)})
	var caught []string
	if err := json.Unmarshal(out.Result, &caught); err != nil || len(caught) != 2 {
		t.Fatalf("result = %s (%v)", out.Result, err)
	}
	if !strings.HasPrefix(caught[0], "ToolError: ") || !strings.Contains(caught[0], "get_weather") {
		t.Errorf("unknown tool error = %q, want the runtime's suggestion of get_weather", caught[0])
	}
	if !strings.Contains(caught[1], `invalid arguments for tool "get_weather"`) || !strings.Contains(caught[1], "city") {
		t.Errorf("invalid arguments error = %q", caught[1])
	}
	if out.Totals.ToolErrors != 2 || out.Calls[0].OK {
		t.Errorf("failed calls not recorded: %+v", out.Calls)
	}
}

func TestConsoleCaptured(t *testing.T) {
	out := mustRun(t, `console.log("n =", 3, {a: [1]}); console.error(new Error("bad"));`, Options{})
	want := []LogLine{{"log", `n = 3 {"a":[1]}`}, {"error", "Error: bad"}}
	if fmt.Sprint(out.Log) != fmt.Sprint(want) {
		t.Errorf("log = %v, want %v", out.Log, want)
	}
	if string(out.Result) != "null" {
		t.Errorf("result of a script without return = %s, want null", out.Result)
	}
}

func TestSyntaxErrorAtScriptPosition(t *testing.T) {
	_, err := runScript(t, "const a = 1;\nconst b = ;\n", Options{})
	if err == nil || err.Kind != KindSyntax || err.Line != 2 || err.Col != 11 {
		t.Fatalf("err = %#v, want a syntax error at 2:11", err)
	}
	_, err = runScript(t, "let x = )", Options{})
	if err == nil || err.Line != 1 || err.Col != 9 {
		t.Fatalf("first-line err = %#v, want 1:9", err)
	}
}

func TestRuntimeErrorAtScriptPosition(t *testing.T) {
	// TypeScript-only syntax before the failing line makes sure positions
	// come from the source map, not from the transpiled text.
	src := "interface P { x: number }\nconst p: P = { x: 1 };\nconst w = await TOOL_CALL(\"get_weather\", { city: \"x\" });\n\n    (p as any).missing.call();\n"
	_, err := runScript(t, src, Options{Registry: testRegistry(t)})
	if err == nil || err.Kind != KindRuntime || err.Line != 5 {
		t.Fatalf("err = %#v, want a runtime error on line 5", err)
	}
	if !strings.Contains(err.Error(), "script.ts:5:") || !strings.Contains(err.Message, "TypeError") {
		t.Errorf("message = %q", err.Error())
	}
	_, err = runScript(t, `throw new Error("first line")`, Options{})
	// The column is the throw's, not shifted by the async wrapper that
	// shares line 1 (esbuild maps "new Error" to column 6 or 7).
	if err == nil || err.Line != 1 || err.Col < 6 || err.Col > 7 {
		t.Fatalf("first-line err = %#v, want 1:6 or 1:7", err)
	}
}

func TestTimeoutStopsBusyLoop(t *testing.T) {
	start := time.Now()
	_, err := runScript(t, "while (true) {}", Options{Limits: Limits{Timeout: 50 * time.Millisecond}})
	if err == nil || err.Kind != KindTimeout {
		t.Fatalf("err = %#v, want a timeout", err)
	}
	// Generous bound: the point is that the loop stops at all; the 100 ms
	// figure is measured in BenchmarkTimeoutStop.
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("busy loop ran %s past a 50ms timeout", d)
	}
	_, err = runScript(t, `await TOOL_CALL("slow", {})`, Options{Registry: testRegistry(t), Limits: Limits{Timeout: 50 * time.Millisecond}})
	if err == nil || err.Kind != KindTimeout {
		t.Fatalf("err = %#v, want a timeout while waiting on a tool", err)
	}
}

func TestCanceledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, "while (true) {}", Options{})
	var se *Error
	if !errors.As(err, &se) || se.Kind != KindCanceled {
		t.Fatalf("err = %v, want canceled", err)
	}
}

func TestToolCallLimit(t *testing.T) {
	out, err := runScript(t, `
for (let i = 0; i < 10; i++) {
  try { await TOOL_CALL("echo", { text: "x" }); } catch (e) { /* a limit is not catchable */ }
}
return "done";`, Options{Registry: testRegistry(t), Limits: Limits{MaxToolCalls: 3}})
	if err == nil || err.Kind != KindLimit || !strings.Contains(err.Message, "3 tool calls") {
		t.Fatalf("err = %#v, want the tool call limit", err)
	}
	if len(out.Calls) != 3 {
		t.Errorf("%d calls recorded, want 3", len(out.Calls))
	}
}

func TestResultAndLogSizeLimits(t *testing.T) {
	_, err := runScript(t, `return "x".repeat(2000)`, Options{Limits: Limits{MaxResultBytes: 1000}})
	if err == nil || err.Kind != KindLimit || !strings.Contains(err.Message, "over the limit of 1000") {
		t.Fatalf("err = %#v, want the result size limit", err)
	}
	out := mustRun(t, `for (let i = 0; i < 100; i++) console.log("line " + i); return 1`, Options{Limits: Limits{MaxLogBytes: 50}})
	if !out.LogTruncated || len(out.Log) > 10 {
		t.Errorf("log not truncated: %d lines, truncated=%v", len(out.Log), out.LogTruncated)
	}
	if last := out.Log[len(out.Log)-1].Text; !strings.Contains(last, "log truncated") {
		t.Errorf("last log line = %q, want a truncation note", last)
	}
}

func TestNoHostObjects(t *testing.T) {
	out := mustRun(t, `
const probes: Record<string, string> = {};
for (const name of ["require", "process", "module", "exports", "fs", "fetch", "XMLHttpRequest", "setTimeout", "Deno", "Bun"]) {
  probes[name] = eval("typeof " + name);
}
try { (globalThis as any).__proto__.constructor.constructor("return process")(); probes.ctor = "reached"; } catch (e) { probes.ctor = "throws " + e.name; }
try { new Function("return require('fs')")(); probes.fn = "reached"; } catch (e) { probes.fn = "throws " + e.name; }
try { eval("1\n//# sourceMappingURL=/etc/passwd"); probes.map = "ok"; } catch (e) { probes.map = "throws " + e.name; }
probes.globals = Object.getOwnPropertyNames(globalThis).filter(n => (/^[A-Z_]+$/.test(n) && n !== "JSON") || n === "console").sort().join(",");
return probes;`, Options{Registry: testRegistry(t)})
	var probes map[string]string
	if err := json.Unmarshal(out.Result, &probes); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"require", "process", "module", "exports", "fs", "fetch", "XMLHttpRequest", "setTimeout", "Deno", "Bun"} {
		if probes[name] != "undefined" {
			t.Errorf("typeof %s = %q, want undefined", name, probes[name])
		}
	}
	if probes["ctor"] != "throws ReferenceError" {
		t.Errorf("Function constructor reached process: %q", probes["ctor"])
	}
	if probes["fn"] != "throws ReferenceError" {
		t.Errorf("new Function require = %q", probes["fn"])
	}
	if probes["map"] != "ok" {
		t.Errorf("eval with a source map comment = %q", probes["map"])
	}
	if probes["globals"] != "FORMALIZE,TOOL_CALL,console" {
		t.Errorf("script globals = %q", probes["globals"])
	}
}

func TestFreshVMPerRun(t *testing.T) {
	mustRun(t, `globalThis.leak = 42; Object.prototype.polluted = true;`, Options{})
	out := mustRun(t, `return [typeof (globalThis as any).leak, typeof ({} as any).polluted]`, Options{})
	if string(out.Result) != `["undefined","undefined"]` {
		t.Errorf("state leaked between runs: %s", out.Result)
	}
}

// fakeCompleter answers from a queue of replies and records prompts.
type fakeCompleter struct {
	replies []string
	prompts []CompletionRequest
	calls   atomic.Int32
}

func (f *fakeCompleter) Complete(_ context.Context, req CompletionRequest) (string, error) {
	i := int(f.calls.Add(1)) - 1
	f.prompts = append(f.prompts, req)
	if i >= len(f.replies) {
		return "", errors.New("no more replies")
	}
	return f.replies[i], nil
}

func TestFormalizeRetriesAfterInvalidJSON(t *testing.T) {
	fc := &fakeCompleter{replies: []string{
		"Sure! Here it is: {filename: A.txt}",
		"```json\n[{\"filename\": \"A.txt\", \"sizeKB\": 15}]\n```",
	}}
	out := mustRun(t, `return await FORMALIZE("- A.txt | Size: 15KB", "{ filename: string; sizeKB: number }[]")`,
		Options{Completer: fc, CompileType: tstype.Compile, FormalizeModel: "small-model"})
	if string(out.Result) != `[{"filename":"A.txt","sizeKB":15}]` {
		t.Errorf("result = %s", out.Result)
	}
	if len(fc.prompts) != 2 || !strings.Contains(fc.prompts[1].User, "not valid") || fc.prompts[0].Model != "small-model" {
		t.Errorf("prompts = %+v, want a retry naming the problem", fc.prompts)
	}
	if rec := out.Formalize[0]; !rec.OK || rec.Requests != 2 || rec.Chunks != 1 {
		t.Errorf("record = %+v", rec)
	}
}

func TestFormalizeRejectsAfterSecondFailure(t *testing.T) {
	fc := &fakeCompleter{replies: []string{`[{"filename": 1}]`, `[{"filename": "A"}]`}}
	out := mustRun(t, `try { await FORMALIZE("x", "{ filename: string; sizeKB: number }[]"); } catch (e) { return e.name + ": " + e.message }`,
		Options{Completer: fc, CompileType: tstype.Compile})
	if !strings.Contains(string(out.Result), "FormalizeError") || !strings.Contains(string(out.Result), "sizeKB") {
		t.Errorf("result = %s, want a FormalizeError naming the missing property", out.Result)
	}
	_, err := runScript(t, `await FORMALIZE("x", "{ filename: ")`, Options{Completer: fc, CompileType: tstype.Compile})
	if err == nil || !strings.Contains(err.Message, "FORMALIZE: type") {
		t.Errorf("bad type text: err = %v", err)
	}
}

func TestFormalizeChunksLongInput(t *testing.T) {
	var lines []string
	for i := 0; i < 10; i++ {
		lines = append(lines, fmt.Sprintf("- f%d.txt | Size: %dKB", i, i))
	}
	var chunksSeen []int
	fc := CompleterFunc(func(_ context.Context, req CompletionRequest) (string, error) {
		text := req.User[strings.Index(req.User, "Text:\n")+6:]
		var items []string
		for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
			var name string
			var size int
			fmt.Sscanf(strings.ReplaceAll(l, "|", " "), "- %s Size: %dKB", &name, &size)
			items = append(items, fmt.Sprintf(`{"filename":%q,"sizeKB":%d}`, name, size))
		}
		chunksSeen = append(chunksSeen, len(items))
		return "[" + strings.Join(items, ",") + "]", nil
	})
	text, _ := json.Marshal(strings.Join(lines, "\n"))
	out := mustRun(t, `const xs = await FORMALIZE(`+string(text)+`, "{ filename: string; sizeKB: number }[]"); return xs.map(x => x.sizeKB)`,
		Options{Completer: fc, CompileType: tstype.Compile, ChunkTokens: 3, CountTokens: func(string) int { return 1 }})
	if string(out.Result) != `[0,1,2,3,4,5,6,7,8,9]` {
		t.Errorf("result = %s", out.Result)
	}
	if fmt.Sprint(chunksSeen) != "[3 3 3 1]" || out.Formalize[0].Chunks != 4 {
		t.Errorf("chunks = %v (%d), want [3 3 3 1]", chunksSeen, out.Formalize[0].Chunks)
	}
}

func TestFormalizeLimit(t *testing.T) {
	fc := CompleterFunc(func(context.Context, CompletionRequest) (string, error) { return "1", nil })
	_, err := runScript(t, `for (;;) await FORMALIZE("1", "number")`, Options{Completer: fc, CompileType: tstype.Compile, Limits: Limits{MaxFormalizeCalls: 2}})
	if err == nil || err.Kind != KindLimit || !strings.Contains(err.Message, "FORMALIZE") {
		t.Fatalf("err = %#v, want the FORMALIZE limit", err)
	}
}

func TestStripFence(t *testing.T) {
	for in, want := range map[string]string{
		"[1]":                        "[1]",
		"```json\n[1]\n```":          "[1]",
		"Here:\n```\n{\"a\":1}\n```": `{"a":1}`,
		"  ```[2]```  ":              "[2]",
	} {
		if got := StripFence(in); got != want {
			t.Errorf("StripFence(%q) = %q, want %q", in, got, want)
		}
	}
}
