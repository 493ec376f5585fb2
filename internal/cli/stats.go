package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/codegen/describe"
	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/internal/tokens"
)

func init() { register("stats", (*env).statsCommand) }

func (e *env) statsCommand() *cobra.Command {
	var rounds int
	var baseline string
	var perTool bool
	var eagerBudgets []int
	var usageFile string
	cmd := &cobra.Command{
		Use:   "stats [paths...]",
		Short: "Count the tokens each rendering costs (o200k_base, cl100k_base) against OpenAI JSON",
		Long: `stats prints, per catalog (and per tool with --tools), the tokens of each style
(OpenAI JSON tools array, compact, terse, verbose, catalog) with the offline o200k_base and
cl100k_base tokenizers, the savings against the OpenAI JSON form, the content floor (names,
descriptions and enum values alone), and the cost of --rounds requests (default: lint.rounds
in tscg.yaml, else 20, the rounds lint's token budget assumes). --openai-json FILE counts
FILE's bytes as the OpenAI JSON form instead of tscg's own rendering.
--eager-budget TOKENS (repeatable, or comma-separated) adds, per budget, the loading plan
build --eager-budget makes: tools eager and deferred, and the tokens of tool definitions per
request (the Anthropic tool entries) eager against all (--usage FILE as in build).

Output: the table on stdout, compiler warnings on stderr. Nothing is written to disk.`,
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
			if !cmd.Flags().Changed("rounds") {
				rounds = analyzer.DefaultRounds
				if cfg.Lint != nil && cfg.Lint.Rounds > 0 {
					rounds = cfg.Lint.Rounds
				}
			}
			if rounds < 1 {
				return usageErr("--rounds must be at least 1, got %d", rounds)
			}
			var base []byte
			if baseline != "" {
				if base, err = inputfile.Read(baseline); err != nil {
					return usageErr("read --openai-json: %v", err)
				}
			}
			if err := e.printStats(c.catalog, base, rounds, perTool); err != nil {
				return err
			}
			return e.printPlans(cmd, cfg, c, eagerBudgets, usageFile)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&rounds, "rounds", 0, "requests to cost, each resending the tool list (default: lint.rounds in tscg.yaml, else 20)")
	fl.StringVar(&baseline, "openai-json", "", "count `FILE`'s bytes as the OpenAI JSON tools array (default: tscg's own rendering)")
	fl.StringVar(&baseline, "baseline", "", "old spelling of --openai-json")
	deprecate(fl, "baseline", "use --openai-json FILE (lint --print-baseline prints an ignore list)")
	fl.BoolVar(&perTool, "tools", false, "also print one row per tool")
	fl.IntSliceVar(&eagerBudgets, "eager-budget", nil, "also report the loading plan for `TOKENS` of eager tool definitions (repeatable)")
	fl.StringVar(&usageFile, "usage", "", "with --eager-budget, prefer the tools called most in `FILE` (tscg serve's /metrics text)")
	return cmd
}

// styleTexts renders the catalog in every counted form.
func styleTexts(cat *ir.Catalog, base []byte) ([][2]string, error) {
	if base == nil {
		var err error
		if base, err = providers.OpenAIJSON(cat); err != nil {
			return nil, err
		}
	}
	out := [][2]string{{"openai-json", string(base)}}
	for _, s := range []string{"compact", "terse", "verbose", "catalog"} {
		text, err := describe.Render(cat, s)
		if err != nil {
			return nil, err
		}
		out = append(out, [2]string{s, string(text)})
	}
	return append(out, [2]string{"content-floor", describe.ContentItems(cat)}), nil
}

func (e *env) printStats(cat *ir.Catalog, base []byte, rounds int, perTool bool) error {
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "scope\tstyle\to200k\tsaved\tcl100k\tsaved\to200k x %d rounds\t\n", rounds)
	if err := statsRows(w, "catalog", cat, base, rounds); err != nil {
		return err
	}
	if perTool {
		for _, t := range cat.Tools {
			one := &ir.Catalog{Tools: []*ir.Tool{t}, Types: cat.Types, Groups: cat.Groups}
			if err := statsRows(w, t.Name, one, nil, rounds); err != nil {
				return err
			}
		}
	}
	return w.Flush()
}

func statsRows(w *tabwriter.Writer, scope string, cat *ir.Catalog, base []byte, rounds int) error {
	texts, err := styleTexts(cat, base)
	if err != nil {
		return err
	}
	var ref [2]int
	for i, st := range texts {
		var n [2]int
		for j, enc := range []string{tokens.O200kBase, tokens.Cl100kBase} {
			if n[j], err = tokens.Count(enc, st[1]); err != nil {
				return err
			}
		}
		if i == 0 {
			ref = n
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%d\t%s\t%d\t\n", scope, st[0], n[0], pct(n[0], ref[0]), n[1], pct(n[1], ref[1]), n[0]*rounds)
	}
	return nil
}

func pct(n, ref int) string {
	if ref == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100-100*float64(n)/float64(ref))
}

// printPlans prints, per budget, the loading plan's eager and deferred
// tools and the tokens per request, eager against all.
func (e *env) printPlans(cmd *cobra.Command, cfg *compiler.Config, c *compilation, budgets []int, usageFile string) error {
	if len(budgets) == 0 {
		if usageFile != "" {
			return usageErr("--usage needs --eager-budget")
		}
		return nil
	}
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "\neager budget\ttools eager\tdeferred\ttokens per request (eager)\tall tools\tsaved\t\n")
	for _, b := range budgets {
		if b <= 0 {
			return usageErr("--eager-budget must be positive, got %d", b)
		}
		plan, err := loadingPlan(cmd, cfg, c, b, usageFile)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%d\t%d\t%d\t%d\t%d\t%s\t\n", b, len(c.catalog.Tools)-len(plan.Deferred), len(plan.Deferred),
			plan.EagerTokens, plan.AllTokens, pct(plan.EagerTokens, plan.AllTokens))
	}
	return w.Flush()
}
