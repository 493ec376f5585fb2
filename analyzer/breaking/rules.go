// Package breaking compares two versions of a catalog tool by tool and
// reports the changes that break callers (deployed agents, prompts and
// stored transcripts), in the manner of buf's breaking-change check.
// Parameters are inputs: narrowing them breaks callers. Results are
// outputs: widening them breaks code that reads them. Additions are
// reported as safe, with info severity.
//
// Findings are analyzer.Findings, so they print in every lint format and
// can be silenced the same ways (settings except/ignore, inline
// tscg:ignore comments).
package breaking

import (
	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/ruledb"
)

const since = "0.1.0"

// rule makes a rule and registers its metadata in the one registry, so
// --list-rules, docs/rules.md and settings validation know it.
func rule(id, summary string, sev diag.Severity) *analyzer.Rule {
	r := &analyzer.Rule{Meta: analyzer.Meta{ID: id, Summary: summary, DefaultSeverity: sev, Category: ruledb.Breaking, Since: since}}
	ruledb.Register(r.Meta)
	return r
}

// The rules; error severity breaks callers, info is a safe change.
var (
	ToolRemoved       = rule("tool-removed", "a tool was removed", diag.Error)
	ParamRemoved      = rule("param-removed", "a parameter was removed", diag.Error)
	ParamRenamed      = rule("param-renamed", "a parameter was renamed (one removed, one of the same type added)", diag.Error)
	ParamRequired     = rule("param-required", "a parameter became required, or a new required parameter was added", diag.Error)
	TypeNarrowed      = rule("type-narrowed", "a parameter accepts fewer values: a narrower type (number → integer), a new enum restriction, tighter bounds or pattern", diag.Error)
	EnumValueRemoved  = rule("enum-value-removed", "a parameter no longer accepts an enum value", diag.Error)
	ResultFieldRemove = rule("result-field-removed", "a result field was removed", diag.Error)
	ResultChanged     = rule("result-type-changed", "a result field's type changed in a way readers may not expect (wider, nullable, optional)", diag.Error)

	ToolAdded        = rule("tool-added", "a tool was added (safe)", diag.Info)
	ParamAdded       = rule("param-added", "an optional parameter was added (safe)", diag.Info)
	ParamOptional    = rule("param-optional", "a required parameter became optional (safe)", diag.Info)
	TypeWidened      = rule("type-widened", "a parameter accepts more values (safe)", diag.Info)
	EnumValueAdded   = rule("enum-value-added", "a parameter accepts a new enum value (safe)", diag.Info)
	ResultFieldAdded = rule("result-field-added", "a result field was added (safe)", diag.Info)
)

// Rules lists every rule, breaking ones first.
func Rules() []*analyzer.Rule {
	return []*analyzer.Rule{ToolRemoved, ParamRemoved, ParamRenamed, ParamRequired, TypeNarrowed, EnumValueRemoved,
		ResultFieldRemove, ResultChanged, ToolAdded, ParamAdded, ParamOptional, TypeWidened, EnumValueAdded, ResultFieldAdded}
}

// IDs lists the rule ids, for settings validation.
func IDs() []string {
	var ids []string
	for _, r := range Rules() {
		ids = append(ids, r.ID)
	}
	return ids
}
