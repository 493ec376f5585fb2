package breaking

import (
	"fmt"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// input compares a parameter type: callers send values, so anything the
// old type accepted and the new one rejects breaks them.
func (c *comparer) input(oRaw, nRaw *ir.Type, path string) {
	if !c.visit(oRaw, nRaw) {
		return
	}
	o, oNull := nullable(oRaw)
	n, nNull := nullable(nRaw)
	pos := posOf(nRaw)
	ok, nk := kindOf(o), kindOf(n)
	switch {
	case ok == ir.KindAny && nk == ir.KindAny:
		return
	case nk == ir.KindAny:
		c.report(TypeWidened, pos, "%s: type widened from %s to any", c.what(path), ok)
		return
	case ok == ir.KindAny:
		c.report(TypeNarrowed, pos, "%s: type narrowed from any to %s", c.what(path), nk)
		return
	case ok == ir.KindInteger && nk == ir.KindNumber:
		c.report(TypeWidened, pos, "%s: type widened from integer to number", c.what(path))
	case ok == ir.KindNumber && nk == ir.KindInteger:
		c.report(TypeNarrowed, pos, "%s: type narrowed from number to integer", c.what(path))
	case ok != nk:
		c.report(TypeNarrowed, pos, "%s: type changed from %s to %s", c.what(path), ok, nk)
		return
	}
	if oNull && !nNull {
		c.report(TypeNarrowed, pos, "%s: no longer accepts null", c.what(path))
	}
	c.enums(o, n, path, pos)
	c.bounds(o, n, path, pos)
	switch nk {
	case ir.KindObject:
		c.props(o, n, path)
	case ir.KindArray:
		if o.Items != nil || n.Items != nil {
			c.input(o.Items, n.Items, path+"[]")
		}
	}
}

func (c *comparer) enums(o, n *ir.Type, path string, pos ir.Pos) {
	oe, ne := enumSet(o), enumSet(n)
	switch {
	case ne != nil && oe == nil:
		c.report(TypeNarrowed, pos, "%s: new enum restriction (%s)", c.what(path), joinValues(n.Enum))
	case oe != nil && ne == nil:
		c.report(TypeWidened, pos, "%s: enum restriction removed", c.what(path))
	case oe != nil:
		if gone := missing(oe, ne); len(gone) > 0 {
			c.report(EnumValueRemoved, pos, "%s: enum value(s) %s removed", c.what(path), strings.Join(gone, ", "))
		}
		if added := missing(ne, oe); len(added) > 0 {
			c.report(EnumValueAdded, pos, "%s: enum value(s) %s added", c.what(path), strings.Join(added, ", "))
		}
	}
	if len(n.Const) > 0 && string(n.Const) != string(o.Const) {
		c.report(TypeNarrowed, pos, "%s: now must equal %s", c.what(path), n.Const)
	}
}

func joinValues(vs []ir.Value) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// bound is one numeric constraint; lower bounds tighten when they rise,
// upper bounds when they fall.
type bound struct {
	name  string
	lower bool
	get   func(*ir.Type) (float64, bool)
}

var bounds = []bound{
	{"minimum", true, func(t *ir.Type) (float64, bool) { return num(t.Minimum) }},
	{"exclusiveMinimum", true, func(t *ir.Type) (float64, bool) { return num(t.ExclusiveMinimum) }},
	{"maximum", false, func(t *ir.Type) (float64, bool) { return num(t.Maximum) }},
	{"exclusiveMaximum", false, func(t *ir.Type) (float64, bool) { return num(t.ExclusiveMaximum) }},
	{"minLength", true, func(t *ir.Type) (float64, bool) { return i64(t.MinLength) }},
	{"maxLength", false, func(t *ir.Type) (float64, bool) { return i64(t.MaxLength) }},
	{"minItems", true, func(t *ir.Type) (float64, bool) { return i64(t.MinItems) }},
	{"maxItems", false, func(t *ir.Type) (float64, bool) { return i64(t.MaxItems) }},
	{"minProperties", true, func(t *ir.Type) (float64, bool) { return i64(t.MinProperties) }},
	{"maxProperties", false, func(t *ir.Type) (float64, bool) { return i64(t.MaxProperties) }},
}

// bounds reports tightened (breaking) and loosened (safe) constraints.
func (c *comparer) bounds(o, n *ir.Type, path string, pos ir.Pos) {
	for _, b := range bounds {
		ov, oOK := b.get(o)
		nv, nOK := b.get(n)
		tighter := nOK && (!oOK || (b.lower && nv > ov) || (!b.lower && nv < ov))
		looser := oOK && (!nOK || (b.lower && nv < ov) || (!b.lower && nv > ov))
		if tighter {
			c.report(TypeNarrowed, pos, "%s: %s tightened from %s to %s", c.what(path), b.name, show(ov, oOK), show(nv, nOK))
		} else if looser {
			c.report(TypeWidened, pos, "%s: %s loosened from %s to %s", c.what(path), b.name, show(ov, oOK), show(nv, nOK))
		}
	}
	for _, s := range []struct{ name, o, n string }{
		{"pattern", o.Pattern, n.Pattern}, {"format", o.Format, n.Format}, {"multipleOf", numText(o.MultipleOf), numText(n.MultipleOf)},
	} {
		switch {
		case s.n != "" && s.n != s.o:
			c.report(TypeNarrowed, pos, "%s: %s %s", c.what(path), s.name, changed(s.o, s.n))
		case s.o != "" && s.n == "":
			c.report(TypeWidened, pos, "%s: %s %q removed", c.what(path), s.name, s.o)
		}
	}
	if n.UniqueItems && !o.UniqueItems {
		c.report(TypeNarrowed, pos, "%s: items must now be unique", c.what(path))
	}
}

func numText(n *ir.Number) string {
	if n == nil {
		return ""
	}
	return string(*n)
}

func changed(o, n string) string {
	if o == "" {
		return fmt.Sprintf("%q added", n)
	}
	return fmt.Sprintf("changed from %q to %q", o, n)
}

// props compares an object's properties: removed, renamed, newly
// required, added, and each common property's type.
func (c *comparer) props(o, n *ir.Type, path string) {
	var removed, added []*ir.Property
	for _, op := range o.Properties {
		np := n.Prop(op.Name)
		if np == nil {
			removed = append(removed, op)
			continue
		}
		sub := join(path, op.Name)
		switch {
		case np.Required && !op.Required:
			c.report(ParamRequired, np.Pos, "%s became required", c.what(sub))
		case !np.Required && op.Required:
			c.report(ParamOptional, np.Pos, "%s became optional", c.what(sub))
		}
		c.input(op.Type, np.Type, sub)
	}
	for _, np := range n.Properties {
		if o.Prop(np.Name) == nil {
			added = append(added, np)
		}
	}
	renamedTo := map[*ir.Property]bool{}
	if len(removed) == 1 && len(added) == 1 && kindOf(removed[0].Type.Resolve()) == kindOf(added[0].Type.Resolve()) {
		c.report(ParamRenamed, added[0].Pos, "%s was renamed to %q (or removed, and %q added)", c.what(join(path, removed[0].Name)), added[0].Name, added[0].Name)
		renamedTo[added[0]] = true
	} else {
		for _, op := range removed {
			c.report(ParamRemoved, posOr(n.Pos, c.toolPos), "%s was removed", c.what(join(path, op.Name)))
		}
	}
	for _, np := range added {
		switch {
		case np.Required && !renamedTo[np]:
			c.report(ParamRequired, np.Pos, "%s was added as required", c.what(join(path, np.Name)))
		case !np.Required && !renamedTo[np]:
			c.report(ParamAdded, np.Pos, "%s was added (optional)", c.what(join(path, np.Name)))
		}
	}
	if o.Additional == ir.AdditionalOpen && n.Additional != ir.AdditionalOpen && n.Additional != ir.AdditionalTyped {
		c.report(TypeNarrowed, posOf(n), "%s: no longer accepts unknown properties", c.what(path))
	}
}

func posOr(p, def ir.Pos) ir.Pos {
	if p.File != "" {
		return p
	}
	return def
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
