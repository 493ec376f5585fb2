package typescript

import (
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// zodInfer converts `z.infer<typeof X>` (also z.input, z.output,
// z.TypeOf) to X's schema, when z is zod's namespace.
func (r *resolver) zodInfer(te *typeExpr, c ctx) (*ir.Type, bool) {
	head, member, dotted := strings.Cut(te.text, ".")
	if !dotted {
		return nil, false
	}
	b, ok := c.f.imports[head]
	if !ok || zodVersionOf(c.f, b.spec) == 0 {
		return nil, false
	}
	switch member {
	case "infer", "input", "output", "TypeOf":
	default:
		r.errorf(c, te.off, "type %s comes from zod; tscg reads z.infer<typeof Schema> and z.input<typeof Schema>", te.text)
		return r.anyAt(c, te.off), true
	}
	if len(te.elems) != 1 || te.elems[0].kind != teTypeof {
		r.errorf(c, te.off, "%s needs one type argument of the form typeof Schema", te.text)
		return r.anyAt(c, te.off), true
	}
	v := r.valueByName(c.f, te.elems[0].text, te.elems[0].off)
	if v.kind != vZod {
		r.diags.Errorf(c.f.pos(te.elems[0].off), "%s: %s is not a zod schema tscg can read (it is %s)", te.text, te.elems[0].text, describeValue(v))
		return r.anyAt(c, te.off), true
	}
	t := r.zodIR(v.z)
	t.Pos = c.f.pos(te.off)
	return t, true
}

// valueByName evaluates a possibly dotted name (`ns.Schema`) in f.
func (r *resolver) valueByName(f *file, name string, off int) *value {
	head, rest, dotted := strings.Cut(name, ".")
	v := r.lookupValue(f, head, off, 0)
	e := &evaluator{r: r, f: f}
	for dotted {
		var part string
		part, rest, dotted = strings.Cut(rest, ".")
		v = e.member(v, part, off)
	}
	return v
}

// convTypeof converts `typeof X`: a literal constant's literal type.
func (r *resolver) convTypeof(te *typeExpr, c ctx) *ir.Type {
	v := r.valueByName(c.f, te.text, te.off)
	switch v.kind {
	case vString, vNumber, vBool:
		j, _ := jsonValue(v)
		t := r.literal(string(j), c.f.pos(te.off))
		if cd, ok := c.f.constFor(te.text); ok && cd.mutable {
			t.Const = nil // `let x = 'a'` has type string
		}
		return t
	case vZod:
		r.errorf(c, te.off, "typeof %s is the type of a zod schema object; write z.infer<typeof %s> for the data it describes", te.text, te.text)
	default:
		r.errorf(c, te.off, "typeof %s is not supported: tscg reads typeof of string, number and boolean constants (%s is %s)", te.text, te.text, describeValue(v))
	}
	return r.anyAt(c, te.off)
}

// zodAliasOf returns the zod constant a type alias stands for when its
// body is z.infer<typeof X> (or z.input) of a constant in its file, so
// that `type X = z.infer<typeof X>` and `const X = z.object(…)` are one
// named type.
func (r *resolver) zodAliasOf(d *decl) *constDecl {
	if d.kind != dAlias || len(d.typeParams) > 0 || d.body.kind != teRef || len(d.body.elems) != 1 {
		return nil
	}
	arg := d.body.elems[0]
	head, member, dotted := strings.Cut(d.body.text, ".")
	if !dotted || arg.kind != teTypeof || strings.Contains(arg.text, ".") {
		return nil
	}
	if b, ok := d.file.imports[head]; !ok || zodVersionOf(d.file, b.spec) == 0 {
		return nil
	}
	if member != "infer" && member != "input" && member != "output" {
		return nil
	}
	cd, ok := d.file.constFor(arg.text)
	if !ok || cd.nested || arg.text != d.name {
		return nil
	}
	if v := r.constValue(cd); v.kind != vZod {
		return nil
	}
	return cd
}
