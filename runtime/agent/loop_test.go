package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/skills"
)

// chatServer is a local OpenAI-compatible Chat Completions server: each
// request gets the SSE chunks its script returns for the request number
// and the decoded request body.
type chatServer struct {
	t      *testing.T
	script func(n int, req map[string]any) []string
	mu     sync.Mutex
	reqs   []map[string]any
}

func (s *chatServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var req map[string]any
	if err := json.Unmarshal(body, &req); err != nil || req["stream"] != true {
		http.Error(w, "want a streaming JSON request", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	n := len(s.reqs)
	s.reqs = append(s.reqs, req)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	for _, c := range s.script(n, req) {
		fmt.Fprintf(w, "data: %s\n\n", c)
		w.(http.Flusher).Flush()
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

func (s *chatServer) requests() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.reqs...)
}

func chunk(delta string, finish string) string {
	f := "null"
	if finish != "" {
		f = `"` + finish + `"`
	}
	return `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"test","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + f + `}]}`
}

func text(s string) string { return chunk(`{"role":"assistant","content":`+quote(s)+`}`, "") }

func callStart(idx int, id, name string) string {
	return chunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"id":%q,"type":"function","function":{"name":%q,"arguments":""}}]}`, idx, id, name), "")
}

func callArgs(idx int, frag string) string {
	return chunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"function":{"arguments":%s}}]}`, idx, quote(frag)), "")
}

func finish(reason string) string { return chunk(`{}`, reason) }

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

type cityArgs struct {
	City string `json:"city" jsonschema:"minLength=1"`
}

func newRegistry(t *testing.T, fns map[string]func(ctx context.Context, in cityArgs) (string, error)) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry()
	for name, fn := range fns {
		tool, err := runtime.Func(name, "The "+name+" for a city.", fn)
		if err != nil {
			t.Fatal(err)
		}
		if err := reg.Register(tool); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

func forecast(ctx context.Context, in cityArgs) (string, error) { return "sunny in " + in.City, nil }

func setup(t *testing.T, script func(n int, req map[string]any) []string, reg *runtime.Registry, maxSteps int) (*Agent, *chatServer) {
	srv := &chatServer{t: t, script: script}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	model, err := NewModel(ClientConfig{BaseURL: ts.URL + "/v1", Model: "test", HTTPClient: ts.Client()})
	if err != nil {
		t.Fatal(err)
	}
	return &Agent{Model: model, Registry: reg, System: "You are a test.", MaxSteps: maxSteps}, srv
}

func collect(t *testing.T, a *Agent, user string, sess *skills.Session) []Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var evs []Event
	for e := range a.Run(ctx, nil, user, sess) {
		evs = append(evs, e)
	}
	return evs
}

// transcript renders events one a line, for comparisons.
func transcript(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		switch e.Type {
		case EventText:
			fmt.Fprintf(&b, "%d text %q\n", e.Step, e.Text)
		case EventToolCall:
			fmt.Fprintf(&b, "%d call %s %s %s\n", e.Step, e.Call.ID, e.Call.Name, e.Call.Arguments)
		case EventToolResult:
			fmt.Fprintf(&b, "%d result %s error=%v %q\n", e.Step, e.Call.ID, e.Result.IsError, e.Result.Content)
		case EventDone:
			fmt.Fprintf(&b, "%d done\n", e.Step)
		case EventError:
			fmt.Fprintf(&b, "%d error %v\n", e.Step, e.Err)
		}
	}
	return b.String()
}

func check(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
	}
}

func TestStreamingText(t *testing.T) {
	a, srv := setup(t, func(n int, _ map[string]any) []string {
		return []string{text("Hel"), text("lo, "), text("world."), finish("stop")}
	}, nil, 4)
	evs := collect(t, a, "hi", nil)
	check(t, transcript(evs), "0 text \"Hel\"\n0 text \"lo, \"\n0 text \"world.\"\n0 done\n")
	last := evs[len(evs)-1].Messages
	if got := last[len(last)-1]; got.Role != RoleAssistant || got.Content != "Hello, world." {
		t.Errorf("final message = %+v", got)
	}
	msgs := srv.requests()[0]["messages"].([]any)
	if msgs[0].(map[string]any)["content"] != "You are a test." || msgs[1].(map[string]any)["content"] != "hi" {
		t.Errorf("request messages = %v", msgs)
	}
}

func TestToolCallArgumentsInChunks(t *testing.T) {
	reg := newRegistry(t, map[string]func(context.Context, cityArgs) (string, error){"forecast": forecast})
	a, srv := setup(t, func(n int, _ map[string]any) []string {
		if n == 0 {
			return []string{text("Let me look. "), callStart(0, "call_a", "forecast"),
				callArgs(0, `{"ci`), callArgs(0, `ty": "Pa`), callArgs(0, `ris"}`), finish("tool_calls")}
		}
		return []string{text("It is sunny."), finish("stop")}
	}, reg, 4)
	check(t, transcript(collect(t, a, "weather in Paris?", nil)),
		"0 text \"Let me look. \"\n"+
			"0 call call_a forecast {\"city\": \"Paris\"}\n"+
			"0 result call_a error=false \"sunny in Paris\"\n"+
			"1 text \"It is sunny.\"\n1 done\n")
	reqs := srv.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	msgs, _ := json.Marshal(reqs[1]["messages"])
	for _, want := range []string{
		`"tool_calls":[{"function":{"arguments":"{\"city\": \"Paris\"}","name":"forecast"},"id":"call_a","type":"function"}]`,
		`{"content":"sunny in Paris","role":"tool","tool_call_id":"call_a"}`,
	} {
		if !strings.Contains(string(msgs), want) {
			t.Errorf("second request lacks %s:\n%s", want, msgs)
		}
	}
	tools, _ := json.Marshal(reqs[0]["tools"])
	if !strings.Contains(string(tools), `"name":"forecast"`) || !strings.Contains(string(tools), `"minLength":1`) {
		t.Errorf("tools sent = %s", tools)
	}
}

// TestParallelToolCalls has the two handlers wait for each other: they
// only both finish if the loop runs them at the same time.
func TestParallelToolCalls(t *testing.T) {
	var barrier sync.WaitGroup
	barrier.Add(2)
	meet := func(name string) func(ctx context.Context, in cityArgs) (string, error) {
		return func(ctx context.Context, in cityArgs) (string, error) {
			barrier.Done()
			done := make(chan struct{})
			go func() { barrier.Wait(); close(done) }()
			select {
			case <-done:
				return name + " " + in.City, nil
			case <-time.After(10 * time.Second):
				return "", errors.New("the other call never ran concurrently")
			}
		}
	}
	reg := newRegistry(t, map[string]func(context.Context, cityArgs) (string, error){"forecast": meet("forecast"), "alerts": meet("alerts")})
	a, _ := setup(t, func(n int, _ map[string]any) []string {
		if n == 0 {
			return []string{callStart(0, "c1", "forecast"), callStart(1, "c2", "alerts"),
				callArgs(1, `{"city":`), callArgs(0, `{"city":"Oslo"}`), callArgs(1, `"Rome"}`), finish("tool_calls")}
		}
		return []string{text("done"), finish("stop")}
	}, reg, 4)
	check(t, transcript(collect(t, a, "both", nil)),
		"0 call c1 forecast {\"city\":\"Oslo\"}\n0 call c2 alerts {\"city\":\"Rome\"}\n"+
			"0 result c1 error=false \"forecast Oslo\"\n0 result c2 error=false \"alerts Rome\"\n"+
			"1 text \"done\"\n1 done\n")
}

// TestInvalidCallCorrected: the model sends a number for a string, reads
// the validation error in the tool message, and corrects the call.
func TestInvalidCallCorrected(t *testing.T) {
	reg := newRegistry(t, map[string]func(context.Context, cityArgs) (string, error){"forecast": forecast})
	a, _ := setup(t, func(n int, req map[string]any) []string {
		switch n {
		case 0:
			return []string{callStart(0, "c1", "forecast"), callArgs(0, `{"city": 42}`), finish("tool_calls")}
		case 1:
			msgs := req["messages"].([]any)
			last := msgs[len(msgs)-1].(map[string]any)
			if !strings.Contains(last["content"].(string), "/city: expected a string") {
				return []string{text("no error was shown"), finish("stop")}
			}
			return []string{callStart(0, "c2", "forecast"), callArgs(0, `{"city": "Lima"}`), finish("tool_calls")}
		}
		return []string{text("Sunny in Lima."), finish("stop")}
	}, reg, 5)
	got := transcript(collect(t, a, "Lima?", nil))
	if !strings.Contains(got, "0 result c1 error=true") || !strings.Contains(got, "1 result c2 error=false \"sunny in Lima\"") || !strings.HasSuffix(got, "2 text \"Sunny in Lima.\"\n2 done\n") {
		t.Errorf("transcript:\n%s", got)
	}
}

func TestMaxSteps(t *testing.T) {
	reg := newRegistry(t, map[string]func(context.Context, cityArgs) (string, error){"forecast": forecast})
	a, srv := setup(t, func(n int, _ map[string]any) []string {
		return []string{callStart(0, fmt.Sprintf("c%d", n), "forecast"), callArgs(0, `{"city":"X"}`), finish("tool_calls")}
	}, reg, 3)
	evs := collect(t, a, "loop", nil)
	last := evs[len(evs)-1]
	if last.Type != EventError || !errors.Is(last.Err, ErrMaxSteps) {
		t.Fatalf("last event = %+v", last)
	}
	if n := len(srv.requests()); n != 3 {
		t.Errorf("%d model rounds, want 3", n)
	}
}

// TestSkillsRounds checks what is sent each round with a skills session:
// the catalog in the system prompt, only active tools, and the skill's
// tool after load_skill.
func TestSkillsRounds(t *testing.T) {
	reg := newRegistry(t, map[string]func(context.Context, cityArgs) (string, error){"forecast": forecast})
	set := skills.NewSet(&skills.Skill{Name: "weather", Description: "Forecasts.", Tools: []string{"forecast"}, Body: "Use forecast."})
	lt, err := skills.Tool(set)
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.Register(lt); err != nil {
		t.Fatal(err)
	}
	a, srv := setup(t, func(n int, _ map[string]any) []string {
		switch n {
		case 0:
			return []string{callStart(0, "c1", "forecast"), callArgs(0, `{"city":"Oslo"}`), finish("tool_calls")}
		case 1:
			return []string{callStart(0, "c2", "load_skill"), callArgs(0, `{"name":"weather"}`), finish("tool_calls")}
		case 2:
			return []string{callStart(0, "c3", "forecast"), callArgs(0, `{"city":"Oslo"}`), finish("tool_calls")}
		}
		return []string{text("ok"), finish("stop")}
	}, reg, 6)
	got := transcript(collect(t, a, "Oslo?", skills.NewSession(skills.Config{Set: set, Registry: reg})))
	if !strings.Contains(got, `0 result c1 error=true "tool \"forecast\" is not available yet: call load_skill with name \"weather\" first"`) ||
		!strings.Contains(got, `2 result c3 error=false "sunny in Oslo"`) {
		t.Errorf("transcript:\n%s", got)
	}
	var rounds []string
	for _, req := range srv.requests() {
		var names []string
		for _, tool := range req["tools"].([]any) {
			names = append(names, tool.(map[string]any)["function"].(map[string]any)["name"].(string))
		}
		rounds = append(rounds, strings.Join(names, ","))
	}
	if strings.Join(rounds, " | ") != "load_skill | load_skill | forecast,load_skill | forecast,load_skill" {
		t.Errorf("tools per round = %q", rounds)
	}
	sys := srv.requests()[0]["messages"].([]any)[0].(map[string]any)["content"].(string)
	if !strings.Contains(sys, "- weather: Forecasts.") || strings.Contains(sys, "Use forecast.") {
		t.Errorf("system prompt = %q", sys)
	}
}

func TestSkillDirective(t *testing.T) {
	reg := newRegistry(t, map[string]func(context.Context, cityArgs) (string, error){"forecast": forecast})
	set := skills.NewSet(&skills.Skill{Name: "weather", Description: "Forecasts.", Tools: []string{"forecast"}, Body: "Use forecast."})
	a, srv := setup(t, func(n int, _ map[string]any) []string { return []string{text("ok"), finish("stop")} }, reg, 2)
	collect(t, a, "/weather Oslo?", skills.NewSession(skills.Config{Set: set, Registry: reg}))
	req := srv.requests()[0]
	msgs := req["messages"].([]any)
	if sys := msgs[0].(map[string]any)["content"].(string); !strings.Contains(sys, "## Active skill: weather\n\nUse forecast.") {
		t.Errorf("system prompt = %q", sys)
	}
	if user := msgs[1].(map[string]any)["content"]; user != "Oslo?" {
		t.Errorf("user message = %q", user)
	}
	if tools, _ := json.Marshal(req["tools"]); !strings.Contains(string(tools), `"forecast"`) {
		t.Errorf("tools = %s", tools)
	}
	evs := collect(t, a, "/nosuch x", skills.NewSession(skills.Config{Set: set, Registry: reg}))
	if len(evs) != 1 || evs[0].Type != EventError || !errors.Is(evs[0].Err, skills.ErrNotFound) {
		t.Errorf("unknown directive events = %s", transcript(evs))
	}
}
