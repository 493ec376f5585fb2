package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/eval"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/compiler/serve"
)

func init() { register("eval", (*env).evalCommand) }

func (e *env) evalCommand() *cobra.Command {
	var answers, format, system string
	var limit int
	var renderings []string
	cmd := &cobra.Command{
		Use:   "eval QUESTIONS [paths...]",
		Short: "Measure tool-selection accuracy and tokens per request of each rendering against the model",
		Long: `eval asks the model of tscg.yaml's model: section each question of QUESTIONS once per
rendering of the same tools (provider: the compiled description and schema; verbose: the
Markdown description with examples and mistakes to avoid; compact: the compact signature)
at temperature 0, and reports per rendering: tool-selection accuracy (the expected tool
called first), argument validity (the call's arguments pass the runtime's validator),
argument agreement with the expected values, answers without a call, and the tokens per
request (one request is one round).

QUESTIONS is BFCL-style JSON Lines ({"id","question":[[…]],"function":[…]}, answers from
--answers or possible_answer/<same name> beside it; its functions are the tools), or your
own lines {"id","question":"…","expected":{"name":"…","arguments":{…}}} over the tools of
paths (default: the inputs in tscg.yaml).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return usageErr("--format %q: use text or json", format)
			}
			return e.eval(cmd, args[0], args[1:], answers, format, system, limit, renderings)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&answers, "answers", "", "BFCL possible-answer `FILE` (default: possible_answer/<name> beside QUESTIONS)")
	fl.IntVar(&limit, "limit", 0, "ask only the first `N` questions (0: all)")
	fl.StringSliceVar(&renderings, "rendering", eval.Renderings, "renderings to compare: "+strings.Join(eval.Renderings, ", "))
	fl.StringVar(&format, "format", "text", "report: text or json")
	fl.StringVar(&system, "system", "Call the one tool that answers the user's request, with its arguments taken from the request.", "system `PROMPT`")
	return cmd
}

func (e *env) eval(cmd *cobra.Command, questions string, paths []string, answers, format, system string, limit int, renderings []string) error {
	cfg, err := e.loadConfig()
	if err != nil {
		return err
	}
	model, err := serve.NewModel(cfg.Model)
	if err != nil {
		return serveErr(err)
	}
	qs, err := eval.Load(questions, answers, limit)
	if err != nil {
		return usageErr("%v", err)
	}
	if len(paths) == 0 && qs[0].Tools != nil {
		paths = []string{questions} // BFCL: the records carry their functions
	}
	// As lint compiles: BFCL repeats names across questions with other
	// definitions; each question's own are picked by line.
	c, err := e.compileWith(cfg, paths, "", nil, true)
	if err != nil {
		return err
	}
	opts, err := compiler.SchemaOptions(cfg)
	if err != nil {
		return usageErr("%v", err)
	}
	opts.Draft = jsonschema.Draft2020
	results, err := eval.Run(cmd.Context(), qs, eval.Options{Model: model, Catalog: c.catalog, Schema: opts, Renderings: renderings, System: system})
	if err != nil {
		return usageErr("%v", err)
	}
	if format == "json" {
		b, _ := json.MarshalIndent(map[string]any{"questions": questions, "model": cfg.Model.Model, "results": results}, "", "  ")
		fmt.Fprintf(e.stdout, "%s\n", b)
	} else {
		report(e.stdout, questions, cfg.Model.Model, results)
	}
	for _, r := range results {
		if r.Errors == r.Questions {
			return &exitError{code: ExitInternal, err: fmt.Errorf("rendering %s: every request failed; first: %s", r.Rendering, r.FirstError)}
		}
		if r.Errors > 0 {
			fmt.Fprintf(e.stderr, "tscg: warning: rendering %s: %d of %d requests failed; first: %s\n", r.Rendering, r.Errors, r.Questions, r.FirstError)
		}
	}
	return nil
}

func report(w io.Writer, file, model string, rs []eval.Result) {
	fmt.Fprintf(w, "eval: %d questions from %s, model %s, temperature 0\n", rs[0].Questions, file, model)
	fmt.Fprintf(w, "%-9s %-16s %-16s %-16s %-8s %-7s %s\n", "rendering", "selected", "valid args", "args match", "no call", "errors", "tokens/request (in+out)")
	pct := func(n, d int) string {
		if d == 0 {
			return "-"
		}
		return fmt.Sprintf("%d/%d %5.1f%%", n, d, 100*float64(n)/float64(d))
	}
	for _, r := range rs {
		fmt.Fprintf(w, "%-9s %-16s %-16s %-16s %-8d %-7d %.1f\n", r.Rendering, pct(r.Selected, r.Questions), pct(r.ValidArgs, r.Questions),
			pct(r.ArgsMatch, r.Questions), r.NoCall, r.Errors, r.TokensPerRequest())
	}
}
