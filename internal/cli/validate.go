package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/internal/calllog"
	"github.com/tscg/tscg/runtime"
)

func (e *env) validateCommand() *cobra.Command {
	var callsPath string
	cmd := &cobra.Command{
		Use:   "validate <definitions…> --calls FILE|-",
		Short: "Replay recorded tool calls through the runtime's argument validation",
		Long: `validate compiles the tool definitions, registers every tool's input schema in a
runtime registry, and replays recorded calls through exactly the runtime's validation
path (strict decode, JSON Schema validation). --calls names a file of recorded
calls, one record a line or one JSON document: tscg's {"name": …, "arguments": …}
(arguments an object or a JSON-encoded string), OpenAI Chat messages with tool_calls
(or whole chat completions), OpenAI Responses function_call items (or whole responses),
Anthropic tool_use blocks (or whole messages), or arrays of these; messages without
calls are passed over. - reads stdin. It prints one JSON line per call:
{"line": n, "name": "…", "ok": true|false, "errors": [{"pointer": "/a/b", "message": "…"}]}
and exits 1 when any call is invalid.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if callsPath == "" {
				return usageErr("validate needs --calls FILE (or --calls - for stdin)")
			}
			reg, err := e.validationRegistry(args)
			if err != nil {
				return err
			}
			in, closeIn, err := e.openCalls(callsPath)
			if err != nil {
				return err
			}
			defer closeIn()
			invalid, err := replayCalls(reg, in, e.stdout)
			if err != nil {
				return &exitError{code: ExitInput, err: fmt.Errorf("read %s: %w", callsPath, err)}
			}
			if invalid > 0 {
				return &exitError{code: ExitFindings, err: fmt.Errorf("%d invalid call(s)", invalid)}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&callsPath, "calls", "", "JSON Lines `FILE` of recorded calls, or - for stdin")
	return cmd
}

// validationRegistry compiles the definitions and registers each tool's
// rendered input schema, with no handlers: validate never runs a tool.
func (e *env) validationRegistry(paths []string) (*runtime.Registry, error) {
	cfg, err := e.loadConfig()
	if err != nil {
		return nil, err
	}
	opts, err := compiler.SchemaOptions(cfg)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	c, err := e.compile(cfg, paths, "")
	if err != nil {
		return nil, err
	}
	e.printWarnings(c)
	reg := runtime.NewRegistry()
	for _, t := range c.catalog.Tools {
		if err := registerTool(reg, t, opts); err != nil {
			return nil, &exitError{code: ExitInternal, err: err}
		}
	}
	return reg, nil
}

func registerTool(reg *runtime.Registry, t *ir.Tool, opts jsonschema.Options) error {
	schema, err := jsonschema.Type(t.Params, opts)
	if err != nil {
		return fmt.Errorf("render input schema of %s: %w", t.Name, err)
	}
	return reg.Register(runtime.Tool{Name: t.Name, Description: t.Description, InputSchema: schema})
}

func (e *env) openCalls(path string) (io.Reader, func(), error) {
	if path == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, usageErr("calls file: %v", err)
	}
	return f, func() { f.Close() }, nil
}

// callReport is one output line; the field order is the contract's.
type callReport struct {
	Line   int           `json:"line"`
	Name   string        `json:"name"`
	OK     bool          `json:"ok"`
	Errors []reportError `json:"errors"`
}

type reportError struct {
	Pointer string `json:"pointer"`
	Message string `json:"message"`
}

// replayCalls checks each call of each non-blank line (or of the whole
// input, when it is one JSON document over several lines) and writes its
// report; it returns how many calls were invalid.
func replayCalls(reg *runtime.Registry, in io.Reader, out io.Writer) (int, error) {
	all, err := io.ReadAll(io.LimitReader(in, 256<<20))
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	invalid := 0
	check := func(line int, data []byte) error {
		for _, rep := range checkLine(reg, line, data) {
			if !rep.OK {
				invalid++
			}
			if err := enc.Encode(rep); err != nil {
				return err
			}
		}
		return nil
	}
	if t := bytes.TrimSpace(all); bytes.Contains(t, []byte("\n")) && json.Valid(t) {
		return invalid, check(1+bytes.Count(all[:len(all)-len(bytes.TrimLeft(all, " \t\r\n"))], []byte("\n")), t)
	}
	for i, l := range bytes.Split(all, []byte("\n")) {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		if err := check(i+1, l); err != nil {
			return invalid, err
		}
	}
	return invalid, nil
}

// checkLine reports each call the record holds (see internal/calllog for
// the shapes read), or one failed report when it holds none.
func checkLine(reg *runtime.Registry, line int, data []byte) []callReport {
	calls, err := calllog.Parse(data)
	if err != nil {
		return []callReport{{Line: line, Errors: []reportError{{Message: "not a recorded call: " + err.Error()}}}}
	}
	reps := make([]callReport, 0, len(calls))
	for _, c := range calls {
		rep := callReport{Line: line, Name: c.Name, Errors: []reportError{}}
		_, chk := reg.Check(runtime.Call{Name: c.Name, Arguments: c.Arguments})
		rep.OK = chk.OK()
		for _, v := range chk.Violations {
			rep.Errors = append(rep.Errors, reportError{Pointer: v.Pointer, Message: v.Message})
		}
		reps = append(reps, rep)
	}
	return reps
}

func init() { register("validate", (*env).validateCommand) }
