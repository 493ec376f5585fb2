package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/lazyre"
)

// LimitInProse finds ranges and defaults a parameter's description states
// that its schema does not.
var LimitInProse = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "limit-in-prose",
		Summary:         "a range or default stated in a parameter's description but not in its schema",
		DefaultSeverity: diag.Warning,
		Category:        catSchema,
		Since:           "0.2.0",
		Doc: "A model reads the description, the runtime validates the schema: a limit only in words is\n" +
			"not enforced, and a default only in words is not filled in. Recognised, in English and Chinese:\n" +
			"ranges of a number parameter (`between 1 and 10`, `1-10`, `1 to 10`, `from 1 to 10`, `1～10`,\n" +
			"`1到10`, `返回条数，1-10`, `最多20`/`at most 20`, `至少1`/`at least 1`) without `minimum`/`maximum`,\n" +
			"and defaults (`defaults to 5`, `default: 5`, `default is 5`, `默认5`, `默认为5`, `默认值：5`)\n" +
			"without `default`. The hint writes the missing keywords.",
	},
	Run: runLimitInProse,
}

var (
	proseRange   = lazyre.New(`(?i)(?:between\s+(-?\d+(?:\.\d+)?)\s+and\s+(-?\d+(?:\.\d+)?)|(?:from\s+)?(-?\d+(?:\.\d+)?)\s*(?:-|–|—|~|～|to|到|至)\s*(-?\d+(?:\.\d+)?))`)
	proseMax     = lazyre.New(`(?i)(?:at most|no more than|up to|maximum(?: of)?|max\.?|最多|最大(?:值)?(?:为|是)?|不超过)\s*[:：]?\s*(-?\d+(?:\.\d+)?)`)
	proseMin     = lazyre.New(`(?i)(?:at least|no less than|minimum(?: of)?|min\.?|至少|最少|最小(?:值)?(?:为|是)?|不少于)\s*[:：]?\s*(-?\d+(?:\.\d+)?)`)
	proseDefault = lazyre.New(`(?i)(?:defaults?\s+(?:to|is)|default\s*[:：=]|默认(?:值)?(?:为|是)?\s*[:：]?)\s*(?:["'“‘]([^"'”’\s,，。;；)]{1,40})["'”’]|(-?\d+(?:\.\d+)?|true|false|[A-Za-z_][\w.-]{0,39}|[\p{Han}]{1,10}))`)
)

func runLimitInProse(p *analyzer.Pass) {
	for _, t := range p.Tools {
		params := t.Params.Resolve()
		if params == nil || params.Kind != ir.KindObject {
			continue
		}
		for _, prop := range params.Properties {
			checkProse(p, t, prop)
		}
	}
}

func checkProse(p *analyzer.Pass, t *ir.Tool, prop *ir.Property) {
	d := describe(prop.Type)
	if d == "" {
		return
	}
	typ := deref(prop.Type)
	if typ == nil {
		return
	}
	pos := posOr(prop.Pos, t.Pos)
	numeric := typ.Kind == ir.KindInteger || typ.Kind == ir.KindNumber
	unbounded := typ.Minimum == nil && typ.Maximum == nil && typ.ExclusiveMinimum == nil && typ.ExclusiveMaximum == nil
	// Every limit pattern needs an ASCII digit (\d) and the default one a
	// "default" or 默认: descriptions without them skip the expressions.
	if numeric && unbounded && len(typ.Enum) == 0 && strings.ContainsAny(d, "0123456789") {
		var keys []string
		if m := proseRange.FindStringSubmatch(d); m != nil && !partOfLargerNumber(d, m[0]) {
			lo, hi := first(m[1], m[3]), first(m[2], m[4])
			if a, _ := strconv.ParseFloat(lo, 64); a <= mustFloat(hi) {
				keys = []string{"minimum: " + lo, "maximum: " + hi}
			}
		} else {
			if m := proseMin.FindStringSubmatch(d); m != nil {
				keys = append(keys, "minimum: "+m[1])
			}
			if m := proseMax.FindStringSubmatch(d); m != nil {
				keys = append(keys, "maximum: "+m[1])
			}
		}
		if len(keys) > 0 {
			p.Report(pos, t.Name, "parameter %q of %q states a limit in its description (%s) that its schema does not enforce",
				prop.Name, t.Name, quoteCut(d))
			p.Hint("add %s to the schema (TypeScript: @minimum/@maximum; Python: Field(ge=…, le=…)); the runtime then checks it", strings.Join(keys, ", "))
		}
	}
	if typ.Default == nil && prop.Type.Default == nil && !prop.Required && mayStateDefault(d) {
		if m := proseDefault.FindStringSubmatch(d); m != nil && defaultFits(m[1], m[2], typ) {
			v := first(m[1], m[2])
			p.Report(pos, t.Name, "parameter %q of %q states a default in its description (%s) that its schema does not have",
				prop.Name, t.Name, quoteCut(d))
			p.Hint("add default: %s to the schema (TypeScript: @default; Python: a default value), so the runtime fills it in", defaultLiteral(v, typ))
		}
	}
}

// mayStateDefault reports whether d holds what proseDefault needs:
// "default" in any case (no other rune folds to one of its letters) or
// 默认.
func mayStateDefault(d string) bool {
	const word = "default"
	for i := 0; i+len(word) <= len(d); i++ {
		if strings.EqualFold(d[i:i+len(word)], word) {
			return true
		}
	}
	return strings.Contains(d, "默认")
}

// partOfLargerNumber reports a range match that is part of a date or
// version ("2024-01-15", "1.2-3"): a digit, '-', '.' or '/' right before
// or after it.
func partOfLargerNumber(d, m string) bool {
	i := strings.Index(d, m)
	if i > 0 && strings.ContainsRune("0123456789-./:", rune(d[i-1])) {
		return true
	}
	j := i + len(m)
	if j+1 < len(d) && d[j] == '.' {
		return '0' <= d[j+1] && d[j+1] <= '9'
	}
	return j < len(d) && strings.ContainsRune("0123456789-/:", rune(d[j]))
}

func first(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func mustFloat(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// defaultFits reports whether a stated default (quoted, else bare) is a
// value of the parameter's kind: a number for numbers, true/false for
// booleans, a quoted text or an enum value for strings.
func defaultFits(quoted, bare string, t *ir.Type) bool {
	switch t.Kind {
	case ir.KindInteger, ir.KindNumber:
		_, err := strconv.ParseFloat(bare, 64)
		return err == nil
	case ir.KindBoolean:
		return bare == "true" || bare == "false"
	case ir.KindString:
		if quoted != "" {
			return true
		}
		for _, e := range t.Enum {
			if string(e) == strconv.Quote(bare) {
				return true
			}
		}
	}
	return false
}

// defaultLiteral writes the stated default as JSON for the parameter's
// type.
func defaultLiteral(v string, t *ir.Type) string {
	switch t.Kind {
	case ir.KindInteger, ir.KindNumber, ir.KindBoolean:
		return v
	}
	return strconv.Quote(v)
}

func quoteCut(s string) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) > 60 {
		return fmt.Sprintf("%q…", string(r[:60]))
	}
	return fmt.Sprintf("%q", string(r))
}

// deref follows references to the type they name.
func deref(t *ir.Type) *ir.Type {
	for i := 0; t != nil && t.Kind == ir.KindRef && t.Ref != nil && i < 16; i++ {
		t = t.Ref.Type
	}
	return t
}
