// Package tstype compiles TypeScript type text to JSON Schema with tscg's
// own TypeScript frontend. It is the default script.Options.CompileType:
// it lives apart from runtime/script because it imports the compiler,
// which the runtime itself must not (generated code imports only the
// runtime); hosts that use FORMALIZE import this package as well.
package tstype

import (
	"fmt"

	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/typescript"
)

// Compile compiles type text such as `{ filename: string; sizeKB: number }[]`
// to a draft 2020-12 JSON Schema with closed objects. Only built-in types
// can be referenced by name.
func Compile(src string) ([]byte, error) {
	t, diags := typescript.ParseType(src)
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s", diags.Sorted()[0].Message)
	}
	doc, err := jsonschema.Type(t, jsonschema.Options{})
	if err != nil {
		return nil, fmt.Errorf("render schema: %w", err)
	}
	return doc, nil
}
