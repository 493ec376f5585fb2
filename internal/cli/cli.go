// Package cli implements the tscg command line. Run is the whole program;
// cmd/tscg/main.go only passes it the process's arguments and streams.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/golist"
	"github.com/tscg/tscg/internal/version"
)

// Exit codes, the same for every command.
const (
	ExitOK       = 0
	ExitFindings = 1 // findings, stale outputs
	ExitInput    = 2 // usage, config or input errors
	ExitInternal = 3
)

// exitError carries an exit code through cobra's error return.
type exitError struct {
	code  int
	err   error
	diags diag.List
}

func (e *exitError) Error() string {
	if e.err != nil {
		return e.err.Error()
	}
	if len(e.diags) == 0 {
		return fmt.Sprintf("exit status %d", e.code) // the command printed why
	}
	return fmt.Sprintf("%d problem(s)", len(e.diags))
}

func usageErr(format string, args ...any) error {
	return &exitError{code: ExitInput, err: fmt.Errorf(format, args...)}
}

func inputErr(ds diag.List) error { return &exitError{code: ExitInput, diags: ds} }

// env is what every command needs: streams and global flags.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	configPath     string
}

// Run executes tscg with args (without the program name) and returns the
// process exit code. It never calls os.Exit.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "tscg: internal error: %v\n%s", r, debug.Stack())
			code = ExitInternal
		}
	}()
	defer gcOneShot()()
	defer golist.Stop() // an early go list nothing took (internal/golist)
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	root := e.commandFor(args)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	return e.report(err)
}

// report prints err and maps it to an exit code. Errors that are not ours
// come from cobra's argument and flag parsing: usage errors.
func (e *env) report(err error) int {
	if err == nil {
		return ExitOK
	}
	var xe *exitError
	if !errors.As(err, &xe) {
		fmt.Fprintf(e.stderr, "tscg: %v\nRun 'tscg --help' for usage.\n", err)
		return ExitInput
	}
	xe.diags.Print(e.stderr)
	if xe.err != nil {
		fmt.Fprintf(e.stderr, "tscg: %v\n", xe.err)
	}
	return xe.code
}

// rootCommand is the whole command tree: help, completion and the
// suggestions for a mistyped command read it.
func (e *env) rootCommand() *cobra.Command {
	root := e.bareRoot()
	root.Version = version.Version()
	root.SetVersionTemplate(version.Line() + "\n")
	for _, c := range commands {
		root.AddCommand(c.build(e))
	}
	polish(root)
	return root
}

// commandFor is the tree Run executes args with. When args start with a
// command's name, the root holds that command alone: every command's
// flags, examples and completions, cobra's completion command and the
// root's --version (four parses of the build info) cost ~0.5 M
// instructions and ~80 page faults to build, on each start of every
// command, and a command reads none of them (TestCommandForSameOutput).
// Anything else (help, completion, a flag or an unknown word first) gets
// the whole tree.
func (e *env) commandFor(args []string) *cobra.Command {
	if len(args) > 0 {
		for _, c := range commands {
			if c.name == args[0] {
				root := e.bareRoot()
				root.CompletionOptions.DisableDefaultCmd = true
				root.AddCommand(c.build(e))
				polish(root)
				return root
			}
		}
	}
	return e.rootCommand()
}

// bareRoot is the root command without its subcommands.
func (e *env) bareRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "tscg",
		Short: "tscg compiles LLM tool definitions into schemas, manifests and code",
		Long: `tscg is a tool-schema compiler for LLM agents. It reads tool definitions from
TypeScript, Go and Python sources, workflow files and existing JSON catalogs (OpenAI,
Anthropic, MCP, BFCL, JSON Schema), checks them, and writes deterministic outputs: JSON
Schemas, provider manifests, LLM-facing descriptions, typed Go executors; its runtime
validates and executes calls, also as an MCP server.`,
		SilenceUsage:     true,
		SilenceErrors:    true,
		PersistentPreRun: func(cmd *cobra.Command, _ []string) { e.warnDeprecated(cmd.Flags()) },
	}
	root.PersistentFlags().StringVar(&e.configPath, "config", "", "configuration `FILE` (default: tscg.yaml found from the working directory upward)")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageErr("%v", err) })
	return root
}

// command is a subcommand by the name it is invoked with (the first word
// of its Use; TestRegisteredNames holds the two equal).
type command struct {
	name  string
	build func(*env) *cobra.Command
}

// commands are the subcommands registered by their own files (each file
// adds itself in an init func), so a new command touches no shared code.
var commands = []command{
	{"build", (*env).buildCommand},
	{"schema", (*env).schemaCommand},
}

