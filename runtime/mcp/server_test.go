package mcp

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/runtime"
)

// exercise lists and calls every kind of tool through sess and checks
// the results; it is shared by the in-memory, stdio and HTTP tests.
func exercise(t *testing.T, f *fixture, sess *sdk.ClientSession) {
	t.Helper()
	list, err := sess.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*sdk.Tool{}
	for _, tl := range list.Tools {
		byName[tl.Name] = tl
	}
	w := byName["get_weather"]
	if w == nil || w.Title != "Weather" || w.Annotations == nil || !w.Annotations.ReadOnlyHint || w.OutputSchema == nil {
		t.Fatalf("get_weather listed as %+v", w)
	}
	if out, _ := json.Marshal(w.OutputSchema); !strings.Contains(string(out), `"type":"object"`) {
		t.Errorf("get_weather outputSchema root is not an object: %s", out)
	}
	if d := byName["delete_file"]; d == nil || d.Annotations == nil || d.Annotations.DestructiveHint == nil || !*d.Annotations.DestructiveHint {
		t.Errorf("delete_file lost its destructive hint: %+v", d)
	}
	if byName["calculate_expression"].OutputSchema != nil {
		t.Error("calculate_expression returns a string: MCP allows no outputSchema for it")
	}

	// A generated Go executor: text plus structuredContent.
	res, text := callTool(t, sess, "get_weather", `{"location":"Paris, France"}`)
	if res.IsError || !strings.Contains(text, "light rain") || res.StructuredContent == nil {
		t.Errorf("get_weather: isError=%v structured=%v text=%s", res.IsError, res.StructuredContent, text)
	}
	// A Go tool with a non-object result: text only.
	if res, text := callTool(t, sess, "calculate_expression", `{"expression":"6*7"}`); res.IsError || res.StructuredContent != nil || text != "42" {
		t.Errorf("calculate_expression: %v %v %s", res.IsError, res.StructuredContent, text)
	}
	// Invalid arguments: the runtime's message, with the pointer.
	res, text = callTool(t, sess, "get_weather", `{"location":"P","unit":"kelvin"}`)
	if !res.IsError || !strings.Contains(text, "/unit") || res.Meta["tscg/errors"] == nil {
		t.Errorf("invalid arguments: isError=%v meta=%v text=%s", res.IsError, res.Meta, text)
	}
	// Unknown tool: a refusal naming the closest tool.
	res, text = callTool(t, sess, "get_wether", `{}`)
	if !res.IsError || !strings.Contains(text, `"get_weather"`) || res.Meta["tscg/refusal"] != "unknown_tool" {
		t.Errorf("unknown tool: %v %v %s", res.IsError, res.Meta, text)
	}
	// Timeout.
	res, text = callTool(t, sess, "slow", `{}`)
	if !res.IsError || !strings.Contains(text, "did not finish within 100ms") {
		t.Errorf("timeout: %v %s", res.IsError, text)
	}
	// Approval denied: the handler does not run.
	if byName["delete_file"] != nil {
		res, text = callTool(t, sess, "delete_file", `{"path":"/etc/passwd"}`)
		if !res.IsError || !strings.Contains(text, "approval denied") || strings.Contains(text, "deleted") {
			t.Errorf("approval: %v %s", res.IsError, text)
		}
	}
	// tool_call_script orchestrating a Go tool.
	res, text = callTool(t, sess, "tool_call_script", `{"script":"const w = await TOOL_CALL('get_weather', {location: 'Oslo, Norway'}); return w.conditions;"}`)
	if res.IsError || !strings.Contains(text, "light rain") {
		t.Errorf("tool_call_script: %v %s", res.IsError, text)
	}
	if f.py == nil {
		t.Log("python3 not on PATH: Python executor not exercised")
		return
	}
	res, text = callTool(t, sess, "py_add", `{"a":2,"b":40}`)
	if res.IsError || res.StructuredContent == nil || !strings.Contains(text, "42") {
		t.Errorf("py_add: %v %v %s", res.IsError, res.StructuredContent, text)
	}
	res, text = callTool(t, sess, "py_add", `{"a":"two","b":40}`)
	if !res.IsError || !strings.Contains(text, "/a") {
		t.Errorf("py_add invalid: %v %s", res.IsError, text)
	}
	// A worker dying mid-call is an error result; the pool replaces it.
	res, text = callTool(t, sess, "py_crash", `{"code":7}`)
	if !res.IsError || !strings.Contains(text, "crashed") {
		t.Errorf("py_crash: %v %s", res.IsError, text)
	}
	if res, text := callTool(t, sess, "py_add", `{"a":1,"b":1}`); res.IsError {
		t.Errorf("pool did not recover after a crash: %s", text)
	}
}

func TestInMemory(t *testing.T) {
	f := newFixture(t, false)
	srv := NewServer(f.set, Options{})
	sess, w, _ := connect(t, srv)
	exercise(t, f, sess)
	sess.Close()
	seen := checkWire(t, w)
	if seen["tools/list"] < 1 || seen["tools/call"] < 10 {
		t.Errorf("wire check saw too little: %v", seen)
	}
	if s := f.metrics.Snapshot("get_weather"); s.Outcomes[runtime.OutcomeSuccess] < 2 || s.Outcomes[runtime.OutcomeInvalid] != 1 {
		t.Errorf("metrics did not see the calls: %+v", s.Outcomes)
	}
}

