package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tscg/tscg/examples/agent/weather"
	"github.com/tscg/tscg/internal/corpus"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/pyexec"
	"github.com/tscg/tscg/runtime/script"
	"github.com/tscg/tscg/runtime/skills"
)

// weatherImpl answers the generated weather tools with canned data.
type weatherImpl struct{}

func (weatherImpl) GetWeather(_ context.Context, in *weather.GetWeatherParams) (*weather.Weather, error) {
	return &weather.Weather{Location: in.Location, Temperature: 21.5, Unit: weather.UnitCelsius, Conditions: "light rain"}, nil
}

func (weatherImpl) SearchDocuments(_ context.Context, in *weather.SearchDocumentsParams) (*weather.SearchDocumentsResult, error) {
	return &weather.SearchDocumentsResult{Hits: []weather.DocumentHit{{DocID: "doc-1", Title: in.Query, Score: 0.5}}, Total: 1}, nil
}

func (weatherImpl) CalculateExpression(context.Context, *weather.CalculateExpression) (string, error) {
	return "42", nil
}

func (weatherImpl) GetSystemTime(context.Context, *weather.GetSystemTimeParams) (*weather.GetSystemTimeResult, error) {
	return &weather.GetSystemTimeResult{}, nil
}

const adminSkill = `---
name: admin
description: Delete files.
tools: [delete_file]
---
Delete only what the user names.
`

// fixture is a registry with one tool of every executor kind that exists.
type fixture struct {
	reg     *runtime.Registry
	metrics *runtime.MemoryMetrics
	py      *pyexec.Executor // nil without python3
	set     *ToolSet
}

func newFixture(t testing.TB, withSkills bool) *fixture {
	t.Helper()
	f := &fixture{metrics: runtime.NewMemoryMetrics()}
	f.reg = runtime.NewRegistry(runtime.WithMetrics(f.metrics))
	f.reg.Use(runtime.Recover(), runtime.Approval(runtime.ApproverFunc(func(context.Context, *runtime.Request) error {
		return errors.New("the operator said no")
	})))
	must(t, weather.Register(f.reg, weatherImpl{}))
	obj := json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`)
	must(t, f.reg.Register(runtime.Tool{Name: "slow", Description: "Never finishes in time.", InputSchema: obj,
		Handler: runtime.Timeout(100 * time.Millisecond)(func(ctx context.Context, _ *runtime.Request) runtime.Result {
			<-ctx.Done()
			return runtime.Result{Content: "late"}
		})}))
	must(t, f.reg.Register(runtime.Tool{Name: "delete_file", Description: "Delete a file.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`),
		Annotations: runtime.Annotations{Destructive: true},
		Handler:     func(context.Context, *runtime.Request) runtime.Result { return runtime.Result{Content: "deleted"} }}))
	if _, err := exec.LookPath("python3"); err == nil {
		py, err := pyexec.New(pyexec.Config{Workers: 2, Timeout: 10 * time.Second})
		must(t, err)
		t.Cleanup(func() { py.Close() })
		f.py = py
		file, _ := filepath.Abs("testdata/pytools.py")
		must(t, py.Register(f.reg,
			pyexec.Spec{Name: "py_add", Description: "Add two integers.", File: file, Function: "add",
				InputSchema:  []byte(`{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"required":["a","b"],"additionalProperties":false}`),
				OutputSchema: []byte(`{"type":"object","properties":{"sum":{"type":"integer"}},"required":["sum"]}`)},
			pyexec.Spec{Name: "py_crash", Description: "Crash.", File: file, Function: "crash",
				InputSchema: []byte(`{"type":"object","properties":{"code":{"type":"integer"}},"required":["code"]}`)}))
	}
	f.set = &ToolSet{Registry: f.reg, Hints: map[string]Hints{"get_weather": {Title: "Weather", ReadOnly: ptr(true), OpenWorld: ptr(true)}}}
	if withSkills {
		sk, err := skills.Parse("admin/SKILL.md", []byte(adminSkill))
		must(t, err)
		f.set.Skills = skills.NewSet(sk)
		lt, err := skills.Tool(f.set.Skills)
		must(t, err)
		must(t, f.reg.Register(lt))
	}
	must(t, script.Register(f.reg, script.Options{Limits: script.Limits{Timeout: 5 * time.Second}}))
	return f
}

