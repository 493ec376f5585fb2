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
			p.markPartial() // a separator without a member
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
		p.markPartial()
		if m := p.parseComputedKey(off); m != nil {
			return m
		}
		p.skipBalanced()
		p.accept("?")
		p.skipSignatureRest()
		return &member{kind: mUnsupported, off: off, name: "computed property name (only a constant or enum member name, `[KEY]`, is read)"}
	case t.text == "(" || t.text == "<":
		p.markPartial()
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
	if p.accept("!") {
		p.markPartial()
	}
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
	p.strictName(p.ident())
	p.expect(":")
	key := p.parseType()
	p.expect("]")
	m := &member{kind: mIndex, off: off, key: key}
	if p.accept("?") {
		p.markPartial()
	}
	p.expect(":")
	m.typ = p.parseType()
	return m
}

// skipSignatureRest skips `<T>(params): R` of a call, construct or method
// signature.
func (p *parser) skipSignatureRest() {
	p.markPartial()
	p.parseTypeParams()
	if p.is("(") {
		p.skipBalanced()
	}
	if p.accept(":") {
		p.parseReturnType()
	}
}

// parseComputedKey parses `[KEY]: T` and `[E.Member]?: T`, a property
// whose name is a constant's or enum member's value, or returns nil
// (consuming nothing) for any other computed name.
func (p *parser) parseComputedKey(off int) *member {
	k := 1
	if p.peek(k).kind != tIdent {
		return nil
	}
	name := p.peek(k).text
	for k++; p.peek(k).text == "." && p.peek(k+1).kind == tIdent; k += 2 {
		name += "." + p.peek(k+1).text
	}
	if p.peek(k).text != "]" {
		return nil
	}
	for range k + 1 {
		p.next()
	}
	m := p.member(member{kind: mComputed, off: off, name: name})
	m.optional = p.accept("?")
	p.accept("!")
	switch {
	case p.is("(") || p.is("<"):
		p.skipSignatureRest()
		return &member{kind: mUnsupported, off: off, name: "method signature ([" + name + "])"}
	case p.accept(":"):
		m.typ = p.parseType()
	default:
		return &member{kind: mUnsupported, off: off, name: "property [" + name + "] without a type annotation"}
	}
	return m
}

// classModifiers may stand before a class member's name.
var classModifiers = map[string]bool{"public": true, "private": true, "protected": true, "static": true,
	"readonly": true, "abstract": true, "override": true, "declare": true, "accessor": true, "async": true}

// parseClass parses `class X<T> extends B implements I { … }` as an object
// type of its public instance data members, the way
// ts-json-schema-generator reads a class used as a type: properties
// (annotated, or typed by a literal initializer) and the constructor's
// parameter properties (`constructor(public x: T)`). Methods, accessors,
// private (`private`, `#x`), protected and static members are not data
// and are left out.
func (p *parser) parseClass(exported bool, doc rawDoc) {
	p.expect("class")
	name := p.declName(exported)
	d := &decl{kind: dInterface, name: name.text, off: name.off, exported: exported, doc: doc, class: true}
	d.typeParams = p.parseTypeParams()
	if p.accept("extends") {
		d.heritage = append(d.heritage, p.parsePrimary())
	}
	if p.accept("implements") {
		for {
			p.parsePrimary()
			if !p.accept(",") {
				break
			}
		}
	}
	p.parseClassBody(d)
	p.out.decls = append(p.out.decls, d)
}

// parseClassBody reads the members of a class. A member tscg cannot parse
// costs the class only: the body is skipped, and using the class as a type
// reports what stopped the parse.
func (p *parser) parseClassBody(d *decl) {
	open, exprs, members := p.i, len(p.exprStack), len(p.memberStack)
	p.expect("{")
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			p.exprStack, p.memberStack = p.exprStack[:exprs], p.memberStack[:members]
			p.i = open
			p.skipBalanced()
			d.members = []*member{{kind: mBroken, off: b.off, name: "cannot read class " + d.name + ": " + b.msg}}
		}
	}()
	for !p.is("}") {
		if p.tok().kind == tEOF {
			p.fail(p.tok().off, "expected '}' closing class %s, found end of file", d.name)
		}
		if p.accept(";") {
			continue
		}
		mdoc := p.docAt(p.i)
		if m := p.parseClassMember(d); m != nil {
			m.doc = mdoc
			d.members = append(d.members, m)
		}
	}
	p.expect("}")
}