func TestSkillsListChanged(t *testing.T) {
	f := newFixture(t, true)
	srv := NewServer(f.set, Options{})
	sess, w, changed := connect(t, srv)
	other, _, otherChanged := connect(t, srv)
	if names := toolNames(t, sess); slices.Contains(names, "delete_file") || !slices.Contains(names, "load_skill") {
		t.Fatalf("before load_skill: %v", names)
	}
	res, text := callTool(t, sess, "delete_file", `{"path":"x"}`)
	if !res.IsError || !strings.Contains(text, `call load_skill with name "admin" first`) {
		t.Errorf("hidden tool called: %v %s", res.IsError, text)
	}
	if res, text := callTool(t, sess, "load_skill", `{"name":"admin"}`); res.IsError || !strings.Contains(text, "Delete only what") {
		t.Fatalf("load_skill: %s", text)
	}
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("no tools/list_changed after load_skill")
	}
	if names := toolNames(t, sess); !slices.Contains(names, "delete_file") {
		t.Errorf("after load_skill: %v", names)
	}
	if names := toolNames(t, other); slices.Contains(names, "delete_file") {
		t.Errorf("another session saw the skill's tools: %v", names)
	}
	select {
	case <-otherChanged:
		t.Error("the other session was notified")
	case <-time.After(50 * time.Millisecond):
	}
	// A swap keeps the session's loaded skills.
	srv.Swap(f.set)
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("no tools/list_changed after Swap")
	}
	if names := toolNames(t, sess); !slices.Contains(names, "delete_file") {
		t.Errorf("after swap: %v", names)
	}
	sess.Close()
	if seen := checkWire(t, w); seen["notifications/tools/list_changed"] != 2 {
		t.Errorf("list_changed notifications: %v", seen)
	}
}

func TestSwapIsAtomic(t *testing.T) {
	f := newFixture(t, false)
	srv := NewServer(f.set, Options{})
	sess, _, changed := connect(t, srv)
	small := runtime.NewRegistry()
	must(t, small.Register(runtime.Tool{Name: "only", InputSchema: json.RawMessage(`{"type":"object"}`),
		Handler: func(context.Context, *runtime.Request) runtime.Result { return runtime.Result{Content: "{}"} }}))
	srv.Swap(&ToolSet{Registry: small})
	<-changed
	if names := toolNames(t, sess); !slices.Equal(names, []string{"only"}) {
		t.Errorf("after swap: %v", names)
	}
	if res, _ := callTool(t, sess, "get_weather", `{"location":"Paris"}`); !res.IsError {
		t.Error("a swapped-out tool still ran")
	}
}

func TestStdio(t *testing.T) {
	f := newFixture(t, false)
	srv := NewServer(f.set, Options{})
	// Two pipes, as a parent process and `tscg serve` would share.
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	w := &wire{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- srv.Run(ctx, &sdk.LoggingTransport{Transport: &sdk.IOTransport{Reader: sr, Writer: sw}, Writer: w})
	}()
	sess, err := newClient(make(chan struct{}, 1)).Connect(ctx, &sdk.IOTransport{Reader: cr, Writer: cw}, nil)
	if err != nil {
		t.Fatal(err)
	}
	exercise(t, f, sess)
	sess.Close()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("server did not stop when the client closed stdin")
	}
	if seen := checkWire(t, w); seen["tools/call"] < 10 {
		t.Errorf("wire check saw too little: %v", seen)
	}
}

func TestHTTP(t *testing.T) {
	f := newFixture(t, false)
	srv := NewServer(f.set, Options{MaxConcurrent: 4})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln, HTTPOptions{Metrics: f.metrics, MaxBodyBytes: 64 << 10}) }()
	base := "http://" + ln.Addr().String()
	sess, err := newClient(make(chan struct{}, 1)).Connect(ctx, &sdk.StreamableClientTransport{Endpoint: base + "/mcp"}, nil)
	must(t, err)
	exercise(t, f, sess)
	if srv.fastCalls.Load() == 0 {
		t.Error("no call of the go-sdk client took the HTTP fast path")
	}

	resp, err := http.Get(base + "/metrics")
	must(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `tscg_tool_calls_total{tool="get_weather",outcome="success"}`) {
		t.Errorf("/metrics:\n%s", body)
	}
	// Expect: 100-continue holds the body back until the server asks for
	// it: the server refuses without reading, so the client gets the 413
	// instead of a reset while it is still writing (a flake under load).
	big, err := http.NewRequest(http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"`+strings.Repeat("x", 70<<10)+`"}}`))
	must(t, err)
	big.Header.Set("Content-Type", "application/json")
	big.Header.Set("Expect", "100-continue")
	client := &http.Client{Transport: &http.Transport{ExpectContinueTimeout: time.Minute}}
	resp, err = client.Do(big)
	must(t, err)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("oversize body: status %d, want 413", resp.StatusCode)
	}
	sess.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("graceful shutdown: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Serve did not return after its context ended")
	}
}
