// Package workflow runs compiled workflows: fixed graphs of tool calls
// that an agent exposes to the model as one tool (a "macro tool").
//
// A Plan is the JSON-serialisable form the compiler (frontends/workflow)
// produces from a *.workflow.yaml file after checking it; this package
// depends only on the runtime, so a Go agent can load a plan file with
// LoadPlan and register it next to the tools it calls:
//
//	plan, _ := workflow.LoadPlan(data)
//	reg.Register(plan.Tool(reg))
//
// Steps run as a DAG: a step starts when every step it references (or
// names in needs) has finished, at most MaxParallel tool calls at a time.
// Every call goes through Registry.Dispatch, so arguments are validated
// and the registry's middleware and metrics apply. A failing step cancels
// the rest unless it is optional; the result names the failing step, and
// Result.Meta["trace"] records every step's inputs, outputs, status and
// timing.
//
// Values flow through reference paths written ${inputs.x},
// ${steps.search.result.items[*].id} or ${item.id} (the current element
// of a for_each step); see ParsePath and ParseTemplate.
package workflow
