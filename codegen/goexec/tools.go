package goexec

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
)

func rt(name string) *jen.Statement { return jen.Qual(RuntimePath, name) }

// gs names what generated code uses of runtime/gensupport.
func gs(name string) *jen.Statement { return jen.Qual(GenSupportPath, name) }

// emitRegister writes the Handlers interface, Tools and Register.
func (g *gen) emitRegister(f *jen.File) {
	var embeds []jen.Code
	var tools []jen.Code
	for _, ts := range g.tools {
		embeds = append(embeds, jen.Id(ts.goName+"Handler"))
		tools = append(tools, jen.Id(ts.goName+"Tool").Call(jen.Id("impl")))
	}
	f.Comment("Handlers implements every tool of the package.")
	f.Type().Id("Handlers").Interface(embeds...)
	f.Comment("Tools returns the registry entries of every tool, handled by impl.")
	f.Func().Id("Tools").Params(jen.Id("impl").Id("Handlers")).Index().Add(rt("Tool")).Block(
		jen.Return(jen.Index().Add(rt("Tool")).Values(tools...)),
	)
	f.Comment("Register adds every tool to reg, handled by impl.")
	f.Func().Id("Register").Params(jen.Id("reg").Op("*").Add(rt("Registry")), jen.Id("impl").Id("Handlers")).Error().Block(
		jen.For(jen.List(jen.Id("_"), jen.Id("t")).Op(":=").Range().Id("Tools").Call(jen.Id("impl"))).Block(
			jen.If(jen.Err().Op(":=").Id("reg").Dot("Register").Call(jen.Id("t")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		),
		jen.Return(jen.Nil()),
	)
}

// emitTool writes one tool's handler interface, decoder and entry.
func (g *gen) emitTool(f *jen.File, ts *toolShapes) {
	t, name := ts.t, ts.goName
	params := jen.Op("*").Id(ts.params.named)
	var result jen.Code = jen.String()
	if ts.result != nil {
		result = g.goType(ts.result, ts.result.kind == sStruct)
	}
	f.Commentf("%sHandler runs the %s tool.", name, t.Name)
	method := jen.Id(name).Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("in").Add(params)).Params(result, jen.Error())
	if d := firstLine(t.Description); d != "" {
		f.Type().Id(name+"Handler").Interface(jen.Comment(name+": "+d), method)
	} else {
		f.Type().Id(name + "Handler").Interface(method)
	}
	inVar, outVar := lowerFirst(name)+"Input", lowerFirst(name)+"Output"
	f.Var().Id(inVar).Op("=").Index().Byte().Parens(jen.Lit(string(ts.input)))
	if ts.output != nil {
		f.Var().Id(outVar).Op("=").Index().Byte().Parens(jen.Lit(string(ts.output)))
	}
	g.emitDecodeFunc(f, ts)
	g.emitEntry(f, ts, inVar, outVar)
}

func (g *gen) emitDecodeFunc(f *jen.File, ts *toolShapes) {
	typ := ts.params.named
	comment(f, fmt.Sprintf("Decode%s reads %s arguments strictly (the runtime's limits, duplicate keys,\n"+
		"UTF-8) and checks them against the tool's schema, reporting every violation.", typ, ts.t.Name))
	f.Func().Id("Decode"+typ).Params(jen.Id("data").Index().Byte(), jen.Id("lim").Add(rt("Limits"))).Params(jen.Op("*").Id(typ), jen.Error()).Block(
		jen.Var().Id("l").Add(gs("Lexer")),
		jen.If(jen.Op("!").Add(gs("NewLexer")).Call(jen.Op("&").Id("l"), jen.Id("data"), jen.Id("lim"))).Block(jen.Return(jen.Nil(), jen.Id("l").Dot("Fail").Call())),
		jen.Id("v").Op(":=").New(jen.Id(typ)),
		jen.Id("v").Dot("decode").Call(jen.Op("&").Id("l"), jen.Lit(1)),
		jen.If(jen.Op("!").Id("l").Dot("Finish").Call()).Block(jen.Return(jen.Nil(), jen.Id("l").Dot("Fail").Call())),
		jen.If(jen.Err().Op(":=").Id("l").Dot("C").Dot("Err").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Id("v"), jen.Nil()),
	)
}

func (g *gen) emitEntry(f *jen.File, ts *toolShapes, inVar, outVar string) {
	t, name, typ := ts.t, ts.goName, ts.params.named
	fields := jen.Dict{
		jen.Id("Name"):        jen.Lit(t.Name),
		jen.Id("InputSchema"): jen.Id(inVar),
		jen.Id("Decode"): jen.Func().Params(jen.Id("data").Index().Byte(), jen.Id("lim").Add(rt("Limits"))).Params(jen.Any(), jen.Error()).Block(
			jen.Return(jen.Id("Decode"+typ).Call(jen.Id("data"), jen.Id("lim"))),
		),
		jen.Id("Handler"): jen.Func().Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("req").Op("*").Add(rt("Request"))).Add(rt("Result")).Block(
			jen.List(jen.Id("in"), jen.Id("ok")).Op(":=").Id("req").Dot("Value").Assert(jen.Op("*").Id(typ)),
			jen.If(jen.Op("!").Id("ok")).Block(
				jen.Comment("A lenient registry decodes generically and repairs; its canonical"),
				jen.Comment("arguments are read here by the strict decoder, so what the schema"),
				jen.Comment("allows and the Go types cannot hold (an integer beyond int64) gets"),
				jen.Comment("the strict path's message. The registry bounded them already."),
				jen.Var().Err().Error(),
				jen.If(
					jen.List(jen.Id("in"), jen.Err()).Op("=").Id("Decode"+typ).Call(jen.Id("req").Dot("Arguments"), rt("Limits").Values(jen.Dict{
						jen.Id("MaxBytes"): jen.Len(jen.Id("req").Dot("Arguments")),
						jen.Id("MaxDepth"): jen.Qual("math", "MaxInt32"),
					})),
					jen.Err().Op("!=").Nil(),
				).Block(
					jen.Return(rt("Result").Values(jen.Dict{jen.Id("IsError"): jen.True(), jen.Id("Content"): rt("FormatViolations").Call(jen.Id("req").Dot("Call").Dot("Name"), rt("ViolationsOf").Call(jen.Err()), jen.Lit(0))})),
				),
			),
			jen.List(jen.Id("out"), jen.Err()).Op(":=").Id("impl").Dot(name).Call(jen.Id("ctx"), jen.Id("in")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(rt("Result").Values(jen.Dict{jen.Id("IsError"): jen.True(), jen.Id("Content"): jen.Err().Dot("Error").Call()}))),
			resultReturn(ts),
		),
	}
	if t.Description != "" {
		fields[jen.Id("Description")] = jen.Lit(t.Description)
	}
	if ts.output != nil {
		fields[jen.Id("OutputSchema")] = jen.Id(outVar)
	}
	if ann := annotations(ts); ann != nil {
		fields[jen.Id("Annotations")] = ann
	}
	f.Commentf("%sTool is the registry entry of %s, handled by impl.", name, t.Name)
	f.Func().Id(name + "Tool").Params(jen.Id("impl").Id(name + "Handler")).Add(rt("Tool")).Block(
		jen.Return(rt("Tool").Values(fields)),
	)
}