func ptr[T any](v T) *T { return &v }

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// wire records what the server reads and writes (a LoggingTransport on
// its side) so every result it sent can be checked against the schema.
type wire struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *wire) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *wire) lines() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Split(w.buf.String(), "\n")
}

// mcpSchema compiles the official MCP schema's definitions.
var mcpSchema = sync.OnceValues(func() (map[string]*jsonschema.Schema, error) {
	const path = "../../../shared/schemas/mcp/schema-2025-11-25.json"
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mcp.json", doc); err != nil {
		return nil, err
	}
	out := map[string]*jsonschema.Schema{}
	for _, def := range []string{"ListToolsResult", "CallToolResult", "ToolListChangedNotification"} {
		if out[def], err = c.Compile("mcp.json#/$defs/" + def); err != nil {
			return nil, err
		}
	}
	return out, nil
})

// checkWire validates every tools/list and tools/call result, and every
// list_changed notification, the server wrote; it returns how many of
// each it saw.
func checkWire(t testing.TB, w *wire) map[string]int {
	t.Helper()
	schemas, err := mcpSchema()
	if err != nil {
		corpus.Missing(t, "official MCP schema not available (../shared/schemas/mcp): %v", err)
	}
	methods := map[string]string{}
	seen := map[string]int{}
	for _, line := range w.lines() {
		dir, msg, ok := strings.Cut(line, ": ")
		if !ok || (dir != "read" && dir != "write") {
			continue // the transport's own notes, such as "read error: EOF"
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal([]byte(msg), &m); err != nil {
			t.Errorf("unparsable wire line %q: %v", line, err)
			continue
		}
		switch {
		case dir == "read" && m.Method != "":
			methods[string(m.ID)] = m.Method
		case dir == "write" && m.Method == "notifications/tools/list_changed":
			validate(t, schemas["ToolListChangedNotification"], msg, m.Method)
			seen[m.Method]++
		case dir == "write" && m.Result != nil:
			method := methods[string(m.ID)]
			def := map[string]string{"tools/list": "ListToolsResult", "tools/call": "CallToolResult"}[method]
			if def != "" {
				validate(t, schemas[def], string(m.Result), method)
				seen[method]++
			}
		}
	}
	return seen
}

func validate(t testing.TB, sch *jsonschema.Schema, doc, what string) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
	if err == nil {
		err = sch.Validate(v)
	}
	if err != nil {
		t.Errorf("%s result does not match the MCP schema: %v\n%s", what, err, doc)
	}
}

// connect serves set in memory and returns a connected go-sdk client
// session, the wire record and a channel of list_changed notifications.
func connect(t testing.TB, srv *Server) (*sdk.ClientSession, *wire, chan struct{}) {
	t.Helper()
	ct, st := sdk.NewInMemoryTransports()
	w := &wire{}
	ctx := context.Background()
	if _, err := srv.Connect(ctx, &sdk.LoggingTransport{Transport: st, Writer: w}); err != nil {
		t.Fatal(err)
	}
	changed := make(chan struct{}, 16)
	cs := newClient(changed)
	sess, err := cs.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess, w, changed
}

func newClient(changed chan struct{}) *sdk.Client {
	return sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "1"}, &sdk.ClientOptions{
		ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) {
			select {
			case changed <- struct{}{}:
			default:
			}
		}})
}

// callTool calls a tool and returns the result's text.
func callTool(t testing.TB, s *sdk.ClientSession, name, args string) (*sdk.CallToolResult, string) {
	t.Helper()
	res, err := s.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("call %s: protocol error %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return res, b.String()
}

func toolNames(t testing.TB, s *sdk.ClientSession) []string {
	t.Helper()
	res, err := s.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	return names
}

// childProcs counts this process's live child processes (Linux), to show
// Python workers are not leaked.
func childProcs() (int, bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, false
	}
	self := fmt.Sprint(os.Getpid())
	n := 0
	for _, e := range entries {
		data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces, so split after ")".
		s := string(data)
		if i := strings.LastIndexByte(s, ')'); i >= 0 {
			sc := bufio.NewScanner(strings.NewReader(s[i+1:]))
			sc.Split(bufio.ScanWords)
			fields := []string{}
			for sc.Scan() && len(fields) < 2 {
				fields = append(fields, sc.Text())
			}
			if len(fields) == 2 && fields[1] == self && fields[0] != "Z" {
				n++
			}
		}
	}
	return n, true
}
