package goexec

import (
	"strconv"

	"github.com/dave/jennifer/jen"
)

// emitValidate writes Validate and validate for a struct: every field is
// checked, nested values too, without reflection.
func (g *gen) emitValidate(f *jen.File, s *shape) {
	comment(f, "Validate reports every way v breaks its schema, each violation with a JSON\npointer and the message the runtime's generic path gives.")
	f.Func().Params(jen.Id("v").Op("*").Id(s.named)).Id("Validate").Params().Error().Block(
		jen.Var().Id("c").Add(gs("Checker")),
		jen.Id("v").Dot("validate").Call(jen.Op("&").Id("c")),
		jen.Return(jen.Id("c").Dot("Err").Call()),
	)
	var body []jen.Code
	for _, fl := range s.fields {
		body = append(body, g.validateField(fl))
	}
	f.Func().Params(jen.Id("v").Op("*").Id(s.named)).Id("validate").Params(jen.Id("c").Op("*").Add(gs("Checker"))).Block(body...)
}

func (g *gen) validateField(fl *field) jen.Code {
	x := jen.Id("v").Dot(fl.goName)
	push := jen.Id("c").Dot("Push").Call(jen.Lit(fl.json))
	pop := jen.Id("c").Dot("Pop").Call()
	missing := jen.Id("c").Dot("AddAt").Call(jen.Lit(fl.json), jen.Lit("required"), jen.Lit(fl.missing))
	var absent, present *jen.Statement
	val := x.Clone()
	switch {
	case fl.s.kind == sRaw:
		absent, present = jen.Len(x.Clone()).Op("==").Lit(0), jen.Len(x.Clone()).Op(">").Lit(0)
	case fl.s.kind == sSlice || fl.pointer():
		absent, present = x.Clone().Op("==").Nil(), x.Clone().Op("!=").Nil()
		if fl.pointer() && fl.s.kind != sStruct && fl.s.named == "" {
			val = jen.Parens(jen.Op("*").Add(x.Clone()))
		}
	}
	check := jen.Block(push, g.validateValue(fl.s, val, 0), pop)
	switch {
	case absent == nil && !needsValidate(fl.s):
		return jen.Null()
	case absent == nil:
		return check
	case fl.required && fl.s.kind == sSlice:
		// a nil slice encodes as null
		return jen.If(absent).Block(push.Clone(), jen.Id("c").Dot("Expected").Call(jen.Lit("type"), jen.Lit(fl.s.desc), jen.Nil()), pop.Clone()).Else().Add(check)
	case fl.required:
		return jen.If(absent).Block(missing).Else().Add(check)
	case !needsValidate(fl.s):
		return jen.Null()
	}
	return jen.If(present).Add(check)
}

// validateValue checks the Go value x of shape s.
func (g *gen) validateValue(s *shape, x *jen.Statement, level int) jen.Code {
	switch s.kind {
	case sStruct:
		return x.Clone().Dot("validate").Call(jen.Id("c"))
	case sRaw:
		if s.schemaVar == "" {
			return jen.Null()
		}
		return jen.If(jen.List(jen.Id("got"), jen.Err()).Op(":=").Qual(RuntimePath, "Decode").Call(x.Clone(), rt("Limits").Values()), jen.Err().Op("!=").Nil()).Block(
			jen.Id("c").Dot("Merge").Call(jen.Err()),
		).Else().Block(jen.Id("c").Dot("Merge").Call(jen.Id(s.schemaVar).Dot("Validate").Call(jen.Id("got"))))
	case sSlice:
		i, e := "i"+strconv.Itoa(level), "e"+strconv.Itoa(level)
		if !needsValidate(s.elem) {
			return g.checkCall(s, x, jen.Id("c"))
		}
		return jen.Block(
			g.checkCall(s, x, jen.Id("c")),
			jen.For(jen.List(jen.Id(i), jen.Id(e)).Op(":=").Range().Add(x.Clone())).Block(
				jen.Id("c").Dot("PushIndex").Call(jen.Id(i)),
				g.validateValue(s.elem, jen.Id(e), level+1),
				jen.Id("c").Dot("Pop").Call(),
			),
		)
	}
	return g.checkCall(s, x, jen.Id("c"))
}

// needsValidate reports whether values of shape s have anything to check
// beyond their Go type.
func needsValidate(s *shape) bool {
	switch s.kind {
	case sStruct:
		return true
	case sRaw:
		return s.schemaVar != ""
	case sSlice:
		return s.check != "" || needsValidate(s.elem)
	}
	return s.check != ""
}
