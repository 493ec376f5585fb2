package skills

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tscg/tscg/runtime"
)

type cityArgs struct {
	City string `json:"city"`
}

func testRegistry(t *testing.T, set *Set) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry()
	for _, n := range []string{"forecast", "alerts", "clock"} {
		tool, err := runtime.Func(n, n+" tool", func(ctx context.Context, in cityArgs) (string, error) { return n + ":" + in.City, nil })
		must(t, err)
		must(t, reg.Register(tool))
	}
	lt, err := Tool(set)
	must(t, err)
	must(t, reg.Register(lt))
	return reg
}

func testSet(t *testing.T) *Set {
	sk1, err := Parse("weather/SKILL.md", []byte(weatherMD))
	must(t, err)
	sk2 := &Skill{Name: "storms", Description: "Severe weather.", Tools: []string{"warnings"}, Body: "storm body"}
	return NewSet(sk1, sk2)
}

func TestDirective(t *testing.T) {
	cases := []struct {
		msg, name, task string
		ok              bool
	}{
		{"/weather what about Paris?", "weather", "what about Paris?", true},
		{"/weather", "weather", "", true},
		{"/weather\n\tline two", "weather", "line two", true},
		{"/etc/hosts is broken", "", "/etc/hosts is broken", false},
		{"/Weather x", "", "/Weather x", false},
		{" /weather x", "", " /weather x", false},
		{"please /weather", "", "please /weather", false},
		{"/../x y", "", "/../x y", false},
	}
	for _, c := range cases {
		name, task, ok := ParseDirective(c.msg)
		if name != c.name || task != c.task || ok != c.ok {
			t.Errorf("ParseDirective(%q) = %q, %q, %v; want %q, %q, %v", c.msg, name, task, ok, c.name, c.task, c.ok)
		}
	}
}

// TestActiveToolsPerRound follows one conversation: the tools sent each
// round are the always-on ones plus those of loaded skills.
func TestActiveToolsPerRound(t *testing.T) {
	set := testSet(t)
	reg := testRegistry(t, set)
	sess := NewSession(Config{Set: set, Registry: reg, Groups: map[string][]string{"warnings": {"alerts"}}})
	ctx := NewContext(context.Background(), sess)

	if got := strings.Join(sess.ActiveTools(), ","); got != "clock,load_skill" {
		t.Errorf("round 1 tools = %s", got)
	}
	if err := sess.Allowed("forecast"); err == nil || !strings.Contains(err.Error(), `call load_skill with name "weather"`) {
		t.Errorf("Allowed(forecast) before loading = %v", err)
	}
	res := reg.Dispatch(ctx, runtime.Call{Name: LoadSkill, Arguments: json.RawMessage(`{"name":"weather"}`)})
	if res.IsError || !strings.Contains(res.Content, "Call forecast with the city name.") || !strings.Contains(res.Content, "Tools now available: forecast.") {
		t.Fatalf("load_skill = %+v", res)
	}
	if got := strings.Join(sess.ActiveTools(), ","); got != "clock,forecast,load_skill" {
		t.Errorf("round 2 tools = %s", got)
	}
	if err := sess.Allowed("forecast"); err != nil {
		t.Errorf("Allowed(forecast) after loading = %v", err)
	}
	// A group entry unlocks the group's tools.
	task, sk, err := sess.Prepare("/storms any warnings for Lyon?")
	if err != nil || sk.Name != "storms" || task != "any warnings for Lyon?" {
		t.Fatalf("Prepare = %q, %v, %v", task, sk, err)
	}
	if got := strings.Join(sess.ActiveTools(), ","); got != "alerts,clock,forecast,load_skill" {
		t.Errorf("round 3 tools = %s", got)
	}
	if got := strings.Join(sess.Loaded(), ","); got != "weather,storms" {
		t.Errorf("loaded = %s", got)
	}
	prompt := sess.SystemPrompt("You are helpful.")
	for _, want := range []string{"You are helpful.\n\n## Skills", "- storms: Severe weather.", "- weather: Forecasts", "## Active skill: storms\n\nstorm body"} {
		if !strings.Contains(prompt, want) {
			t.Errorf("system prompt lacks %q:\n%s", want, prompt)
		}
	}
	if strings.Contains(prompt, "Call forecast with the city name.") {
		t.Error("a skill loaded by load_skill should not be copied into the system prompt")
	}
	// A fresh conversation starts with nothing loaded.
	if got := strings.Join(NewSession(Config{Set: set, Registry: reg}).ActiveTools(), ","); got != "alerts,clock,load_skill" {
		t.Errorf("new session tools = %s (without the group, alerts is not unlocked by any skill)", got)
	}
}