func register(name string, c func(*env) *cobra.Command) {
	commands = append(commands, command{name, c})
}

// loadConfig returns the configuration named by --config, else the one
// found from the working directory upward, else defaults.
func (e *env) loadConfig() (*compiler.Config, error) {
	path := e.configPath
	if path == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, &exitError{code: ExitInternal, err: err}
		}
		if path, err = compiler.FindConfig(wd); err != nil {
			return nil, &exitError{code: ExitInternal, err: err}
		}
		if path == "" {
			return &compiler.Config{}, nil
		}
	}
	cfg, ds := compiler.LoadConfig(path)
	if ds.HasErrors() {
		return nil, inputErr(ds)
	}
	return cfg, nil
}

// compile collects and compiles paths (or the configured inputs when none
// are given), skipping the output directory.
func (e *env) compile(cfg *compiler.Config, paths []string, outDir string) (*compilation, error) {
	return e.compileWith(cfg, paths, outDir, nil, false)
}

// compileWith is compile for what sel selects (nil: everything; errors
// only elsewhere are warnings). forLint is lint's compile: duplicate tool
// names are left to its name-collision rule, and when some tools cannot
// be read the others come back, with the errors in c.unread, so that one
// unreadable tool hides none of the rest (issue 28).
func (e *env) compileWith(cfg *compiler.Config, paths []string, outDir string, sel *compiler.Selection, forLint bool) (*compilation, error) {
	return e.compilePartial(cfg, paths, outDir, sel, forLint, forLint, false)
}

// compilePartial is compileWith where partial says whether the tools
// read come back when others cannot be read (lint, build), with the
// errors in c.unread, and firstDefs that only the first definition of
// each tool name needs its schemas (lint; compiler.Inputs.FirstDefinitions).
func (e *env) compilePartial(cfg *compiler.Config, paths []string, outDir string, sel *compiler.Selection, forLint, partial, firstDefs bool) (*compilation, error) {
	if len(paths) == 0 {
		paths = configuredInputs(cfg)
	}
	if len(paths) == 0 {
		return nil, usageErr("no inputs: name files or directories, or list them under inputs: in tscg.yaml")
	}
	paths, live, err := serverInputs(cfg, paths)
	if err != nil {
		return nil, err
	}
	in, ds := collect(paths, append(cfg.OutputDirs(), outDir))
	if ds.HasErrors() {
		return nil, inputErr(ds)
	}
	in.Live = live
	if len(in.Files) == 0 && len(live) == 0 {
		return nil, usageErr("no input files found in %v (looked for .ts, .d.ts, .json, .jsonl, .py, .workflow.yaml and Go packages)", paths)
	}
	if bigInputs(in.Files) {
		prepareHeap()
	}
	in.DuplicatesReported = forLint
	in.FirstDefinitions = firstDefs
	in.Select = sel
	cat, cds := compiler.CompileInputs(in, cfg)
	ds = append(ds, cds...)
	c := &compilation{catalog: cat, diags: ds, inputs: append(append([]string(nil), paths...), in.Files...), files: in.Files}
	if ds.HasErrors() {
		if !partial || cat == nil || len(cat.Tools) == 0 {
			return nil, inputErr(ds)
		}
		c.diags, c.unread = splitErrors(ds)
		if names, ok := c.unread.BlockedTools(); ok {
			if c.catalog = withoutTools(cat, names); len(c.catalog.Tools) == 0 {
				return nil, inputErr(ds)
			}
		}
	}
	return c, nil
}

// withoutTools is cat less the tools named: those an unreadable construct
// blocks (a frontend may keep such a tool, read in part, beside its
// errors; it is never published or linted as if it were whole).
func withoutTools(cat *ir.Catalog, names []string) *ir.Catalog {
	out := *cat
	out.Tools = slices.DeleteFunc(slices.Clone(cat.Tools), func(t *ir.Tool) bool { return slices.Contains(names, t.Name) })
	return &out
}

// splitErrors separates the errors of ds from the rest.
func splitErrors(ds diag.List) (rest, errs diag.List) {
	for _, d := range ds {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		} else {
			rest = append(rest, d)
		}
	}
	return rest, errs
}

// collect finds the input files of paths, skipping the output
// directories (out, go.out, -o); no paths (only servers were named) are
// no files.
func collect(paths []string, outDirs []string) (compiler.Inputs, diag.List) {
	if len(paths) == 0 {
		return compiler.Inputs{}, nil
	}
	var skip []string
	for _, d := range outDirs {
		if d != "" {
			skip = append(skip, d)
		}
	}
	return compiler.CollectInputs(paths, skip...)
}
