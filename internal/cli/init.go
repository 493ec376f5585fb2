package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/tscg/tscg/compiler"
)

func init() { register("init", (*env).initCommand) }

// ConfigSchemaID is the $id of compiler/tscg.schema.json, the address it is
// published at (the raw file on the main branch, which serves the JSON
// itself): the $schema line init writes names it, so editors with the YAML
// language server check and complete tscg.yaml. init --print-schema prints
// the same schema for editors without network access.
const ConfigSchemaID = "https://raw.githubusercontent.com/tscg/tscg/main/compiler/tscg.schema.json"

// framework is one way of defining tools that init recognises: a file of
// one of exts whose text holds one of marks.
type framework struct {
	lang, name string
	exts       []string
	marks      []string
}

var frameworks = []framework{
	{"TypeScript", "zod", []string{".ts", ".mts", ".cts"}, []string{`from "zod"`, `from 'zod'`, `from "zod/v4"`, `from 'zod/v4'`}},
	{"TypeScript", "MCP TypeScript SDK", []string{".ts", ".mts", ".cts"}, []string{"@modelcontextprotocol/sdk"}},
	{"TypeScript", "Vercel AI SDK", []string{".ts", ".mts", ".cts"}, []string{`from "ai"`, `from 'ai'`}},
	{"TypeScript", "OpenAI Agents JS", []string{".ts", ".mts", ".cts"}, []string{"@openai/agents"}},
	{"TypeScript", "LangChain.js", []string{".ts", ".mts", ".cts"}, []string{"@langchain/"}},
	{"TypeScript", "@tool", []string{".ts", ".mts", ".cts"}, []string{"@tool"}},
	{"Python", "FastMCP", []string{".py"}, []string{"FastMCP", "@mcp.tool"}},
	{"Python", "MCP Python SDK", []string{".py"}, []string{"from mcp.server", "import mcp.server", "@server.list_tools"}},
	{"Python", "OpenAI Agents", []string{".py"}, []string{"@function_tool"}},
	{"Python", "Pydantic AI", []string{".py"}, []string{"@agent.tool"}},
	{"Python", "LangChain", []string{".py"}, []string{"from langchain", "BaseTool"}},
	{"Go", "MCP go-sdk", []string{".go"}, []string{`"github.com/modelcontextprotocol/go-sdk/mcp"`}},
	{"Go", "mcp-go", []string{".go"}, []string{`"github.com/mark3labs/mcp-go/`}},
	{"Go", "//tscg:tool", []string{".go"}, []string{"//tscg:tool"}},
}

// skippedInitDirs are never searched: dependencies, builds, environments.
var skippedInitDirs = map[string]bool{"node_modules": true, "vendor": true, "dist": true, "build": true,
	"tscg-out": true, "venv": true, "__pycache__": true, "site-packages": true, "testdata": true}

// detection is what init found: the inputs (files; Go package
// directories) and the frameworks, by language.
type detection struct {
	inputs []string
	found  map[string][]string // language → frameworks
}

func detect(root string) (*detection, error) {
	d := &detection{found: map[string][]string{}}
	inputs := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, de fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := de.Name()
		if de.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || skippedInitDirs[name]) {
				return filepath.SkipDir
			}
			return nil
		}
		ext := filepath.Ext(name)
		if strings.HasSuffix(name, ".d.ts") || strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, ".test.ts") {
			return nil
		}
		var data []byte
		for _, fw := range frameworks {
			if !slices.Contains(fw.exts, ext) {
				continue
			}
			if data == nil {
				if data, err = readHead(path, 1<<20); err != nil {
					return err
				}
			}
			for _, m := range fw.marks {
				if bytes.Contains(data, []byte(m)) {
					rel, _ := filepath.Rel(root, path)
					if ext == ".go" {
						rel = filepath.Dir(rel) // Go inputs are packages
					}
					inputs[inputPath(rel, ext == ".go")] = true
					if !slices.Contains(d.found[fw.lang], fw.name) {
						d.found[fw.lang] = append(d.found[fw.lang], fw.name)
					}
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for in := range inputs {
		d.inputs = append(d.inputs, in)
	}
	sort.Strings(d.inputs)
	return d, nil
}

// inputPath is rel as tscg.yaml lists it: slashes, and a Go package
// directory as ./dir (a pattern go list takes).
func inputPath(rel string, goPkg bool) string {
	rel = filepath.ToSlash(rel)
	if goPkg && !strings.HasPrefix(rel, ".") {
		return "./" + rel
	}
	return rel
}

func readHead(path string, n int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, n))
}

