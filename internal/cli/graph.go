package cli

import (
	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler/iograph"
	"github.com/tscg/tscg/frontends/workflow"
)

func init() { register("graph", (*env).graphCommand) }

func (e *env) graphCommand() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "graph [paths...]",
		Short: "Print which tool results can feed which tool parameters (Mermaid or DOT)",
		Long: `graph compiles the given files and directories (default: the inputs listed in tscg.yaml)
and prints the data-flow graph of the catalog: an edge from tool A to tool B for each
result field of A whose name matches a parameter of B (exactly or after normalisation:
doc_id, docId, documentId) with an assignable type. Near misses (same name, incompatible
type) are dotted (Mermaid) or dashed red (DOT); the io-compatibility lint rule reports them.
A list feeding a parameter that takes one element (doc_ids → doc_id) is a thick (Mermaid) or
bold (DOT) edge.

Each workflow (*.workflow.yaml) is drawn after the tools as its own subgraph of steps: an
edge for each value flowing from the workflow's inputs or a step's result into a later
step's argument or the output ("items[*].id → doc_id"; thick/bold when a for_each step
takes it one element per call), and a dotted edge for an order that needs adds.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "mermaid" && format != "dot" {
				return usageErr("unknown graph format %q (want mermaid or dot)", format)
			}
			cfg, err := e.loadConfig()
			if err != nil {
				return err
			}
			c, err := e.lintCompile(cfg, args, nil)
			if err != nil {
				return err
			}
			if len(c.unread) > 0 {
				return inputErr(c.unread) // a graph missing tools would mislead
			}
			g := iograph.Build(c.catalog.Tools)
			compiled, err := workflowPlans(c)
			if err != nil {
				return err
			}
			for _, wf := range compiled {
				g.Workflows = append(g.Workflows, workflow.Graph(wf.Plan))
			}
			if format == "dot" {
				return g.WriteDOT(e.stdout)
			}
			return g.WriteMermaid(e.stdout)
		},
	}
	cmd.Flags().StringVar(&format, "format", "mermaid", "output `FORMAT`: mermaid or dot")
	return cmd
}
