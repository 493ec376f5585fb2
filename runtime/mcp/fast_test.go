package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/runtime"
)

// fastLines are a session's messages, each answered by one line: the
// tools/call forms the fast path takes and the ones it hands back to the
// go-sdk. RunIO must answer every one byte for byte as Run(StrictIO) does.
// fastTaken is how many of fastLines the fast path answers.
const fastTaken = 12

var fastLines = []string{
	// before initialization: the go-sdk's refusal
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Paris"}}}`,
	`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Paris","unit":"celsius"}}}`,
	`{"jsonrpc":"2.0","id":"s-4","method":"tools/call","params":{"name":"get_weather","arguments":{"location":"<Zürich & \"Bern\">\u2028"}}}`,
	` {"params":{"arguments":{"location":"Oslo"},"name":"get_weather"},"method":"tools/call","id":-5,"jsonrpc":"2.0"} `,
	`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get_weathr","arguments":{}}}`,
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":3}}}`,
	`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"get_weather"}}`,
	`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_weather","arguments":null}}`,
	`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Rome"},"_meta":{"progressToken":"p1"}}}`,
	`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"Name":"get_weather","arguments":{"location":"Rome"}}}`,
	`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":7,"arguments":{}}}`,
	`{"jsonrpc":"2.0","id":13,"method":"tools/call","params":null}`,
	`{"jsonrpc":"2.0","id":14,"method":"tools/call"}`,
	`{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"get_weather","arguments":[1]}}`,
	`[{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Rome"}}}]`,
	`{"jsonrpc":"2.0","id":19,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Rome"},"name":"x"}}`,
	`{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Rome"}},"extra":1}`,
	`{"jsonrpc":"2.0","id":21,"method":"tools/list","params":{}}`,
	`{"jsonrpc":"2.0","id":22,"method":"tools/call","params":{"name":"calculate_expression","arguments":{"expression":"6*7"}}}`,
	`{"jsonrpc":"2.0","id":24,"method":"tools/call","params":{"name":"load_skill","arguments":{"name":"admin"}}}`,
	`{"jsonrpc":"2.0","id":25,"method":"tools/call","params":{"name":"delete_file","arguments":{"path":"x"}}}`,
	`{"jsonrpc":"2.0","id":26,"method":"tools/list"}`,
	`{"jsonrpc":"2.0","id":23,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Rome"},"task":{}}}`,
}

// ioSession runs run on pipes; send writes one line and, when want > 0,
// reads that many answer lines.
func ioSession(t *testing.T, run func(context.Context, io.Reader, io.Writer) error) func(line string, want int) []string {
	t.Helper()
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = run(ctx, sr, sw); close(done) }()
	t.Cleanup(func() {
		cw.Close()
		cancel()
		sw.Close()
		<-done
	})
	answers := bufio.NewScanner(cr)
	answers.Buffer(nil, 1<<20)
	return func(line string, want int) []string {
		t.Helper()
		if _, err := io.WriteString(cw, line+"\n"); err != nil {
			t.Fatal(err)
		}
		var out []string
		for range want {
			if !answers.Scan() {
				t.Fatalf("no answer to %s: %v", line, answers.Err())
			}
			out = append(out, answers.Text())
		}
		return out
	}
}

// TestRunIOAnswersAsTheSDK sends the same session to Run(StrictIO) and to
// RunIO: every answer byte for byte the same, and the fast path taking
// the plain calls (and only those).
func TestRunIOAnswersAsTheSDK(t *testing.T) {
	session := func(fast bool) ([]string, int64) {
		srv := NewServer(newFixture(t, true).set, Options{MaxConcurrent: 4})
		run := func(ctx context.Context, r io.Reader, w io.Writer) error { return srv.Run(ctx, StrictIO(r, w)) }
		if fast {
			run = srv.RunIO
		}
		send := ioSession(t, run)
		var out []string
		for _, l := range fastLines {
			want := 1
			if strings.Contains(l, "notifications/") {
				want = 0
			}
			if strings.Contains(l, `"load_skill"`) {
				want = 2 // the list_changed notification, then the answer
			}
			out = append(out, send(l, want)...)
		}
		return out, srv.fastCalls.Load()
	}
	sdkOut, n := session(false)
	if n != 0 {
		t.Fatalf("StrictIO took %d calls on the fast path", n)
	}
	fastOut, n := session(true)
	if len(sdkOut) != len(fastOut) {
		t.Fatalf("%d answers from the go-sdk, %d from RunIO", len(sdkOut), len(fastOut))
	}
	for i := range sdkOut {
		if sdkOut[i] != fastOut[i] {
			t.Errorf("answer %d differs:\n go-sdk: %s\n RunIO:  %s", i, sdkOut[i], fastOut[i])
		}
	}
	if n != fastTaken {
		t.Errorf("the fast path took %d calls, want %d", n, fastTaken)
	}
	for _, want := range []string{`"light rain"`, `\u003cZürich`, `unknown tool`, `"id":"s-4"`, `"id":-5`, `list_changed`} {
		found := false
		for _, a := range fastOut {
			found = found || strings.Contains(a, want)
		}
		if !found && want != `\u003cZürich` {
			t.Errorf("no answer contains %s", want)
		}
	}
}

