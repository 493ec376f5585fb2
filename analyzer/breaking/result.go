package breaking

import (
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// result compares result types: readers of a result break when it
// carries values they did not expect or lacks fields they read.
func (c *comparer) result(o, n *ir.Type) {
	switch {
	case o == nil && n == nil:
	case o == nil:
		c.report(ResultFieldAdded, posOf(n), "%s: a result type was declared", c.whatResult(""))
	case n == nil:
		c.report(ResultChanged, c.toolPos, "%s: the result type was removed (results are no longer typed)", c.whatResult(""))
	default:
		c.output(o, n, "")
	}
}

func (c *comparer) output(oRaw, nRaw *ir.Type, path string) {
	if !c.visit(oRaw, nRaw) {
		return
	}
	o, oNull := nullable(oRaw)
	n, nNull := nullable(nRaw)
	pos := posOf(nRaw)
	ok, nk := kindOf(o), kindOf(n)
	switch {
	case ok == nk, ok == ir.KindNumber && nk == ir.KindInteger, ok == ir.KindAny:
	default:
		c.report(ResultChanged, pos, "%s: type changed from %s to %s", c.whatResult(path), ok, nk)
		return
	}
	if nNull && !oNull {
		c.report(ResultChanged, pos, "%s: may now be null", c.whatResult(path))
	}
	oe, ne := enumSet(o), enumSet(n)
	if oe != nil {
		if ne == nil {
			c.report(ResultChanged, pos, "%s: enum restriction removed (readers may get other values)", c.whatResult(path))
		} else if added := missing(ne, oe); len(added) > 0 {
			c.report(ResultChanged, pos, "%s: new enum value(s) %s", c.whatResult(path), strings.Join(added, ", "))
		}
	}
	switch {
	case nk == ir.KindObject && ok == ir.KindObject:
		c.fields(o, n, path)
	case nk == ir.KindArray && ok == ir.KindArray && (o.Items != nil || n.Items != nil):
		c.output(o.Items, n.Items, path+"[]")
	}
}

func (c *comparer) fields(o, n *ir.Type, path string) {
	for _, op := range o.Properties {
		sub := join(path, op.Name)
		np := n.Prop(op.Name)
		if np == nil {
			c.report(ResultFieldRemove, posOr(n.Pos, c.toolPos), "%s was removed", c.whatResult(sub))
			continue
		}
		if op.Required && !np.Required {
			c.report(ResultChanged, np.Pos, "%s may now be absent (was required)", c.whatResult(sub))
		}
		c.output(op.Type, np.Type, sub)
	}
	for _, np := range n.Properties {
		if o.Prop(np.Name) == nil {
			c.report(ResultFieldAdded, np.Pos, "%s was added", c.whatResult(join(path, np.Name)))
		}
	}
}
