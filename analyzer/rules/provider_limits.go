package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/targets"
)

// ProviderLimits checks the catalog against each configured target.
var ProviderLimits = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "provider-limits",
		Summary:         "names, tool counts, keywords and sizes a configured provider rejects",
		DefaultSeverity: diag.Error,
		Category:        catProviders,
		Since:           since,
		Doc: "For each target in `targets` (see Targets below; default openai.chat, anthropic,\n" +
			"mcp.tools-list): the tool-name pattern and length, tools per request, and on the\n" +
			"rendered input schema the keywords and formats the provider does not support, strict-mode rules\n" +
			"(every property required, closed objects, object root, no recursion), nesting depth and the\n" +
			"property, enum and string-size limits. Facts live in package compiler/targets. What tscg can lower\n" +
			"(optional → nullable, inlining $ref) is info; what it cannot is a warning; hard limits are errors.\n" +
			"A cause several targets share is one finding that lists them (a bad tool name once, with what\n" +
			"each target wants and a name all of them accept).",
	},
	Run: runProviderLimits,
}

func runProviderLimits(p *analyzer.Pass) {
	tgs := configuredTargets(p)
	checkNames(p, tgs)
	// Each tool's schema is rendered, decoded and walked once for all
	// targets; what each target finds is kept and reported below in the
	// order of a pass target by target (a cause several targets share
	// merges into the finding it first made).
	found := make([][]schemaFinding, len(tgs))
	optional := make([]int, len(tgs))
	unions := make([]int, len(tgs))
	var w rawSchema
	for _, t := range p.Tools {
		var ts *toolSchema
		for i, tg := range tgs {
			if !needsSchemaCheck(tg) {
				continue
			}
			if ts == nil {
				ts = readToolSchema(p, &w, t)
			}
			o, u := checkSchema(tg, t, ts, func(sev diag.Severity, msg string) {
				found[i] = append(found[i], schemaFinding{sev, msg, t})
			})
			optional[i] += o
			unions[i] += u
		}
	}
	c := newProviderFindings()
	for i, tg := range tgs {
		checkToolCount(p, c, tg)
		for _, f := range found[i] {
			c.add(tg, f.sev, f.tool.Pos, f.tool.Name, "", "%s", f.msg)
		}
		checkStrictTotals(p, c, tg, optional[i], unions[i])
	}
	c.flush(p)
}

// schemaFinding is what checkSchema found in one tool's schema for one
// target.
type schemaFinding struct {
	sev  diag.Severity
	msg  string
	tool *ir.Tool
}

func needsSchemaCheck(tg *targets.Target) bool {
	return tg.Strict || tg.RootMustBeObject || tg.NoRefs || len(tg.Unsupported) > 0
}

func catalogPos(p *analyzer.Pass) diag.Pos {
	if len(p.Tools) == 0 {
		return diag.Pos{}
	}
	return diag.Pos{File: p.Tools[0].Pos.File}
}

func checkToolCount(p *analyzer.Pass, c *providerFindings, tg *targets.Target) {
	n := len(p.Tools)
	if tg.MaxTools > 0 && n > tg.MaxTools {
		c.add(tg, diag.Error, catalogPos(p), "", "split the catalog into groups, or select tools per request",
			"the catalog has %d tools; one request takes at most %d", n, tg.MaxTools)
	}
	if tg.MaxStrictTools > 0 && n > tg.MaxStrictTools {
		c.add(tg, diag.Error, catalogPos(p), "", "", "the catalog has %d tools; one request takes at most %d strict tools", n, tg.MaxStrictTools)
	}
}

func checkStrictTotals(p *analyzer.Pass, c *providerFindings, tg *targets.Target, optional, unions int) {
	if tg.MaxOptionalParams > 0 && optional > tg.MaxOptionalParams {
		c.add(tg, diag.Error, catalogPos(p), "", "", "%d optional parameters across strict schemas; at most %d are allowed", optional, tg.MaxOptionalParams)
	}
	if tg.MaxUnionParams > 0 && unions > tg.MaxUnionParams {
		c.add(tg, diag.Error, catalogPos(p), "", "", "%d union-typed parameters across strict schemas; at most %d are allowed", unions, tg.MaxUnionParams)
	}
}

// schemaStats collects what one walk over a rendered schema finds.
type schemaStats struct {
	keywords    []string // sorted, each once (after sortNames)
	formats     []string // sorted, each once (after sortNames)
	open        int      // objects without additionalProperties: false
	optional    int      // properties not listed in required
	props       int
	depth       int
	enumValues  int
	stringChars int
	bigEnum     bool
	nonStrEnum  bool
	minItems    int64
	badRegex    []string
}

