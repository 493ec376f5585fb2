// Package compact reads tscg's compact tool grammar (docs/compact.md) into
// the IR. codegen/describe writes the grammar; this package reads it back,
// so the rendering a model sees is provably lossless (the round-trip tests
// in codegen/describe), and workflow files can state step types in it.
//
// The grammar's words and quoting rule live here (grammar.go) and the
// writer imports them, so the two sides cannot drift apart.
package compact