// parseClassMember parses one class member and returns it when it is a
// public instance data member (constructor parameter properties are
// appended to d directly).
func (p *parser) parseClassMember(d *decl) *member {
	for p.is("@") { // decorators
		p.next()
		p.ident()
		for p.accept(".") {
			p.ident()
		}
		if p.is("(") {
			p.skipBalanced()
		}
	}
	hidden := false
	for classModifiers[p.tok().text] && isClassMemberStart(p.peek(1)) {
		switch p.tok().text {
		case "private", "protected", "static":
			hidden = true
		}
		p.next()
	}
	t := p.tok()
	off := t.off
	switch {
	case t.text == "{": // static initialization block
		p.skipBody()
		return nil
	case t.text == "constructor" && p.peek(1).text == "(":
		p.next()
		d.members = append(d.members, p.parseParamProperties()...)
		p.skipMethodRest()
		return nil
	case (t.text == "get" || t.text == "set") && isClassMemberStart(p.peek(1)) && !p.peek(1).nlBefore:
		p.next()
		p.next()
		p.skipMethodRest()
		return nil
	case t.text == "*":
		p.next()
		p.next()
		p.skipMethodRest()
		return nil
	case t.text == "[":
		if p.peek(1).kind == tIdent && p.peek(2).text == ":" {
			m := p.parseIndexSignature(off)
			p.accept(";")
			if hidden {
				return nil
			}
			return m
		}
		if m := p.parseComputedKey(off); m != nil && m.kind == mComputed {
			p.skipClassInit()
			if hidden {
				return nil
			}
			return m
		}
		p.skipBalanced()
	case t.kind == tIdent || t.kind == tString || t.kind == tNumber:
		p.next()
	default:
		p.fail(off, "expected a class member, found %s", describe(t))
	}
	name := t.text
	switch t.kind {
	case tString:
		name = t.strValue()
	case tNumber:
		name = p.numberLit(t.off, t.text, "").text
	}
	optional := p.accept("?")
	p.accept("!")
	if p.is("(") || p.is("<") {
		p.skipMethodRest()
		return nil
	}
	var typ *typeExpr
	if p.accept(":") {
		typ = p.parseType()
	}
	if p.is("=") && typ == nil {
		p.next()
		typ = p.inferFromInit()
	}
	p.skipClassInit()
	if hidden || strings.HasPrefix(name, "#") || t.text == "[" {
		return nil
	}
	if typ == nil {
		return &member{kind: mUnsupported, off: off, name: "class property " + name + " without a type annotation or literal initializer"}
	}
	return &member{kind: mProperty, off: off, name: name, optional: optional, typ: typ}
}

func isClassMemberStart(t *token) bool {
	return isMemberStart(t) || t.text == "*" || t.text == "{"
}

// parseParamProperties reads a constructor's parameter list, returning its
// public parameter properties (`public x: T`, `readonly y?: U`).
func (p *parser) parseParamProperties() []*member {
	var out []*member
	p.expect("(")
	for !p.is(")") {
		prop, hidden := false, false
		for paramModifiers[p.tok().text] && p.peek(1).kind == tIdent {
			prop = true
			hidden = hidden || p.tok().text == "private" || p.tok().text == "protected"
			p.next()
		}
		off := p.tok().off
		name := ""
		p.accept("...")
		if p.is("{") || p.is("[") {
			p.skipBalanced()
		} else {
			name = p.ident().text
		}
		optional := p.accept("?")
		var typ *typeExpr
		if p.accept(":") {
			typ = p.parseType()
		}
		if p.accept("=") {
			optional = true
			if typ == nil {
				typ = p.inferFromDefault()
			}
			p.skipExpression()
		}
		if prop && !hidden && name != "" {
			if typ == nil {
				out = append(out, &member{kind: mUnsupported, off: off, name: "parameter property " + name + " without a type annotation"})
			} else {
				out = append(out, &member{kind: mProperty, off: off, name: name, optional: optional, typ: typ})
			}
		}
		if !p.accept(",") {
			break
		}
	}
	p.expect(")")
	return out
}

// skipMethodRest skips `<T>(params): R { body }` (or `;` for an overload
// or abstract method).
func (p *parser) skipMethodRest() {
	p.skipSignatureRest()
	if p.is("{") {
		p.skipBody() // records the registration calls in it (class-based servers)
	}
	p.accept(";")
}

// inferFromInit types a class property by its literal initializer, as
// TypeScript widens it (`count = 0` is number); nil for other initializers.
func (p *parser) inferFromInit() *typeExpr {
	t, next := p.tok(), p.peek(1)
	if !(next.text == ";" || next.text == "}" || next.nlBefore || next.kind == tEOF) {
		return nil
	}
	switch {
	case t.kind == tString || t.kind == tTemplate:
		return &typeExpr{kind: teRef, off: t.off, text: "string"}
	case t.kind == tNumber:
		return &typeExpr{kind: teRef, off: t.off, text: "number"}
	case t.text == "true" || t.text == "false":
		return &typeExpr{kind: teRef, off: t.off, text: "boolean"}
	}
	return nil
}

// skipClassInit skips a property's initializer up to the end of the
// member: a ';', the class's '}', or a line break where the expression
// cannot go on.
func (p *parser) skipClassInit() {
	p.markPartial()
	for {
		t := p.tok()
		switch {
		case t.kind == tEOF:
			return
		case t.kind == tPunct && t.text == ";":
			p.next()
			return
		case t.kind == tPunct && t.text == "}":
			return
		case t.nlBefore && !continuesExpr(p.prevTok(), t):
			return
		case t.kind == tPunct && (t.text == "(" || t.text == "[" || t.text == "{"):
			p.skipBody()
			continue
		}
		p.recordSites(1) // `weather = tool({…})` as a class field
		p.next()
	}
}

// continuesExpr reports whether an expression goes on across the line
// break between prev and t (prev ends in an operator, or t starts with
// one).
func continuesExpr(prev, t *token) bool {
	if prev != nil && prev.kind == tPunct {
		switch prev.text {
		case ")", "]", "}":
		default:
			return true
		}
	}
	if t.kind == tPunct {
		switch t.text {
		case "(", "[", "{", "!", "~", "#", "@":
			return false
		}
		return true
	}
	return t.text == "as" || t.text == "satisfies" || t.text == "instanceof" || t.text == "in"
}
