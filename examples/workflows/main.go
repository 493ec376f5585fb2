// Command workflows runs the quarterly-report workflow
// (quarterly_report.workflow.yaml) end to end over fake tools (tools.ts):
// it compiles the workflow against the tools' catalog, registers the
// tools and the workflow in one runtime Registry, and calls the workflow
// twice: once successfully, printing the step trace (parallel steps
// overlap), and once with a document that cannot be read, printing the
// failure report.
//
//	go run ./examples/workflows
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	cwf "github.com/tscg/tscg/frontends/workflow"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/workflow"
)

//go:embed tools.ts
var toolsTS []byte

//go:embed quarterly_report.workflow.yaml
var workflowYAML []byte

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "workflows:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	cat, err := compileTools()
	if err != nil {
		return err
	}
	c, ds := cwf.Compile("quarterly_report.workflow.yaml", workflowYAML, cat, jsonschema.Options{})
	if ds.HasErrors() {
		return ds.Err()
	}
	reg, err := registry(cat, c.Plan, newFakes(3))
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "== quarterly_report(Q3, 2024)")
	res := reg.Dispatch(context.Background(), runtime.Call{Name: "quarterly_report", Arguments: json.RawMessage(`{"quarter":"Q3","year":2024}`)})
	printResult(w, res)
	fmt.Fprintln(w, "\n== quarterly_report(Q4, 2023): one document is unreadable")
	res = reg.Dispatch(context.Background(), runtime.Call{Name: "quarterly_report", Arguments: json.RawMessage(`{"quarter":"Q4","year":2023}`)})
	printResult(w, res)
	return nil
}

// compileTools compiles tools.ts with the TypeScript frontend (it reads
// files, so the embedded copy goes to a temporary directory).
func compileTools() (*ir.Catalog, error) {
	dir, err := os.MkdirTemp("", "tscg-workflows-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "tools.ts")
	if err := os.WriteFile(path, toolsTS, 0o644); err != nil {
		return nil, err
	}
	cat, ds := compiler.Compile([]string{path}, nil)
	return cat, ds.Err()
}

// registry registers every fake tool with its compiled input schema, and
// the workflow itself, so a model (or this program) calls it like a tool.
func registry(cat *ir.Catalog, plan *workflow.Plan, f *fakes) (*runtime.Registry, error) {
	reg := runtime.NewRegistry()
	for _, t := range cat.Tools {
		in, err := jsonschema.Type(t.Params, jsonschema.Options{})
		if err != nil {
			return nil, err
		}
		if err := reg.Register(runtime.Tool{Name: t.Name, Description: t.Description, InputSchema: in, Handler: f.handler(t.Name)}); err != nil {
			return nil, err
		}
	}
	return reg, reg.Register(plan.Tool(reg))
}

func printResult(w io.Writer, res runtime.Result) {
	trace, _ := res.Meta["trace"].([]workflow.StepTrace)
	fmt.Fprintf(w, "%-8s %-16s %-9s %9s %9s  timeline\n", "step", "tool", "status", "start", "duration")
	end := 1.0
	for _, s := range trace {
		end = max(end, s.StartMS+s.DurationMS)
	}
	for _, s := range trace {
		fmt.Fprintf(w, "%-8s %-16s %-9s %7.1fms %7.1fms  %s\n", s.Step, s.Tool, s.Status, s.StartMS, s.DurationMS, bar(s, end))
	}
	if res.IsError {
		fmt.Fprintf(w, "error result for the model:\n%s\n", indent(res.Content))
		errs, _ := json.Marshal(res.Meta["step_errors"])
		fmt.Fprintf(w, "step_errors: %s\n", errs)
		return
	}
	fmt.Fprintf(w, "result:\n%s\n", indent(res.Content))
}

// bar draws a step's interval on a 40-column timeline, so parallel steps
// show as overlapping bars.
func bar(s workflow.StepTrace, end float64) string {
	const width = 40
	from := int(s.StartMS / end * width)
	to := max(from+1, int((s.StartMS+s.DurationMS)/end*width))
	if s.Status != workflow.StatusOK && s.DurationMS == 0 {
		return strings.Repeat(" ", from) + "·"
	}
	return strings.Repeat(" ", from) + strings.Repeat("█", min(to, width)-from)
}

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }
