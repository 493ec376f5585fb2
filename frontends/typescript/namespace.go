package typescript

import "strings"

// parseNamespace parses `namespace A.B { … }` (also `module A { … }`,
// with `declare` or `export` before it). Its declarations are named by
// their dotted path (`Tool.InputSchema`, as TypeScript and
// ts-json-schema-generator name them) and resolve names in the
// namespace's scope first. An `export { X as Y }` list inside makes
// `A.Y` another name of X (the layout of the OpenAI and Anthropic SDKs).
// Functions and values inside are skipped: a namespace holds no tools.
func (p *parser) parseNamespace(exported bool) {
	p.next() // namespace | module
	name := p.ident().text
	for p.accept(".") {
		name += "." + p.ident().text
	}
	full := name
	if p.ns != "" {
		full = p.ns + "." + name
	}
	// `namespace A.B {}` declares A too.
	for s := full; s != ""; s = nsParent(s) {
		if p.out.namespaces == nil {
			p.out.namespaces = map[string]bool{}
		}
		p.out.namespaces[s] = true
	}
	firstDecl, firstFunc := len(p.out.decls), len(p.out.funcs)
	outerNS, outerExports := p.ns, p.out.exports
	p.ns, p.out.exports = full, map[string]exportBinding{}
	defer func() { p.ns, p.out.exports = outerNS, outerExports }()
	p.expect("{")
	for !p.is("}") {
		if p.tok().kind == tEOF {
			p.fail(p.tok().off, "expected '}' closing namespace %s, found end of file", full)
		}
		if (p.atStatementStart() || p.prevTok().text == "{") && p.tryDecl() {
			continue
		}
		switch p.tok().text {
		case "{", "(", "[":
			if p.tok().kind == tPunct {
				p.skipBody() // records the calls in it, as parseTop does
				continue
			}
		}
		p.recordSites(1)
		p.next()
	}
	p.expect("}")
	for _, d := range p.out.decls[firstDecl:] {
		d.exported = d.exported && exported
		if d.ns == "" {
			d.ns, d.name = full, full+"."+d.name
		}
	}
	// Functions declared in a namespace are not tools.
	p.out.funcs = p.out.funcs[:firstFunc]
	for alias, b := range p.out.exports {
		if b.spec != "" || alias == "default" {
			continue
		}
		if p.out.nsAlias == nil {
			p.out.nsAlias = map[string]nsAlias{}
		}
		p.out.nsAlias[full+"."+alias] = nsAlias{local: b.local, ns: full}
	}
}

// nsAlias is a name an `export { local as alias }` list inside a
// namespace gives: local resolves in the namespace's scope.
type nsAlias struct {
	local, ns string
}

// nsParent returns the namespace enclosing a dotted namespace path ("" at
// the top).
func nsParent(ns string) string {
	i := strings.LastIndexByte(ns, '.')
	if i < 0 {
		return ""
	}
	return ns[:i]
}

// lookupScoped resolves name as written inside namespace ns of f: the
// innermost namespace that declares it wins, then the file's top level.
func lookupScoped(f *file, ns, name string) (symbol, bool) {
	for s := ns; s != ""; s = nsParent(s) {
		if sym, ok := nsMember(f, s+"."+name); ok {
			return sym, true
		}
		if head, rest, dotted := strings.Cut(name, "."); dotted {
			if sym, ok := nsMember(f, s+"."+head); ok {
				return lookupMembers(sym, rest)
			}
		}
	}
	return lookupName(f, name)
}

// nsMember resolves a full dotted path q declared in f: a declaration, a
// namespace, or a name a namespace's export list gives.
func nsMember(f *file, q string) (symbol, bool) {
	if f == nil {
		return symbol{}, false
	}
	if ds := f.decls[q]; len(ds) > 0 {
		return symbol{decls: ds}, true
	}
	if a, ok := f.nsAlias[q]; ok {
		// `export { X as Y }` inside namespace N: X is N's own member, or
		// a name of the scopes around N (`export { X as X }` names the X
		// outside, never itself).
		if ds := f.decls[a.ns+"."+a.local]; len(ds) > 0 {
			return symbol{decls: ds}, true
		}
		return lookupScoped(f, nsParent(a.ns), a.local)
	}
	if f.namespaces[q] {
		return symbol{scope: &nsScope{f: f, name: q}}, true
	}
	return symbol{}, false
}

// nsScope is a namespace used as the head of a dotted name.
type nsScope struct {
	f    *file
	name string
}

// scopeOf returns the file and full name a symbol's members are looked
// up in (a namespace merged with a declaration of the same name).
func scopeOf(sym symbol) (*file, string) {
	switch {
	case sym.scope != nil:
		return sym.scope.f, sym.scope.name
	case len(sym.decls) > 0:
		return sym.decls[0].file, sym.decls[0].name
	}
	return nil, ""
}