func TestLoadSkillErrors(t *testing.T) {
	set := testSet(t)
	reg := testRegistry(t, set)
	sess := NewSession(Config{Set: set, Registry: reg})
	res := reg.Dispatch(NewContext(context.Background(), sess), runtime.Call{Name: LoadSkill, Arguments: json.RawMessage(`{"name":"wether"}`)})
	if !res.IsError || !strings.Contains(res.Content, "available: storms, weather") {
		t.Errorf("unknown skill = %+v", res)
	}
	if _, _, err := sess.Prepare("/nope do it"); err == nil {
		t.Error("Prepare with an unknown skill should fail")
	}
	// Without a session in the context the body is still returned.
	res = reg.Dispatch(context.Background(), runtime.Call{Name: LoadSkill, Arguments: json.RawMessage(`{"name":"storms"}`)})
	if res.IsError || !strings.HasPrefix(res.Content, "storm body") {
		t.Errorf("no session = %+v", res)
	}
}

func TestLint(t *testing.T) {
	sk, err := Parse("b/weather/SKILL.md", []byte(weatherMD))
	must(t, err)
	sk.Source = Builtin
	dup := &Skill{Name: "weather", Description: "dup", Path: "u/weather/SKILL.md", Source: User, Lines: map[string]int{"name": 2}}
	long := &Skill{Name: "long", Path: "u/long/SKILL.md", Body: strings.Repeat("word ", 100), Tools: []string{"nothing"},
		Lines: map[string]int{"body": 6, "tools": 4}}
	fs := Lint([]*Skill{sk, dup, long}, LintOptions{
		KnownTool:     func(n string) bool { return n == "forecast" },
		MaxBodyTokens: 50,
	})
	var got []string
	for _, f := range fs {
		got = append(got, f.String())
	}
	want := []string{
		`u/long/SKILL.md:1: skill "long" has no description: the catalog line is all the model sees before loading it [skill-missing-description]`,
		`u/long/SKILL.md:4: skill "long" unlocks "nothing", which names no known tool or tool group [skill-unknown-tool]`,
		`u/long/SKILL.md:6: skill "long" body is 125 tokens, over the budget of 50: split it or move detail into tool descriptions [skill-body-too-long]`,
		`u/weather/SKILL.md:2: skill name "weather" is also used by b/weather/SKILL.md; the built-in one wins, rename one of them [skill-duplicate-name]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestUnlock is serve --tool-search's half of the gate: a search unlocks
// single tools, the refusal before it names the search tool, and a
// skill's tools still need the skill or a search.
func TestUnlock(t *testing.T) {
	set := testSet(t)
	reg := testRegistry(t, set)
	sess := NewSession(Config{Set: set, Registry: reg, Always: []string{LoadSkill, "search_tools"}, Search: "search_tools"})
	if got := strings.Join(sess.ActiveTools(), ","); got != "load_skill" {
		t.Errorf("tools before a search = %s", got)
	}
	if err := sess.Allowed("clock"); err == nil || !strings.Contains(err.Error(), "call search_tools with a query") {
		t.Errorf("Allowed(clock) before a search = %v", err)
	}
	if err := sess.Allowed("forecast"); err == nil || !strings.Contains(err.Error(), `call load_skill with name "weather", or search_tools`) {
		t.Errorf("Allowed(forecast) before a search = %v", err)
	}
	if got := sess.Unlock("clock", "nosuch", "load_skill", "clock"); len(got) != 1 || got[0] != "clock" {
		t.Errorf("Unlock = %v, want only clock newly active", got)
	}
	if err := sess.Allowed("clock"); err != nil {
		t.Errorf("Allowed(clock) after Unlock = %v", err)
	}
	if got := strings.Join(sess.ActiveTools(), ","); got != "clock,load_skill" {
		t.Errorf("tools after Unlock = %s", got)
	}
	if got := strings.Join(sess.Unlocked(), ","); got != "clock" {
		t.Errorf("Unlocked = %s", got)
	}
}

// TestSearchTool calls search_tools through the registry: it answers
// with the finder's signatures, unlocks them in the session, bounds the
// limit, and says so when nothing matches.
func TestSearchTool(t *testing.T) {
	set := testSet(t)
	reg := testRegistry(t, set)
	var gotLimit int
	st, err := SearchTool(func(q string, limit int) Found {
		gotLimit = limit
		if q == "nothing" {
			return Found{}
		}
		return Found{Names: []string{"clock"}, Signatures: "clock(city: string) -> string  # The time.\n"}
	})
	must(t, err)
	must(t, reg.Register(st))
	sess := NewSession(Config{Set: set, Registry: reg, Always: []string{LoadSkill, SearchTools}, Search: SearchTools})
	ctx := NewContext(context.Background(), sess)
	if got := strings.Join(sess.ActiveTools(), ","); got != "load_skill,search_tools" {
		t.Errorf("tools before a search = %s", got)
	}
	res := reg.Dispatch(ctx, runtime.Call{Name: "clock", Arguments: json.RawMessage(`{"city":"Oslo"}`)})
	if !res.IsError || !strings.Contains(res.Content, "call search_tools") {
		t.Errorf("clock before a search = %+v", res)
	}
	if res := reg.Dispatch(ctx, runtime.Call{Name: SearchTools, Arguments: json.RawMessage(`{"query":"what time is it","limit":99}`)}); !res.IsError || !strings.Contains(res.Content, "/limit") {
		t.Errorf("limit 99 was not refused: %+v", res)
	}
	res = reg.Dispatch(ctx, runtime.Call{Name: SearchTools, Arguments: json.RawMessage(`{"query":"what time is it","limit":20}`)})
	if res.IsError || !strings.Contains(res.Content, "1 tool matches \"what time is it\" (clock); it is callable now") || !strings.Contains(res.Content, "clock(city: string)") {
		t.Fatalf("search_tools = %+v", res)
	}
	if res.IsError || gotLimit != MaxSearchLimit {
		t.Errorf("limit 20 reached the finder as %d, want %d", gotLimit, MaxSearchLimit)
	}
	if res := reg.Dispatch(ctx, runtime.Call{Name: "clock", Arguments: json.RawMessage(`{"city":"Oslo"}`)}); res.IsError || res.Content != "clock:Oslo" {
		t.Errorf("clock after the search = %+v", res)
	}
	res = reg.Dispatch(ctx, runtime.Call{Name: SearchTools, Arguments: json.RawMessage(`{"query":"nothing"}`)})
	if res.IsError || !strings.Contains(res.Content, "No tool matches") || gotLimit != DefaultSearchLimit {
		t.Errorf("empty search = %+v (limit %d)", res, gotLimit)
	}
	res = reg.Dispatch(ctx, runtime.Call{Name: SearchTools, Arguments: json.RawMessage(`{"query":""}`)})
	if !res.IsError {
		t.Errorf("an empty query was accepted: %+v", res)
	}
}
