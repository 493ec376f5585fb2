package typescript

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/orderedjson"
)

// parseType parses a full type, including conditional types (which are
// parsed only to be reported as unsupported).
func (p *parser) parseType() *typeExpr {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxTypeDepth {
		p.fail(p.tok().off, "type nested too deeply")
	}
	t := p.parseUnion()
	if p.is("extends") && !p.tok().nlBefore {
		p.markPartial()
		p.next()
		p.parseUnion()
		p.expect("?")
		p.parseType()
		p.expect(":")
		p.parseType()
		return unsupported(t.off, "conditional type")
	}
	return t
}

func unsupported(off int, what string) *typeExpr {
	return &typeExpr{kind: teUnsupported, off: off, text: what}
}

func (p *parser) parseUnion() *typeExpr {
	return p.parseList("|", teUnion, p.parseIntersection)
}

func (p *parser) parseIntersection() *typeExpr {
	return p.parseList("&", teInter, p.parseOperator)
}

// parseList parses `[sep] x (sep x)*`.
func (p *parser) parseList(sep string, kind teKind, elem func() *typeExpr) *typeExpr {
	off := p.tok().off
	p.accept(sep)
	first := elem()
	if !p.accept(sep) {
		return first // the common case: no list, so no slice to allocate
	}
	start := len(p.exprStack)
	p.exprStack = append(p.exprStack, first)
	for ok := true; ok; ok = p.accept(sep) {
		e := elem()
		p.exprStack = append(p.exprStack, e)
	}
	return p.expr(typeExpr{kind: kind, off: off, elems: popList(&p.exprStack, start)})
}

func (p *parser) parseOperator() *typeExpr {
	t := p.tok()
	if t.kind == tIdent {
		switch t.text {
		case "keyof":
			p.next()
			return &typeExpr{kind: teKeyof, off: t.off, elem: p.parseOperator()}
		case "readonly":
			p.markPartial()
			p.next()
			return p.parseOperator()
		case "unique":
			p.markPartial()
			p.next()
			p.parseOperator()
			return unsupported(t.off, "unique symbol type")
		case "infer":
			p.markPartial()
			p.next()
			p.ident()
			return unsupported(t.off, "infer type")
		}
	}
	return p.parsePostfix(p.parsePrimary())
}

// parsePostfix parses array types and indexed access. As in TypeScript, a
// '[' after a line break starts something new (an index signature).
func (p *parser) parsePostfix(t *typeExpr) *typeExpr {
	for p.is("[") && !p.tok().nlBefore {
		off := p.next().off
		if p.accept("]") {
			t = p.expr(typeExpr{kind: teArray, off: t.off, elem: t})
			continue
		}
		idx := p.parseType()
		p.expect("]")
		t = &typeExpr{kind: teIndexed, off: t.off, elem: t, index: idx}
		_ = off
	}
	return t
}

func (p *parser) parsePrimary() *typeExpr {
	t := p.tok()
	switch t.kind {
	case tString:
		p.next()
		return p.expr(typeExpr{kind: teLit, off: t.off, text: stringLit(t)})
	case tNumber:
		p.next()
		return p.numberLit(t.off, t.text, "")
	case tTemplate:
		p.next()
		return unsupported(t.off, "template literal type")
	case tIdent:
		return p.parseNamed()
	case tEOF:
		p.fail(t.off, "expected a type, found end of file")
	}
	switch t.text {
	case "(":
		if p.isFunctionType() {
			p.markPartial()
			return p.parseFunctionType()
		}
		p.next()
		inner := p.parseType()
		p.expect(")")
		return &typeExpr{kind: teParen, off: t.off, elem: inner}
	case "<":
		p.markPartial()
		return p.parseFunctionType()
	case "{":
		return p.parseObjectOrMapped()
	case "[":
		return p.parseTuple()
	case "-", "+":
		if t.text == "+" {
			p.markPartial()
		}
		if p.peek(1).kind == tNumber {
			p.next()
			n := p.next()
			sign := ""
			if t.text == "-" {
				sign = "-"
			}
			return p.numberLit(t.off, n.text, sign)
		}
	}
	p.fail(t.off, "expected a type, found %s", describe(t))
	return nil
}

