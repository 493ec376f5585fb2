// Package schemats renders JSON Schema documents as TypeScript types and
// the `TOOL_CALL` overloads a ToolCallScript is written against.
//
// It reads JSON Schema rather than tscg's IR on purpose: the runtime's
// Registry only holds schemas, and tscg build renders its tools.d.ts by
// first rendering each tool's schema and then calling this package (see
// codegen/tsdecl). The model therefore sees the same declarations whether
// they come from `tscg build` or from a running agent's Registry.
//
// The package depends only on the standard library, so the runtime can
// use it without pulling in the compiler.
package schemats
