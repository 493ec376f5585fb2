package goexec

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// goType is the Go type of a shape; ptr asks for a pointer to it.
func (g *gen) goType(s *shape, ptr bool) *jen.Statement {
	var t *jen.Statement
	switch {
	case s.kind == sRaw:
		return jen.Qual("encoding/json", "RawMessage")
	case s.kind == sSlice:
		return jen.Index().Add(g.goType(s.elem, false))
	case s.named != "":
		t = jen.Id(s.named)
	case s.kind == sString:
		t = jen.String()
	case s.kind == sInt:
		t = jen.Int64()
	case s.kind == sNum:
		t = jen.Float64()
	case s.kind == sBool:
		t = jen.Bool()
	}
	if ptr {
		return jen.Op("*").Add(t)
	}
	return t
}

func docComment(f *jen.File, name, desc, fallback string) {
	desc = strings.TrimSpace(desc)
	if desc == "" {
		f.Comment(name + " " + fallback)
		return
	}
	comment(f, name+": "+desc)
}

func (g *gen) emitStruct(f *jen.File, s *shape) {
	var fields []jen.Code
	for _, fl := range s.fields {
		tag := fl.json
		switch {
		case fl.required:
		case fl.s.kind == sSlice:
			tag += ",omitzero"
		default:
			tag += ",omitempty"
		}
		if d := strings.TrimSpace(fl.doc); d != "" {
			for _, line := range strings.Split(d, "\n") {
				fields = append(fields, jen.Comment(strings.TrimRight(line, " ")))
			}
		}
		fields = append(fields, jen.Id(fl.goName).Add(g.goType(fl.s, fl.pointer())).Tag(map[string]string{"json": tag}))
	}
	docComment(f, s.named, s.t.Description, "is an object of the tools' schemas.")
	f.Type().Id(s.named).Struct(fields...)
	g.emitValidate(f, s)
	g.emitDecodeStruct(f, s)
	if s.closed {
		names := make([]string, len(s.fields))
		for i, fl := range s.fields {
			names[i] = fl.json
		}
		sortStrings(names)
		var lits []jen.Code
		for _, n := range names {
			lits = append(lits, jen.Lit(n))
		}
		f.Var().Id(lowerFirst(s.named) + "Known").Op("=").Index().String().Values(lits...)
	}
}

func (g *gen) emitNamedScalar(f *jen.File, s *shape) {
	docComment(f, s.named, s.t.Description, "is a named type of the tools' schemas.")
	f.Type().Id(s.named).Add(g.goType(&shape{kind: s.kind}, false))
	if len(s.enumConsts) > 0 {
		var cs []jen.Code
		for _, c := range s.enumConsts {
			cs = append(cs, jen.Id(c.name).Id(s.named).Op("=").Lit(c.value))
		}
		f.Commentf("Values of %s.", s.named)
		f.Const().Defs(cs...)
	}
	f.Comment("Validate reports every way v breaks its schema.")
	f.Func().Params(jen.Id("v").Id(s.named)).Id("Validate").Params().Error().Block(
		jen.Var().Id("c").Add(gs("Checker")),
		jen.Id("v").Dot("validate").Call(jen.Op("&").Id("c")),
		jen.Return(jen.Id("c").Dot("Err").Call()),
	)
	body := g.scalarChecks(s, jen.Id(goBase(s.kind)).Call(jen.Id("v")))
	f.Func().Params(jen.Id("v").Id(s.named)).Id("validate").Params(jen.Id("c").Op("*").Add(gs("Checker"))).Block(body...)
}

func goBase(k shapeKind) string {
	return map[shapeKind]string{sString: "string", sInt: "int64", sNum: "float64", sBool: "bool"}[k]
}

// emitCheckFunc writes the checks of an anonymous scalar or array.
func (g *gen) emitCheckFunc(f *jen.File, s *shape) {
	var body []jen.Code
	if s.kind == sSlice {
		body = g.sliceChecks(s, jen.Id("x"))
	} else {
		body = g.scalarChecks(s, jen.Id("x"))
	}
	f.Func().Id(s.check).Params(jen.Id("c").Op("*").Add(gs("Checker")), jen.Id("x").Add(g.goType(s, false))).Block(body...)
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