func resultReturn(ts *toolShapes) jen.Code {
	if ts.result == nil {
		return jen.Return(rt("Result").Values(jen.Dict{jen.Id("Content"): jen.Id("out")}))
	}
	return jen.Block(
		jen.List(jen.Id("b"), jen.Err()).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Id("out")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(rt("Result").Values(jen.Dict{jen.Id("IsError"): jen.True(), jen.Id("Content"): jen.Lit("tool result could not be encoded: ").Op("+").Err().Dot("Error").Call()}))),
		jen.Return(rt("Result").Values(jen.Dict{jen.Id("Content"): jen.String().Call(jen.Id("b"))})),
	)
}

func annotations(ts *toolShapes) jen.Code {
	a := ts.t.Annotations
	d := jen.Dict{}
	set := func(k string, v *bool) {
		if v != nil && *v {
			d[jen.Id(k)] = jen.True()
		}
	}
	set("ReadOnly", a.ReadOnly)
	set("Destructive", a.Destructive)
	set("Idempotent", a.Idempotent)
	if a.RequiresApproval {
		d[jen.Id("RequiresApproval")] = jen.True()
	}
	if len(d) == 0 {
		return nil
	}
	return rt("Annotations").Values(d)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(s)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// comment writes text as // lines (jennifer would use a block comment).
func comment(f *jen.File, text string) {
	for _, line := range strings.Split(text, "\n") {
		f.Comment(strings.TrimRight(line, " "))
	}
}

// bytesLit is a []byte literal of a JSON document, as a raw string when
// it has no backquote, so embedded schemas stay readable.
func bytesLit(doc []byte) jen.Code {
	if strings.Contains(string(doc), "`") {
		return jen.Index().Byte().Parens(jen.Lit(string(doc)))
	}
	return jen.Index().Byte().Parens(jen.Op("`" + string(doc) + "`"))
}
