package goexec

import (
	"encoding/json"
	"strconv"

	"github.com/dave/jennifer/jen"
)

var (
	lexer = jen.Id("l")
	depth = jen.Id("depth")
)

func failed() *jen.Statement { return jen.Id("l").Dot("Failed").Call() }

// emitDecodeStruct writes the struct's decode method: one pass over the
// object, checking each value as it is read.
func (g *gen) emitDecodeStruct(f *jen.File, s *shape) {
	body := []jen.Code{
		jen.If(jen.Id("l").Dot("Next").Call().Op("!=").LitRune('{')).Block(
			jen.If(jen.Id("got").Op(":=").Id("l").Dot("Value").Call(jen.Id("depth").Op("-").Lit(1)), jen.Op("!").Add(failed())).Block(
				jen.Id("l").Dot("C").Dot("Expected").Call(jen.Lit("type"), jen.Lit(s.desc), jen.Id("got")),
			),
			jen.Return(),
		),
		jen.If(jen.Op("!").Id("l").Dot("Object").Call(depth)).Block(jen.Return()),
	}
	if len(s.fields) > 0 {
		body = append(body, jen.Var().Id("seen").Index(jen.Lit(len(s.fields))).Bool())
	}
	body = append(body, jen.Var().Id("extra").Index().String())
	var cases []jen.Code
	for i, fl := range s.fields {
		cases = append(cases, jen.Case(jen.Lit(fl.json)).Block(
			jen.If(jen.Id("seen").Index(jen.Lit(i))).Block(jen.Id("l").Dot("Bad").Call(), jen.Return()),
			jen.Id("seen").Index(jen.Lit(i)).Op("=").True(),
			jen.Id("l").Dot("C").Dot("Push").Call(jen.Lit(fl.json)),
			g.decodeField(fl),
			jen.Id("l").Dot("C").Dot("Pop").Call(),
		))
	}
	unknown := []jen.Code{
		jen.If(jen.Qual("slices", "Contains").Call(jen.Id("extra"), jen.Id("key"))).Block(jen.Id("l").Dot("Bad").Call(), jen.Return()),
		jen.Id("extra").Op("=").Append(jen.Id("extra"), jen.Id("key")),
		jen.Id("l").Dot("Value").Call(depth),
	}
	if s.closed {
		unknown = append(unknown, jen.If(jen.Op("!").Add(failed())).Block(
			jen.Id("l").Dot("C").Dot("AddAt").Call(jen.Id("key"), jen.Lit("additionalProperties"),
				jen.Qual(GenSupportPath, "UnknownProperty").Call(jen.Id("key"), jen.Id(lowerFirst(s.named)+"Known"))),
		))
	}
	cases = append(cases, jen.Default().Block(unknown...))
	body = append(body,
		jen.For(jen.Id("first").Op(":=").True(), jen.Empty(), jen.Id("first").Op("=").False()).Block(
			jen.List(jen.Id("key"), jen.Id("ok")).Op(":=").Id("l").Dot("Key").Call(jen.Id("first")),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Break()),
			jen.Switch(jen.Id("key")).Block(cases...),
			jen.If(failed()).Block(jen.Return()),
		),
		jen.If(failed()).Block(jen.Return()),
	)
	for i, fl := range s.fields {
		if fl.required {
			body = append(body, jen.If(jen.Op("!").Id("seen").Index(jen.Lit(i))).Block(
				jen.Id("l").Dot("C").Dot("AddAt").Call(jen.Lit(fl.json), jen.Lit("required"), jen.Lit(fl.missing))))
		} else if d := defaultValue(fl); d != nil {
			body = append(body, jen.If(jen.Op("!").Id("seen").Index(jen.Lit(i))).Block(
				jen.Id("d").Op(":=").Add(d),
				jen.Id("v").Dot(fl.goName).Op("=").Op("&").Id("d"),
			))
		}
	}
	f.Func().Params(jen.Id("v").Op("*").Id(s.named)).Id("decode").Params(jen.Id("l").Op("*").Add(gs("Lexer")), jen.Id("depth").Int()).Block(body...)
}

