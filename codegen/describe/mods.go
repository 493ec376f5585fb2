package describe

import (
	"strconv"
	"strings"

	g "github.com/tscg/tscg/compiler/compactgrammar"
	"github.com/tscg/tscg/compiler/ir"
)

// mods writes the space-separated modifiers of t: constraints, default,
// annotations, extra keywords and, last, the description (as line text
// when tail is set, else as a quoted string).
func (w *compactWriter) mods(t *ir.Type, tail bool) {
	if t.Const != nil {
		w.b.WriteString(" " + g.Const + ":")
		w.b.Write(t.Const)
	}
	w.ranges(t)
	if t.MultipleOf != nil {
		w.b.WriteString(" " + g.Mult + ":" + string(*t.MultipleOf))
	}
	if t.Pattern != "" {
		if slashable(t.Pattern) {
			w.b.WriteString(" /" + t.Pattern + "/")
		} else {
			w.b.WriteString(" " + g.Pattern + ":" + jsonString(t.Pattern))
		}
	}
	if t.Format != "" {
		w.b.WriteString(" " + g.Format + ":" + word(t.Format))
	}
	if t.UniqueItems {
		w.b.WriteString(" " + g.Unique)
	}
	if t.Discriminator != "" {
		w.b.WriteString(" " + g.Disc + ":" + ident(t.Discriminator))
	}
	w.objectPolicy(t)
	// Entries the JSON had as the type's own anyOf/oneOf come first
	// (ir.Type.Beside), under their word, so the reader marks them again.
	for _, beside := range []bool{true, false} {
		word, n := g.AllOf, 0
		if beside {
			word = g.Also
		}
		for _, c := range t.AllOf {
			if c.Beside != beside {
				continue
			}
			if n == 0 {
				w.b.WriteString(" " + word + "(")
			} else {
				w.b.WriteString(", ")
			}
			n++
			w.name = ""
			w.typ(c, 0, false)
		}
		if n > 0 {
			w.b.WriteByte(')')
		}
	}
	if t.Default != nil {
		w.b.WriteString(" = ")
		w.b.Write(t.Default)
	}
	w.annotations(t)
	w.description(t, tail)
}

func (w *compactWriter) objectPolicy(t *ir.Type) {
	if t.Kind != ir.KindObject {
		return
	}
	if t.Additional != w.unmarked && t.Additional != ir.AdditionalTyped {
		w.b.WriteString(" " + g.PolicyWords[t.Additional])
	}
	// Only where the schema differs: other objects without properties
	// write "properties": {} anyway (compiler/jsonschema).
	if t.PropertiesKept && len(t.Properties) == 0 && !t.Untyped &&
		(t.Additional == ir.AdditionalOpen || t.Additional == ir.AdditionalTyped) {
		w.b.WriteString(" " + g.RangeProps + ":" + g.PropsListed)
	}
}

// commonPolicy returns the most frequent object policy in the catalog
// (ties go to the lower constant), so the header marks the fewest objects.
func commonPolicy(cat *ir.Catalog) ir.Additional {
	var counts [4]int
	seen := map[*ir.Type]bool{}
	var visit func(t *ir.Type)
	visit = func(t *ir.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if t.Kind == ir.KindObject && t.Additional != ir.AdditionalTyped {
			counts[t.Additional]++
		}
		for _, p := range t.Properties {
			visit(p.Type)
		}
		for _, c := range append(append(append([]*ir.Type{t.Items, t.AdditionalType}, t.PrefixItems...), t.Variants...), t.AllOf...) {
			visit(c)
		}
	}
	for _, n := range cat.Types {
		visit(n.Type)
	}
	for _, t := range cat.Tools {
		visit(t.Params)
		visit(t.Result)
	}
	best := ir.AdditionalDefault
	for a := ir.AdditionalClosed; a <= ir.AdditionalOpen; a++ {
		if counts[a] > counts[best] {
			best = a
		}
	}
	return best
}

func (w *compactWriter) annotations(t *ir.Type) {
	switch {
	case t.Title == "":
	case w.name != "" && t.Title == g.TitleCase(w.name):
		if w.level == LevelCompact {
			w.b.WriteString(" " + g.Titled)
		}
	case w.level == LevelTerse && restates(t.Title, w.name, t):
	default:
		w.b.WriteString(" " + g.Title + ":" + jsonString(t.Title))
	}
	if len(t.Examples) > 0 {
		w.b.WriteString(" " + g.Examples + ":[")
		for i, v := range t.Examples {
			if i > 0 {
				w.b.WriteByte(',')
			}
			w.b.Write(v)
		}
		w.b.WriteByte(']')
	}
	if t.Deprecated {
		w.b.WriteString(" " + g.Deprecated)
	}
	if t.ReadOnly {
		w.b.WriteString(" " + g.ReadOnly)
	}
	if t.WriteOnly {
		w.b.WriteString(" " + g.WriteOnly)
	}
	for _, k := range t.Extra {
		if w.level == LevelTerse && k.Name == "$schema" {
			continue // names the dialect; says nothing about values
		}
		w.b.WriteString(" $" + extraName(k.Name) + ":")
		w.b.Write(k.Value)
	}
}

func (w *compactWriter) description(t *ir.Type, tail bool) {
	if t.Description == "" || t.Kind == ir.KindObject && (len(t.Properties) > 0 || t.Additional == ir.AdditionalTyped) {
		return // objects with a body carry it after "{"
	}
	d := w.text(t.Description, w.name, t)
	if d == "" && w.level == LevelTerse {
		return
	}
	if tail {
		w.lineText(d)
		return
	}
	w.b.WriteString(" #")
	w.b.WriteString(jsonString(d))
}

// ranges writes bounds: the natural bound of the kind (value for numbers,
// length for strings, count for arrays and objects) as a bare lo..hi, the
// others with a prefix.
func (w *compactWriter) ranges(t *ir.Type) {
	natural := g.NaturalRange[t.Kind]
	emit := func(prefix string, lo, hi string) {
		if lo == "" && hi == "" {
			return
		}
		w.b.WriteByte(' ')
		if prefix != natural {
			w.b.WriteString(prefix + ":")
		}
		w.b.WriteString(lo + ".." + hi)
	}
	emit(g.RangeValue, num(t.Minimum), num(t.Maximum))
	if t.ExclusiveMinimum != nil {
		w.b.WriteString(" >" + string(*t.ExclusiveMinimum))
	}
	if t.ExclusiveMaximum != nil {
		w.b.WriteString(" <" + string(*t.ExclusiveMaximum))
	}
	emit(g.RangeLen, i64(t.MinLength), i64(t.MaxLength))
	emit(g.RangeItems, i64(t.MinItems), i64(t.MaxItems))
	emit(g.RangeProps, i64(t.MinProperties), i64(t.MaxProperties))
}

func num(n *ir.Number) string {
	if n == nil {
		return ""
	}
	return string(*n)
}

func i64(n *int64) string {
	if n == nil {
		return ""
	}
	return strconv.FormatInt(*n, 10)
}

// word writes s bare when it is a plain word (formats like date-time),
// else as a JSON string.
func word(s string) string {
	if g.IsBareWord(s) {
		return s
	}
	return jsonString(s)
}

func extraName(s string) string {
	if isIdent(s) {
		return s
	}
	return jsonString(s)
}

// slashable reports whether a pattern can be written /like this/: one
// line, no slash, not ending in a backslash that would escape the closer.
func slashable(re string) bool {
	return !strings.ContainsAny(re, "/\n\r") && !strings.HasSuffix(re, `\`) && !strings.HasPrefix(re, " ")
}
