// Command python-tools loads a folder of plain Python tools, compiles
// their schemas with tscg's Python frontend (no Python needed for that),
// registers them in a runtime.Registry backed by a pool of Python workers,
// and dispatches a few model-style calls, valid and invalid.
//
//	go run ./examples/python-tools
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/python"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/pyexec"
)

func main() {
	if err := run(os.Stdout, toolsDir()); err != nil {
		fmt.Fprintln(os.Stderr, "python-tools:", err)
		os.Exit(1)
	}
}

// toolsDir finds the tools folder from the repository root or from here.
func toolsDir() string {
	for _, d := range []string{"examples/python-tools/tools", "tools"} {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
	}
	return "tools"
}

func run(w io.Writer, dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.py"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("no Python files in %s", dir)
	}
	cat, ds := python.Load(files, python.Options{})
	if ds.HasErrors() {
		return ds.Err()
	}
	for _, g := range cat.Groups {
		if g.Description != "" {
			fmt.Fprintf(w, "group %s rules:\n%s\n\n", g.Name, g.Description)
		}
	}
	// The tool sees only what is configured here, nothing of our own environment.
	ex, err := pyexec.New(pyexec.Config{Workers: 2, Timeout: 10 * time.Second,
		Env: map[string]string{"WEATHER_API_KEY": "demo-key"}})
	if err != nil {
		return err
	}
	defer ex.Close()
	reg := runtime.NewRegistry()
	for _, t := range cat.Tools {
		schema, err := jsonschema.Type(t.Params, jsonschema.Options{})
		if err != nil {
			return err
		}
		file := filepath.Join(dir, t.Group+".py")
		if err := ex.Register(reg, pyexec.Spec{Name: t.Name, Description: t.Description, InputSchema: schema, File: file}); err != nil {
			return err
		}
		fmt.Fprintf(w, "tool %s: %s\n", t.Name, firstLine(t.Description))
	}
	fmt.Fprintln(w)
	for _, c := range []runtime.Call{
		{ID: "1", Name: "add", Arguments: json.RawMessage(`{"a": 2, "b": 40}`)},
		{ID: "2", Name: "get_weather", Arguments: json.RawMessage(`{"city": "Lisbon", "days": 2}`)},
		{ID: "3", Name: "get_weather", Arguments: json.RawMessage(`{"city": "Lisbon", "days": 30}`)},
		{ID: "4", Name: "add", Arguments: json.RawMessage(`{"a": 1}`)},
	} {
		res := reg.Dispatch(context.Background(), c)
		fmt.Fprintf(w, "call %s %s %s -> error=%v\n%s\n\n", c.ID, c.Name, c.Arguments, res.IsError, res.Content)
	}
	return nil
}

func firstLine(s string) string {
	for i, r := range s {
		if r == '\n' {
			return s[:i]
		}
	}
	return s
}
