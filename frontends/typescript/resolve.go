package typescript

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// resolver turns parsed type expressions into IR types. Every call
// returns freshly allocated nodes (named types are shared only through
// KindRef nodes), so callers may decorate what they get back.
type resolver struct {
	// pkgTypes holds declaration files of packages read from node_modules
	// (by the path asked for; pkgFiles: the file found for it), pkgIndexes
	// what packageIndex read of them.
	pkgTypes   map[string]string
	pkgFiles   map[string]string
	pkgIndexes map[string]*pkgIndex
	files      []*file
	named      map[*decl]*namedEntry // non-generic declarations
	entries    []*namedEntry
	insts      map[string]*inst
	depth      int // generic instantiation depth
	diags      diag.List
	// work counts conversions; past limit everything becomes any, so
	// exponentially branching generics cannot hang the compiler.
	work, limit int
	printBudget int
	evalDepth   int                 // constants being evaluated, nested
	lazy        int                 // z.lazy bodies being evaluated, nested
	expanding   map[*constDecl]bool // zod constants being inlined (zodConv)
	cycles      zodCycles           // zod 4 constants that recur (zodConv, listingSchema)
	// diagOwner[i] is the named type or tool frame diags[i] was reported
	// in (nil: none; see begin).
	diagOwner []*owner
	// open are the members of the union being built that came from
	// `string & {}`: they do not absorb the union's literals.
	open []*ir.Type
	// slab and props are the unused rests of the chunks newType and
	// newProp hand out (see alloc).
	slab  []ir.Type
	props []ir.Property
	// values and zschemas are the unused rests of the chunks val, newZod
	// and clone hand out.
	values   []value
	zschemas []zschema
	// argStack collects the arguments of the calls being read; argLists
	// is the unused rest of the chunk their lists are carved from.
	argStack, argLists []*value
	// windows are the free token windows of evalAt.
	windows []window
	// The interpreter's budget (interp.go): steps taken, whether running
	// out was reported, calls being applied, and the results of calls.
	steps       int
	budgetSpent bool
	callDepth   int
	memo        map[string]*value
	// scans are the files whose functions and loops were mapped for the
	// registration calls inside them (binders.go), envs the scopes found
	// for each such call.
	scans map[*file]*fileScan
	envs  map[siteKey][]*scope
	// warned are the filters reported as unknown (warnUnknownFilter).
	warned map[siteKey]bool
	// mutated caches mutation: a module constant's first change by a
	// statement (0 when none).
	mutated map[*constDecl]int
	// sdkVersion caches sdkAtLeast by directory and version.
	sdkVersion map[sdkQuery]bool
	// siteEnv is the scope the registration call being read runs in.
	siteEnv *scope
	// wrappers > 0 while a tools/list handler's result is read: calls of
	// wrappers pass their function argument's result through (passThrough).
	wrappers int
	// origins, while a zod 3 listing is converted (zod3Pointers), is the
	// zod schema each converted type was made from.
	origins map[*ir.Type]*zschema
	// namePos is where each registered tool's name value is written.
	namePos map[*ir.Tool]diag.Pos
}

// namedEntry is a named type with what orders and names it.
type namedEntry struct {
	n    *ir.Named
	file string
	off  int
}

// inst tracks a generic instantiation under conversion, to detect
// recursion (which turns it into a named type).
type inst struct {
	named *namedEntry
}

// maxInstDepth bounds nested generic instantiation, which could otherwise
// grow without end (`type A<T> = { a: A<T[]> }`).
const maxInstDepth = 50

// ctx is where a type expression is evaluated: its file and the type
// parameters in scope.
type ctx struct {
	f   *file
	env *env
	ns  string // the namespace names are resolved in first
}

// declCtx is the context of a declaration's body.
func declCtx(d *decl, e *env) ctx { return ctx{f: d.file, env: e, ns: d.ns} }

// env binds type parameter names.
type env struct {
	parent *env
	names  map[string]binding
}

// binding is a type argument: an expression with its own context, or a
// ready IR type (a mapped type's key).
type binding struct {
	te *typeExpr
	c  ctx
	t  *ir.Type
}

