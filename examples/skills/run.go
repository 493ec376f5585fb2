package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/tscg/tscg/internal/tokens"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/agent"
	"github.com/tscg/tscg/runtime/skills"
)

const system = "You are a helpful assistant. Answer briefly."

type cityDays struct {
	City string `json:"city" description:"City and country, e.g. \"Lisbon, Portugal\"." jsonschema:"minLength=2"`
	Days int    `json:"days,omitempty" description:"Number of days, 1 to 7." jsonschema:"minimum=1,maximum=7"`
}

type city struct {
	City string `json:"city" description:"City and country." jsonschema:"minLength=2"`
}

type readArgs struct {
	Path   string `json:"path" description:"Path relative to the workspace."`
	Offset int    `json:"offset,omitempty" description:"First line, 1-based." jsonschema:"minimum=1"`
	Limit  int    `json:"limit,omitempty" description:"Lines to read, at most 500." jsonschema:"minimum=1,maximum=500"`
}

type writeArgs struct {
	Path    string `json:"path" description:"Path relative to the workspace."`
	Content string `json:"content" description:"The file's whole new content."`
}

type searchArgs struct {
	Pattern string `json:"pattern" description:"Regular expression."`
	Path    string `json:"path,omitempty" description:"Directory to search, default the workspace."`
}

type convertArgs struct {
	Amount float64 `json:"amount" description:"Amount to convert."`
	From   string  `json:"from" description:"ISO 4217 code of the amount's currency." jsonschema:"pattern=^[A-Z]{3}$"`
	To     string  `json:"to" description:"ISO 4217 code to convert to." jsonschema:"pattern=^[A-Z]{3}$"`
}

type none struct{}

// groups are the tool groups the skills' tools entries name.
var groups = map[string][]string{
	"weather": {"forecast", "air_quality"},
	"files":   {"read_file", "write_file", "search_files"},
}

func register(reg *runtime.Registry, set *skills.Set) error {
	var tools []runtime.Tool
	add := func(t runtime.Tool, err error) {
		if err == nil {
			tools = append(tools, t)
		}
	}
	add(runtime.Func("forecast", "Daily weather forecast for a city.", func(ctx context.Context, in cityDays) (string, error) {
		return fmt.Sprintf("%s: 24°C, sunny, no rain expected", in.City), nil
	}))
	add(runtime.Func("air_quality", "Current air quality index of a city.", func(ctx context.Context, in city) (string, error) {
		return "AQI 31 (good)", nil
	}))
	add(runtime.Func("read_file", "Read lines of a file.", func(ctx context.Context, in readArgs) (string, error) { return "", nil }))
	add(runtime.Func("write_file", "Replace a file's content.", func(ctx context.Context, in writeArgs) (string, error) { return "ok", nil }))
	add(runtime.Func("search_files", "Search files with a regular expression.", func(ctx context.Context, in searchArgs) (string, error) { return "", nil }))
	add(runtime.Func("convert_currency", "Convert an amount between currencies.", func(ctx context.Context, in convertArgs) (string, error) { return "", nil }))
	add(runtime.Func("get_time", "The current date and time.", func(ctx context.Context, in none) (string, error) {
		return "2025-06-01T09:00:00Z", nil
	}))
	add(skills.Tool(set))
	if len(tools) != 8 {
		return fmt.Errorf("building the tools failed")
	}
	for _, t := range tools {
		if err := reg.Register(t); err != nil {
			return err
		}
	}
	return nil
}

// scripted is the model: it loads the weather skill, calls forecast, and
// answers. It records every request, for the token counts.
type scripted struct{ reqs []agent.Request }

func (m *scripted) Stream(ctx context.Context, req agent.Request) iter.Seq2[agent.Delta, error] {
	m.reqs = append(m.reqs, req)
	step := len(m.reqs) - 1
	return func(yield func(agent.Delta, error) bool) {
		switch step {
		case 0:
			yield(agent.Delta{ToolCall: &runtime.Call{ID: "c1", Name: "load_skill", Arguments: json.RawMessage(`{"name":"weather"}`)}}, nil)
		case 1:
			yield(agent.Delta{ToolCall: &runtime.Call{ID: "c2", Name: "forecast", Arguments: json.RawMessage(`{"city":"Lisbon, Portugal","days":1}`)}}, nil)
		default:
			for _, w := range []string{"Tomorrow in Lisbon: ", "24°C and sunny, ", "no rain."} {
				if !yield(agent.Delta{Text: w}, nil) {
					return
				}
			}
		}
	}
}

