package workflow

import (
	"fmt"

	"github.com/tscg/tscg/compiler/diag"
)

// Rule ids of workflow diagnostics.
const (
	RuleSyntax       = "workflow-syntax"         // YAML or schema error
	RuleInputType    = "workflow-input-type"     // an input's type does not parse
	RuleUnknownTool  = "workflow-unknown-tool"   // a step calls a tool the catalog lacks
	RuleUnresolved   = "workflow-unresolved-ref" // a reference names no input, step or field
	RuleTypeMismatch = "workflow-type-mismatch"  // a bound value's type is not assignable to its parameter
	RuleCycle        = "workflow-cycle"          // steps depend on each other in a cycle
	RuleUnusedStep   = "workflow-unused-step"    // a step's result is used nowhere
	RuleMissingArg   = "workflow-missing-arg"    // a required parameter is not bound
	RuleUnknownArg   = "workflow-unknown-arg"    // an argument the tool does not accept
)

// RuleInfo describes one rule for docs and --list-rules style output.
type RuleInfo struct {
	ID       string
	Severity diag.Severity
	Summary  string
}

// Rules lists the workflow rules.
var Rules = []RuleInfo{
	{RuleSyntax, diag.Error, "the file is not valid YAML or does not match workflow.schema.json"},
	{RuleInputType, diag.Error, "an input's type is neither valid compact syntax nor valid JSON Schema"},
	{RuleUnknownTool, diag.Error, "a step calls a tool that is not in the catalog"},
	{RuleUnresolved, diag.Error, "a ${...} reference names no input, step or result field"},
	{RuleTypeMismatch, diag.Error, "a bound value's type is not assignable to the parameter it feeds"},
	{RuleCycle, diag.Error, "steps depend on one another in a cycle"},
	{RuleUnusedStep, diag.Warning, "a side-effect-free step whose result nothing uses"},
	{RuleMissingArg, diag.Error, "a required parameter of the called tool is not bound"},
	{RuleUnknownArg, diag.Error, "an argument the called tool does not accept (closed parameter object)"},
}

func rule(pos diag.Pos, id, format string, args ...any) diag.Diagnostic {
	sev := diag.Error
	for _, r := range Rules {
		if r.ID == id {
			sev = r.Severity
		}
	}
	return diag.Diagnostic{Pos: pos, RuleID: id, Severity: sev, Message: fmt.Sprintf(format, args...)}
}