func (e *env) lookup(name string) (binding, bool) {
	for ; e != nil; e = e.parent {
		if b, ok := e.names[name]; ok {
			return b, true
		}
	}
	return binding{}, false
}

func newResolver(files []*file) *resolver {
	size, decls := 0, 0
	for _, f := range files {
		size += len(f.src)
		decls += len(f.decls)
	}
	return &resolver{files: files, named: make(map[*decl]*namedEntry, decls), insts: map[string]*inst{},
		entries: make([]*namedEntry, 0, decls), limit: 200_000 + 50*size}
}

func (r *resolver) errorf(c ctx, off int, format string, args ...any) {
	r.diags.Errorf(c.f.pos(off), format, args...)
}

// anyAt is what a construct that failed (and was reported) becomes.
func (r *resolver) anyAt(c ctx, off int) *ir.Type {
	return r.newType(ir.KindAny, c.f.pos(off))
}

// conv converts a type expression; `undefined` members of a top-level
// union are dropped.
func (r *resolver) conv(te *typeExpr, c ctx) *ir.Type {
	t, _ := r.convOpt(te, c)
	return t
}

// convOpt converts a type expression and reports whether it admitted
// undefined (`T | undefined`), which makes a property optional.
func (r *resolver) convOpt(te *typeExpr, c ctx) (*ir.Type, bool) {
	r.work++
	if r.work > r.limit {
		if r.work == r.limit+1 {
			r.errorf(c, te.off, "types too complex to expand (over %d conversions)", r.limit)
		}
		return r.anyAt(c, te.off), false
	}
	switch te.kind {
	case teRef:
		return r.convRef(te, c)
	case teLit:
		return r.literal(te.text, c.f.pos(te.off)), false
	case teParen:
		return r.convOpt(te.elem, c)
	case teUnion:
		return r.convUnion(te, c)
	case teInter:
		return r.convIntersection(te, c), false
	case teArray:
		t := r.newType(ir.KindArray, c.f.pos(te.off))
		t.Items = r.conv(te.elem, c)
		return t, false
	case teTuple:
		return r.convTuple(te, c), false
	case teObject:
		obj := r.newType(ir.KindObject, c.f.pos(te.off))
		r.addMembers(obj, te.members, c)
		return obj, false
	case teMapped:
		return r.convMapped(te, c), false
	case teKeyof:
		return r.convKeyof(te, c), false
	case teIndexed:
		return r.convIndexed(te, c), false
	case teTypeof:
		return r.convTypeof(te, c), false
	case teBroken:
		r.errorf(c, te.off, "%s", te.text)
		return r.anyAt(c, te.off), false
	case teUnsupported:
		r.errorf(c, te.off, "%s is not supported: tool schemas describe JSON data", te.text)
		return r.anyAt(c, te.off), false
	}
	r.errorf(c, te.off, "internal: unknown type expression kind %d", te.kind)
	return r.anyAt(c, te.off), false
}

// literal builds the type of a literal (compact JSON text).
func (r *resolver) literal(lit string, pos ir.Pos) *ir.Type {
	k := ir.KindNumber
	switch {
	case lit == "true" || lit == "false":
		k = ir.KindBoolean
	case len(lit) > 0 && lit[0] == '"':
		k = ir.KindString
	}
	t := r.newType(k, pos)
	t.Const = ir.Value(lit)
	return t
}

