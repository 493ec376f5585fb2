package typescript

import "strings"

// parseMembers parses `{ member; member, … }` of an object type or
// interface body, including each member's JSDoc and same-line trailing
// `//` comment.
func (p *parser) parseMembers() []*member {
	p.expect("{")
	start := len(p.memberStack)
	for !p.is("}") {
		if p.tok().kind == tEOF {
			p.fail(p.tok().off, "expected '}', found end of file")
		}
		if p.accept(";") || p.accept(",") {
			continue
		}
		doc := p.docAt(p.i)
		m := p.parseMember()
		p.endMember()
		if doc.text != "" {
			m.doc = doc
		} else if tc := p.trailingComment(); tc != "" {
			m.doc, m.trailing = rawDoc{text: tc}, true
		}
		p.memberStack = append(p.memberStack, m)
	}
	p.expect("}")
	return popList(&p.memberStack, start)
}

// endMember consumes the member separator: ';' or ',', or nothing before
// '}' or a line break.
func (p *parser) endMember() {
	if p.accept(";") || p.accept(",") || p.is("}") || p.tok().nlBefore {
		return
	}
	p.fail(p.tok().off, "expected ';' or '}' after a member, found %s", describe(p.tok()))
}

// trailingComment returns the text of a `//` comment on the same line as
// the token just consumed, stripped of its slashes.
func (p *parser) trailingComment() string {
	prevEnd := p.toks[p.i-1].end()
	for _, c := range p.comments(p.i) {
		if strings.ContainsAny(p.src[prevEnd:c.off], "\n\r") {
			return ""
		}
		if !c.block {
			return strings.TrimSpace(strings.TrimPrefix(c.text, "//"))
		}
	}
	return ""
}

func (p *parser) parseMember() *member {
	t := p.tok()
	off := t.off
	// Modifiers: `readonly x`, `readonly [k: string]: V`.
	if t.text == "readonly" && isMemberStart(p.peek(1)) {
		p.next()
		t = p.tok()
	}
	switch {
	case t.text == "[":
		if p.peek(1).kind == tIdent && p.peek(2).text == ":" {
			return p.parseIndexSignature(off)
		}
		p.skipBalanced()
		p.accept("?")
		p.skipSignatureRest()
		return &member{kind: mUnsupported, off: off, name: "computed property name"}
	case t.text == "(" || t.text == "<":
		p.skipSignatureRest()
		return &member{kind: mUnsupported, off: off, name: "call signature"}
	case t.text == "new" && (p.peek(1).text == "(" || p.peek(1).text == "<"):
		p.next()
		p.skipSignatureRest()
		return &member{kind: mUnsupported, off: off, name: "construct signature"}
	case (t.text == "get" || t.text == "set") && isMemberStart(p.peek(1)) && p.peek(1).text != "[":
		p.next()
		p.next()
		p.skipSignatureRest()
		return &member{kind: mUnsupported, off: off, name: "accessor"}
	}
	return p.parseProperty(off)
}

func isMemberStart(t *token) bool {
	return t.kind == tIdent || t.kind == tString || t.kind == tNumber || t.text == "["
}

func (p *parser) parseProperty(off int) *member {
	t := p.tok()
	m := p.member(member{kind: mProperty, off: off})
	switch t.kind {
	case tIdent:
		m.name = t.text
	case tString:
		m.name = t.strValue()
	case tNumber:
		m.name = p.numberLit(t.off, t.text, "").text
	default:
		p.fail(t.off, "expected a property name, found %s", describe(t))
	}
	m.off = t.off
	p.next()
	m.optional = p.accept("?")
	p.accept("!")
	switch {
	case p.is("(") || p.is("<"):
		p.skipSignatureRest()
		return &member{kind: mUnsupported, off: m.off, name: "method signature (function-typed property " + m.name + ")"}
	case p.accept(":"):
		m.typ = p.parseType()
	default:
		return &member{kind: mUnsupported, off: m.off, name: "property " + m.name + " without a type annotation"}
	}
	return m
}

func (p *parser) parseIndexSignature(off int) *member {
	p.expect("[")
	p.ident()
	p.expect(":")
	key := p.parseType()
	p.expect("]")
	m := &member{kind: mIndex, off: off, key: key}
	p.accept("?")
	p.expect(":")
	m.typ = p.parseType()
	return m
}

// skipSignatureRest skips `<T>(params): R` of a call, construct or method
// signature.
func (p *parser) skipSignatureRest() {
	p.parseTypeParams()
	if p.is("(") {
		p.skipBalanced()
	}
	if p.accept(":") {
		p.parseReturnType()
	}
}
