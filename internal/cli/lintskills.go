package cli

import (
	"fmt"
	"os"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/internal/ruledb"
	"github.com/tscg/tscg/internal/tokens"
	"github.com/tscg/tscg/runtime/skills"
)

// lintSkills checks the skills directory named by --skills against the
// catalog: front matter, duplicate names, body size in tokens, and tools
// entries that name no tool or tool group. A skill that does not load is
// an error finding at its file.
func lintSkills(dir string, cat *ir.Catalog) []analyzer.Finding {
	if dir == "" {
		return nil
	}
	var out []analyzer.Finding
	// Through an os.Root, as serve --skills reads them: a symbolic link
	// out of the directory is a finding, not a file read from elsewhere.
	var all []*skills.Skill
	var errs []error
	if root, err := os.OpenRoot(dir); err != nil {
		errs = []error{fmt.Errorf("skills: %w", err)}
	} else {
		all, errs = skills.LoadDir(inputfile.RootFS(root), skills.User, dir)
		root.Close()
	}
	for _, err := range errs {
		out = append(out, analyzer.Finding{Diagnostic: diag.Diagnostic{
			Pos: diag.Pos{File: dir}, Severity: ruledb.SeverityOf(skills.RuleLoad), RuleID: skills.RuleLoad, Message: err.Error(),
		}})
	}
	known := map[string]bool{}
	for _, t := range cat.Tools {
		known[t.Name] = true
		known[t.Group] = true
	}
	for _, g := range cat.Groups {
		known[g.Name] = true
	}
	count := func(text string) int {
		n, err := tokens.Count(tokens.Default, text)
		if err != nil {
			return (len(text) + 3) / 4
		}
		return n
	}
	for _, f := range skills.Lint(all, skills.LintOptions{KnownTool: func(n string) bool { return known[n] }, Count: count}) {
		out = append(out, analyzer.Finding{Diagnostic: diag.Diagnostic{
			Pos: diag.Pos{File: f.File, Line: f.Line}, Severity: ruledb.SeverityOf(f.Rule), RuleID: f.Rule, Message: f.Message,
		}})
	}
	return out
}