func (r *resolver) convRef(te *typeExpr, c ctx) (*ir.Type, bool) {
	if b, ok := c.env.lookup(te.text); ok {
		if len(te.elems) > 0 {
			r.errorf(c, te.off, "type parameter %s takes no type arguments", te.text)
		}
		if b.t != nil {
			cp := *b.t
			cp.Pos = c.f.pos(te.off)
			return &cp, false
		}
		return r.convOpt(b.te, b.c)
	}
	if t, ok := r.primitive(te, c); ok {
		return t, false
	}
	if t, ok := r.zodInfer(te, c); ok {
		return t, false
	}
	sym, found := lookupScoped(c.f, c.ns, te.text)
	switch {
	case !found:
		if t, ok := r.builtin(te, c); ok {
			return t, false
		}
		if msg := missingMember(c, te.text); msg != "" {
			r.errorf(c, te.off, "%s", msg)
			break
		}
		if b, imported := c.f.imports[strings.Split(te.text, ".")[0]]; imported {
			r.errorf(c, te.off, "module %q has no exported type %s", b.spec, te.text)
			break
		}
		r.errorf(c, te.off, "unknown type %s", te.text)
	case sym.external != "" && isRelative(sym.external):
		r.errorf(c, te.off, "type %s comes from module %q, which was not found", te.text, sym.external)
	case sym.external != "":
		r.errorf(c, te.off, "type %s comes from module %q, which tscg does not read (only relative imports are followed)", te.text, sym.external)
	case sym.member != nil:
		return r.enumMemberType(sym.member, c, te.off), false
	case sym.ns != nil || sym.scope != nil:
		r.errorf(c, te.off, "%s is a namespace, not a type", te.text)
	case len(sym.decls) == 0:
		// An import whose module could not be named (e.g. an empty
		// specifier) binds a name to nothing.
		r.errorf(c, te.off, "type %s is imported but its module declares nothing tscg can read", te.text)
	default:
		return r.refDecl(sym.decls, te, c), false
	}
	return r.anyAt(c, te.off), false
}

// missingMember explains a dotted name whose head resolves but whose
// member does not: "namespace Tool has no member Nope", or "" when the
// head does not resolve either.
func missingMember(c ctx, name string) string {
	for i := strings.LastIndexByte(name, '.'); i > 0; i = strings.LastIndexByte(name[:i], '.') {
		head, member := name[:i], name[i+1:]
		sym, ok := lookupScoped(c.f, c.ns, head)
		if !ok {
			continue
		}
		member = strings.SplitN(member, ".", 2)[0]
		switch {
		case sym.scope != nil:
			return fmt.Sprintf("namespace %s has no member %s", head, member)
		case sym.ns != nil:
			return fmt.Sprintf("module %s has no exported member %s", head, member)
		case len(sym.decls) > 0:
			if f, full := scopeOf(sym); f != nil && f.namespaces[full] {
				return fmt.Sprintf("namespace %s has no member %s", head, member)
			}
			return fmt.Sprintf("%s is a type, not a namespace: %s has no member %s (write %s[%q] for a property's type)", head, head, member, head, member)
		}
		return ""
	}
	return ""
}

// primitiveKind returns the kind of a predefined type keyword (a switch
// rather than a map: it runs for every type reference).
func primitiveKind(name string) (ir.Kind, bool) {
	switch name {
	case "string":
		return ir.KindString, true
	case "number":
		return ir.KindNumber, true
	case "boolean":
		return ir.KindBoolean, true
	case "null":
		return ir.KindNull, true
	case "any", "unknown":
		return ir.KindAny, true
	case "never":
		return ir.KindNever, true
	}
	return 0, false
}

// primitive converts the predefined type keywords.
func (r *resolver) primitive(te *typeExpr, c ctx) (*ir.Type, bool) {
	if k, ok := primitiveKind(te.text); ok {
		return r.newType(k, c.f.pos(te.off)), true
	}
	switch te.text {
	case "object":
		t := r.newType(ir.KindObject, c.f.pos(te.off))
		t.Additional = ir.AdditionalOpen
		return t, true
	case "undefined", "void":
		r.errorf(c, te.off, "%s is not a JSON value (use an optional property `x?: T` instead)", te.text)
	case "bigint", "symbol":
		r.errorf(c, te.off, "%s has no JSON representation", te.text)
	case "this":
		r.errorf(c, te.off, "the this type is not supported")
	default:
		return nil, false
	}
	return r.anyAt(c, te.off), true
}

