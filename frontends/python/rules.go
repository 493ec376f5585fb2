package python

import (
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/ruledb"
)

// Rule ids of the Python frontend's diagnostics. They are registered in
// the one rule registry (internal/ruledb), so --list-rules and
// docs/rules.md list them, the lint settings' except/only lists and
// --except accept them, and a tscg:ignore comment naming one is not an
// unknown rule. A diagnostic may carry a severity of its own (an untyped
// parameter is a warning where the framework has a rule for it, an error
// where it has none); DefaultSeverity is the usual one.
const (
	ruleSyntax     = "python-syntax"      // CPython's grammar refuses the file
	ruleType       = "python-type"        // a type hint with no JSON Schema counterpart
	ruleUntyped    = "python-untyped"     // parameter without annotation
	ruleVarargs    = "python-varargs"     // *args cannot be passed by name
	ruleDocParam   = "python-doc-param"   // documented parameter not in the signature
	ruleDocMissing = "python-doc-missing" // signature parameter not documented
	ruleDocDefault = "python-doc-default" // docstring and signature disagree on a default
	ruleDefault    = "python-default"     // a Field keyword the schema does not carry
	ruleValue      = "python-value"       // a Field argument tscg cannot use or that is wrong
	ruleNoTools    = "python-no-tools"    // a file that defines no tool
	ruleHelper     = "python-helper"      // a sub-package file read only for its imports
	ruleServe      = "python-serve"       // a tool tscg serve cannot call
	// ruleDocUnpublished: docstring text the framework does not publish
	ruleDocUnpublished = "python-doc-unpublished"
	// ruleListing: a framework whose own tool listing tscg does not model
	ruleListing = "python-listing"
)

// Rules lists the Python frontend's rules in the order the docs show them.
var Rules = []ruledb.Rule{
	{ID: ruleSyntax, DefaultSeverity: diag.Error, Summary: "a Python file CPython's parser refuses (3.8–3.13 grammar, function bodies included), reported at CPython's line"},
	{ID: ruleType, DefaultSeverity: diag.Error, Summary: "a type hint, class or enum member with no JSON Schema counterpart (an unknown or unsupported type)"},
	{ID: ruleUntyped, DefaultSeverity: diag.Warning, Summary: "a parameter without a type annotation: typed as the framework types it (a warning), or an error where the framework has no rule"},
	{ID: ruleVarargs, DefaultSeverity: diag.Warning, Summary: "*args or **kwargs are left out of the schema: tool calls pass arguments by name"},
	{ID: ruleDocParam, DefaultSeverity: diag.Warning, Summary: "a docstring documents a parameter the signature lacks"},
	{ID: ruleDocMissing, DefaultSeverity: diag.Warning, Summary: "a parameter of a tool is not documented in its docstring"},
	{ID: ruleDocDefault, DefaultSeverity: diag.Warning, Summary: "a docstring and the signature disagree on a parameter's default or optionality"},
	{ID: ruleDefault, DefaultSeverity: diag.Warning, Summary: "a value that shapes the schema (a Field(...) keyword, **kwargs, a default or Annotated metadata, also through a constant) that tscg cannot read or the schema does not carry"},
	{ID: ruleValue, DefaultSeverity: diag.Error, Summary: "a value the schema needs is not a literal, a module constant or a call of the project's functions of them that return one expression (or one per if/elif/else arm; environment reads give their defaults, with a warning), or is invalid (a negative length bound, a minimum above the maximum); a tool description known only at run time is a {placeholder}, a factory parameter's default a warning"},
	{ID: ruleNoTools, DefaultSeverity: diag.Warning, Summary: "a Python input file defines no tool under the rule that applies to it"},
	{ID: ruleHelper, DefaultSeverity: diag.Info, Summary: "a file in a sub-package defines no framework tool and is read only where tools import it"},
	{ID: ruleDocUnpublished, DefaultSeverity: diag.Info, Summary: "advice: the framework (FastMCP) publishes the docstring as the tool's description and no parameter descriptions; the fix puts each parameter's docstring text where the framework reads it, Annotated[T, Field(description=…)]"},
	{ID: ruleListing, DefaultSeverity: diag.Warning, Summary: "a tool of a framework whose own tool definition tscg does not model (CrewAI before 1.0; an agno or pydantic-ai tool whose types or docstring style the framework renders in a way tscg does not model): providers/mcp.tools-list.json and the other manifests have tscg's reading, which may differ from what the framework sends the model"},
	{ID: ruleServe, DefaultSeverity: diag.Warning, Summary: "a tool tscg serve cannot call (a low-level MCP server's call_tool handler inside a function, a BaseTool class that needs constructor arguments); build and lint are not affected"},
}

func init() { ruledb.RegisterIn(ruledb.Frontend, "0.1.0", Rules) }