// parseNamed parses type references and the keyword-led type forms.
func (p *parser) parseNamed() *typeExpr {
	t := p.tok()
	switch t.text {
	case "true", "false":
		p.next()
		return p.expr(typeExpr{kind: teLit, off: t.off, text: t.text})
	case "typeof":
		p.markPartial()
		p.next()
		if p.is("import") {
			p.parseImportType()
			p.typeArgs()
			return unsupported(t.off, "typeof import() type query")
		}
		name := p.dottedName()
		if p.typeArgs() != nil {
			return unsupported(t.off, "typeof type query with type arguments")
		}
		return p.expr(typeExpr{kind: teTypeof, off: t.off, text: name})
	case "import":
		if p.peek(1).text == "(" {
			p.parseImportType()
			p.typeArgs()
			return unsupported(t.off, "import() type")
		}
	case "new":
		p.markPartial()
		p.next()
		return p.parseFunctionType()
	case "abstract":
		if p.peek(1).text == "new" {
			p.markPartial()
			p.next()
			p.next()
			return p.parseFunctionType()
		}
	}
	switch {
	case reservedWords[t.text] && t.text != "null" && t.text != "void" && t.text != "this":
		p.markPartial()
	case reservedWords[t.text] || contextualWords[t.text]:
		// A keyword type with type arguments or a member.
		if n := p.peek(1); n.text == "<" || n.text == "." {
			p.markPartial()
		}
	}
	name := p.dottedName()
	return p.expr(typeExpr{kind: teRef, off: t.off, text: name, elems: p.typeArgs()})
}

func (p *parser) parseImportType() {
	p.markPartial()
	p.expect("import")
	p.skipBalanced()
	for p.accept(".") {
		p.ident()
	}
}

func (p *parser) dottedName() string {
	name := p.ident().text
	if !p.is(".") || p.peek(1).kind != tIdent {
		return name // the common case, which needs no copy
	}
	var b strings.Builder
	b.WriteString(name)
	for p.is(".") && p.peek(1).kind == tIdent {
		p.next()
		b.WriteByte('.')
		t := p.next()
		if reservedWords[t.text] {
			p.markPartial()
		}
		b.WriteString(t.text)
	}
	return b.String()
}

func (p *parser) typeArgs() []*typeExpr {
	if !p.is("<") {
		return nil
	}
	if p.tok().nlBefore {
		p.markPartial() // TypeScript reads no type arguments after a line break
	}
	p.next()
	start := len(p.exprStack)
	if p.is(">") {
		p.markPartial() // an empty list
	}
	for !p.is(">") {
		a := p.parseType()
		p.exprStack = append(p.exprStack, a)
		if !p.accept(",") {
			break
		}
		if p.is(">") {
			p.markPartial() // a trailing comma
		}
	}
	p.expect(">")
	return popList(&p.exprStack, start)
}

// stringLit is the JSON form of a string literal token, that is
// string(ir.MarshalValue(t.strValue())), without the encoder for plain
// ASCII text, and for such a literal in double quotes without a copy.
func stringLit(t *token) string {
	s := t.strValue()
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return string(ir.MarshalValue(s))
		}
	}
	if len(t.text) == len(s)+2 && t.text[0] == '"' && t.text[len(t.text)-1] == '"' {
		return t.text
	}
	return `"` + s + `"`
}

// numberLit turns a numeric literal into its JSON form.
func (p *parser) numberLit(off int, text, sign string) *typeExpr {
	clean := strings.ReplaceAll(text, "_", "")
	if strings.HasSuffix(clean, "n") {
		return unsupported(off, "bigint literal type")
	}
	if !orderedjson.IsNumber(clean) {
		if v, err := strconv.ParseInt(clean, 0, 64); err == nil {
			clean = strconv.FormatInt(v, 10)
		} else if f, err := strconv.ParseFloat(clean, 64); err == nil {
			clean = strconv.FormatFloat(f, 'g', -1, 64)
		} else {
			return unsupported(off, "numeric literal "+text)
		}
	}
	return &typeExpr{kind: teLit, off: off, text: sign + clean}
}

