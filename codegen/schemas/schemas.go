// Package schemas writes the JSON Schema files of a build:
// schemas/<tool>.input.json and .output.json, lowered by compiler/jsonschema.
package schemas

import (
	"fmt"

	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// Generate renders schemas/<tool>.input.json for every tool, and
// schemas/<tool>.output.json for every tool that declares a result. File
// stems come from codegen.FileNames, so odd tool names stay safe paths.
func Generate(cat *ir.Catalog, opts jsonschema.Options) ([]codegen.File, error) {
	names := make([]string, len(cat.Tools))
	for i, t := range cat.Tools {
		names[i] = t.Name
	}
	stems := codegen.FileNames(names)
	var files []codegen.File
	for _, t := range cat.Tools {
		in, err := jsonschema.Type(t.Params, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: tool %s: input schema: %w", t.Pos, t.Name, err)
		}
		files = append(files, codegen.File{Path: InputPath(stems[t.Name]), Contents: in})
		if t.Result == nil {
			continue
		}
		out, err := jsonschema.Output(t.Result, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: tool %s: output schema: %w", t.Pos, t.Name, err)
		}
		files = append(files, codegen.File{Path: OutputPath(stems[t.Name]), Contents: out})
	}
	codegen.Sort(files)
	return files, nil
}

// InputPath is the output path of a tool's input schema.
func InputPath(stem string) string { return "schemas/" + stem + ".input.json" }

// OutputPath is the output path of a tool's output schema.
func OutputPath(stem string) string { return "schemas/" + stem + ".output.json" }