// refDecl converts a reference to a declared type: a Ref to its named
// type, or an inlined instantiation of a generic one.
func (r *resolver) refDecl(ds []*decl, te *typeExpr, c ctx) *ir.Type {
	d := ds[0]
	pos := c.f.pos(te.off)
	if len(d.typeParams) == 0 {
		if len(te.elems) > 0 {
			r.errorf(c, te.off, "type %s is not generic", d.name)
		}
		t := r.newType(ir.KindRef, pos)
		t.Ref = r.namedFor(ds).n
		return t
	}
	e, ok := r.bindArgs(d, te.elems, c, te.off)
	if !ok {
		return r.anyAt(c, te.off)
	}
	return r.instantiate(ds, e, pos)
}

// bindArgs binds a generic declaration's parameters to arguments, using
// defaults (which may refer to earlier parameters) for missing ones.
func (r *resolver) bindArgs(d *decl, args []*typeExpr, c ctx, off int) (*env, bool) {
	e := &env{names: map[string]binding{}}
	if len(args) > len(d.typeParams) {
		r.errorf(c, off, "type %s takes %d type arguments, got %d", d.name, len(d.typeParams), len(args))
		return nil, false
	}
	for i, tp := range d.typeParams {
		switch {
		case i < len(args):
			e.names[tp.name] = binding{te: args[i], c: c}
		case tp.def != nil:
			e.names[tp.name] = binding{te: tp.def, c: declCtx(d, e)}
		default:
			r.errorf(c, off, "type %s needs a type argument for %s", d.name, tp.name)
			return nil, false
		}
	}
	return e, true
}

// instantiate converts a generic declaration with bound parameters. The
// result is inlined, unless the instantiation refers to itself: then it
// becomes a named type called like `Tree<string>`.
func (r *resolver) instantiate(ds []*decl, e *env, pos ir.Pos) *ir.Type {
	d := ds[0]
	c := declCtx(d, e)
	key := fmt.Sprintf("%p<%s>", d, r.printArgs(d, e, true))
	if r.printBudget < 0 {
		r.diags.Errorf(pos, "type instantiation of %s is too complex", d.name)
		return r.newType(ir.KindAny, pos)
	}
	if in, busy := r.insts[key]; busy {
		if in.named == nil {
			in.named = r.newEntry(d, d.name+"<"+r.printArgs(d, e, false)+">", false)
		}
		t := r.newType(ir.KindRef, pos)
		t.Ref = in.named.n
		return t
	}
	if r.depth >= maxInstDepth {
		r.diags.Errorf(pos, "type instantiation of %s is too deep (is it infinitely recursive?)", d.name)
		return r.newType(ir.KindAny, pos)
	}
	in := &inst{}
	r.insts[key] = in
	r.depth++
	t := r.convDecl(ds, c)
	r.depth--
	delete(r.insts, key)
	if in.named == nil {
		return t
	}
	in.named.n.Type = t
	ref := r.newType(ir.KindRef, pos)
	ref.Ref = in.named.n
	return ref
}

func (r *resolver) printArgs(d *decl, e *env, qualified bool) string {
	r.printBudget = 2000
	s := ""
	for i, tp := range d.typeParams {
		if i > 0 {
			s += ", "
		}
		b := e.names[tp.name]
		s += r.print(b.te, b.c, qualified, 0)
	}
	return s
}

// newEntry registers a named type; final names are assigned in catalog.
func (r *resolver) newEntry(d *decl, name string, exported bool) *namedEntry {
	ent := &namedEntry{n: &ir.Named{Name: name, Exported: exported, Pos: d.file.pos(d.off)}, file: d.file.path, off: d.off}
	r.entries = append(r.entries, ent)
	return ent
}

// namedFor returns the named type of a non-generic declaration,
// converting it on first use.
func (r *resolver) namedFor(ds []*decl) *namedEntry {
	d := ds[0]
	if ent, ok := r.named[d]; ok {
		return ent
	}
	if cd := r.zodAliasOf(d); cd != nil {
		ent := r.zodNamed(cd)
		ent.n.Exported = ent.n.Exported || d.exported
		r.named[d] = ent
		return ent
	}
	ent := r.newEntry(d, d.name, d.exported)
	r.named[d] = ent
	defer r.begin(&owner{ent: ent, what: "type " + d.name})()
	t := r.convDecl(ds, declCtx(d, nil))
	ent.n.Type = t
	if refersTo(t, ent.n) {
		r.errorf(declCtx(d, nil), d.off, "type %s circularly references itself", d.name)
		ent.n.Type = r.newType(ir.KindAny, ent.n.Pos)
	}
	return ent
}

