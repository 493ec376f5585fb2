// Package analyzer checks a compiled tool catalog the way a compiler checks
// code: tools a model cannot tell apart, parameters it will fill in five
// formats, schemas a provider will reject at run time.
//
// The package holds the framework, not the rules: a Rule is metadata (Meta,
// the registry entry that `tscg lint --list-rules` and docs/rules.md are
// generated from) plus a Run function that reports Findings through a Pass.
// The rules themselves live one per file in analyzer/rules, whose All lists
// them. Run applies rules to an ir.Catalog with Settings; Suppress removes
// findings silenced by inline `tscg:ignore <rule-id> <reason>` comments and
// by the configuration's except/ignore lists; the Write* functions print
// findings as text, JSON, SARIF 2.1.0 or GitHub workflow commands.
package analyzer