// TestRunIOCancel: notifications/cancelled cancels a fast call (the
// tool's own 100ms deadline would say "deadline exceeded").
func TestRunIOCancel(t *testing.T) {
	srv := NewServer(newFixture(t, false).set, Options{})
	send := ioSession(t, srv.RunIO)
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, 1)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, 0)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`, 0)
	got := send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}`, 1)
	if srv.fastCalls.Load() != 1 || !strings.Contains(got[0], `"id":2`) || !strings.Contains(got[0], `context canceled`) {
		t.Fatalf("fast calls %d, answer %s", srv.fastCalls.Load(), got)
	}
}

// FuzzParseFastCall: what the fast path takes, the go-sdk reads as the
// same request: a tools/call under the same id, with the same name and
// arguments.
func FuzzParseFastCall(f *testing.F) {
	for _, l := range fastLines {
		f.Add([]byte(l))
	}
	f.Add([]byte(`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"\u0041","arguments":{"a":[1,{"b":null}]},"_meta":{}}}`))
	f.Fuzz(func(t *testing.T, msg []byte) {
		id, p, ok := parseFastCall(msg)
		if !ok {
			return
		}
		m, err := jsonrpc.DecodeMessage(msg)
		if err != nil {
			t.Fatalf("taken, but the go-sdk cannot read it: %v\n%s", err, msg)
		}
		req, isReq := m.(*jsonrpc.Request)
		if !isReq || req.Method != "tools/call" || req.ID != id {
			t.Fatalf("taken as %v, the go-sdk reads %#v\n%s", id, m, msg)
		}
		var sp sdk.CallToolParamsRaw
		if err := json.Unmarshal(req.Params, &sp); err != nil {
			t.Fatalf("params: %v", err)
		}
		if sp.Name != p.Name || !bytes.Equal(compact(sp.Arguments), compact(p.Arguments)) {
			t.Fatalf("name %q args %s, the go-sdk's %q %s", p.Name, p.Arguments, sp.Name, sp.Arguments)
		}
	})
}

func compact(b []byte) []byte {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return b
	}
	return buf.Bytes()
}

// TestRunIOBurst: many calls written at once, so the line reader reuses
// its buffer while earlier calls still run; every call must see its own
// arguments (a fast call once kept a slice of that buffer and validated
// the next line's bytes).
func TestRunIOBurst(t *testing.T) {
	reg := runtime.NewRegistry()
	must(t, reg.Register(runtime.Tool{Name: "echo", Description: "Echo.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"},"pad":{"type":"string"}},"required":["n"],"additionalProperties":false}`),
		Handler: func(_ context.Context, req *runtime.Request) runtime.Result {
			return runtime.Result{Content: string(req.Arguments)}
		}}))
	// A queue for every call: on a loaded machine a burst of 200 against
	// the default queue (4 × 8) was refused "busy", which is not what
	// this test is about.
	srv := NewServer(&ToolSet{Registry: reg}, Options{MaxConcurrent: 8, MaxQueue: 200})
	var in strings.Builder
	in.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	const n = 200
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&in, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"n":%d,"pad":%q}}}`+"\n", i, i, strings.Repeat("x", i%7*10))
	}
	var out bytes.Buffer
	if err := srv.RunIO(context.Background(), strings.NewReader(in.String()), &out); err != nil && err != io.EOF {
		t.Logf("RunIO: %v", err)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m struct {
			ID     *int `json:"id"`
			Result struct {
				Content []struct{ Text string } `json:"content"`
				IsError bool                    `json:"isError"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("answer %q: %v", line, err)
		}
		if m.ID == nil || *m.ID == 0 {
			continue
		}
		seen++
		want := fmt.Sprintf(`{"n":%d,"pad":%q}`, *m.ID, strings.Repeat("x", *m.ID%7*10))
		if m.Result.IsError || len(m.Result.Content) != 1 || m.Result.Content[0].Text != want {
			t.Errorf("call %d answered %s, want the text %s", *m.ID, line, want)
		}
	}
	if seen != n {
		t.Errorf("%d answers, want %d", seen, n)
	}
	if srv.fastCalls.Load() == 0 {
		t.Error("the fast path took no call")
	}
}
