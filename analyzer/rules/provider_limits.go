package rules

import (
	"fmt"
	"maps"
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
			"(optional → nullable, inlining $ref) is info; what it cannot is a warning; hard limits are errors.",
	},
	Run: runProviderLimits,
}

func runProviderLimits(p *analyzer.Pass) {
	done := map[*targets.Target]bool{}
	for _, name := range p.Settings.Targets {
		tg := targets.Lookup(name) // a name or an older alias
		if tg == nil || done[tg] {
			continue
		}
		done[tg] = true
		checkToolCount(p, tg)
		var optional, unions int
		for _, t := range p.Tools {
			if !tg.ValidName(t.Name) {
				p.Report(t.Pos, t.Name, "[%s] tool name %q is not valid: want %s", tg.Name, t.Name, tg.NameRule)
			}
			if !needsSchemaCheck(tg) {
				continue
			}
			o, u := checkSchema(p, tg, t)
			optional += o
			unions += u
		}
		checkStrictTotals(p, tg, optional, unions)
	}
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

func checkToolCount(p *analyzer.Pass, tg *targets.Target) {
	n := len(p.Tools)
	if tg.MaxTools > 0 && n > tg.MaxTools {
		p.Report(catalogPos(p), "", "[%s] the catalog has %d tools; one request takes at most %d", tg.Name, n, tg.MaxTools)
		p.Hint("split the catalog into groups, or select tools per request")
	}
	if tg.MaxStrictTools > 0 && n > tg.MaxStrictTools {
		p.Report(catalogPos(p), "", "[%s] the catalog has %d tools; one request takes at most %d strict tools", tg.Name, n, tg.MaxStrictTools)
	}
}

func checkStrictTotals(p *analyzer.Pass, tg *targets.Target, optional, unions int) {
	if tg.MaxOptionalParams > 0 && optional > tg.MaxOptionalParams {
		p.Report(catalogPos(p), "", "[%s] %d optional parameters across strict schemas; at most %d are allowed", tg.Name, optional, tg.MaxOptionalParams)
	}
	if tg.MaxUnionParams > 0 && unions > tg.MaxUnionParams {
		p.Report(catalogPos(p), "", "[%s] %d union-typed parameters across strict schemas; at most %d are allowed", tg.Name, unions, tg.MaxUnionParams)
	}
}

// schemaStats collects what one walk over a rendered schema finds.
type schemaStats struct {
	keywords    map[string]bool
	formats     map[string]bool
	open        int // objects without additionalProperties: false
	optional    int // properties not listed in required
	props       int
	depth       int
	enumValues  int
	stringChars int
	bigEnum     bool
	nonStrEnum  bool
	minItems    int64
	badRegex    []string
}

// checkSchema checks one tool's input schema and returns its number of
// optional and union-typed top-level parameters.
func checkSchema(p *analyzer.Pass, tg *targets.Target, t *ir.Tool) (optional, unions int) {
	root, err := p.SchemaValue(t.Params)
	if err != nil {
		p.ReportSeverity(diag.Warning, t.Pos, t.Name, "[%s] cannot render the input schema of %q: %v", tg.Name, t.Name, err)
		return 0, 0
	}
	tag := fmt.Sprintf("[%s] tool %q", tg.Name, t.Name)
	if r := rootBody(root); tg.RootMustBeObject && (r["type"] != "object" || r["anyOf"] != nil || r["oneOf"] != nil) {
		p.Report(t.Pos, t.Name, "%s: the input schema root must be a plain object schema", tag)
	}
	st := &schemaStats{keywords: map[string]bool{}, formats: map[string]bool{}}
	st.walk(root, 0)
	reportStats(p, tg, t, tag, st)
	if recursive(root) && (tg.NoRecursion || tg.NoRefs) {
		p.ReportSeverity(diag.Warning, t.Pos, t.Name, "%s: recursive schemas are not supported", tag)
	}
	if tg.Strict {
		optional, unions = topLevelCounts(root)
	}
	return optional, unions
}

func reportStats(p *analyzer.Pass, tg *targets.Target, t *ir.Tool, tag string, st *schemaStats) {
	warn := func(format string, args ...any) {
		p.ReportSeverity(diag.Warning, t.Pos, t.Name, tag+": "+format, args...)
	}
	if kws := unsupported(tg, st.keywords); len(kws) > 0 {
		warn("uses %s, which the provider does not support", strings.Join(kws, ", "))
	}
	for _, f := range slices.Sorted(maps.Keys(st.formats)) {
		if !tg.SupportsFormat(f) {
			warn("format %q is not supported (supported: %s)", f, strings.Join(tg.Formats, ", "))
		}
	}
	if tg.ClosedObjects && st.open > 0 {
		warn("%d object(s) without additionalProperties: false; strict mode requires closed objects", st.open)
	}
	if tg.AllRequired && st.optional > 0 {
		p.ReportSeverity(diag.Info, t.Pos, t.Name, "%s: %d optional propert(ies) must become required nullable ones in strict mode", tag, st.optional)
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
			p.Report(t.Pos, t.Name, "%s: %d %s, more than the limit of %d", tag, have, what, max)
		}
	}
	limit(st.props, tg.MaxProperties, "properties")
	limit(st.depth, tg.MaxNesting, "levels of object nesting")
	limit(st.enumValues, tg.MaxEnumValues, "enum values")
	limit(st.stringChars, tg.MaxTotalStringChars, "characters of names, enum values and consts")
	if st.bigEnum {
		p.Report(t.Pos, t.Name, "%s: an enum of more than %d values exceeds %d characters", tag, tg.LargeEnumThreshold, tg.LargeEnumMaxChars)
	}
}

func unsupported(tg *targets.Target, used map[string]bool) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(used)) {
		if !tg.SupportsKeyword(k) {
			out = append(out, k)
		}
	}
	return out
}

// rootBody follows a root $ref into $defs: a named parameters type is
// rendered as a reference, which provider lowering inlines.
func rootBody(root map[string]any) map[string]any {
	ref, ok := root["$ref"].(string)
	if !ok || len(root) > 3 {
		return root
	}
	defs, _ := root["$defs"].(map[string]any)
	if defs == nil {
		defs, _ = root["definitions"].(map[string]any)
	}
	if body, ok := defs[ref[strings.LastIndex(ref, "/")+1:]].(map[string]any); ok {
		return body
	}
	return root
}