// convDecl converts a declaration's body and applies its JSDoc.
func (r *resolver) convDecl(ds []*decl, c ctx) *ir.Type {
	d := ds[0]
	var t *ir.Type
	switch d.kind {
	case dInterface:
		t = r.convInterface(ds, c)
	case dAlias:
		t = r.conv(d.body, c)
	case dEnum:
		t = r.convEnum(d, c)
	}
	for _, x := range ds {
		if x.doc.text != "" {
			r.applyDoc(t, x.doc, "", c)
			break
		}
	}
	return t
}

func (r *resolver) convInterface(ds []*decl, c ctx) *ir.Type {
	if t, ok := r.arrayInterface(ds, c); ok {
		return t
	}
	obj := r.newType(ir.KindObject, c.f.pos(ds[0].off))
	for _, d := range ds {
		for _, h := range d.heritage {
			base := r.conv(h, c)
			if o := r.objectOf(base, c, h.off, "an interface can only extend object types"); o != nil {
				mergeObject(obj, o)
			}
		}
	}
	for _, d := range ds {
		r.addMembers(obj, d.members, c)
	}
	return obj
}

// arrayInterface converts `interface X extends Array<T> {}` (or
// ReadonlyArray<T>, or an alias of an array type): X is that array, as
// in ts-json-schema-generator. An array interface that adds members
// describes no JSON value.
func (r *resolver) arrayInterface(ds []*decl, c ctx) (*ir.Type, bool) {
	var h *typeExpr
	for _, d := range ds {
		for _, x := range d.heritage {
			if h != nil {
				return nil, false
			}
			h = x
		}
	}
	if h == nil || h.kind != teRef {
		return nil, false
	}
	if _, ok := c.env.lookup(h.text); !ok && h.text != "Array" && h.text != "ReadonlyArray" {
		sym, found := lookupScoped(c.f, c.ns, h.text)
		if !found || len(sym.decls) == 0 || sym.decls[0].kind != dAlias || unparen(sym.decls[0].body).kind != teArray {
			return nil, false
		}
	}
	t := r.conv(h, c)
	if rt := t.Resolve(); rt == nil || rt.Kind != ir.KindArray {
		return nil, false
	}
	for _, d := range ds {
		for _, m := range d.members {
			r.errorf(c, m.off, "interface %s extends an array type and adds members: such an array with properties has no JSON form", d.name)
			return r.anyAt(c, d.off), true
		}
	}
	return t, true
}

// objectOf follows references to an object type, reporting why when t is
// not one (or is still being defined).
func (r *resolver) objectOf(t *ir.Type, c ctx, off int, why string) *ir.Type {
	rt := t.Resolve()
	switch {
	case rt == nil || rt.Kind == ir.KindRef:
		r.errorf(c, off, "%s: %s is used before its definition is complete (recursive)", why, refName(t))
		return nil
	case rt.Kind == ir.KindObject:
		return rt
	case rt.Kind == ir.KindAny && t.Kind == ir.KindAny:
		return nil // already reported
	}
	r.errorf(c, off, "%s; %s is %s", why, refName(t), rt.Kind)
	return nil
}

func refName(t *ir.Type) string {
	if t.Kind == ir.KindRef && t.Ref != nil {
		return t.Ref.Name
	}
	return "this type"
}

// mergeObject copies src's properties and index signature into dst; a
// property dst already has is replaced in place.
func mergeObject(dst, src *ir.Type) {
	for _, p := range src.Properties {
		cp := *p
		dst.SetProp(&cp)
	}
	if src.Additional == ir.AdditionalTyped {
		dst.Additional, dst.AdditionalType = src.Additional, src.AdditionalType
	}
}

