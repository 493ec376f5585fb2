package cli

import (
	"bytes"
	"encoding/json"

	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/workflow"
)

// workflowPlans compiles the plans of the compilation's workflow tools,
// as serve runs them.
func workflowPlans(c *compilation) ([]workflow.Compiled, error) {
	compiled, ds := workflow.CompileCatalog(c.catalog, jsonschema.Options{})
	if ds.HasErrors() {
		return nil, inputErr(ds)
	}
	return compiled, nil
}

// renderPlans prints the compiled plan of each workflow (of tool only,
// when set) as indented JSON, one document per workflow: the plan serve
// executes, which runtime/workflow.LoadPlan reads back.
func renderPlans(c *compilation, tool string) ([]byte, error) {
	compiled, err := workflowPlans(c)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	for _, wf := range compiled {
		if tool != "" && wf.Tool.Name != tool {
			continue
		}
		b, err := json.MarshalIndent(wf.Plan, "", "  ")
		if err != nil {
			return nil, &exitError{code: ExitInternal, err: err}
		}
		out.Write(append(b, '\n'))
	}
	if out.Len() > 0 {
		return out.Bytes(), nil
	}
	if tool != "" {
		return nil, usageErr("no workflow named %q (describe --plan prints workflows' plans)", tool)
	}
	return nil, usageErr("no workflow in the inputs (describe --plan prints the plans of *.workflow.yaml files)")
}
