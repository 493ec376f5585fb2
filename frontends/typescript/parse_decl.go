package typescript

// parseExport handles every statement that starts with `export`.
func (p *parser) parseExport() bool {
	doc := p.docAt(p.i)
	p.next() // export
	switch {
	case p.is("default"):
		p.markPartial()
		p.next()
		return p.parseExportDefault(doc)
	case p.is("{"):
		p.parseExportList(false)
		return true
	case p.is("type") && p.peek(1).text == "{":
		p.next()
		p.parseExportList(true)
		return true
	case p.is("*"):
		p.parseExportStar()
		return true
	}
	if !p.parseDeclaration(true, doc) {
		p.markPartial()
	}
	return true // `export` itself was consumed; values are skipped by the caller
}

// parseExportDefault accepts `export default interface X` and
// `export default function f(...)`; default-exported values are skipped.
func (p *parser) parseExportDefault(doc rawDoc) bool {
	switch {
	case p.is("interface") && p.peek(1).kind == tIdent:
		p.out.exports["default"] = exportBinding{local: p.peek(1).text, off: p.peek(1).off}
		p.parseInterface(true, doc)
	case p.is("class") && p.peek(1).kind == tIdent:
		p.out.exports["default"] = exportBinding{local: p.peek(1).text, off: p.peek(1).off}
		p.parseClass(true, doc)
	case p.is("function") && p.peek(1).kind == tIdent:
		p.parseFunction(doc)
	case p.is("async") && p.peek(1).text == "function" && p.peek(2).kind == tIdent:
		p.next()
		p.parseFunction(doc)
	case p.tok().kind == tIdent && (p.peek(1).text == ";" || p.peek(1).nlBefore || p.peek(1).kind == tEOF):
		t := p.next()
		p.out.exports["default"] = exportBinding{local: t.text, off: t.off}
	case p.tok().kind != tEOF:
		// Any other value (`export default { … }`) is a constant under a
		// name no code can write, read when an importer needs it.
		t := p.tok()
		if p.out.consts == nil {
			p.out.consts = map[string][]*constDecl{}
		}
		c := &constDecl{name: defaultConst, off: t.off, init: t.off}
		p.out.consts[defaultConst] = append(p.out.consts[defaultConst], c)
		p.out.constList = append(p.out.constList, c)
		p.out.exports["default"] = exportBinding{local: defaultConst, off: t.off}
	}
	return true
}

// defaultConst names the value of `export default <expression>`.
const defaultConst = "*default*"

// parseExportList parses `{ a, b as c, type d }` with an optional
// `from`; typeOnly is set after `export type`.
func (p *parser) parseExportList(typeOnly bool) {
	type spec struct {
		name, alias string
		off         int
		// local is the name as written when it must name a local
		// binding (without `from`): an identifier, not a reserved word.
		local token
	}
	var specs []spec
	p.expect("{")
	for !p.is("}") {
		if p.is("type") && p.peek(1).kind == tIdent && p.peek(1).text != "as" {
			if typeOnly {
				p.markPartial() // `export type { type A }`
			}
			p.next()
		}
		n := p.moduleName()
		s := spec{name: n.strValue(), alias: n.strValue(), off: n.off, local: n}
		if p.accept("as") {
			s.alias = p.moduleName().strValue()
		}
		p.exportName(s.alias)
		specs = append(specs, s)
		if !p.accept(",") {
			break
		}
	}
	p.expect("}")
	from := ""
	if p.accept("from") {
		from = p.moduleSpec().strValue()
	} else {
		for _, s := range specs {
			if s.local.kind != tIdent || reservedWords[s.local.text] {
				p.markPartial()
			}
		}
	}
	for _, s := range specs {
		b := exportBinding{local: s.name, off: s.off}
		if from != "" {
			b = exportBinding{spec: from, name: s.name, off: s.off}
		}
		p.out.exports[s.alias] = b
	}
	p.endStatement()
}

func (p *parser) parseExportStar() {
	p.expect("*")
	alias := ""
	if p.accept("as") {
		alias = p.moduleName().strValue()
		p.exportName(alias)
	}
	p.expect("from")
	s := p.moduleSpec()
	if alias != "" {
		p.out.exports[alias] = exportBinding{spec: s.strValue(), name: "*", off: s.off}
	} else {
		p.out.stars = append(p.out.stars, starExport{spec: s.strValue(), off: s.off})
	}
	p.endStatement()
}

// exportName notes a name the file exports; a second export of it makes
// the parse partial.
func (p *parser) exportName(name string) {
	if p.exported == nil {
		p.exported = map[string]bool{}
	}
	if p.exported[name] {
		p.markPartial()
	}
	p.exported[name] = true
}