// isFunctionType looks past the parenthesis at the cursor for "=>".
func (p *parser) isFunctionType() bool {
	if n := p.peek(1); n.text == ")" || n.text == "..." {
		return true
	}
	end := p.matchIndex(p.i)
	return end >= 0 && p.fill(end+1).text == "=>"
}

// parseFunctionType parses `<T>(params) => R` (the `new` already read).
func (p *parser) parseFunctionType() *typeExpr {
	p.markPartial()
	off := p.tok().off
	p.parseTypeParams()
	if !p.is("(") {
		p.fail(p.tok().off, "expected '(' of a function type, found %s", describe(p.tok()))
	}
	p.skipBalanced()
	p.expect("=>")
	p.parseReturnType()
	return unsupported(off, "function type")
}

// parseReturnType parses a return type, including type predicates.
func (p *parser) parseReturnType() *typeExpr {
	t := p.tok()
	if t.text == "asserts" && p.peek(1).kind == tIdent && !p.peek(1).nlBefore {
		p.next()
		p.next()
		if p.accept("is") {
			p.parseType()
		}
		return unsupported(t.off, "assertion signature")
	}
	if t.kind == tIdent && p.peek(1).text == "is" && !p.peek(1).nlBefore {
		p.next()
		p.next()
		p.parseType()
		return unsupported(t.off, "type predicate")
	}
	return p.parseType()
}

func (p *parser) parseTuple() *typeExpr {
	t := p.expr(typeExpr{kind: teTuple, off: p.expect("[").off})
	start := len(p.exprStack)
	for !p.is("]") {
		e := p.parseTupleElem()
		p.exprStack = append(p.exprStack, e)
		if !p.accept(",") {
			break
		}
	}
	p.expect("]")
	t.elems = popList(&p.exprStack, start)
	return t
}

func (p *parser) parseTupleElem() *typeExpr {
	off := p.tok().off
	rest := p.accept("...")
	label, optional := "", false
	if p.tok().kind == tIdent && (p.peek(1).text == ":" || p.peek(1).text == "?" && p.peek(2).text == ":") {
		l := p.next()
		p.strictName(l)
		label = l.text
		optional = p.accept("?")
		if optional && rest {
			p.markPartial()
		}
		p.expect(":")
	}
	e := p.parseType()
	if p.is("?") {
		if rest || label != "" {
			p.markPartial()
		}
		p.next()
		optional = true
	}
	return p.expr(typeExpr{kind: teParen, off: off, elem: e, text: label, optional: optional, rest: rest})
}

// parseObjectOrMapped parses `{ members }` or a mapped type `{ [K in C]: V }`.
func (p *parser) parseObjectOrMapped() *typeExpr {
	off := p.tok().off
	k := 1
	if t := p.peek(k); t.text == "+" || t.text == "-" {
		k++
	}
	if p.peek(k).text == "readonly" {
		k++
	}
	if p.peek(k).text == "[" && p.peek(k+1).kind == tIdent && p.peek(k+2).text == "in" {
		return p.parseMapped(off, k)
	}
	return p.expr(typeExpr{kind: teObject, off: off, members: p.parseMembers()})
}

func (p *parser) parseMapped(off, k int) *typeExpr {
	p.markPartial()
	for ; k > 0; k-- {
		p.next()
	}
	p.expect("[")
	t := &typeExpr{kind: teMapped, off: off, text: p.ident().text}
	p.expect("in")
	t.elem = p.parseType()
	as := p.accept("as")
	if as {
		p.parseType()
	}
	p.expect("]")
	switch {
	case p.accept("-"):
		p.expect("?")
		t.required = true
	case p.accept("+"):
		p.expect("?")
		t.optional = true
	default:
		t.optional = p.accept("?")
	}
	if p.accept(":") {
		t.index = p.parseType()
	}
	p.accept(";")
	p.accept(",")
	p.expect("}")
	if as {
		return unsupported(off, "mapped type with an 'as' clause")
	}
	if t.index == nil {
		return unsupported(off, "mapped type without a value type")
	}
	return t
}
