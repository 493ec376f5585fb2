package skills

import (
	"fmt"
	"sort"

	"github.com/tscg/tscg/internal/ruledb"
)

// Lint rule ids, in the analyzer's naming style.
const (
	RuleMissingDescription = "skill-missing-description"
	RuleDuplicateName      = "skill-duplicate-name"
	RuleBodyTooLong        = "skill-body-too-long"
	RuleUnknownTool        = "skill-unknown-tool"
	// RuleLoad is for a skill file LoadDir could not read.
	RuleLoad = "skill-load"
)

// The skill rules register in tscg's one rule registry themselves:
// internal/ruledb is a leaf, so this adds no edge to the compiler side.
func init() {
	reg := func(id string, sev ruledb.Severity, summary string) {
		ruledb.Register(ruledb.Rule{ID: id, Summary: summary, DefaultSeverity: sev, Category: ruledb.Skills, Since: "0.1.0"})
	}
	reg(RuleLoad, ruledb.Error, "a SKILL.md file does not load (front matter missing or malformed)")
	reg(RuleMissingDescription, ruledb.Warning, "a skill has no description: the catalog line is all the model sees before loading it")
	reg(RuleDuplicateName, ruledb.Warning, "two skills share a name; only one of them can be loaded")
	reg(RuleBodyTooLong, ruledb.Warning, "a skill body is over the token budget (default 2000), paid for on every later round")
	reg(RuleUnknownTool, ruledb.Warning, "a skill's tools entry names no known tool or tool group")
}

// DefaultMaxBodyTokens is the body budget Lint uses unless told otherwise:
// a loaded skill is paid for on every later round.
const DefaultMaxBodyTokens = 2000

// LintOptions configure Lint.
type LintOptions struct {
	// KnownTool reports whether a tools entry names a tool or tool group;
	// nil skips the check.
	KnownTool func(name string) bool
	// MaxBodyTokens is the body budget (0 means DefaultMaxBodyTokens).
	MaxBodyTokens int
	// Count counts tokens; nil estimates four bytes a token.
	Count func(text string) int
}

// Finding is one lint result about a skill file.
type Finding struct {
	File    string
	Line    int
	Rule    string
	Message string
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d: %s [%s]", f.File, f.Line, f.Message, f.Rule)
}

// Lint checks skills for what makes progressive disclosure fail: no
// description (the catalog line is all the model sees), the same name
// twice, a body over the token budget, and tools entries naming nothing.
// Findings are sorted by file, line and rule.
func Lint(skills []*Skill, opts LintOptions) []Finding {
	if opts.MaxBodyTokens <= 0 {
		opts.MaxBodyTokens = DefaultMaxBodyTokens
	}
	if opts.Count == nil {
		opts.Count = func(s string) int { return (len(s) + 3) / 4 }
	}
	var out []Finding
	first := map[string]*Skill{}
	for _, sk := range skills {
		out = append(out, lintOne(sk, opts)...)
		if prev := first[sk.Name]; prev != nil {
			out = append(out, Finding{sk.Path, sk.Lines["name"], RuleDuplicateName,
				fmt.Sprintf("skill name %q is also used by %s; the %s one wins, rename one of them", sk.Name, prev.Path, winner(prev, sk))})
			continue
		}
		first[sk.Name] = sk
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Rule < b.Rule
	})
	return out
}

func winner(a, b *Skill) string {
	if a.Source == Builtin || b.Source == Builtin {
		return "built-in"
	}
	return "first"
}

func lintOne(sk *Skill, opts LintOptions) []Finding {
	var out []Finding
	if sk.Description == "" {
		out = append(out, Finding{sk.Path, 1, RuleMissingDescription,
			fmt.Sprintf("skill %q has no description: the catalog line is all the model sees before loading it", sk.Name)})
	}
	if n := opts.Count(sk.Body); n > opts.MaxBodyTokens {
		out = append(out, Finding{sk.Path, sk.Lines["body"], RuleBodyTooLong,
			fmt.Sprintf("skill %q body is %d tokens, over the budget of %d: split it or move detail into tool descriptions", sk.Name, n, opts.MaxBodyTokens)})
	}
	if opts.KnownTool != nil {
		for _, t := range sk.Tools {
			if !opts.KnownTool(t) {
				out = append(out, Finding{sk.Path, sk.Lines["tools"], RuleUnknownTool,
					fmt.Sprintf("skill %q unlocks %q, which names no known tool or tool group", sk.Name, t)})
			}
		}
	}
	return out
}