// bind notes a name an import binds: it must be a name strict code can
// bind, and bound once.
func (p *parser) bind(t *token) {
	if p.bound == nil {
		p.bound = map[string]bool{}
	}
	if t.kind != tIdent || reservedWords[t.text] || p.bound[t.text] {
		p.markPartial()
	}
	p.bound[t.text] = true
}

// moduleName reads an identifier or string used as an import/export name;
// its value is the name.
func (p *parser) moduleName() token {
	t := *p.tok()
	if t.kind != tIdent && t.kind != tString {
		p.fail(t.off, "expected a name, found %s", describe(&t))
	}
	p.next()
	return t
}

func (p *parser) moduleSpec() token {
	t := *p.tok()
	if t.kind != tString {
		p.fail(t.off, "expected a module path string, found %s", describe(&t))
	}
	p.next()
	return t
}

// parseImport parses import declarations; `import x = require()`,
// `import(...)` and `import.meta` are left to the statement skipper.
func (p *parser) parseImport() bool {
	n1, n2 := p.peek(1), p.peek(2)
	if n1.text == "(" || n1.text == "." || n2.text == "=" ||
		(n1.text == "type" && p.peek(3).text == "=") {
		return false
	}
	p.next() // import
	typeOnly := false
	if p.is("type") && (p.peek(1).kind == tIdent && p.peek(1).text != "from" || p.peek(1).text == "{" || p.peek(1).text == "*") {
		p.next()
		typeOnly = true
	}
	if p.tok().kind == tString {
		p.next()
		p.endStatement()
		return true
	}
	var names []struct {
		local, name string
	}
	add := func(local, name string) {
		names = append(names, struct{ local, name string }{local, name})
	}
	if !(p.tok().kind == tIdent && (!p.is("from") || p.peek(1).text == "from")) && !p.is("*") && !p.is("{") {
		p.markPartial() // `import from "m"`: nothing imported
	}
	if p.tok().kind == tIdent && (!p.is("from") || p.peek(1).text == "from") {
		t := p.ident()
		p.bind(t)
		add(t.text, "default")
		if p.accept(",") {
			if typeOnly {
				p.markPartial() // a type-only default import and named ones
			}
			if !p.is("*") && !p.is("{") {
				p.markPartial()
			}
		} else if !p.is("from") {
			p.markPartial()
		}
	}
	switch {
	case p.accept("*"):
		p.expect("as")
		t := p.ident()
		p.bind(t)
		add(t.text, "*")
	case p.accept("{"):
		for !p.is("}") {
			if p.is("type") && p.peek(1).kind == tIdent && p.peek(1).text != "as" {
				if typeOnly {
					p.markPartial() // `import type { type A }`
				}
				p.next()
			}
			n := p.moduleName()
			local := n.strValue()
			if p.accept("as") {
				t := p.ident()
				p.bind(t)
				local = t.text
			} else {
				p.bind(&n)
			}
			add(local, n.strValue())
			if !p.accept(",") {
				break
			}
		}
		p.expect("}")
	}
	p.expect("from")
	s := p.moduleSpec()
	for _, n := range names {
		p.out.imports[n.local] = importBinding{spec: s.strValue(), name: n.name, off: s.off}
	}
	p.endStatement()
	return true
}

func (p *parser) parseInterface(exported bool, doc rawDoc) {
	p.expect("interface")
	name := p.declName(exported)
	d := &decl{kind: dInterface, name: name.text, off: name.off, exported: exported, doc: doc}
	d.typeParams = p.parseTypeParams()
	if p.accept("extends") {
		for {
			if t := p.tok(); t.kind != tIdent || reservedWords[t.text] || contextualWords[t.text] {
				p.markPartial() // only a (dotted) name with type arguments is checked
			}
			d.heritage = append(d.heritage, p.parsePrimary())
			if !p.accept(",") {
				break
			}
		}
	}
	d.members = p.parseMembers()
	p.out.decls = append(p.out.decls, d)
}

func (p *parser) parseAlias(exported bool, doc rawDoc) {
	p.expect("type")
	name := p.declName(exported)
	d := &decl{kind: dAlias, name: name.text, off: name.off, exported: exported, doc: doc}
	d.typeParams = p.parseTypeParams()
	p.expect("=")
	d.body = p.parseType()
	p.endStatement()
	p.out.decls = append(p.out.decls, d)
}

