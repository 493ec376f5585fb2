package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestBuildHelpListsOutputs builds the weather example (with Go
// executors) and requires every file written to be named in build --help.
func TestBuildHelpListsOutputs(t *testing.T) {
	dir := t.TempDir()
	out, goOut := filepath.Join(dir, "out"), filepath.Join(dir, "gen")
	if code, _, stderr := runIn(t, "../..", "build", "examples/weather", "-o", out, "--go-out", goOut); code != 0 {
		t.Fatalf("build exit %d: %s", code, stderr)
	}
	_, help, _ := runIn(t, ".", "build", "--help")
	var written []string
	for _, root := range []string{out, goOut} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(root, p)
				written = append(written, filepath.ToSlash(rel))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	generic := []struct{ re, as string }{
		{`^schemas/[^/]+\.input\.json$`, "schemas/<tool>.input.json"},
		{`^schemas/[^/]+\.output\.json$`, "schemas/<tool>.output.json"},
		{`^skills/[^/]+/SKILL\.md$`, "skills/<group>/SKILL.md"},
	}
	for _, w := range written {
		name := w
		for _, g := range generic {
			if regexp.MustCompile(g.re).MatchString(w) {
				name = g.as
			}
		}
		if target, ok := strings.CutPrefix(strings.TrimSuffix(w, ".json"), "providers/"); ok && target != "lowering" {
			if !strings.Contains(help, "providers/<target>.json") || !strings.Contains(providerList, target) {
				t.Errorf("build wrote %s; --help does not list target %s", w, target)
			}
			continue
		}
		if !strings.Contains(help, name) {
			t.Errorf("build wrote %s; --help does not list %s", w, name)
		}
	}
	if len(written) < 20 {
		t.Fatalf("only %d files written: %v", len(written), written)
	}
}

// TestFlagConsistency: a flag spelled the same in two commands has the
// same type, and deprecated spellings are hidden from --help.
func TestFlagConsistency(t *testing.T) {
	root := (&env{stdout: os.Stdout, stderr: os.Stderr}).rootCommand()
	type use struct{ cmd, typ string }
	seen := map[string]use{}
	// Same name, different meaning or type, each listed with its reason.
	allowed := map[string]string{
		"format":       "each command's own output formats (lint/breaking: text|json|sarif|github; graph: mermaid|dot)",
		"tool":         "both select one tool by name (schema: its input schema; describe: its verbose rendering)",
		"eager-budget": "build makes one loading plan; stats compares several budgets side by side",
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden || f.Name == "help" {
				return
			}
			if _, dep := f.Annotations[deprecatedNote]; dep {
				t.Errorf("%s --%s is deprecated but shown in --help", c.Name(), f.Name)
			}
			typ := f.Value.Type()
			if prev, ok := seen[f.Name]; ok && prev.typ != typ && allowed[f.Name] == "" {
				t.Errorf("--%s is a %s in %s but a %s in %s", f.Name, prev.typ, prev.cmd, typ, c.Name())
			}
			if _, ok := seen[f.Name]; !ok {
				seen[f.Name] = use{c.Name(), typ}
			}
			if strings.Contains(f.Usage, "default -1") || f.DefValue == "-1" {
				t.Errorf("%s --%s shows the sentinel -1 as its default", c.Name(), f.Name)
			}
		})
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	for _, want := range []string{"skills", "rounds", "timeout", "draft", "except"} {
		if _, ok := seen[want]; !ok {
			t.Errorf("no visible --%s flag found (walk broken?)", want)
		}
	}
}

// TestEveryCommandHasExamples: every command --help lists shows an
// Examples: section (help.go's examples).
func TestEveryCommandHasExamples(t *testing.T) {
	root := (&env{}).rootCommand()
	for _, c := range append(root.Commands(), root) {
		if c.Hidden || c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		if !strings.Contains(c.Example, "tscg") {
			t.Errorf("tscg %s --help has no examples (add them to help.go's examples)", c.Name())
		}
	}
}
