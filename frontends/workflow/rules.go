package workflow

import (
	"fmt"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/ruledb"
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

const since = "0.1.0"

// Rules lists the workflow rules; they are registered in the one rule
// registry (internal/ruledb) that --list-rules and docs/rules.md read.
var Rules = []ruledb.Rule{
	{ID: RuleSyntax, DefaultSeverity: diag.Error, Summary: "the file is not valid YAML or does not match workflow.schema.json"},
	{ID: RuleInputType, DefaultSeverity: diag.Error, Summary: "an input's type is neither valid compact syntax nor valid JSON Schema"},
	{ID: RuleUnknownTool, DefaultSeverity: diag.Error, Summary: "a step calls a tool that is not in the catalog"},
	{ID: RuleUnresolved, DefaultSeverity: diag.Error, Summary: "a ${...} reference names no input, step or result field"},
	{ID: RuleTypeMismatch, DefaultSeverity: diag.Error, Summary: "a bound value's type is not assignable to the parameter it feeds"},
	{ID: RuleCycle, DefaultSeverity: diag.Error, Summary: "steps depend on one another in a cycle"},
	{ID: RuleUnusedStep, DefaultSeverity: diag.Warning, Summary: "a side-effect-free step whose result nothing uses"},
	{ID: RuleMissingArg, DefaultSeverity: diag.Error, Summary: "a required parameter of the called tool is not bound"},
	{ID: RuleUnknownArg, DefaultSeverity: diag.Error, Summary: "an argument the called tool does not accept (closed parameter object)"},
}

func init() { ruledb.RegisterIn(ruledb.Workflow, since, Rules) }

func rule(pos diag.Pos, id, format string, args ...any) diag.Diagnostic {
	return diag.Diagnostic{Pos: pos, RuleID: id, Severity: ruledb.SeverityOf(id), Message: fmt.Sprintf(format, args...)}
}
