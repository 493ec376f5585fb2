// Package ruledb is tscg's one registry of rule metadata: every rule id a
// diagnostic can carry, whichever stage reports it (lint, breaking,
// workflow, skills, the source frontends), registers here with its summary, default severity,
// category and version, in the manner of golangci-lint's lintersdb and
// buf's RuleSpecBuilder. `tscg lint --list-rules`, the settings'
// except/only/severity lists, inline tscg:ignore comments, baselines and
// docs/rules.md all read it.
//
// It is a leaf under internal/ rather than part of compiler/diag so that
// runtime/skills, which may import nothing of the compiler side, can
// register the rules it emits itself; compiler/diag re-exports Severity.
package ruledb

import (
	"fmt"
	"slices"
	"sync"
)

// Severity says how serious a diagnostic is.
type Severity int

// Severities, most serious first.
const (
	Error Severity = iota
	Warning
	Info
)

// String returns the lower-case name used in printed diagnostics.
func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// ParseSeverity is the inverse of Severity.String.
func ParseSeverity(s string) (Severity, error) {
	switch s {
	case "error":
		return Error, nil
	case "warning", "warn":
		return Warning, nil
	case "info":
		return Info, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// Rule is one rule's registry entry.
type Rule struct {
	// ID is the rule id printed in brackets and used in suppressions,
	// settings and baselines. IDs are part of the CLI contract: never
	// rename one.
	ID string
	// Summary is one line for --list-rules and the docs.
	Summary string
	// DefaultSeverity applies to findings that do not set their own.
	DefaultSeverity Severity
	// Category groups rules in the docs (one of Categories).
	Category string
	// Since is the tscg version that introduced the rule.
	Since string
	// Doc is a longer description (Markdown) for docs/rules.md; optional.
	Doc string
}

// Categories, in the order --list-rules and the docs show them: lint's
// own first, then the other commands' rules.
const (
	Naming        = "naming"
	Documentation = "documentation"
	Schema        = "schema"
	Providers     = "providers"
	Cost          = "cost"
	Safety        = "safety"
	Suppression   = "suppression"
	Breaking      = "breaking"
	Workflow      = "workflow"
	Skills        = "skills"
	Frontend      = "frontend"
)

// Categories lists the valid categories in display order.
var Categories = []string{Naming, Documentation, Schema, Providers, Cost, Safety, Suppression, Breaking, Workflow, Skills, Frontend}

var (
	mu    sync.Mutex
	rules []Rule
	index = map[string]int{}
)

// Register adds rules to the registry. It panics on an incomplete entry,
// an unknown category or an id registered twice: each is a programming
// error that TestRegistry-style tests catch at init.
func Register(rs ...Rule) {
	mu.Lock()
	defer mu.Unlock()
	for _, r := range rs {
		if r.ID == "" || r.Summary == "" || r.Since == "" || !slices.Contains(Categories, r.Category) {
			panic(fmt.Sprintf("ruledb: incomplete or uncategorised rule %+v", r))
		}
		if _, dup := index[r.ID]; dup {
			panic("ruledb: rule " + r.ID + " registered twice")
		}
		index[r.ID] = len(rules)
		rules = append(rules, r)
	}
}

// RegisterIn registers rules of one category and version: it sets both
// on each entry of rs (in place) and registers them.
func RegisterIn(category, since string, rs []Rule) {
	for i := range rs {
		rs[i].Category, rs[i].Since = category, since
	}
	Register(rs...)
}

// All returns every registered rule: lint's rules first in the order
// they registered (analyzer/rules.All, the documented order), then the
// suppression, breaking, workflow and skill rules, each group in
// registration order. The order does not depend on package init order.
// The slice is new.
func All() []Rule {
	mu.Lock()
	out := slices.Clone(rules)
	mu.Unlock()
	slices.SortStableFunc(out, func(a, b Rule) int { return group(a.Category) - group(b.Category) })
	return out
}

// group is a category's place in All: lint's six categories share one.
func group(category string) int {
	return max(0, slices.Index(Categories, category)-slices.Index(Categories, Safety))
}

// IDs returns the ids of All, in the same order.
func IDs() []string {
	var ids []string
	for _, r := range All() {
		ids = append(ids, r.ID)
	}
	return ids
}

// Lookup returns the rule with the given id.
func Lookup(id string) (Rule, bool) {
	mu.Lock()
	defer mu.Unlock()
	i, ok := index[id]
	if !ok {
		return Rule{}, false
	}
	return rules[i], true
}

// SeverityOf returns id's default severity, Error for an unknown id.
func SeverityOf(id string) Severity {
	r, ok := Lookup(id)
	if !ok {
		return Error
	}
	return r.DefaultSeverity
}