// toolSchema is what checkSchema reads from one tool's rendered input
// schema, the same for every target.
type toolSchema struct {
	err         error
	plainObject bool // the root is an object schema without anyOf or oneOf
	stats       *schemaStats
	recursive   bool
	optional    int // top-level parameters not required
	unions      int // top-level parameters of union type
}

// readToolSchema walks the rendered bytes in place (a decode into
// map[string]any was 7 % of lint's CPU on BFCL).
func readToolSchema(p *analyzer.Pass, w *rawSchema, t *ir.Tool) *toolSchema {
	raw, err := p.Schema(t.Params)
	if err != nil {
		return &toolSchema{err: err}
	}
	root, err := w.read(raw)
	if err != nil {
		return &toolSchema{err: err}
	}
	ts := &toolSchema{stats: &schemaStats{}}
	w.walkSchema(ts.stats, root, 0)
	ts.stats.sortNames()
	ts.plainObject = w.plainObjectRoot(root)
	ts.recursive = w.recursive(root)
	ts.optional, ts.unions = w.topLevelCounts(root)
	return ts
}

// checkSchema checks one tool's input schema against tg, reporting
// through add, and returns its number of optional and union-typed
// top-level parameters (0 unless tg is strict).
func checkSchema(tg *targets.Target, t *ir.Tool, ts *toolSchema, add func(diag.Severity, string)) (optional, unions int) {
	report := func(sev diag.Severity, format string, args ...any) {
		add(sev, fmt.Sprintf(fmt.Sprintf("tool %q: ", t.Name)+format, args...))
	}
	if ts.err != nil {
		report(diag.Warning, "cannot render the input schema: %v", ts.err)
		return 0, 0
	}
	if tg.RootMustBeObject && !ts.plainObject {
		report(diag.Error, "the input schema root must be a plain object schema")
	}
	reportStats(tg, ts.stats, report)
	if ts.recursive && (tg.NoRecursion || tg.NoRefs) {
		report(diag.Warning, "recursive schemas are not supported")
	}
	if tg.Strict {
		optional, unions = ts.optional, ts.unions
	}
	return optional, unions
}

func reportStats(tg *targets.Target, st *schemaStats, report func(diag.Severity, string, ...any)) {
	warn := func(format string, args ...any) { report(diag.Warning, format, args...) }
	if kws := unsupported(tg, st.keywords); len(kws) > 0 {
		warn("uses %s, which the provider does not support", strings.Join(kws, ", "))
	}
	for _, f := range st.formats {
		if !tg.SupportsFormat(f) {
			warn("format %q is not supported (supported: %s)", f, strings.Join(tg.Formats, ", "))
		}
	}
	if tg.ClosedObjects && st.open > 0 {
		warn("%d object(s) without additionalProperties: false; strict mode requires closed objects", st.open)
	}
	if tg.AllRequired && st.optional > 0 {
		report(diag.Info, "%d optional propert(ies) must become required nullable ones in strict mode", st.optional)
	}
	if tg.MaxMinItems >= 0 && st.minItems > tg.MaxMinItems {
		warn("minItems %d is not supported (at most %d)", st.minItems, tg.MaxMinItems)
	}
	if tg.StringOnlyEnums && st.nonStrEnum {
		warn("enums must hold only strings")
	}
	if tg.RegexRestricted && len(st.badRegex) > 0 {
		warn("pattern %q uses a backreference, lookaround or \\b", st.badRegex[0])
	}
	limit := func(have, max int, what string) {
		if max > 0 && have > max {
			report(diag.Error, "%d %s, more than the limit of %d", have, what, max)
		}
	}
	limit(st.props, tg.MaxProperties, "properties")
	limit(st.depth, tg.MaxNesting, "levels of object nesting")
	limit(st.enumValues, tg.MaxEnumValues, "enum values")
	limit(st.stringChars, tg.MaxTotalStringChars, "characters of names, enum values and consts")
	if st.bigEnum {
		report(diag.Error, "an enum of more than %d values exceeds %d characters", tg.LargeEnumThreshold, tg.LargeEnumMaxChars)
	}
}

func unsupported(tg *targets.Target, used []string) []string {
	var out []string
	for _, k := range used {
		if !tg.SupportsKeyword(k) {
			out = append(out, k)
		}
	}
	return out
}

// sortNames sorts the keywords and formats the walk collected (one per
// use) and keeps each once.
func (st *schemaStats) sortNames() {
	slices.Sort(st.keywords)
	st.keywords = slices.Compact(st.keywords)
	slices.Sort(st.formats)
	st.formats = slices.Compact(st.formats)
}
