package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/targets"
)

// providerFindings gathers provider-limits findings target by target and
// reports each cause once, listing the targets it breaks: a schema
// keyword two strict targets reject is one finding, not two.
type providerFindings struct {
	order []string
	byKey map[string]*providerFinding
}

type providerFinding struct {
	diag.Diagnostic
	tool    string
	targets []string
}

func newProviderFindings() *providerFindings {
	return &providerFindings{byKey: map[string]*providerFinding{}}
}

// add records one finding of target tg; msg carries no target tag.
func (c *providerFindings) add(tg *targets.Target, sev diag.Severity, pos diag.Pos, tool, hint, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	key := fmt.Sprintf("%d\x00%s\x00%s\x00%s\x00%s", sev, pos, tool, msg, hint)
	f := c.byKey[key]
	if f == nil {
		f = &providerFinding{tool: tool, Diagnostic: diag.Diagnostic{Pos: pos, Severity: sev, Message: msg, Hint: hint}}
		c.byKey[key] = f
		c.order = append(c.order, key)
	}
	f.targets = append(f.targets, tg.Name)
}

// flush reports the gathered findings, each tagged with its targets.
func (c *providerFindings) flush(p *analyzer.Pass) {
	for _, k := range c.order {
		f := c.byKey[k]
		slices.Sort(f.targets)
		p.ReportSeverity(f.Severity, f.Pos, f.tool, "[%s] %s", strings.Join(f.targets, ", "), f.Message)
		if f.Hint != "" {
			p.Hint("%s", f.Hint)
		}
	}
}

// checkNames reports each tool name that some target rejects once,
// listing those targets and what each wants, with a name every
// configured target accepts when one is near at hand.
func checkNames(p *analyzer.Pass, tgs []*targets.Target) {
	for _, t := range p.Tools {
		var bad []*targets.Target
		for _, tg := range tgs {
			if !tg.ValidName(t.Name) {
				bad = append(bad, tg)
			}
		}
		if len(bad) == 0 {
			continue
		}
		p.Report(t.Pos, t.Name, "[%s] tool name %q is not valid: want %s", targetNames(bad), t.Name, nameRules(bad))
		if s := suggestName(t.Name); s != t.Name && validForAll(tgs, s) {
			p.Hint("rename it, e.g. %q, which every configured target accepts", s)
		}
	}
}

func targetNames(tgs []*targets.Target) string {
	names := make([]string, len(tgs))
	for i, tg := range tgs {
		names[i] = tg.Name
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// nameRules says what each target wants; targets sharing a rule are
// listed together, and a rule all of them share is said once.
func nameRules(tgs []*targets.Target) string {
	var rules []string
	who := map[string][]*targets.Target{}
	for _, tg := range tgs {
		if who[tg.NameRule] == nil {
			rules = append(rules, tg.NameRule)
		}
		who[tg.NameRule] = append(who[tg.NameRule], tg)
	}
	if len(rules) == 1 {
		return rules[0]
	}
	parts := make([]string, len(rules))
	for i, r := range rules {
		parts[i] = fmt.Sprintf("%s (%s)", r, targetNames(who[r]))
	}
	return strings.Join(parts, "; ")
}

// suggestName replaces what the strictest targets reject: characters
// outside [A-Za-z0-9_-] become '_', a leading digit or '-' gets a '_'
// before it, and the result is cut to 64 bytes.
func suggestName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r < 128 && (r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || s[0] == '-' || s[0] >= '0' && s[0] <= '9' {
		s = "_" + s
	}
	return s[:min(len(s), 64)]
}

func validForAll(tgs []*targets.Target, name string) bool {
	for _, tg := range tgs {
		if !tg.ValidName(name) {
			return false
		}
	}
	return true
}

// configuredTargets resolves the settings' target names and aliases,
// each target once, in the settings' order.
func configuredTargets(p *analyzer.Pass) []*targets.Target {
	var out []*targets.Target
	for _, name := range p.Settings.Targets {
		if tg := targets.Lookup(name); tg != nil && !slices.Contains(out, tg) {
			out = append(out, tg)
		}
	}
	return out
}
