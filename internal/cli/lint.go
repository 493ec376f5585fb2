package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/analyzer/rules"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/targets"
	"github.com/tscg/tscg/internal/ruledb"
)

func init() { register("lint", (*env).lintCommand) }

// lintFlags are the command-line lint options; set ones override the
// settings file.
type lintFlags struct {
	format, failOn, settings, encoding, skillsDir string
	except, only, targets                         []string
	similarity, nameDistance                      float64
	toolBudget, catalogBudget, rounds             int
	listRules, baseline, quiet, statistics        bool
}

func (e *env) lintCommand() *cobra.Command {
	var f lintFlags
	cmd := &cobra.Command{
		Use:   "lint [paths...]",
		Short: "Check tool definitions for collisions, ambiguity, provider limits and cost",
		Long: `lint compiles the given files and directories (default: the inputs listed in tscg.yaml)
and checks the catalog: name collisions, similar descriptions, result/parameter type
mismatches, missing docs, ambiguous parameters, provider limits, token budget, invalid
examples and unannotated side effects. --list-rules shows every rule tscg can report,
whichever command reports it (lint, breaking, workflow and skill checks).

Suppress a finding inline with a comment 'tscg:ignore <rule-id> <reason>' on or above the
line, or in the settings' except/ignore lists; --print-baseline prints an ignore list for
all current findings, to paste into the lint settings.

Output: the findings on stdout (--format text, json, sarif or github), then a closing
summary ("N errors, M warnings in T tools from F files", or "checked T tools from F files,
no findings"; "; K input errors" follow when tools could not be read): on stdout after text and github output, on stderr after json and sarif so
that stdout stays one document; --quiet leaves the summary out. --statistics prints one
line per rule with its count instead of the findings. Compiler warnings and tscg's own
errors go to stderr; --list-rules and --print-baseline print their lists on stdout
instead. Nothing is written to disk.

Exit status: 0 when no finding reaches --fail-on (default error), 1 otherwise, 2 on
usage or input errors, 3 on internal errors.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.listRules {
				return e.listRules()
			}
			return e.lint(cmd, args, &f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "output `FORMAT`: "+strings.Join(analyzer.Formats, ", "))
	fl.StringVar(&f.failOn, "fail-on", "", "lowest `SEVERITY` that fails: error (default), warning or info")
	settingsFlag(fl, &f.settings, "lint")
	fl.StringVar(&f.encoding, "encoding", "", "token `ENCODING` for token-budget: o200k_base (default) or cl100k_base")
	fl.StringSliceVar(&f.except, "except", nil, "`RULES` to disable (comma-separated or repeated)")
	fl.StringSliceVar(&f.only, "only", nil, "run only these `RULES`")
	fl.StringSliceVar(&f.targets, "targets", nil, "provider `TARGETS` to check: "+strings.Join(targets.Names(), ", ")+" (older spellings such as openai-strict and mcp still work)")
	fl.Float64Var(&f.similarity, "similarity", 0, "description-similarity threshold (TF-IDF cosine, default 0.8)")
	fl.Float64Var(&f.nameDistance, "name-distance", 0, "name-collision near-duplicate distance relative to name length (default 0.1)")
	fl.IntVar(&f.toolBudget, "tool-budget", 0, "token budget per tool (`N`; default 800)")
	fl.IntVar(&f.catalogBudget, "catalog-budget", 0, "token budget for the catalog over all rounds (`N`; default 200000)")
	fl.IntVar(&f.rounds, "rounds", 0, "rounds an agent resends the tool list (`N`; default: lint.rounds in tscg.yaml, else 20)")
	fl.StringVar(&f.skillsDir, "skills", "", "also check the skills in `DIR` (<name>/SKILL.md), as serve --skills loads them")
	fl.BoolVar(&f.listRules, "list-rules", false, "list the rules and exit")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print the findings only, no closing summary")
	fl.BoolVar(&f.statistics, "statistics", false, "print the number of findings per rule instead of the findings")
	fl.BoolVar(&f.baseline, "print-baseline", false, "print a lint: ignore block silencing all current findings, and exit 0")
	fl.BoolVar(&f.baseline, "baseline", false, "old spelling of --print-baseline")
	deprecate(fl, "baseline", "use --print-baseline (stats --openai-json names a file; lint prints one)")
	return cmd
}

func (e *env) listRules() error {
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tSEVERITY\tCATEGORY\tSUMMARY")
	for _, r := range ruledb.All() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.DefaultSeverity, r.Category, r.Summary)
	}
	return tw.Flush()
}

func (e *env) lint(cmd *cobra.Command, args []string, f *lintFlags) error {
	gcBounded()
	cfg, opts, err := e.schemaConfig(cmd, "")
	if err != nil {
		return err
	}
	s, err := lintSettings(cmd, f, cfg)
	if err != nil {
		return err
	}
	s.SchemaOptions = opts
	c, err := e.lintCompile(cfg, args, s)
	if err != nil {
		return err
	}
	cat := c.catalog
	slimRedefinitions(cat)
	found, err := analyzer.Run(cat, rules.All(), s)
	if err != nil {
		return &exitError{code: ExitInternal, err: err}
	}
	found = append(found, analyzer.Configure(lintSkills(f.skillsDir, cat), s)...)
	kept, bad := analyzer.Suppress(found, s, nil)
	kept = analyzer.Sort(append(kept, bad...))
	if f.baseline {
		out, err := analyzer.Baseline(kept)
		if err != nil {
			return &exitError{code: ExitInternal, err: err}
		}
		if _, err := e.stdout.Write(out); err != nil {
			return err
		}
		if len(c.unread) > 0 {
			return inputErr(c.unread) // a baseline of the tools read; the input still fails
		}
		return nil
	}
	root := relativize(kept)
	switch {
	case f.statistics:
		err = analyzer.WriteStatistics(e.stdout, f.format, kept)
	case f.format == "sarif":
		err = analyzer.WriteSARIFRoot(e.stdout, kept, rules.All(), root)
	default:
		err = analyzer.WriteFormat(e.stdout, f.format, kept, rules.All())
	}
	if err != nil {
		return usageErr("%v", err)
	}
	if !f.quiet {
		w := e.stdout
		if f.format == "json" || f.format == "sarif" {
			w = e.stderr // stdout holds one JSON document
		}
		sum := analyzer.Summary(kept, uniqueToolCount(cat), len(c.files))
		if n := len(c.unread); n == 1 {
			sum += "; 1 input error (on stderr): what it names is not linted"
		} else if n > 1 {
			sum += fmt.Sprintf("; %d input errors (on stderr): what they name is not linted", n)
		}
		fmt.Fprintln(w, sum)
	}
	if len(c.unread) > 0 {
		return inputErr(c.unread) // the tools read are linted; the input still fails
	}
	return lintExit(kept, s)
}

// slimRedefinitions replaces each later definition of a tool name in
// cat.Tools by a copy without its schemas and examples. The rules check
// the first definition of each name (analyzer.Pass.Tools; Catalog.Tool
// finds it too); a later one counts for its name, position and group only
// (name-collision, the skills check), and on BFCL later definitions are
// 43 % of the catalog: their type trees need not stay live through the
// rules. The tools themselves are not changed (one may be listed twice).
func slimRedefinitions(cat *ir.Catalog) {
	seen := make(map[string]bool, len(cat.Tools))
	for i, t := range cat.Tools {
		if !seen[t.Name] {
			seen[t.Name] = true
			continue
		}
		slim := *t
		slim.Params, slim.Result, slim.Examples = nil, nil, nil
		cat.Tools[i] = &slim
	}
}

// relativize makes the findings' absolute paths under the working
// directory relative to it (inputs named in tscg.yaml are resolved to
// absolute paths), as the contract wants in every format and code
// scanning needs; it returns the working directory, SARIF's %SRCROOT%.
func relativize(fs []analyzer.Finding) string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for i := range fs {
		if p := fs[i].Pos.File; filepath.IsAbs(p) {
			if rel, err := filepath.Rel(wd, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				fs[i].Pos.File = rel
			}
		}
	}
	return wd
}

// uniqueToolCount is the number of tool names in cat (a name defined
// twice is one tool with a name-collision finding).
func uniqueToolCount(cat *ir.Catalog) int {
	seen := map[string]bool{}
	for _, t := range cat.Tools {
		seen[t.Name] = true
	}
	return len(seen)
}

func lintExit(fs []analyzer.Finding, s *analyzer.Settings) error {
	level, _ := s.FailSeverity()
	n := 0
	for _, f := range fs {
		if f.Severity <= level {
			n++
		}
	}
	if n > 0 {
		return &exitError{code: ExitFindings} // the findings and the summary say why
	}
	return nil
}

// lintSettings takes the lint: section of the configuration (or of the
// file the deprecated --settings names) and applies the flags that were
// set. The section's rule ids are checked before the flags apply, so an
// unknown one is reported at its place in the file.
func lintSettings(cmd *cobra.Command, f *lintFlags, cfg *compiler.Config) (*analyzer.Settings, error) {
	s, err := configSettings(cfg, f.settings, "lint", ruledb.IDs())
	if err != nil {
		return nil, err
	}
	fl := cmd.Flags()
	set := func(name string, apply func()) {
		if fl.Changed(name) {
			apply()
		}
	}
	set("fail-on", func() { s.FailOn = f.failOn })
	set("encoding", func() { s.Encoding = f.encoding })
	set("except", func() { s.Except = append(s.Except, f.except...) })
	set("only", func() { s.Only = f.only })
	set("targets", func() { s.Targets = f.targets })
	set("similarity", func() { s.Similarity = f.similarity })
	set("name-distance", func() { s.NameDistance = f.nameDistance })
	set("tool-budget", func() { s.ToolBudget = f.toolBudget })
	set("catalog-budget", func() { s.CatalogBudget = f.catalogBudget })
	set("rounds", func() { s.Rounds = f.rounds })
	if err := s.Check(ruledb.IDs()); err != nil {
		return nil, flagErr(err)
	}
	return s, nil
}

// lintCompile compiles like e.compile but lets duplicate tool names
// through: name-collision reports them with the other findings. The
// compiler's warnings of registered rules (workflow-unused-step, …)
// follow the settings' except, only and severity "off" as findings do:
// the settings accept every registered id, so none may be ignored.
func (e *env) lintCompile(cfg *compiler.Config, paths []string, s *analyzer.Settings) (*compilation, error) {
	c, err := e.compilePartial(cfg, paths, "", compiler.AllTools(), true, true, true)
	if err != nil {
		return nil, err
	}
	c.diags = slices.DeleteFunc(c.diags, func(d diag.Diagnostic) bool {
		_, registered := ruledb.Lookup(d.RuleID)
		return s != nil && registered && d.Severity != diag.Error && !s.Enabled(d.RuleID)
	})
	e.printWarnings(c)
	e.printNotes(c)
	return c, nil
}

// printNotes prints the compiler's notes (info): what the inputs were
// read as, and what was skipped (issue 29: never silently).
func (e *env) printNotes(c *compilation) {
	var notes diag.List
	for _, d := range c.diags {
		if d.Severity == diag.Info && d.RuleID == "" {
			notes = append(notes, d)
		}
	}
	notes.Print(e.stderr)
}
