package analyzer

import (
	"fmt"
	"sort"
	"sync"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/internal/ruledb"
)

// Meta is a rule's registry entry: the one registry (internal/ruledb)
// that lint, breaking, workflow and skill rules all register into.
type Meta = ruledb.Rule

// Rule is one check over a whole catalog.
type Rule struct {
	Meta
	// Run reports findings through the pass.
	Run func(p *Pass)
	// Alone makes the rule run after the others, by itself: for a rule
	// whose working set is large (token-budget's vocabulary, ~7 MiB of
	// heap) and which uses every core on its own, so that its peak does
	// not add to theirs.
	Alone bool
}

// Finding is a diagnostic plus the tool it is about ("" for catalog-wide
// findings).
type Finding struct {
	diag.Diagnostic
	Tool string
}

// Pass is what a rule sees: the catalog, the settings and a way to report.
type Pass struct {
	Catalog  *ir.Catalog
	Settings *Settings
	// Tools is Catalog.Tools without exact duplicates (first definition
	// of each name), for rules that compare tools with one another.
	Tools []*ir.Tool

	rule     *Rule
	findings []Finding
	cache    *schemaCache
}

// Report adds a finding with the rule's default severity.
func (p *Pass) Report(pos diag.Pos, tool, format string, args ...any) {
	p.ReportSeverity(p.rule.DefaultSeverity, pos, tool, format, args...)
}

// ReportSeverity adds a finding with an explicit severity.
func (p *Pass) ReportSeverity(sev diag.Severity, pos diag.Pos, tool, format string, args ...any) {
	p.findings = append(p.findings, Finding{Tool: tool, Diagnostic: diag.Diagnostic{
		Pos: pos, Severity: sev, RuleID: p.rule.ID, Message: fmt.Sprintf(format, args...),
	}})
}

// Hint attaches a hint to the last reported finding.
func (p *Pass) Hint(format string, args ...any) {
	if n := len(p.findings); n > 0 {
		p.findings[n-1].Hint = fmt.Sprintf(format, args...)
	}
}

// Schema returns t rendered as a root JSON Schema (draft 2020-12, objects
// closed unless the IR says otherwise), cached for the whole run.
func (p *Pass) Schema(t *ir.Type) ([]byte, error) { return p.cache.get(t) }

// SchemaUncached renders t as Schema does without keeping it: for a type
// a rule built for one check (a copy of a catalog type), which the cache,
// keyed by the type's address, would keep to the end of the run and
// never find again.
func (p *Pass) SchemaUncached(t *ir.Type) ([]byte, error) { return jsonschema.Type(t, p.cache.opts) }

type schemaCache struct {
	mu   sync.Mutex
	opts jsonschema.Options
	m    map[*ir.Type]cached
}

type cached struct {
	b   []byte
	err error
}

func (c *schemaCache) get(t *ir.Type) ([]byte, error) {
	c.mu.Lock()
	v, ok := c.m[t]
	c.mu.Unlock()
	if ok {
		return v.b, v.err
	}
	b, err := jsonschema.Type(t, c.opts)
	c.mu.Lock()
	c.m[t] = cached{b, err}
	c.mu.Unlock()
	return b, err
}

// Run applies the enabled rules to cat and returns their findings sorted
// and with severities overridden as configured. Rules run concurrently;
// each has its own Pass. A rule that panics yields an error, not a crash.
func Run(cat *ir.Catalog, rules []*Rule, s *Settings) ([]Finding, error) {
	if s == nil {
		s = Defaults()
	}
	cache := &schemaCache{opts: s.SchemaOptions, m: map[*ir.Type]cached{}}
	tools := uniqueTools(cat.Tools)
	passes := make([]*Pass, 0, len(rules))
	for _, r := range rules {
		if s.Enabled(r.ID) {
			passes = append(passes, &Pass{Catalog: cat, Settings: s, Tools: tools, rule: r, cache: cache})
		}
	}
	errs := make([]error, len(passes))
	run := func(i int) {
		p := passes[i]
		defer func() {
			if r := recover(); r != nil {
				errs[i] = fmt.Errorf("rule %s: internal error: %v", p.rule.ID, r)
			}
		}()
		p.rule.Run(p)
	}
	var wg sync.WaitGroup
	for i, p := range passes {
		if p.rule.Alone {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(i)
		}()
	}
	wg.Wait()
	for i, p := range passes {
		if p.rule.Alone {
			run(i)
		}
	}
	var out []Finding
	for i, p := range passes {
		if errs[i] != nil {
			return nil, errs[i]
		}
		out = append(out, p.findings...)
	}
	return Sort(Configure(out, s)), nil
}

// Configure applies the settings to findings, whichever command or stage
// produced them (lint rules, breaking, skill and workflow checks): rules
// turned off by except, only or severity "off" are dropped, and
// configured severities replace the reported ones.
func Configure(fs []Finding, s *Settings) []Finding {
	var out []Finding
	for _, f := range fs {
		if !s.Enabled(f.RuleID) {
			continue
		}
		if sev, ok := s.SeverityFor(f.RuleID); ok {
			f.Severity = sev
		}
		out = append(out, f)
	}
	return out
}

func uniqueTools(all []*ir.Tool) []*ir.Tool {
	seen := make(map[string]bool, len(all))
	out := make([]*ir.Tool, 0, len(all))
	for _, t := range all {
		if !seen[t.Name] {
			seen[t.Name] = true
			out = append(out, t)
		}
	}
	return out
}

// Sort orders findings by position, severity, rule, message and tool and
// drops exact duplicates.
func Sort(fs []Finding) []Finding {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if diag.Less(a.Diagnostic, b.Diagnostic) || diag.Less(b.Diagnostic, a.Diagnostic) {
			return diag.Less(a.Diagnostic, b.Diagnostic)
		}
		return a.Tool < b.Tool
	})
	out := fs[:0]
	for i, f := range fs {
		if i > 0 && f == fs[i-1] {
			continue
		}
		out = append(out, f)
	}
	return out
}
