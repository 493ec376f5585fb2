package rules

import (
	"strings"
	"unicode"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// Docs checks that tools and parameters are described.
var Docs = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "docs",
		Summary:         "tools and parameters without a useful description",
		DefaultSeverity: diag.Warning,
		Category:        catDocs,
		Since:           since,
		Doc: "A tool without a description, or one shorter than `minDescription` (default 20 characters) or longer\n" +
			"than `maxDescription` (default 1024), the length counted fairly across scripts: a CJK character (Han,\n" +
			"kana, Hangul) counts as 2, since one carries about what a short English word does (\"查询指定城市的实时天气\",\n" +
			"11 characters, counts 22, as \"Get the current weather\" does 23); a parameter without a description (info) or longer\n" +
			"than `maxParamDescription` (default 512, counted the same way); a description that only repeats the name.",
	},
	Run: runDocs,
}

func runDocs(p *analyzer.Pass) {
	s := p.Settings
	for _, t := range p.Tools {
		d := strings.TrimSpace(t.Description)
		n := DescriptionLength(d)
		switch {
		case d == "":
			p.Report(t.Pos, t.Name, "tool %q has no description", t.Name)
			continue
		case repeatsName(t.Name, d):
			p.Report(t.Pos, t.Name, "description of tool %q only repeats its name", t.Name)
		case n < s.MinDescription:
			p.Report(t.Pos, t.Name, "description of tool %q is %d characters, fewer than %d", t.Name, n, s.MinDescription)
		case n > s.MaxDescription:
			p.Report(t.Pos, t.Name, "description of tool %q is %d characters, more than %d", t.Name, n, s.MaxDescription)
		}
		checkParamDocs(p, t)
	}
}

func checkParamDocs(p *analyzer.Pass, t *ir.Tool) {
	params := t.Params.Resolve()
	if params == nil || params.Kind != ir.KindObject {
		return
	}
	for _, prop := range params.Properties {
		pos := posOr(prop.Pos, t.Pos)
		d := strings.TrimSpace(describe(prop.Type))
		switch {
		case d == "":
			p.ReportSeverity(diag.Info, pos, t.Name, "parameter %q of %q has no description", prop.Name, t.Name)
		case repeatsName(prop.Name, d) && len(words(prop.Name)) > 1:
			p.ReportSeverity(diag.Info, pos, t.Name, "description of parameter %q of %q only repeats its name", prop.Name, t.Name)
		case DescriptionLength(d) > p.Settings.MaxParamDescription:
			p.Report(pos, t.Name, "description of parameter %q of %q is %d characters, more than %d",
				prop.Name, t.Name, DescriptionLength(d), p.Settings.MaxParamDescription)
		}
	}
}

// DescriptionLength is a description's length in characters, a CJK
// character (Han, Hiragana, Katakana, Hangul, CJK punctuation and
// full-width forms) counting as 2: one carries about as much as a short
// English word, so a 10-character Chinese description is as informative
// as a 20-character English one.
func DescriptionLength(d string) int {
	n := 0
	for _, r := range d {
		n++
		if isWide(r) {
			n++
		}
	}
	return n
}

func isWide(r rune) bool {
	if r < wideFrom {
		return false // most text: skip the table searches
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		0x3000 <= r && r <= 0x303F || 0xFF00 <= r && r <= 0xFFEF
}

// wideFrom is the lowest rune isWide counts (U+1100, the first Hangul
// Jamo; Han, kana and the CJK and full-width blocks all lie above it).
const wideFrom = 0x1100

// describe returns the description of t, or of the named type it refers
// to.
func describe(t *ir.Type) string {
	if t == nil {
		return ""
	}
	if t.Description != "" {
		return t.Description
	}
	if t.Kind == ir.KindRef && t.Ref != nil && t.Ref.Type != nil {
		return t.Ref.Type.Description
	}
	return t.Title
}

// repeatsName reports whether the description's words are just the
// name's words (ignoring stop words and a trailing period).
func repeatsName(name, desc string) bool {
	nw := words(name)
	dw := tokenize(desc, len(nw)+1) // a longer description is not a repetition
	if len(dw) == 0 || len(dw) > len(nw)+1 {
		return false
	}
	have := map[string]bool{}
	for _, w := range nw {
		have[w] = true
		have[strings.TrimSuffix(w, "s")] = true
	}
	for _, w := range dw {
		if !have[w] && !have[strings.TrimSuffix(w, "s")] && !filler[w] {
			return false
		}
	}
	return true
}

var filler = map[string]bool{"tool": true, "function": true, "parameter": true, "value": true, "gets": true, "get": true}