func (p *parser) parseEnum(exported bool, doc rawDoc) {
	p.expect("enum")
	name := p.declName(exported)
	d := &decl{kind: dEnum, name: name.text, off: name.off, exported: exported, doc: doc}
	p.expect("{")
	for !p.is("}") {
		t := p.tok()
		if t.kind != tIdent && t.kind != tString {
			p.fail(t.off, "expected an enum member name, found %s", describe(t))
		}
		p.next()
		m := enumMember{name: t.text, off: t.off}
		if t.kind == tString {
			m.name = t.strValue()
		}
		if p.accept("=") {
			m.init = p.parseEnumInit()
		}
		d.enum = append(d.enum, m)
		if !p.accept(",") {
			break
		}
	}
	p.expect("}")
	p.out.decls = append(p.out.decls, d)
}

// parseEnumInit reads a literal enum initializer; computed ones are kept
// as unsupported so that using the enum reports them.
func (p *parser) parseEnumInit() *typeExpr {
	t := p.tok()
	next := p.peek(1)
	ends := func(k *token) bool { return k.text == "," || k.text == "}" }
	switch {
	case (t.kind == tString || t.kind == tNumber) && ends(next):
		return p.parsePrimary()
	case (t.text == "-" || t.text == "+") && next.kind == tNumber && ends(p.peek(2)):
		return p.parsePrimary()
	}
	off := t.off
	p.skipExpression()
	return &typeExpr{kind: teUnsupported, off: off, text: "computed enum member value"}
}

// parseFunction parses an exported function's signature and skips its body.
func (p *parser) parseFunction(doc rawDoc) {
	p.expect("function")
	if p.accept("*") {
		p.fail(p.tok().off, "generator functions cannot be tools")
	}
	name := p.ident()
	f := &funcDecl{name: name.text, off: name.off, doc: doc}
	f.typeParams = p.parseTypeParams()
	f.paramsOff = p.tok().off
	f.params = p.parseParams()
	if p.accept(":") {
		f.ret = p.parseReturnType()
	}
	if p.is("{") {
		f.hasBody, f.body = true, p.tok().off
		p.skipBody()
	} else {
		p.endStatement()
	}
	p.out.funcs = append(p.out.funcs, f)
}

var paramModifiers = map[string]bool{"public": true, "private": true, "protected": true, "readonly": true, "override": true}

func (p *parser) parseParams() []param {
	var ps []param
	p.expect("(")
	for !p.is(")") {
		for paramModifiers[p.tok().text] && p.peek(1).kind == tIdent {
			p.next()
		}
		pr := param{off: p.tok().off, rest: p.accept("...")}
		switch {
		case p.is("{") || p.is("["):
			p.skipBalanced()
		default:
			pr.name = p.ident().text
		}
		pr.optional = p.accept("?")
		if p.accept(":") {
			pr.typ = p.parseType()
		}
		if p.accept("=") {
			pr.optional = true
			if pr.typ == nil {
				pr.typ = p.inferFromDefault()
			}
			p.skipExpression()
		}
		if pr.name != "this" {
			ps = append(ps, pr)
		}
		if !p.accept(",") {
			break
		}
	}
	p.expect(")")
	return ps
}

// parseTypeParams parses an optional `<T extends C = D, …>` list.
func (p *parser) parseTypeParams() []typeParam {
	if !p.accept("<") {
		return nil
	}
	var tps []typeParam
	if p.is(">") {
		p.markPartial() // an empty list
	}
	for !p.is(">") {
		for (p.is("const") || p.is("in") || p.is("out")) && p.peek(1).kind == tIdent {
			p.markPartial()
			p.next()
		}
		name := p.ident()
		p.strictName(name)
		tp := typeParam{name: name.text}
		if p.accept("extends") {
			p.parseType()
		}
		if p.accept("=") {
			tp.def = p.parseType()
		}
		tps = append(tps, tp)
		if !p.accept(",") {
			break
		}
		if p.is(">") {
			p.markPartial() // a trailing comma
		}
	}
	p.expect(">")
	return tps
}

// inferFromDefault gives an unannotated parameter the type TypeScript
// infers from a literal default (`exact = false` is boolean).
func (p *parser) inferFromDefault() *typeExpr {
	t, next := p.tok(), p.peek(1)
	if next.text != "," && next.text != ")" {
		return nil
	}
	name := ""
	switch {
	case t.kind == tString || t.kind == tTemplate:
		name = "string"
	case t.kind == tNumber:
		name = "number"
	case t.text == "true" || t.text == "false":
		name = "boolean"
	default:
		return nil
	}
	return &typeExpr{kind: teRef, off: t.off, text: name}
}