// addMembers converts object members into obj.
func (r *resolver) addMembers(obj *ir.Type, ms []*member, c ctx) {
	if obj.Properties == nil {
		n := 0
		for _, m := range ms {
			if m.kind == mProperty || m.kind == mComputed {
				n++
			}
		}
		if n > 0 {
			obj.Properties = make([]*ir.Property, 0, n)
		}
	}
	for _, m := range ms {
		switch m.kind {
		case mUnsupported:
			r.errorf(c, m.off, "%s is not supported: tool schemas describe JSON data", m.name)
		case mBroken:
			r.errorf(c, m.off, "%s", m.name)
		case mIndex:
			key := r.conv(m.key, c).Resolve()
			if key == nil || key.Kind != ir.KindString && key.Kind != ir.KindNumber || key.Const != nil || len(key.Enum) > 0 {
				r.errorf(c, m.key.off, "index signature keys must be string or number")
				continue
			}
			v := r.conv(m.typ, c)
			r.applyMemberDoc(v, m, c)
			obj.Additional, obj.AdditionalType = ir.AdditionalTyped, v
		case mProperty, mComputed:
			name := m.name
			if m.kind == mComputed {
				var ok bool
				if name, ok = r.computedKey(m, c); !ok {
					continue
				}
			}
			t, undef := r.convOpt(m.typ, c)
			r.applyMemberDoc(t, m, c)
			obj.SetProp(r.newProp(ir.Property{Name: name, Type: t, Required: !m.optional && !undef, Pos: c.f.pos(m.off)}))
		}
	}
}

// computedKey returns the property name `[KEY]` stands for: the value of
// a string or number constant, or of an enum member.
func (r *resolver) computedKey(m *member, c ctx) (string, bool) {
	if sym, ok := lookupScoped(c.f, c.ns, m.name); ok && sym.member != nil {
		t := r.enumMemberType(sym.member, c, m.off)
		var s string
		if t.Const != nil && json.Unmarshal(t.Const, &s) == nil {
			return s, true
		}
		if t.Kind == ir.KindNumber && t.Const != nil {
			return string(t.Const), true
		}
		return "", false // reported
	}
	if cd, ok := c.f.constFor(m.name); ok && cd.mutable {
		r.errorf(c, m.off, "computed property name [%s] is not supported: %s is declared with let or var, so its type is not a literal (declare it with const)", m.name, m.name)
		return "", false
	}
	v := r.valueByName(c.f, m.name, m.off)
	switch v.kind {
	case vString, vNumber:
		j, _ := jsonValue(v)
		var s string
		if json.Unmarshal(j, &s) == nil {
			return s, true
		}
		return string(j), true
	}
	what := describeValue(v)
	if strings.HasPrefix(what, m.name) {
		what = "not one"
	}
	r.errorf(c, m.off, "computed property name [%s] is not supported: tscg reads string and number constants and enum members as keys, and %s is %s", m.name, m.name, what)
	return "", false
}

// refersTo reports whether following t's references reaches n: a type
// that is nothing but a chain of references back to itself.
func refersTo(t *ir.Type, n *ir.Named) bool {
	seen := map[*ir.Named]bool{}
	for t != nil && t.Kind == ir.KindRef && t.Ref != nil && !seen[t.Ref] {
		if t.Ref == n {
			return true
		}
		seen[t.Ref] = true
		t = t.Ref.Type
	}
	return false
}

// newType returns a type of kind k at pos, carved from a per-load slab.
// Callers set other fields in place: an ir.Type is large enough that
// building one by value and copying it in costs more than its fields.
func (r *resolver) newType(k ir.Kind, pos ir.Pos) *ir.Type {
	t := alloc(&r.slab)
	t.Kind, t.Pos = k, pos
	return t
}

// newProp returns a pointer to a copy of v, carved from a per-load slab.
func (r *resolver) newProp(v ir.Property) *ir.Property {
	p := alloc(&r.props)
	*p = v
	return p
}
