package main

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/tscg/tscg/compiler/tstype"
	"github.com/tscg/tscg/internal/tokens"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/script"
)

// NumFiles is the size of the generated directory.
const NumFiles = 100

const task = "For every file in /data, count its lines and words. Answer with a markdown table."

const system = "You are a helpful assistant. Tools:\n"

// Script is the ToolCallScript the fake model writes in (b).
const Script = `const listing: string = await TOOL_CALL("list_dir", { path: "/data" });
const files = await FORMALIZE<{ filename: string; sizeKB: number }[]>(listing, "{ filename: string; sizeKB: number }[]");
return await Promise.all(files.map(async (f) => {
  const text: string = await TOOL_CALL("read_file", { path: "/data/" + f.filename });
  return {
    file: f.filename,
    lines: text.split("\n").filter((l) => l.length > 0).length,
    words: text.split(/\s+/).filter((w) => w.length > 0).length,
  };
}));`

// Report is the example's measurement.
type Report struct {
	Files  int
	Plain  Cost // (a) tool calls one by one
	Script Cost // (b) one ToolCallScript
	// FormalizeRequests, FormalizeInput and FormalizeOutput are the
	// cheaper model's share of (b).
	FormalizeRequests int
	FormalizeInput    int
	FormalizeOutput   int
	ScriptToolCalls   int
}

// Measure runs both transcripts and checks they reach the same answer.
func Measure() (Report, error) {
	files := generateFiles(NumFiles)
	reg, err := newRegistry(files)
	if err != nil {
		return Report{}, err
	}
	plain, want, err := plainCalling(reg)
	if err != nil {
		return Report{}, fmt.Errorf("(a) plain tool calling: %w", err)
	}
	rep, got, err := scripted(reg)
	if err != nil {
		return Report{}, fmt.Errorf("(b) ToolCallScript: %w", err)
	}
	if table(got) != table(want) {
		return Report{}, fmt.Errorf("the two transcripts disagree:\n%s\nvs\n%s", table(want), table(got))
	}
	rep.Files, rep.Plain = len(want), plain
	return rep, nil
}

// toolsJSON is the tool list as the model receives it.
func toolsJSON(reg *runtime.Registry, names ...string) string {
	var list []map[string]any
	for _, n := range names {
		t := reg.Tool(n)
		list = append(list, map[string]any{"name": t.Name, "description": t.Description, "parameters": t.InputSchema})
	}
	b, _ := json.Marshal(list)
	return string(b)
}

var listingLine = regexp.MustCompile(`(?m)^- (\S+) \| Create on (\S+) \| Size: (\d+)KB$`)

// plainCalling is transcript (a): the model lists the directory, then
// reads each file with its own tool call, so every file's text lands in
// its context, and answers from what it read.
func plainCalling(reg *runtime.Registry) (Cost, []counts, error) {
	var t transcript
	ctx := context.Background()
	steps := []func() error{
		func() error { return t.add("system", system+toolsJSON(reg, "list_dir", "read_file")) },
		func() error { return t.add("user", task) },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return Cost{}, nil, err
		}
	}
	call := func(name string, args map[string]any) (string, error) {
		if err := t.add("assistant", toolCall(name, args)); err != nil {
			return "", err
		}
		raw, _ := json.Marshal(args)
		res := reg.Dispatch(ctx, runtime.Call{Name: name, Arguments: raw})
		if res.IsError {
			return "", fmt.Errorf("%s: %s", name, res.Content)
		}
		return res.Content, t.add("tool", res.Content)
	}
	list, err := call("list_dir", map[string]any{"path": Dir})
	if err != nil {
		return Cost{}, nil, err
	}
	var out []counts
	for _, m := range listingLine.FindAllStringSubmatch(list, -1) {
		content, err := call("read_file", map[string]any{"path": Dir + "/" + m[1]})
		if err != nil {
			return Cost{}, nil, err
		}
		out = append(out, count(m[1], content))
	}
	if err := t.add("assistant", table(out)); err != nil {
		return Cost{}, nil, err
	}
	return t.cost(), out, nil
}

