package cli

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/codegen"
	"github.com/tscg/tscg/codegen/goexec"
	"github.com/tscg/tscg/codegen/providers"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/internal/version"
)

// compilation is a compiled catalog with its non-fatal diagnostics.
type compilation struct {
	catalog *ir.Catalog
	diags   diag.List
	inputs  []string  // the paths named and the files read
	files   []string  // the files read
	unread  diag.List // lint only: errors about tools that could not be read (the catalog holds the rest)
}

// printWarnings shows warnings of a successful compilation; infos stay
// quiet so clean runs print nothing. A warning of a registered rule
// silenced by a tscg:ignore comment in its file is left out, as lint
// leaves out such findings (lint also reports malformed directives).
func (e *env) printWarnings(c *compilation) {
	var ws []analyzer.Finding
	for _, d := range c.diags {
		if d.Severity <= diag.Warning {
			ws = append(ws, analyzer.Finding{Diagnostic: d})
		}
	}
	kept, _ := analyzer.Suppress(ws, nil, nil)
	var out diag.List
	for _, f := range kept {
		out = append(out, f.Diagnostic)
	}
	out.Print(e.stderr)
}

func (e *env) buildCommand() *cobra.Command {
	var out, draft, goOut, goPkg, usageFile string
	var eagerBudget int
	var check bool
	cmd := &cobra.Command{
		Use:   "build [paths...]",
		Short: "Compile tool definitions and write schemas and a manifest",
		Long: `build compiles the given files and directories (default: the inputs listed in tscg.yaml)
and writes the output directory (-o, default tscg-out):

  manifest.json                 the tools (name, description, source, annotations, outputs)
                                and the SHA-256 of every file below
  schemas/<tool>.input.json     each tool's input JSON Schema
  schemas/<tool>.output.json    its result's schema, when the tool declares a result
  providers/<target>.json       the tools as each provider takes them, for each target:
                                ` + providerList + `
  providers/lowering.json       what a target could not express and how it was stated instead
  llm/verbose.md, llm/compact.txt, llm/terse.txt, llm/catalog.md
                                what the model reads (tscg describe --style …)
  skills/<group>/SKILL.md       one skill per tool group, unlocking its tools (serve --skills)
  tools.d.ts                    declarations tool_call_script code is checked against

With --go-out DIR it also writes DIR/tools.go, typed Go executors (package --go-package).
They import github.com/tscg/tscg/runtime: when the Go module around DIR cannot resolve
that import (no go.mod, no require, no replace while the module is unpublished, or a
replace naming no clone of tscg), a warning on stderr gives the go.mod lines to add.
The output directory is replaced atomically, and a directory tscg did not write is never
replaced. When some tools cannot be read, the others are written and build exits 2 with
the errors, which name what was left out; on any other error the previous contents stay
untouched. With --check nothing is
written; build exits 1 and names the stale files when the directory is out of date. A
build whose inputs define no tool exits 2 and names the files it read.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, opts, err := e.schemaConfig(cmd, draft)
			if err != nil {
				return err
			}
			dir := out
			if dir == "" && cfg.Out != "" {
				dir = cfg.Resolve(cfg.Out)
			}
			if dir == "" {
				dir = "tscg-out"
			}
			c, err := e.compilePartial(cfg, args, dir, compiler.AllTools(), false, true, false)
			if err != nil {
				return err
			}
			blocked, ok := unreadToolsOnly(c.unread, c.catalog)
			if len(c.unread) > 0 && !ok {
				return inputErr(append(c.diags, c.unread...))
			}
			e.printWarnings(c)
			if ds := compiler.NoTools(c.catalog, c.files); ds != nil {
				return inputErr(ds)
			}
			base := cfg.Dir
			if base == "" {
				if base, err = os.Getwd(); err != nil {
					return &exitError{code: ExitInternal, err: err}
				}
			}
			if base, err = filepath.Abs(base); err != nil {
				return &exitError{code: ExitInternal, err: err}
			}
			plan, err := loadingPlan(cmd, cfg, c, eagerBudget, usageFile)
			if err != nil {
				return err
			}
			if _, err := compiler.ManifestOptions(cfg.Build); err != nil {
				return usageErr("%v", err)
			}
			files, err := compiler.BuildPlanned(c.catalog, opts, base, plan, cfg.Build)
			if err != nil {
				return &exitError{code: ExitInternal, err: err}
			}
			goOut, goFiles, err := goExecutors(cfg, c, opts, goOut, goPkg)
			if err != nil {
				return err
			}
			if goOut != "" {
				if advice := goModuleAdvice(goOut, version.Version()); advice != "" {
					fmt.Fprintf(e.stderr, "tscg: warning: %s\n", advice)
				}
			}
			if check {
				if err := e.check(dir, files, goOut, goFiles); err != nil || len(c.unread) == 0 {
					return err
				}
				return inputErr(c.unread)
			}
			if err := writeDir(dir, files, protected(cfg, c)); err != nil {
				return &exitError{code: ExitInput, err: err}
			}
			if err := writeFiles(goOut, goFiles); err != nil {
				return &exitError{code: ExitInput, err: err}
			}
			fmt.Fprintf(e.stdout, "wrote %d files for %s to %s\n", len(files), plural(len(c.catalog.Tools), "tool"), dir)
			if plan != nil {
				budget := fmt.Sprintf("budget %d", plan.Budget)
				if plan.Budget == math.MaxInt {
					budget = "no budget: deferred as their sources declare"
				}
				fmt.Fprintf(e.stdout, "loading plan: %d eager (%d tokens of %d, %s), %d deferred\n",
					len(c.catalog.Tools)-len(plan.Deferred), plan.EagerTokens, plan.AllTokens, budget, len(plan.Deferred))
			}
			if n := len(c.unread); n > 0 {
				// One unreadable tool hides none of the rest: the tools
				// read are written, and the input still fails.
				fmt.Fprintf(e.stdout, "%s (on stderr): what %s is not built (%s)\n", plural(n, "input error"), map[bool]string{true: "it names", false: "they name"}[n == 1], notBuilt(blocked))
				return inputErr(c.unread)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "output `DIR` (default: out in tscg.yaml, else tscg-out)")
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 and list stale files when the output directory is out of date")
	cmd.Flags().StringVar(&draft, "draft", "", "JSON Schema `DRAFT`: 2020-12 (default) or 7")
	cmd.Flags().StringVar(&goOut, "go-out", "", "also write a Go package of typed executors to `DIR` (default: go.out in tscg.yaml)")
	cmd.Flags().IntVar(&eagerBudget, "eager-budget", 0, "loading plan: `TOKENS` (o200k_base) of tool definitions loaded eagerly, the rest deferred (default: build.eagerBudget in tscg.yaml; 0: all eager)")
	cmd.Flags().StringVar(&usageFile, "usage", "", "with a loading plan, prefer the tools called most in `FILE` (the text of tscg serve's /metrics)")
	cmd.Flags().StringVar(&goPkg, "go-package", "", "`NAME` of the generated Go package (default: go.package in tscg.yaml, else the directory's base name)")
	return cmd
}

// goExecutors renders the typed Go executors when --go-out or go.out asks
// for them, returning the directory and its files.
func goExecutors(cfg *compiler.Config, c *compilation, opts jsonschema.Options, out, pkg string) (string, []codegen.File, error) {
	if out == "" && cfg.Go.Out != "" {
		out = cfg.Resolve(cfg.Go.Out)
	}
	if out == "" {
		return "", nil, nil
	}
	if pkg == "" {
		pkg = cfg.Go.Package
	}
	if pkg == "" {
		pkg = filepath.Base(filepath.Clean(out))
	}
	files, err := goexec.Generate(c.catalog, goexec.Options{Package: pkg, Schema: opts, Version: version.Version()})
	if err != nil {
		return "", nil, usageErr("%v", err)
	}
	return out, files, nil
}

// protected lists what an output directory must never contain: the
// inputs read, the configuration file and the working directory.
func protected(cfg *compiler.Config, c *compilation) []string {
	p := append([]string(nil), c.inputs...)
	if cfg.Path != "" {
		p = append(p, cfg.Path)
	}
	if wd, err := os.Getwd(); err == nil {
		p = append(p, wd)
	}
	return p
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// schemaConfig loads the configuration and derives the JSON Schema
// options, with --draft (when given) taking precedence.
func (e *env) schemaConfig(cmd *cobra.Command, draft string) (*compiler.Config, jsonschema.Options, error) {
	cfg, err := e.loadConfig()
	if err != nil {
		return nil, jsonschema.Options{}, err
	}
	if cmd.Flags().Changed("draft") {
		cfg.Draft = draft
	}
	opts, err := compiler.SchemaOptions(cfg)
	if err != nil {
		return nil, jsonschema.Options{}, usageErr("%v", err)
	}
	return cfg, opts, nil
}

func (e *env) check(dir string, files []codegenFile, goOut string, goFiles []codegenFile) error {
	stale, err := staleFiles(dir, files, true)
	if err != nil {
		return &exitError{code: ExitInput, err: err}
	}
	var goStale []staleFile
	if goOut != "" {
		// The Go package directory also holds hand-written code: only the
		// generated files are compared.
		if goStale, err = staleFiles(goOut, goFiles, false); err != nil {
			return &exitError{code: ExitInput, err: err}
		}
	}
	if len(stale)+len(goStale) == 0 {
		fmt.Fprintf(e.stdout, "%s is up to date\n", dir)
		return nil
	}
	for _, s := range stale {
		fmt.Fprintf(e.stderr, "%s: %s\n", filepath.ToSlash(filepath.Join(dir, s.path)), s.why)
	}
	for _, s := range goStale {
		fmt.Fprintf(e.stderr, "%s: %s\n", filepath.ToSlash(filepath.Join(goOut, s.path)), s.why)
	}
	return &exitError{code: ExitFindings, err: fmt.Errorf("%s is stale (%d files); run tscg build to update it", dir, len(stale)+len(goStale))}
}

// providerList names the provider manifests build writes, for --help.
var providerList = func() string {
	var names []string
	for _, m := range providers.Manifests {
		names = append(names, m.Target)
	}
	return strings.Join(names, ", ")
}()

// loadingPlan is the plan of --eager-budget (else build.eagerBudget),
// preferring the tools --usage counts most. Without a budget it is nil,
// unless some tool's source declares it deferred: then every other tool
// is eager.
func loadingPlan(cmd *cobra.Command, cfg *compiler.Config, c *compilation, budget int, usageFile string) (*compiler.LoadingPlan, error) {
	if !cmd.Flags().Changed("eager-budget") {
		budget = cfg.Build.EagerBudget
	}
	if budget < 0 {
		return nil, usageErr("--eager-budget must not be negative, got %d", budget)
	}
	if budget == 0 {
		if usageFile != "" {
			return nil, usageErr("--usage needs a loading plan: give --eager-budget TOKENS or build.eagerBudget")
		}
		if !slices.ContainsFunc(c.catalog.Tools, func(t *ir.Tool) bool { return t.DeferLoading }) {
			return nil, nil
		}
		budget = math.MaxInt
	}
	var usage map[string]int
	if usageFile != "" {
		data, err := inputfile.Read(usageFile)
		if err != nil {
			return nil, usageErr("read --usage: %v", err)
		}
		if usage, err = compiler.ReadUsage(usageFile, data); err != nil {
			return nil, usageErr("--usage: %v", err)
		}
	}
	plan, err := compiler.PlanLoading(c.catalog, budget, usage)
	if err != nil {
		return nil, &exitError{code: ExitInternal, err: err}
	}
	return plan, nil
}

// unreadToolsOnly reports whether every error in errs blocks one tool
// the catalog does not hold (diag.Diagnostic.BlockedTool, which each
// frontend sets where an unreadable construct keeps out that tool only),
// and names those tools. Then the catalog is every tool that was read,
// whole, and build writes it; any other error (a type, a duplicate name,
// a file) fails the build with nothing written.
func unreadToolsOnly(errs diag.List, cat *ir.Catalog) ([]string, bool) {
	names, ok := errs.BlockedTools()
	if !ok {
		return nil, false
	}
	for _, n := range names {
		if cat.Tool(n) != nil {
			return nil, false
		}
	}
	return names, true
}

// notBuilt names the tools build left out.
func notBuilt(names []string) string {
	if len(names) == 1 {
		return "tool " + names[0]
	}
	return "tools " + strings.Join(names, ", ")
}