// defaultValue is the literal of a scalar field's default, or nil.
func defaultValue(fl *field) jen.Code {
	if fl.def == nil || !fl.pointer() {
		return nil
	}
	var lit jen.Code
	switch fl.s.kind {
	case sString:
		var s string
		if json.Unmarshal(fl.def, &s) != nil {
			return nil
		}
		lit = jen.Lit(s)
	case sInt:
		n, err := strconv.ParseInt(string(fl.def), 10, 64)
		if err != nil {
			return nil
		}
		lit = jen.Lit(n)
	case sNum:
		n, err := strconv.ParseFloat(string(fl.def), 64)
		if err != nil {
			return nil
		}
		lit = jen.Lit(n)
	case sBool:
		lit = jen.Lit(string(fl.def) == "true")
	default:
		return nil
	}
	if fl.s.named != "" {
		return jen.Id(fl.s.named).Call(lit)
	}
	return jen.Add(jen.Id(goBase(fl.s.kind)).Call(lit))
}

// decodeField reads one property value into its field.
func (g *gen) decodeField(fl *field) jen.Code {
	target := jen.Id("v").Dot(fl.goName)
	if fl.s.kind == sStruct {
		if fl.pointer() {
			return jen.Block(target.Clone().Op("=").New(jen.Id(fl.s.named)), target.Clone().Dot("decode").Call(lexer, jen.Id("depth").Op("+").Lit(1)))
		}
		return target.Clone().Dot("decode").Call(lexer, jen.Id("depth").Op("+").Lit(1))
	}
	if fl.pointer() {
		return jen.Block(
			jen.Var().Id("x").Add(g.goType(fl.s, false)),
			g.decodeValue(fl.s, jen.Id("x"), depth, 0),
			target.Clone().Op("=").Op("&").Id("x"),
		)
	}
	return g.decodeValue(fl.s, target, depth, 0)
}

// decodeValue reads a value of shape s into x; d is the depth of the
// container holding it, level the nesting of generated loops.
func (g *gen) decodeValue(s *shape, x *jen.Statement, d *jen.Statement, level int) jen.Code {
	mismatch := jen.Else().If(jen.Id("got").Op(":=").Id("l").Dot("Value").Call(d.Clone()), jen.Op("!").Add(failed())).Block(
		jen.Id("l").Dot("C").Dot("Expected").Call(jen.Lit("type"), jen.Lit(s.desc), jen.Id("got")),
	)
	switch s.kind {
	case sStruct:
		return x.Clone().Dot("decode").Call(lexer, d.Clone().Op("+").Lit(1))
	case sRaw:
		return g.decodeRaw(s, x, d)
	case sSlice:
		return g.decodeSlice(s, x, d, level).Add(mismatch)
	}
	read := map[shapeKind]string{sString: "Str", sBool: "Bool", sInt: "Num", sNum: "Num"}[s.kind]
	var assign []jen.Code
	val := jen.Id("l").Dot(read).Call()
	switch s.kind {
	case sString, sBool:
		if s.named != "" {
			val = jen.Id(s.named).Call(val)
		}
		assign = append(assign, x.Clone().Op("=").Add(val), g.checkCall(s, x, jen.Op("&").Id("l").Dot("C")))
	case sInt, sNum:
		assign = g.decodeNumber(s, x)
	}
	cond := jen.Id("l").Dot("Next").Call().Op("==").LitRune(map[shapeKind]rune{sString: '"', sInt: '0', sNum: '0'}[s.kind])
	if s.kind == sBool {
		cond = jen.Id("c").Op(":=").Id("l").Dot("Next").Call().Op(";").Id("c").Op("==").LitRune('t').Op("||").Id("c").Op("==").LitRune('f')
	}
	return jen.If(cond).Block(assign...).Add(mismatch)
}

