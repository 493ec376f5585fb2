// Package analyzer will hold tscg's lint rules (name collisions,
// description similarity, IO compatibility, provider limits, token
// budgets), one rule per file with one registry of rule metadata.
//
// It has no rules yet: they are the subject of the analyzer issue. Until
// then `tscg build` itself rejects only what makes outputs ambiguous
// (duplicate tool names).
package analyzer
