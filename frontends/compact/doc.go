// Package compact reads tscg's compact tool grammar (docs/compact.md) into
// the IR. codegen/describe writes the grammar; this package reads it back,
// so the rendering a model sees is provably lossless (the round-trip tests
// in codegen/describe), and workflow files can state step types in it.
//
// The grammar's words and quoting rule live in compiler/compactgrammar,
// which this reader and the writer both import, so the two sides cannot
// drift apart.
package compact
