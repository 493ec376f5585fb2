package pyexec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"unicode"

	"github.com/tscg/tscg/runtime"
)

// Handler returns a runtime.Handler that runs function from the Python
// file with the call's validated arguments (defaults filled in).
//
// function is a call target: the name of a module-level function; of a
// tool object a framework's decorator put in its place (LangChain's
// StructuredTool, CrewAI's Tool …: the function it wraps runs); of a
// BaseTool class (created once with no arguments; its _run or _arun
// runs); or "handler:tool", a low-level MCP server's call_tool handler,
// called as handler(tool, arguments). A target whose handler part is no
// Python name (the Python frontend writes "serve.<locals>.call_tool:x"
// for a handler only serve() can reach) is refused at every call without
// running any Python, never resolved to some other function.
func (e *Executor) Handler(file, function string) runtime.Handler {
	return e.HandlerRenaming(file, function, nil)
}

// CheckTarget reports whether function is a call target Handler can run
// (see Handler), and why not.
func CheckTarget(function string) error {
	name, _, _ := strings.Cut(function, ":")
	if isIdentifier(name) {
		return nil
	}
	return fmt.Errorf("%q names no module-level Python function tscg can call", function)
}

// isIdentifier reports a Python identifier (ASCII or Unicode letters,
// digits after the first character, underscores).
func isIdentifier(s string) bool {
	for i, r := range s {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// HandlerRenaming is Handler for a function some of whose parameters are
// published under other names: names maps a published argument name to
// the parameter it is passed to (a parameter from_ declared with
// Field(alias="from") is {"from": "from_"}), as FastMCP validates by alias
// and calls by parameter name.
func (e *Executor) HandlerRenaming(file, function string, names map[string]string) runtime.Handler {
	if err := CheckTarget(function); err != nil {
		return func(ctx context.Context, req *runtime.Request) runtime.Result {
			return runtime.Result{IsError: true, Meta: map[string]any{"error": err.Error()},
				Content: fmt.Sprintf("tool %q cannot be run: its call target %v (see the warning tscg printed when it read the tool)", req.Call.Name, err)}
		}
	}
	return func(ctx context.Context, req *runtime.Request) runtime.Result {
		args, err := renameArgs(req.Arguments, names)
		if err != nil {
			return errorResult(e.cfg.Logger, req.Call.Name, e.cfg.Timeout.String(), err)
		}
		out, err := e.Call(ctx, file, function, args)
		if err != nil {
			return errorResult(e.cfg.Logger, req.Call.Name, e.cfg.Timeout.String(), err)
		}
		content, text := resultText(out)
		return runtime.Result{Content: content, Text: text}
	}
}

// renameArgs returns the arguments object with the keys of names renamed
// to their values; without names it is args itself.
func renameArgs(args json.RawMessage, names map[string]string) (json.RawMessage, error) {
	if len(names) == 0 {
		return args, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(args, &m); err != nil {
		return nil, fmt.Errorf("arguments are not a JSON object: %w", err)
	}
	for from, to := range names {
		if v, ok := m[from]; ok {
			delete(m, from)
			m[to] = v
		}
	}
	return json.Marshal(m)
}

// Spec is one Python tool to register: its name, description and input
// JSON Schema (as compiled by tscg) and where its function lives
// (Function, a call target as Handler takes it; the tool's name when
// empty). Names maps published argument names to the parameters they are passed to,
// where they differ (see HandlerRenaming).
type Spec struct {
	Name         string
	Description  string
	InputSchema  []byte
	OutputSchema []byte
	File         string
	Function     string
	Names        map[string]string
}

// Register adds Python tools to a registry; their calls are validated by
// the registry before any Python runs.
func (e *Executor) Register(reg *runtime.Registry, specs ...Spec) error {
	for _, s := range specs {
		fn := s.Function
		if fn == "" {
			fn = s.Name
		}
		if err := CheckTarget(fn); err != nil {
			return fmt.Errorf("pyexec: tool %s: %w", s.Name, err)
		}
		err := reg.Register(runtime.Tool{Name: s.Name, Description: s.Description, InputSchema: s.InputSchema,
			OutputSchema: s.OutputSchema, Handler: e.HandlerRenaming(s.File, fn, s.Names)})
		if err != nil {
			return fmt.Errorf("pyexec: %w", err)
		}
	}
	return nil
}

// errorResult writes a failure for the model, with details in Meta.
func errorResult(logger *slog.Logger, tool, timeout string, err error) runtime.Result {
	var te *ToolError
	switch {
	case errors.As(err, &te):
		// The client gets the exception's type and message; the
		// traceback, with the server's paths, goes to the server's log
		// (Config.Logger) and Meta, which stays on the server.
		content := fmt.Sprintf("tool %q raised %s: %s", tool, te.Type, te.Message)
		if logger != nil {
			logger.Warn("python tool raised", "tool", tool, "type", te.Type, "message", te.Message,
				"traceback", strings.Join(te.Traceback, "\n"))
		}
		return runtime.Result{IsError: true, Content: content,
			Meta: map[string]any{"exception": map[string]any{"type": te.Type, "message": te.Message, "traceback": te.Traceback}}}
	case errors.Is(err, ErrTimeout):
		return runtime.Result{IsError: true, Meta: map[string]any{"timeout": timeout},
			Content: fmt.Sprintf("tool %q did not finish within %s and was stopped; it may be retried, perhaps with a narrower request", tool, timeout)}
	case errors.Is(err, ErrCrashed):
		return runtime.Result{IsError: true, Meta: map[string]any{"crash": err.Error()},
			Content: fmt.Sprintf("tool %q crashed its Python process; do not retry the same call", tool)}
	}
	return runtime.Result{IsError: true, Meta: map[string]any{"error": err.Error()},
		Content: fmt.Sprintf("tool %q failed: %v", tool, err)}
}
