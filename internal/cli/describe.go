package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/codegen/describe"
	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/targets"
)

func init() { register("describe", (*env).describeCommand) }

func (e *env) describeCommand() *cobra.Command {
	var style, target, tool string
	var plan bool
	cmd := &cobra.Command{
		Use:   "describe [paths...] [--style verbose|compact|terse|catalog] [--target manifest]",
		Short: "Print what the model reads: descriptions, compact signatures or a provider manifest",
		Long: `describe compiles the tool definitions and prints them for a model:
  --style verbose   Markdown per tool: parameters and constraints in words, examples, mistakes to avoid
  --style compact   the compact signature grammar (docs/compact.md), lossless
  --style terse     compact without descriptions that restate the name or type
  --style catalog   one line per tool; add --tool NAME for that tool's full verbose rendering
--target prints a provider manifest instead (` + strings.Join(targets.Names(), ", ") + `).
--plan prints the compiled plan of each workflow (*.workflow.yaml) as JSON, one document per
workflow (--tool NAME for one): the steps, their arguments' templates, conditions, loops,
retries and timeouts exactly as serve executes them.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := e.loadConfig()
			if err != nil {
				return err
			}
			c, err := e.compile(cfg, args, "")
			if err != nil {
				return err
			}
			e.printWarnings(c)
			mo, err := compiler.ManifestOptions(cfg.Build)
			if err != nil {
				return usageErr("%v", err)
			}
			render := func() ([]byte, error) { return renderDescribe(c, style, target, tool, mo) }
			if plan {
				render = func() ([]byte, error) { return renderPlans(c, tool) }
			}
			out, err := render()
			if err != nil {
				return err
			}
			_, err = e.stdout.Write(out)
			return err
		},
	}
	cmd.Flags().StringVar(&style, "style", "verbose", "rendering `STYLE`: verbose, compact, terse or catalog")
	cmd.Flags().StringVar(&target, "target", "", "print the provider manifest of `TARGET`: "+strings.Join(targets.Names(), ", "))
	cmd.Flags().StringVar(&tool, "tool", "", "only the tool `NAME` (full verbose rendering)")
	cmd.Flags().BoolVar(&plan, "plan", false, "print the compiled plans of the workflows (JSON)")
	cmd.MarkFlagsMutuallyExclusive("plan", "target")
	cmd.MarkFlagsMutuallyExclusive("plan", "style")
	return cmd
}

func renderDescribe(c *compilation, style, target, tool string, mo providers.Options) ([]byte, error) {
	cat := c.catalog
	if tool != "" {
		t := cat.Tool(tool)
		if t == nil {
			return nil, usageErr("no tool named %q", tool)
		}
		if target == "" && (style == "verbose" || style == "catalog") {
			for _, g := range cat.Groups {
				if g.Name == t.Group {
					return describe.VerboseTool(t, g), nil
				}
			}
			return describe.VerboseTool(t, nil), nil
		}
		one := *cat
		one.Tools = []*ir.Tool{t}
		cat = &one
	}
	if target != "" {
		tg := targets.Lookup(target) // a target name or an older alias (openai-strict, mcp, …)
		for _, m := range providers.Manifests {
			if tg != nil && m.Target == tg.Name {
				files, err := providers.Generate(cat, mo)
				if err != nil {
					return nil, err
				}
				for _, f := range files {
					if f.Path == m.Path {
						return f.Contents, nil
					}
				}
			}
		}
		return nil, usageErr("unknown --target %q (want one of %s)", target, strings.Join(targets.Names(), ", "))
	}
	out, err := describe.Render(cat, style)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return out, nil
}