func (g *gen) decodeNumber(s *shape, x *jen.Statement) []jen.Code {
	conv := func(v jen.Code) jen.Code {
		if s.named != "" {
			return jen.Id(s.named).Call(v)
		}
		return v
	}
	rangeMsg := jen.Id("l").Dot("C").Dot("Add").Call(jen.Lit("range"), jen.Lit("expected "+s.desc+" within the range of a 64-bit float, got ").Op("+").String().Call(jen.Id("n")))
	if s.kind == sInt {
		// The schema's integer accepts 1e19 and 1e308; the Go type is int64.
		rangeMsg = jen.Id("l").Dot("C").Dot("Add").Call(jen.Lit("range"), jen.Lit("expected "+s.desc+" within the tool's Go int64 range (-9223372036854775808 to 9223372036854775807), got ").Op("+").String().Call(jen.Id("n")))
		return []jen.Code{
			jen.Id("n").Op(":=").Id("l").Dot("Num").Call(),
			jen.If(jen.List(jen.Id("i"), jen.Id("integral"), jen.Id("fits")).Op(":=").Qual(GenSupportPath, "Int").Call(jen.Id("n")), jen.Id("fits")).Block(
				x.Clone().Op("=").Add(conv(jen.Id("i"))), g.checkCall(s, x, jen.Op("&").Id("l").Dot("C")),
			).Else().If(jen.Id("integral")).Block(rangeMsg).Else().Block(
				jen.Id("l").Dot("C").Dot("Expected").Call(jen.Lit("type"), jen.Lit(s.desc), jen.Id("n")),
			),
		}
	}
	return []jen.Code{
		jen.Id("n").Op(":=").Id("l").Dot("Num").Call(),
		jen.If(jen.List(jen.Id("f"), jen.Id("fits")).Op(":=").Qual(GenSupportPath, "Float").Call(jen.Id("n")), jen.Id("fits")).Block(
			x.Clone().Op("=").Add(conv(jen.Id("f"))), g.checkCall(s, x, jen.Op("&").Id("l").Dot("C")),
		).Else().Block(rangeMsg),
	}
}

// checkCall runs the shape's value checks on x, if it has any.
func (g *gen) checkCall(s *shape, x *jen.Statement, checker jen.Code) jen.Code {
	switch {
	case s.check == "":
		return jen.Null()
	case s.named != "" && s.kind != sStruct:
		return x.Clone().Dot("validate").Call(checker)
	}
	return jen.Id(s.check).Call(checker, x.Clone())
}

func (g *gen) decodeSlice(s *shape, x *jen.Statement, d *jen.Statement, level int) *jen.Statement {
	i, e := "i"+strconv.Itoa(level), "e"+strconv.Itoa(level)
	inner := jen.Id("d" + strconv.Itoa(level))
	return jen.If(jen.Id("l").Dot("Next").Call().Op("==").LitRune('[')).Block(
		jen.Id("d"+strconv.Itoa(level)).Op(":=").Add(d.Clone()).Op("+").Lit(1),
		jen.If(jen.Op("!").Id("l").Dot("Array").Call(inner.Clone())).Block(jen.Return()),
		// room for a few items: most calls send short lists
		x.Clone().Op("=").Make(g.goType(s, false), jen.Lit(0), jen.Lit(4)),
		jen.For(jen.List(jen.Id(i), jen.Id("first")).Op(":=").List(jen.Lit(0), jen.True()), jen.Id("l").Dot("Item").Call(jen.Id("first")),
			jen.List(jen.Id(i), jen.Id("first")).Op("=").List(jen.Id(i).Op("+").Lit(1), jen.False())).Block(
			jen.Id("l").Dot("C").Dot("PushIndex").Call(jen.Id(i)),
			jen.Var().Id(e).Add(g.goType(s.elem, false)),
			g.decodeValue(s.elem, jen.Id(e), inner.Clone(), level+1),
			x.Clone().Op("=").Append(x.Clone(), jen.Id(e)),
			jen.Id("l").Dot("C").Dot("Pop").Call(),
			jen.If(failed()).Block(jen.Return()),
		),
		jen.If(failed()).Block(jen.Return()),
		g.checkCall(s, x, jen.Op("&").Id("l").Dot("C")),
	)
}

func (g *gen) decodeRaw(s *shape, x *jen.Statement, d *jen.Statement) jen.Code {
	stmts := []jen.Code{
		jen.List(jen.Id("raw"), jen.Id("got")).Op(":=").Id("l").Dot("Raw").Call(d.Clone()),
		jen.If(failed()).Block(jen.Return()),
		x.Clone().Op("=").Append(jen.Qual("encoding/json", "RawMessage").Call(jen.Nil()), jen.Id("raw").Op("...")),
	}
	if s.schemaVar != "" {
		stmts = append(stmts, jen.Id("l").Dot("C").Dot("Merge").Call(jen.Id(s.schemaVar).Dot("Validate").Call(jen.Id("got"))))
	} else {
		stmts = append(stmts, jen.Id("_").Op("=").Id("got"))
	}
	return jen.Block(stmts...)
}
