package typescript

import "strings"

// symbol is what a name in type position refers to.
type symbol struct {
	decls    []*decl // a type declaration (several for merged interfaces)
	ns       *file   // a namespace import: `import * as ns`
	external string  // a module tscg does not read
	member   *enumRef
	scope    *nsScope // a namespace declared in a file read
}

// enumRef is a member of an enum used as a type (`Color.Red`).
type enumRef struct {
	d    *decl
	name string
}

// first returns the first of ds for which keep is true, or nil. Walking
// a file's declarations, `first(f.declsOf(i), keep) == d` picks one
// declaration per name without a set of names seen.
func first(ds []*decl, keep func(*decl) bool) *decl {
	for _, d := range ds {
		if keep(d) {
			return d
		}
	}
	return nil
}

// maxExportHops bounds re-export chains (and cycles among them).
const maxExportHops = 32

// lookupName resolves a possibly dotted name in file f (at its top level).
func lookupName(f *file, name string) (symbol, bool) {
	head, rest, dotted := strings.Cut(name, ".")
	sym, ok := lookupLocal(f, head, 0)
	if !ok || !dotted {
		return sym, ok
	}
	return lookupMembers(sym, rest)
}

// lookupMembers resolves the dotted rest of a name whose head is sym: the
// exports of a namespace import, an enum member, or a member of a
// namespace (merged with a declaration of the same name or not).
func lookupMembers(sym symbol, rest string) (symbol, bool) {
	ok := true
	for dotted := true; ok && dotted; {
		var part string
		part, rest, dotted = strings.Cut(rest, ".")
		switch {
		case sym.ns != nil:
			sym, ok = lookupExport(sym.ns, part, 0)
		case len(sym.decls) > 0 && sym.decls[0].kind == dEnum && !dotted:
			f, full := scopeOf(sym)
			if m, ok := nsMember(f, full+"."+part); ok {
				return m, true
			}
			return symbol{member: &enumRef{d: sym.decls[0], name: part}}, true
		case sym.external != "":
			return sym, true
		default:
			f, full := scopeOf(sym)
			if f == nil {
				return symbol{}, false
			}
			sym, ok = nsMember(f, full+"."+part)
		}
	}
	return sym, ok
}

// lookupLocal resolves a name declared or imported in f.
func lookupLocal(f *file, name string, hops int) (symbol, bool) {
	if f == nil {
		return symbol{}, false
	}
	if ds := f.decls[name]; len(ds) > 0 {
		return symbol{decls: ds}, true
	}
	if f.namespaces[name] {
		return symbol{scope: &nsScope{f: f, name: name}}, true
	}
	if b, ok := f.imports[name]; ok {
		return importTarget(f, b.spec, b.name, hops)
	}
	return symbol{}, false
}

// importTarget resolves `name` exported by module spec, imported into f.
func importTarget(f *file, spec, name string, hops int) (symbol, bool) {
	if !f.isLocal(spec) {
		return symbol{external: spec}, true
	}
	target := f.deps[spec]
	if target == nil {
		// Already reported as a missing module; avoid a second message.
		return symbol{external: spec}, true
	}
	if name == "*" {
		return symbol{ns: target}, true
	}
	return lookupExport(target, name, hops+1)
}

// lookupExport resolves a name exported by f, following re-exports.
func lookupExport(f *file, name string, hops int) (symbol, bool) {
	if f == nil || hops > maxExportHops {
		return symbol{}, false
	}
	if b, ok := f.exports[name]; ok {
		if b.spec == "" {
			return lookupLocal(f, b.local, hops+1)
		}
		return importTarget(f, b.spec, b.name, hops)
	}
	if ds := f.decls[name]; len(ds) > 0 && ds[0].exported {
		return symbol{decls: ds}, true
	}
	if f.namespaces[name] {
		return symbol{scope: &nsScope{f: f, name: name}}, true
	}
	if name == "default" {
		return symbol{}, false
	}
	for _, s := range f.stars {
		if sym, ok := lookupExport(f.deps[s.spec], name, hops+1); ok {
			return sym, true
		}
	}
	return symbol{}, false
}