// scripted is transcript (b): the model sees only tool_call_script
// (whose description declares the tools), writes Script, and answers
// from its result.
func scripted(reg *runtime.Registry) (Report, []counts, error) {
	fc := &fakeCompleter{}
	opts := script.Options{
		Completer: fc, CompileType: tstype.Compile,
		CountTokens: func(s string) int { n, _ := tokens.Count(tokens.O200kBase, s); return n },
	}
	if err := script.Register(reg, opts); err != nil {
		return Report{}, nil, err
	}
	var t transcript
	if err := t.add("system", system+toolsJSON(reg, script.ToolName)); err != nil {
		return Report{}, nil, err
	}
	if err := t.add("user", task); err != nil {
		return Report{}, nil, err
	}
	args := map[string]any{"script": Script}
	if err := t.add("assistant", toolCall(script.ToolName, args)); err != nil {
		return Report{}, nil, err
	}
	raw, _ := json.Marshal(args)
	res := reg.Dispatch(context.Background(), runtime.Call{Name: script.ToolName, Arguments: raw})
	if res.IsError {
		return Report{}, nil, fmt.Errorf("%s", res.Content)
	}
	if err := t.add("tool", res.Content); err != nil {
		return Report{}, nil, err
	}
	out := res.Meta["outcome"].(script.Outcome)
	var got []counts
	if err := json.Unmarshal(out.Result, &got); err != nil {
		return Report{}, nil, fmt.Errorf("script result: %w", err)
	}
	if err := t.add("assistant", table(got)); err != nil {
		return Report{}, nil, err
	}
	return Report{Script: t.cost(), FormalizeRequests: fc.requests, FormalizeInput: fc.input,
		FormalizeOutput: fc.output, ScriptToolCalls: out.Totals.ToolCalls}, got, nil
}

// fakeCompleter is the deterministic stand-in for the cheaper model: it
// reads the listing lines in the prompt and answers with their JSON,
// counting the tokens a real model would have read and written.
type fakeCompleter struct {
	requests, input, output int
}

func (f *fakeCompleter) Complete(_ context.Context, req script.CompletionRequest) (string, error) {
	text := req.User[strings.LastIndex(req.User, "\nText:\n")+7:]
	type item struct {
		Filename string `json:"filename"`
		SizeKB   int    `json:"sizeKB"`
	}
	items := []item{}
	for _, m := range listingLine.FindAllStringSubmatch(text, -1) {
		var kb int
		fmt.Sscan(m[3], &kb)
		items = append(items, item{m[1], kb})
	}
	b, _ := json.Marshal(items)
	reply := "```json\n" + string(b) + "\n```"
	in, err := tokens.Count(tokens.O200kBase, req.System+"\n"+req.User)
	if err != nil {
		return "", err
	}
	out, _ := tokens.Count(tokens.O200kBase, reply)
	f.requests++
	f.input += in + 2*perMessage
	f.output += out + perMessage
	return reply, nil
}

// Figures renders the report as the markdown committed in README.md.
func (r Report) Figures() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Task: line and word counts of %d files (o200k_base tokens).\n\n", r.Files)
	b.WriteString("| transcript | model turns | final context | input read over all turns | output written |\n|---|---:|---:|---:|---:|\n")
	row := func(name string, c Cost) {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", name, c.ModelTurns, c.ContextTokens, c.InputTokens, c.OutputTokens)
	}
	row("(a) tool calls one by one", r.Plain)
	row("(b) one ToolCallScript", r.Script)
	fmt.Fprintf(&b, "\n(b) made %d tool calls inside the script; FORMALIZE sent %d request(s) to the cheaper model: %d input and %d output tokens.\n",
		r.ScriptToolCalls, r.FormalizeRequests, r.FormalizeInput, r.FormalizeOutput)
	fmt.Fprintf(&b, "Input read by the main model: (b) is %.1f%% of (a); with the cheaper model's tokens added, %.1f%%.\n",
		pct(r.Script.InputTokens, r.Plain.InputTokens), pct(r.Script.InputTokens+r.FormalizeInput, r.Plain.InputTokens))
	return b.String()
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(b) }
