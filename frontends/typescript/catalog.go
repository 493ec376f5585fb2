package typescript

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// catalog converts the exported types and the tools of the root files.
func (r *resolver) catalog(roots []*file, sel *Selection) *ir.Catalog {
	cat := &ir.Catalog{}
	for _, f := range roots {
		r.exportedTypes(f)
		r.zodConstants(f)
	}
	for _, f := range roots {
		tools := r.fileTools(f)
		if len(tools) > 0 {
			cat.Groups = append(cat.Groups, &ir.Group{Name: groupName(f.path), Pos: f.pos(0)})
		}
		cat.Tools = append(cat.Tools, tools...)
	}
	// A project file the roots import registers tools when a root calls
	// the function that does (`new SetTimer(…).register(server)`).
	for _, f := range r.files {
		if f.root || strings.HasSuffix(f.path, ".d.ts") || strings.Contains(filepath.ToSlash(f.abs), "/node_modules/") {
			continue
		}
		tools := r.reachedTools(f)
		if len(tools) > 0 {
			cat.Groups = append(cat.Groups, &ir.Group{Name: groupName(f.path), Pos: f.pos(0)})
		}
		cat.Tools = append(cat.Tools, tools...)
	}
	r.unusedBroken()
	cat.Types = r.nameTypes()
	r.applySelection(cat, sel)
	r.dropUnread(cat)
	return cat
}

// dropUnread removes the tools with an error of their own from cat: a
// tool read in part is never published or linted as if it were whole;
// its errors, at their positions, say why it is missing, and the other
// tools stay (lint lints them; build fails naming the errors).
func (r *resolver) dropUnread(cat *ir.Catalog) {
	bad := map[*ir.Tool]bool{}
	for i, o := range r.diagOwner {
		if o != nil && i < len(r.diags) && r.diags[i].Severity == diag.Error {
			for _, t := range o.tools {
				bad[t] = true
			}
			if o.tool {
				r.diags[i].BlockedTool = blockedName(o)
			}
		}
	}
	if len(bad) > 0 {
		cat.Tools = slices.DeleteFunc(cat.Tools, func(t *ir.Tool) bool { return bad[t] })
	}
}

// blockedName names what an error in a tool frame keeps out of the
// catalog (diag.Diagnostic.BlockedTool): its tools, or where the tool
// that could not be made is registered.
func blockedName(o *owner) string {
	if len(o.tools) == 0 {
		return "<" + o.what + ">"
	}
	names := make([]string, len(o.tools))
	for i, t := range o.tools {
		names[i] = t.Name
	}
	return strings.Join(names, ", ")
}

// exportedTypes converts every exported declaration of f. A generic one
// is converted with its defaults; one without defaults for all its
// parameters cannot be, and is left out.
func (r *resolver) exportedTypes(f *file) {
	for i, d := range f.parsed.decls {
		ds := f.declsOf(i)
		if first(ds, func(x *decl) bool { return x.exported }) != d {
			continue
		}
		if len(d.typeParams) == 0 {
			r.namedFor(ds)
			continue
		}
		o := &owner{what: "type " + d.name}
		done := r.begin(o)
		if e, ok := r.defaultsOnly(d); ok {
			o.ent = r.newEntry(d, d.name, true)
			o.ent.n.Type = r.convDecl(ds, declCtx(d, e))
		}
		done()
	}
}

// unusedBroken warns of each declaration tscg could not parse that
// nothing used (a used one reported its error where it was converted).
func (r *resolver) unusedBroken() {
	for _, f := range r.files {
		for _, d := range f.parsed.decls {
			if d.body != nil && d.body.kind == teBroken && r.named[d] == nil {
				r.diags.Add(diag.Warnf(f.pos(d.body.off), "%s (not used: left out)", d.body.text))
			}
		}
	}
}

// zodConstants makes every exported zod schema constant of f a named
// type under the constant's name.
func (r *resolver) zodConstants(f *file) {
	for _, c := range f.constList {
		if !c.exported || c.nested {
			continue
		}
		o := &owner{what: "zod schema " + c.name}
		done := r.begin(o)
		if v := r.constValue(c); v.kind == vZod {
			o.ent = r.zodNamed(c)
		}
		done()
	}
}