func run(ctx context.Context, w io.Writer, userDir string) error {
	store, err := skills.NewStore(builtin(), userDir)
	if err != nil {
		return err
	}
	defer store.Close()
	if _, err := store.Create("trip-budget", []byte(userSkill)); err != nil {
		return err
	}
	set, problems := store.Load()
	for _, p := range problems {
		return p
	}
	fmt.Fprintln(w, "== skills")
	for _, sk := range set.All() {
		fmt.Fprintf(w, "%-12s %-8s tools: %s\n", sk.Name, sk.Source, strings.Join(sk.Tools, ", "))
	}
	reg := runtime.NewRegistry()
	if err := register(reg, set); err != nil {
		return err
	}
	sess := skills.NewSession(skills.Config{Set: set, Registry: reg, Groups: groups})
	fmt.Fprintf(w, "\n== system prompt\n%s\n", sess.SystemPrompt(system))

	model := &scripted{}
	a := &agent.Agent{Model: model, Registry: reg, System: system, MaxSteps: 6}
	fmt.Fprintln(w, "\n== conversation")
	fmt.Fprintln(w, "user: Will it rain in Lisbon tomorrow?")
	for e := range a.Run(ctx, nil, "Will it rain in Lisbon tomorrow?", sess) {
		printEvent(w, e)
	}
	return report(w, model.reqs, set, reg)
}

func printEvent(w io.Writer, e agent.Event) {
	switch e.Type {
	case agent.EventText:
		fmt.Fprintf(w, "[%d] text %q\n", e.Step, e.Text)
	case agent.EventToolCall:
		fmt.Fprintf(w, "[%d] call %s %s\n", e.Step, e.Call.Name, e.Call.Arguments)
	case agent.EventToolResult:
		first, _, _ := strings.Cut(e.Result.Content, "\n")
		fmt.Fprintf(w, "[%d] result %s: %s\n", e.Step, e.Call.Name, first)
	case agent.EventDone:
		fmt.Fprintf(w, "[%d] done\n", e.Step)
	case agent.EventError:
		fmt.Fprintf(w, "[%d] error: %v\n", e.Step, e.Err)
	}
}

// report counts, per round, the system prompt plus the tool list as sent
// (OpenAI Chat tools JSON), against what the same round costs without
// progressive disclosure: every skill body in the system prompt and every
// tool (except load_skill) in the list.
func report(w io.Writer, reqs []agent.Request, set *skills.Set, reg *runtime.Registry) error {
	var all []string
	for _, n := range reg.Names() {
		if n != skills.LoadSkill {
			all = append(all, n)
		}
	}
	full := system
	for _, sk := range set.All() {
		full += "\n\n## Skill: " + sk.Name + "\n\n" + strings.TrimSpace(sk.Body)
	}
	fullTokens, err := count(full, agent.Defs(reg, all))
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== tokens per round (o200k_base): system prompt + tool list")
	fmt.Fprintf(w, "%-6s %-42s %11s %13s %10s\n", "round", "tools sent", "progressive", "+loaded body", "everything")
	var sumPD, sumBody, sumAll int
	for i, req := range reqs {
		n, err := count(req.Messages[0].Content, req.Tools)
		if err != nil {
			return err
		}
		var names []string
		for _, t := range req.Tools {
			names = append(names, t.Name)
		}
		body, err := loadedBodies(req.Messages)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%-6d %-42s %11d %13d %10d\n", i, strings.Join(names, ","), n, n+body, fullTokens)
		sumPD += n
		sumBody += n + body
		sumAll += fullTokens
	}
	fmt.Fprintf(w, "%-6s %-42s %11d %13d %10d\n", "total", "", sumPD, sumBody, sumAll)
	fmt.Fprintf(w, "saved: %d%% (%d%% counting the loaded skill body in the history)\n", 100-100*sumPD/sumAll, 100-100*sumBody/sumAll)
	return nil
}

// loadedBodies counts the load_skill results in the history: the price
// of a loaded skill, paid in later rounds as conversation, not as prompt.
func loadedBodies(msgs []agent.Message) (int, error) {
	total := 0
	for _, m := range msgs {
		if m.Role == agent.RoleTool && m.Name == skills.LoadSkill {
			n, err := tokens.Count(tokens.O200kBase, m.Content)
			if err != nil {
				return 0, err
			}
			total += n
		}
	}
	return total, nil
}

func count(system string, tools []agent.ToolDef) (int, error) {
	type fn struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
	}
	type tool struct {
		Type     string `json:"type"`
		Function fn     `json:"function"`
	}
	var list []tool
	for _, t := range tools {
		list = append(list, tool{"function", fn{t.Name, t.Description, t.Parameters}})
	}
	data, err := json.Marshal(list)
	if err != nil {
		return 0, err
	}
	return tokens.Count(tokens.O200kBase, system+"\n"+string(data))
}
