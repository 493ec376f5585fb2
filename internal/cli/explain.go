package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/internal/ruledb"
	"github.com/tscg/tscg/internal/suggest"
)

func init() { register("explain", (*env).explainCommand) }

// explainCommand prints one rule's registry entry, as ruff rule and
// golangci-lint's linters help do.
func (e *env) explainCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "explain RULE",
		Short: "Explain a rule: what it checks, its severity and how to silence it",
		Long: `explain prints what the rule registry says about RULE (the id in brackets at the end of a
finding): its default severity, category, the version that introduced it, its summary and
its longer description, and how to suppress it. tscg lint --list-rules lists every id.`,
		Example: `  tscg explain name-collision
  tscg lint --list-rules`,
		Args: cobra.ExactArgs(1),
		ValidArgsFunction: func(_ *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
			return withPrefix(ruledb.IDs(), prefix), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(_ *cobra.Command, args []string) error {
			r, ok := ruledb.Lookup(args[0])
			if !ok {
				return usageErr("unknown rule %q%s (tscg lint --list-rules lists them)", args[0], suggest.DidYouMean(args[0], ruledb.IDs()))
			}
			_, err := fmt.Fprint(e.stdout, explainText(r))
			return err
		},
	}
}

func explainText(r ruledb.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s, category %s, since %s)\n\n%s\n", r.ID, r.DefaultSeverity, r.Category, r.Since, capitalize(r.Summary)+".")
	if r.Doc != "" {
		b.WriteString("\n" + strings.TrimSpace(r.Doc) + "\n")
	}
	fmt.Fprintf(&b, "\nSilence it on one finding with a comment on or above its line:\n    tscg:ignore %s <reason>\n", r.ID)
	fmt.Fprintf(&b, "or for the project in tscg.yaml:\n    lint:\n      except: [%s]\n", r.ID)
	fmt.Fprintf(&b, "\nMore: docs/rules.md#%s\n", r.ID)
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
