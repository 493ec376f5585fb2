package script

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/script/schemats"
)

// ToolName is the name the script tool is registered under.
const ToolName = "tool_call_script"

// inputSchema is the script tool's arguments: the script text.
const inputSchema = `{"type":"object","properties":{"script":{"type":"string","minLength":1,"description":"TypeScript run as the body of an async function; return the result."}},"required":["script"],"additionalProperties":false}`

// Register adds the tool_call_script tool to reg; its scripts call the
// tools of reg (opts.Registry is set to reg). The description lists the
// tools registered at this moment, so register it last.
func Register(reg *runtime.Registry, opts Options) error {
	opts.Registry = reg
	t, err := Tool(opts)
	if err != nil {
		return err
	}
	return reg.Register(t)
}

// Tool returns the tool_call_script tool for opts.Registry without
// registering it, e.g. to expose it from another registry.
func Tool(opts Options) (runtime.Tool, error) {
	desc, err := Description(opts)
	if err != nil {
		return runtime.Tool{}, err
	}
	return runtime.Tool{
		Name:        ToolName,
		Description: desc,
		// A conversation sees declarations of the tools it may call only;
		// the calls themselves are held to the same allow-list by the
		// gate in the handler's context.
		DescribeFor: func(names []string) string {
			d, err := describe(opts, names)
			if err != nil {
				return desc
			}
			return d
		},
		InputSchema: json.RawMessage(inputSchema),
		Handler: func(ctx context.Context, req *runtime.Request) runtime.Result {
			var in struct {
				Script string `json:"script"`
			}
			if err := json.Unmarshal(req.Arguments, &in); err != nil {
				return runtime.Result{IsError: true, Content: "arguments must be {\"script\": \"…\"}"}
			}
			out, err := Run(ctx, in.Script, opts)
			if nested(ctx) {
				return renderNested(out, err)
			}
			return Render(out, err)
		},
	}, nil
}

// Render turns a run into the result the model reads: the returned value
// and the log, or the error with the position in the script, plus call
// counts. Outcome keeps the details for the host.
func Render(out Outcome, err error) runtime.Result {
	res := runtime.Result{Meta: map[string]any{"outcome": out}}
	var b strings.Builder
	if err != nil {
		res.IsError = true
		fmt.Fprintf(&b, "script failed: %v\n", err)
	} else {
		fmt.Fprintf(&b, "result: %s\n", out.Result)
	}
	if len(out.Log) > 0 {
		b.WriteString("console:\n")
		for _, l := range out.Log {
			if l.Level == "log" || l.Level == "info" {
				b.WriteString(l.Text + "\n")
			} else {
				b.WriteString(l.Level + ": " + l.Text + "\n")
			}
		}
	}
	fmt.Fprintf(&b, "tool calls: %d (%d failed); FORMALIZE calls: %d", out.Totals.ToolCalls, out.Totals.ToolErrors, out.Totals.FormalizeCalls)
	res.Content = b.String()
	return res
}

// Description is the script tool's description: what it is for, the
// rules, and the TypeScript declarations of every tool in opts.Registry
// (and of FORMALIZE when it is configured).
func Description(opts Options) (string, error) {
	var names []string
	if opts.Registry != nil {
		names = opts.Registry.Names()
	}
	return describe(opts, names)
}

// describe is the description declaring the tools of names that
// opts.Registry holds.
func describe(opts Options, names []string) (string, error) {
	lim := opts.Limits.withDefaults()
	var tools []schemats.Tool
	if reg := opts.Registry; reg != nil {
		for _, name := range names {
			t := reg.Tool(name)
			if name == ToolName || t == nil {
				continue
			}
			tools = append(tools, schemats.Tool{Name: name, Description: t.Description, Input: t.InputSchema, Output: t.OutputSchema})
		}
	}
	decls, err := schemats.Declarations(tools)
	if err != nil {
		return "", fmt.Errorf("%s description: %w", ToolName, err)
	}
	formalize := opts.Completer != nil && opts.CompileType != nil
	var b strings.Builder
	b.WriteString("Run a TypeScript script that calls tools and returns only its result. Prefer it to calling tools one by one when a task needs many calls or processing of tool output: intermediate results stay out of the conversation.\n\nRules:\n")
	b.WriteString("- The script is the body of an async function: use await, and return the value you want back (JSON-serialisable).\n")
	b.WriteString("- Call tools with await TOOL_CALL(name, args), declared below. A result without a declared type is parsed JSON when the tool returns JSON, else a string.\n")
	b.WriteString("- A failed call throws an Error whose message says what to fix; use try/catch to handle it.\n")
	if d := opts.maxDepth(); d > 0 {
		fmt.Fprintf(&b, "- To hand part of the work to a sub-script, await TOOL_CALL(%q, {script}): it resolves to the sub-script's returned value. Sub-scripts nest at most %d levels and share this script's limits.\n", ToolName, d)
	}
	if formalize {
		b.WriteString("- FORMALIZE(text, type) turns unstructured text (e.g. a tool's listing) into typed data.\n")
	}
	fmt.Fprintf(&b, "- console.log output is returned with the result (at most %d bytes); the result may be at most %d bytes.\n", lim.MaxLogBytes, lim.MaxResultBytes)
	fmt.Fprintf(&b, "- No import, require, file system, network, timers or process. At most %d tool calls", lim.MaxToolCalls)
	if formalize {
		fmt.Fprintf(&b, ", %d FORMALIZE calls", lim.MaxFormalizeCalls)
	}
	fmt.Fprintf(&b, " and %s per script.\n\n```ts", lim.Timeout)
	b.WriteString(decls)
	if formalize {
		b.WriteString("\n" + schemats.FormalizeDecl)
	}
	b.WriteString("```")
	return b.String(), nil
}