// configText is the tscg.yaml init writes.
func (d *detection) configText() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# yaml-language-server: $schema=%s\n", ConfigSchemaID)
	b.WriteString("# Written by tscg init. Found:")
	for _, lang := range []string{"TypeScript", "Python", "Go"} {
		if fws := d.found[lang]; len(fws) > 0 {
			fmt.Fprintf(&b, " %s (%s);", lang, strings.Join(fws, ", "))
		}
	}
	b.WriteString("\n# tscg lint checks these inputs, tscg build writes out:, tscg build --check keeps it current.\n")
	b.WriteString("version: 1\ninputs:\n")
	for _, in := range d.inputs {
		q := in
		if strings.ContainsAny(in, ` :#'"{}[],&*!|>%@`+"`") {
			q = fmt.Sprintf("%q", in)
		}
		fmt.Fprintf(&b, "  - %s\n", q)
	}
	b.WriteString("out: tscg-out\n")
	return b.String()
}

func (e *env) initCommand() *cobra.Command {
	var dryRun, force, printSchema bool
	cmd := &cobra.Command{
		Use:   "init [DIR]",
		Short: "Find the tool definitions in a tree and write a tscg.yaml for them",
		Long: `init searches DIR (default: the working directory) for files that define tools with a
framework tscg reads: TypeScript (zod, the MCP TypeScript SDK, the Vercel AI SDK, OpenAI
Agents JS, LangChain.js, @tool), Python (FastMCP, the MCP Python SDK, OpenAI Agents,
Pydantic AI, LangChain) and Go (the MCP go-sdk, mcp-go, //tscg:tool), and writes DIR/tscg.yaml
listing them as inputs, with a $schema line for editors. Hidden directories, node_modules,
vendor, dist, build, virtual environments and testdata are not searched.

An existing tscg.yaml is kept unless --force; --dry-run prints the file instead.
--print-schema prints the JSON Schema of tscg.yaml (its $id is the address the $schema
line names) and writes nothing, for editors that should not fetch it.

Exit status: 0 written; 2 when nothing defining tools was found or tscg.yaml exists.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if printSchema {
				_, err := e.stdout.Write(compiler.ConfigSchema)
				return err
			}
			dir := "."
			if len(args) == 1 {
				dir = args[0]
			}
			d, err := detect(dir)
			if err != nil {
				return usageErr("init: %v", err)
			}
			if len(d.inputs) == 0 {
				return usageErr("init: found no tool definitions under %s (looked for zod, the MCP SDKs, the Vercel AI SDK, OpenAI Agents, LangChain, Pydantic AI, FastMCP, mcp-go and //tscg:tool in .ts, .py and .go files)", dir)
			}
			text := d.configText()
			if dryRun {
				_, err := io.WriteString(e.stdout, text)
				return err
			}
			path := filepath.Join(dir, "tscg.yaml")
			if _, err := os.Stat(path); err == nil && !force {
				return usageErr("init: %s exists (--force overwrites it, --dry-run prints what init would write)", path)
			} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return usageErr("init: %v", err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				return &exitError{code: ExitInternal, err: err}
			}
			fmt.Fprintf(e.stderr, "tscg: wrote %s with %d input(s); next: tscg lint, then tscg build\n", path, len(d.inputs))
			return nil
		},
	}
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "print the tscg.yaml instead of writing it")
	cmd.Flags().BoolVar(&force, "force", false, "overwrite an existing tscg.yaml")
	cmd.Flags().BoolVar(&printSchema, "print-schema", false, "print the JSON Schema of tscg.yaml and exit")
	return cmd
}
