package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/agent"
	"github.com/tscg/tscg/runtime/agent/agenttest"
	"github.com/tscg/tscg/runtime/skills"
)

var providers = []string{agent.ProviderChat, agent.ProviderResponses, agent.ProviderAnthropic}

type cityArgs struct {
	City string `json:"city" jsonschema:"minLength=1"`
}

func registry(t *testing.T) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry()
	tool, err := runtime.Func("forecast", "The forecast for a city.", func(ctx context.Context, in cityArgs) (string, error) {
		return "sunny in " + in.City, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.Register(tool); err != nil {
		t.Fatal(err)
	}
	return reg
}

func model(t *testing.T, fake *agenttest.Server, provider string, mod func(*agent.ClientConfig)) agent.Model {
	t.Helper()
	cfg := agent.ClientConfig{Provider: provider, BaseURL: fake.BaseURL(provider), Model: "fake-1", APIKey: "k", RetryBase: time.Millisecond}
	if mod != nil {
		mod(&cfg)
	}
	m, err := agent.NewModel(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func run(t *testing.T, a *agent.Agent, user string, sess *skills.Session) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var b strings.Builder
	text := ""
	for e := range a.Run(ctx, nil, user, sess) {
		if e.Type != agent.EventText && text != "" {
			fmt.Fprintf(&b, "text %q\n", text)
			text = ""
		}
		switch e.Type {
		case agent.EventText:
			text += e.Text
		case agent.EventToolCall:
			fmt.Fprintf(&b, "call %s %s\n", e.Call.Name, e.Call.Arguments)
		case agent.EventToolResult:
			fmt.Fprintf(&b, "result error=%v %q\n", e.Result.IsError, e.Result.Content)
		case agent.EventSkill:
			fmt.Fprintf(&b, "skill %s\n", e.Text)
		case agent.EventUsage:
			fmt.Fprintf(&b, "usage %d+%d total %d\n", e.Usage.InputTokens, e.Usage.OutputTokens, e.Total.Total())
		case agent.EventDone:
			fmt.Fprintf(&b, "done %d\n", e.Total.Total())
		case agent.EventError:
			fmt.Fprintf(&b, "error %v\n", e.Err)
		}
	}
	return b.String()
}

// TestProvidersLoop runs the same conversation through each client: the
// text streams in pieces, the tool call's arguments arrive in fragments,
// the result goes back, and each round's usage is counted.
func TestProvidersLoop(t *testing.T) {
	for _, p := range providers {
		t.Run(p, func(t *testing.T) {
			fake := agenttest.New(nil)
			defer fake.Close()
			temp := 0.25
			a := &agent.Agent{Model: model(t, fake, p, func(c *agent.ClientConfig) { c.Temperature = &temp }), Registry: registry(t), System: "Be brief."}
			got := run(t, a, `call forecast with {"city":"Oslo"}`, nil)
			reqs := fake.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests:\n%s", len(reqs), got)
			}
			u0, u1 := (len(reqs[0].Body)+3)/4, (len(reqs[1].Body)+3)/4
			// output tokens: ("Calling forecast." + "forecast" + {"city":"Oslo"})/4, then 28/4
			want := fmt.Sprintf("text %q\nusage %d+%d total %d\ncall forecast {\"city\":\"Oslo\"}\nresult error=false \"sunny in Oslo\"\n"+
				"text %q\nusage %d+%d total %d\ndone %d\n",
				"Calling forecast.", u0, 10, u0+10, "forecast said: sunny in Oslo", u1, 7, u0+10+u1+7, u0+10+u1+7)
			if got != want {
				t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
			}
			r := reqs[1]
			if r.System != "Be brief." || r.Temperature == nil || *r.Temperature != 0.25 || r.Model != "fake-1" {
				t.Errorf("second request: system %q temperature %v model %q", r.System, r.Temperature, r.Model)
			}
			if len(r.Tools) != 1 || r.Tools[0].Name != "forecast" || !strings.Contains(string(r.Tools[0].Parameters), `"minLength":1`) {
				t.Errorf("tools sent: %+v", r.Tools)
			}
			if n := len(r.Messages); n != 3 || r.Messages[1].ToolCalls[0].Name != "forecast" || r.Messages[2].Content != "sunny in Oslo" ||
				r.Messages[2].ToolCallID != r.Messages[1].ToolCalls[0].ID {
				t.Errorf("second request's messages: %+v", r.Messages)
			}
			auth := map[string]string{agent.ProviderChat: "Authorization", agent.ProviderResponses: "Authorization", agent.ProviderAnthropic: "X-Api-Key"}[p]
			if v := r.Header.Get(auth); v != "k" && v != "Bearer k" {
				t.Errorf("%s header = %q", auth, v)
			}
		})
	}
}

// TestRetry429: the first two requests get 429 with Retry-After: 0; the
// third is answered. With one retry only, the error names model.retries.
func TestRetry429(t *testing.T) {
	for _, p := range providers {
		t.Run(p, func(t *testing.T) {
			fake := agenttest.New(nil)
			defer fake.Close()
			fake.FailFirst = 2
			text, _, err := agent.Complete(context.Background(), model(t, fake, p, nil), "sys", "hello", nil)
			if err != nil || text != "You said: hello" || fake.Attempts() != 3 {
				t.Errorf("text %q err %v after %d attempts", text, err, fake.Attempts())
			}
			fake2 := agenttest.New(nil)
			defer fake2.Close()
			fake2.FailFirst = 5
			_, _, err = agent.Complete(context.Background(), model(t, fake2, p, func(c *agent.ClientConfig) { c.Retries = 1 }), "sys", "hello", nil)
			if err == nil || !strings.Contains(err.Error(), "HTTP 429") || !strings.Contains(err.Error(), "raise model.retries") || fake2.Attempts() != 2 {
				t.Errorf("err %v after %d attempts", err, fake2.Attempts())
			}
		})
	}
}

// TestErrorsNameSettings: each failure says which setting to fix.
func TestErrorsNameSettings(t *testing.T) {
	fake := agenttest.New(func(s agenttest.Seen) agenttest.Turn {
		switch s.LastUser() {
		case "401":
			return agenttest.Turn{Status: 401, Text: "invalid api key"}
		case "400":
			return agenttest.Turn{Status: 400, Text: "bad tool schema"}
		}
		return agenttest.Turn{Text: "ok"}
	})
	defer fake.Close()
	cases := []struct {
		user string
		mod  func(*agent.ClientConfig)
		want string
	}{
		{"401", func(c *agent.ClientConfig) { c.APIKeyEnv = "FAKE_KEY" }, "invalid api key (HTTP 401): check the key in $FAKE_KEY (model.apiKeyEnv)"},
		{"400", nil, "(HTTP 400): bad tool schema: check model.model and model.provider"},
		{"x", func(c *agent.ClientConfig) { c.BaseURL += "/nope" }, "(HTTP 404): check model.baseURL and model.model (\"fake-1\")"},
		{"x", func(c *agent.ClientConfig) { c.BaseURL = "http://127.0.0.1:1/v1"; c.Retries = -1 }, "check model.baseURL"},
	}
	for _, c := range cases {
		_, _, err := agent.Complete(context.Background(), model(t, fake, agent.ProviderChat, c.mod), "", c.user, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want …%s…", c.user, err, c.want)
		}
	}
	if _, err := agent.NewModel(agent.ClientConfig{Model: "m", Provider: "gemini"}); err == nil || !strings.Contains(err.Error(), "model.provider") {
		t.Errorf("unknown provider: %v", err)
	}
	if _, err := agent.NewModel(agent.ClientConfig{}); err == nil || !strings.Contains(err.Error(), "model.model is not set") {
		t.Errorf("no model: %v", err)
	}
	t.Setenv("TSCG_TEST_UNSET_KEY", "")
	if _, err := agent.KeyFromEnv("TSCG_TEST_UNSET_KEY", "model"); err == nil || !strings.Contains(err.Error(), "TSCG_TEST_UNSET_KEY (model.apiKeyEnv) is not set") {
		t.Errorf("unset key: %v", err)
	}
}

// TestTimeoutNamesSetting: a server that never answers is cut off by
// model.timeout, and the error says so.
func TestTimeoutNamesSetting(t *testing.T) {
	release := make(chan struct{})
	fake := agenttest.New(func(agenttest.Seen) agenttest.Turn { <-release; return agenttest.Turn{Text: "late"} })
	defer fake.Close()
	defer close(release)
	_, _, err := agent.Complete(context.Background(), model(t, fake, agent.ProviderAnthropic, func(c *agent.ClientConfig) { c.Timeout = 50 * time.Millisecond }), "", "x", nil)
	if err == nil || !strings.Contains(err.Error(), "raise model.timeout") {
		t.Errorf("err = %v", err)
	}
}

// TestAnthropicToolResultsGrouped: two results of one round go back as
// one user message with two tool_result blocks, as the API requires.
func TestAnthropicToolResultsGrouped(t *testing.T) {
	fake := agenttest.New(agenttest.Script(
		agenttest.Turn{Calls: []agenttest.Call{{Name: "forecast", Arguments: `{"city":"A"}`}, {Name: "forecast", Arguments: `{"city":"B"}`}}},
		agenttest.Turn{Text: "both"}))
	defer fake.Close()
	a := &agent.Agent{Model: model(t, fake, agent.ProviderAnthropic, nil), Registry: registry(t)}
	if got := run(t, a, "two", nil); !strings.Contains(got, "text \"both\"") {
		t.Fatalf("transcript:\n%s", got)
	}
	var body struct {
		Messages []struct {
			Role    string            `json:"role"`
			Content []json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(fake.Requests()[1].Body, &body); err != nil {
		t.Fatal(err)
	}
	last := body.Messages[len(body.Messages)-1]
	if len(body.Messages) != 3 || last.Role != "user" || len(last.Content) != 2 || !strings.Contains(string(last.Content[1]), `"tool_result"`) {
		t.Errorf("messages: %s", fake.Requests()[1].Body)
	}
}

// TestSkillEvents: a load_skill call and a /directive both report a skill event.
func TestSkillEvents(t *testing.T) {
	fake := agenttest.New(nil)
	defer fake.Close()
	reg := registry(t)
	set := skills.NewSet(&skills.Skill{Name: "weather", Description: "Forecasts.", Tools: []string{"forecast"}, Body: "Use forecast."})
	lt, _ := skills.Tool(set)
	if err := reg.Register(lt); err != nil {
		t.Fatal(err)
	}
	a := &agent.Agent{Model: model(t, fake, agent.ProviderChat, nil), Registry: reg}
	got := run(t, a, "please load skill weather", skills.NewSession(skills.Config{Set: set, Registry: reg}))
	if !strings.Contains(got, "call load_skill {\"name\":\"weather\"}\n") || !strings.Contains(got, "skill weather\n") {
		t.Errorf("transcript:\n%s", got)
	}
	got = run(t, a, "/weather hi", skills.NewSession(skills.Config{Set: set, Registry: reg}))
	if !strings.HasPrefix(got, "skill weather\ntext \"You said: hi\"") {
		t.Errorf("transcript:\n%s", got)
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{"0": 0, "2": 2 * time.Second, "1.5": 1500 * time.Millisecond,
		"Thu, 01 Jan 2026 00:00:03 GMT": 3 * time.Second, "Wed, 31 Dec 2025 00:00:00 GMT": 0} {
		if d, ok := agent.RetryAfter(v, now); !ok || d != want {
			t.Errorf("RetryAfter(%q) = %v %v, want %v", v, d, ok, want)
		}
	}
	for _, v := range []string{"", "soon", "-1"} {
		if _, ok := agent.RetryAfter(v, now); ok {
			t.Errorf("RetryAfter(%q) accepted", v)
		}
	}
}

func TestSSE(t *testing.T) {
	in := ": comment\nevent: a\ndata: one\ndata: two\n\ndata: {\"x\":1}\r\n\r\nid: 3\nretry: 5\n\nevent: tail\ndata: last"
	var got []string
	for ev, err := range agent.SSE(strings.NewReader(in)) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ev.Event+"|"+ev.Data)
	}
	if want := "a|one\ntwo;|{\"x\":1};tail|last"; strings.Join(got, ";") != want {
		t.Errorf("events %q, want %q", strings.Join(got, ";"), want)
	}
}

func FuzzSSE(f *testing.F) {
	for _, s := range []string{"data: x\n\n", "event: e\ndata: a\ndata: b\n\n", ":c\n\ndata", "data:[DONE]\r\n\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := 0
		for ev, err := range agent.SSE(strings.NewReader(s)) {
			if err != nil {
				return
			}
			if !strings.Contains(s, ev.Data) && !strings.Contains(ev.Data, "\n") {
				t.Fatalf("data %q is not from the input", ev.Data)
			}
			n++
		}
		if n > strings.Count(s, "\n")+1 {
			t.Fatalf("%d events from %d lines", n, strings.Count(s, "\n")+1)
		}
	})
}
