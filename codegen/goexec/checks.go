package goexec

import (
	"math/big"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/tscg/tscg/compiler/ir"
)

// scalarChecks are the value checks of a string or number node, in the
// validator's order: const and enum stop at the first failure, the rest
// are all reported.
func (g *gen) scalarChecks(s *shape, x *jen.Statement) []jen.Code {
	t := s.t
	desc := jen.Lit(s.desc)
	expected := func(kw string) jen.Code {
		return jen.Id("c").Dot("Expected").Call(jen.Lit(kw), desc, x.Clone())
	}
	var out []jen.Code
	if t.Const != nil {
		out = append(out, jen.If(x.Clone().Op("!=").Lit(stringOf(t.Const))).Block(expected("const"), jen.Return()))
	}
	if len(t.Enum) > 0 {
		var vals []jen.Code
		for _, v := range t.Enum {
			vals = append(vals, jen.Lit(stringOf(v)))
		}
		out = append(out, jen.Switch(x.Clone()).Block(jen.Case(vals...), jen.Default().Block(expected("enum"), jen.Return())))
	}
	switch s.kind {
	case sString:
		out = append(out, g.stringChecks(t, x, expected)...)
	case sInt, sNum:
		out = append(out, numberChecks(t, s.kind, x, expected)...)
	}
	return out
}

func (g *gen) stringChecks(t *ir.Type, x *jen.Statement, expected func(string) jen.Code) []jen.Code {
	var out []jen.Code
	if t.MinLength != nil || t.MaxLength != nil {
		out = append(out, jen.Id("n").Op(":=").Qual(GenSupportPath, "RuneCount").Call(x.Clone()))
	}
	if t.MinLength != nil {
		out = append(out, jen.If(jen.Id("n").Op("<").Lit(int(*t.MinLength))).Block(expected("minLength")))
	}
	if t.MaxLength != nil {
		out = append(out, jen.If(jen.Id("n").Op(">").Lit(int(*t.MaxLength))).Block(expected("maxLength")))
	}
	if t.Pattern != "" {
		re := g.pattern(t.Pattern)
		out = append(out, jen.If(jen.Op("!").Id(re).Dot("MatchString").Call(x.Clone())).Block(expected("pattern")))
	}
	return out
}

// pattern declares (once) a compiled regular expression for p.
func (g *gen) pattern(p string) string {
	for _, r := range g.patterns {
		if r.src == p {
			return r.name
		}
	}
	name := g.newName("pattern" + strconv.Itoa(len(g.patterns)+1))
	g.patterns = append(g.patterns, namedPattern{name: name, src: p})
	return name
}

type namedPattern struct{ name, src string }

// numberChecks compare with the bounds exactly for integers whose bounds
// are integers, and in float64 otherwise.
func numberChecks(t *ir.Type, k shapeKind, x *jen.Statement, expected func(string) jen.Code) []jen.Code {
	var out []jen.Code
	cmp := func(n *ir.Number, op, kw string) {
		if n == nil {
			return
		}
		out = append(out, jen.If(bound(x, k, *n, op)).Block(expected(kw)))
	}
	cmp(t.Minimum, "<", "minimum")
	cmp(t.Maximum, ">", "maximum")
	cmp(t.ExclusiveMinimum, "<=", "exclusiveMinimum")
	cmp(t.ExclusiveMaximum, ">=", "exclusiveMaximum")
	if t.MultipleOf != nil {
		val := x.Clone()
		if k == sInt {
			val = jen.Float64().Call(x.Clone())
		}
		out = append(out, jen.If(jen.Op("!").Qual(GenSupportPath, "MultipleOf").Call(val, jen.Lit(string(*t.MultipleOf)))).Block(expected("multipleOf")))
	}
	return out
}

func bound(x *jen.Statement, k shapeKind, n ir.Number, op string) jen.Code {
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		r = new(big.Rat)
	}
	if k == sInt && r.IsInt() && r.Num().IsInt64() {
		return x.Clone().Op(op).Op(r.Num().String())
	}
	f, _ := r.Float64()
	lhs := x.Clone()
	if k == sInt {
		lhs = jen.Float64().Call(x.Clone())
	}
	return lhs.Op(op).Op(strconv.FormatFloat(f, 'g', -1, 64))
}

// sliceChecks are an array's own checks (its items are checked as they
// are read or validated).
func (g *gen) sliceChecks(s *shape, x *jen.Statement) []jen.Code {
	t := s.t
	desc := jen.Lit(s.desc)
	var out []jen.Code
	size := func(n *int64, op, kw string) {
		if n != nil {
			out = append(out, jen.If(jen.Len(x.Clone()).Op(op).Lit(int(*n))).Block(
				jen.Id("c").Dot("Add").Call(jen.Lit(kw), jen.Lit("expected ").Op("+").Add(desc).Op("+").Lit(", got ").Op("+").Qual(GenSupportPath, "ShowItems").Call(jen.Len(x.Clone()))),
			))
		}
	}
	size(t.MinItems, "<", "minItems")
	size(t.MaxItems, ">", "maxItems")
	if t.UniqueItems {
		out = append(out, jen.Qual(GenSupportPath, "CheckUnique").Call(jen.Id("c"), x.Clone()))
	}
	return out
}
