package rules

import (
	"strings"
	"unicode"

	"github.com/tscg/tscg/compiler/ir"
)

// words splits an identifier into lower-case words at snake, kebab, dot
// and camel-case boundaries: "getHTTPDocId" → get http doc id.
func words(name string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			continue
		case unicode.IsUpper(r) && len(cur) > 0:
			prevLower := unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || (unicode.IsUpper(rs[i-1]) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// normalName folds case and separators: get_Weather, getWeather and
// get-weather all become "getweather".
func normalName(name string) string { return strings.Join(words(name), "") }

// propVisit is called for each property reached from a root type, with its
// JSON-pointer-like path ("a/b/[]/c").
type propVisit func(path string, p *ir.Property)

// walkProps visits every property reachable from t: nested objects, array
// items, union variants and named types (each named type once).
func walkProps(t *ir.Type, visit propVisit) {
	w := walker{seen: map[*ir.Named]bool{}, visit: visit}
	w.walk("", t)
}

type walker struct {
	seen  map[*ir.Named]bool
	visit propVisit
}

func (w *walker) walk(path string, t *ir.Type) {
	if t == nil {
		return
	}
	switch t.Kind {
	case ir.KindRef:
		if t.Ref == nil || w.seen[t.Ref] {
			return
		}
		w.seen[t.Ref] = true
		w.walk(path, t.Ref.Type)
	case ir.KindObject:
		for _, p := range t.Properties {
			pp := join(path, p.Name)
			w.visit(pp, p)
			w.walk(pp, p.Type)
		}
		w.walk(join(path, "*"), t.AdditionalType)
	case ir.KindArray:
		w.walk(join(path, "[]"), t.Items)
		for _, it := range t.PrefixItems {
			w.walk(join(path, "[]"), it)
		}
	case ir.KindUnion:
		for _, v := range t.Variants {
			w.walk(path, v)
		}
	}
	for _, a := range t.AllOf {
		w.walk(path, a)
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// posOr returns p unless it is unknown, else the fallback.
func posOr(p, fallback ir.Pos) ir.Pos {
	if p.File == "" {
		return fallback
	}
	if p.Line == 0 && fallback.File == p.File {
		return fallback
	}
	return p
}