func (r *resolver) defaultsOnly(d *decl) (*env, bool) {
	for _, tp := range d.typeParams {
		if tp.def == nil {
			return nil, false
		}
	}
	return r.bindArgs(d, nil, declCtx(d, nil), d.off)
}

// nameTypes orders the named types by file path, then position, and makes
// their names unique: when several files declare the same name, the
// first in that order keeps it and the others get a numeric suffix
// (User, User_2, User_3 …), so names never depend on the order of
// Load's arguments.
func (r *resolver) nameTypes() []*ir.Named {
	es := r.entries // sorted in place: nothing reads them in creation order after this
	slices.SortStableFunc(es, func(a, b *namedEntry) int {
		if c := strings.Compare(a.file, b.file); c != 0 {
			return c
		}
		if c := cmp.Compare(a.off, b.off); c != 0 {
			return c
		}
		return strings.Compare(a.n.Name, b.n.Name)
	})
	taken := make(map[string]bool, len(es))
	out := make([]*ir.Named, len(es))
	for i, e := range es {
		name := e.n.Name
		for k := 2; taken[name]; k++ {
			name = fmt.Sprintf("%s_%d", e.n.Name, k)
		}
		taken[name] = true
		e.n.Name = name
		out[i] = e.n
	}
	return out
}

// maxPrintDepth bounds printing of type arguments.
const maxPrintDepth = 20

// print renders a type expression as TypeScript-like text, substituting
// bound type parameters: used for instantiation keys (qualified, with
// each declaration's file) and names like `Tree<string>`.
func (r *resolver) print(te *typeExpr, c ctx, qualified bool, depth int) string {
	r.printBudget--
	if te == nil || depth > maxPrintDepth || r.printBudget < 0 {
		r.printBudget = -1 // truncated: the text no longer identifies the type
		return "…"
	}
	p := func(x *typeExpr) string { return r.print(x, c, qualified, depth+1) }
	switch te.kind {
	case teRef:
		return r.printRef(te, c, qualified, depth)
	case teLit:
		return te.text
	case teParen:
		s := p(te.elem)
		if te.rest {
			s = "..." + s
		}
		if te.optional {
			s += "?"
		}
		return s
	case teUnion, teInter:
		sep := " | "
		if te.kind == teInter {
			sep = " & "
		}
		parts := make([]string, len(te.elems))
		for i, e := range te.elems {
			parts[i] = p(e)
		}
		return strings.Join(parts, sep)
	case teArray:
		return p(te.elem) + "[]"
	case teTuple:
		parts := make([]string, len(te.elems))
		for i, e := range te.elems {
			parts[i] = p(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case teObject:
		var b strings.Builder
		b.WriteString("{")
		for _, m := range te.members {
			if m.kind == mProperty {
				fmt.Fprintf(&b, " %s: %s;", m.name, p(m.typ))
			}
		}
		b.WriteString(" }")
		return b.String()
	case teKeyof:
		return "keyof " + p(te.elem)
	}
	what := ""
	if te.kind == teUnsupported {
		what = te.text
	}
	return fmt.Sprintf("<%s@%d>", what, te.off)
}

func (r *resolver) printRef(te *typeExpr, c ctx, qualified bool, depth int) string {
	if b, ok := c.env.lookup(te.text); ok {
		if b.t != nil {
			return string(b.t.Const)
		}
		return r.print(b.te, b.c, qualified, depth+1)
	}
	name := te.text
	if qualified {
		if sym, ok := lookupScoped(c.f, c.ns, te.text); ok && len(sym.decls) > 0 {
			name = sym.decls[0].file.abs + "#" + sym.decls[0].name
		}
	}
	if len(te.elems) == 0 {
		return name
	}
	parts := make([]string, len(te.elems))
	for i, a := range te.elems {
		parts[i] = r.print(a, c, qualified, depth+1)
	}
	return name + "<" + strings.Join(parts, ", ") + ">"
}
