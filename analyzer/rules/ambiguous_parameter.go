package rules

import (
	"strings"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/lazyre"
)

// AmbiguousParameter finds free-form strings whose name or description
// implies a format the schema does not state.
var AmbiguousParameter = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "ambiguous-parameter",
		Summary:         "a free-form string that implies a format (date, email, url, country code, city…) but states none",
		DefaultSeverity: diag.Warning,
		Category:        catSchema,
		Since:           since,
		Doc: "A string parameter named or described like a date, time, email, URL, UUID, country, currency or\n" +
			"language code, or a city, with no `format`, `pattern`, `enum` or `const` and no example of the\n" +
			"expected form in its description: a model will fill it in several formats (\"tomorrow\",\n" +
			"\"2024-05-01\", \"05/01\"). The finding suggests the format or pattern to add.",
	},
	Run: runAmbiguousParameter,
}

// formatHint is a family of names and the constraint to suggest.
type formatHint struct {
	what    string
	words   []string // name words (any match)
	suggest string
}

var formatHints = []formatHint{
	{"date-time", []string{"datetime", "timestamp"}, `format: "date-time" (RFC 3339)`},
	{"date", []string{"date", "birthday", "dob"}, `format: "date" (YYYY-MM-DD)`},
	{"time", []string{"time"}, `format: "time" or "date-time"`},
	{"email address", []string{"email", "mail"}, `format: "email"`},
	{"URL", []string{"url", "uri", "link", "website", "homepage", "href"}, `format: "uri"`},
	{"UUID", []string{"uuid", "guid"}, `format: "uuid"`},
	{"country", []string{"country"}, `pattern: "^[A-Z]{2}$" (ISO 3166-1 alpha-2) or an enum`},
	{"currency", []string{"currency"}, `pattern: "^[A-Z]{3}$" (ISO 4217) or an enum`},
	{"language", []string{"language", "lang", "locale"}, `a BCP 47 tag pattern such as "^[a-z]{2}(-[A-Z]{2})?$" or an enum`},
	{"city", []string{"city"}, `an example in the description, e.g. "Beijing, China" (city and country)`},
}

// stated matches descriptions that already show the expected form.
var stated = lazyre.New(`(?i)e\.g\.|for example|such as|format|iso[ -]?\d|rfc ?\d|yyyy|hh:mm|mm/dd|dd/mm|\bie\b|i\.e\.|like ['"]|https?://|@\w+\.\w+|\d{4}-\d{2}`)

func runAmbiguousParameter(p *analyzer.Pass) {
	for _, t := range p.Tools {
		walkProps(t.Params, func(path string, prop *ir.Property) {
			typ := prop.Type.Resolve()
			if typ == nil || typ.Kind != ir.KindString || typ.Format != "" || typ.Pattern != "" ||
				len(typ.Enum) > 0 || typ.Const != nil || len(typ.Examples) > 0 {
				return
			}
			h := hintFor(prop.Name)
			if h == nil || stated.MatchString(describe(prop.Type)) {
				return
			}
			p.Report(posOr(prop.Pos, t.Pos), t.Name, "parameter %q of %q looks like a %s but is a free-form string", path, t.Name, h.what)
			p.Hint("add %s", h.suggest)
		})
	}
}

func hintFor(name string) *formatHint {
	ws := words(name)
	// "time_zone", "timeout", "update_time_limit": the last word says what
	// the value is, so only it is matched.
	if len(ws) == 0 {
		return nil
	}
	last := ws[len(ws)-1]
	if len(ws) > 1 && (last == "code" || last == "iso") {
		last = ws[len(ws)-2]
	}
	for i := range formatHints {
		for _, w := range formatHints[i].words {
			if last == w || strings.HasSuffix(last, w) && w != "time" && w != "date" && w != "mail" && w != "link" && w != "lang" && w != "uri" {
				return &formatHints[i]
			}
		}
	}
	return nil
}
