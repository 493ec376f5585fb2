package python

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	jsonfront "github.com/tscg/tscg/frontends/jsonschema"
)

// Module-level constants. Real tool files keep a Field(...), an
// Annotated[...] alias, a Literal or a description string in a module
// constant, often in a models.py beside the tools, and write its name
// where the value is used. deref is the one step every reader shares
// (defaults, Annotated metadata, Field arguments, values): it follows a
// name or module attribute through the module-level bindings and the
// imports of the files tscg reads to the expression that defines it, the
// way a type checker treats a name bound once. A name bound more than
// once, bound only conditionally, or imported from a module tscg does not
// read stays opaque, with the reason, so the reader can say what it lost.

// maxDerefSteps bounds a chain of constants naming constants
// (A = B; B = C …); lookup bounds the import chain of each step.
const maxDerefSteps = 32

// ref is what deref found: the defining expression and the file it was
// written in, or (why set) the reason the chain stopped.
type ref struct {
	src *source
	e   *expr
	why string
}

// opaque reports a chain that stopped at a name tscg cannot follow.
func (r ref) opaque() bool { return r.why != "" }

// deref follows e while it is a name or dotted attribute bound to a
// module-level constant. Anything else (a literal, a call, a class, a
// typing name) is returned as it is, in the file it was written in.
func (l *loader) deref(s *source, e *expr) ref {
	var chain []string
	seen := map[*assign]bool{}
	for step := 0; e != nil && step < maxDerefSteps; step++ {
		d := e.dotted()
		if d == "" {
			return ref{src: s, e: e}
		}
		tg, ok := l.lookup(s, d)
		switch {
		case tg.cls == nil && tg.alias == nil && l.classMember(s, d):
			src, v, why := l.classConstant(s, d)
			if v == nil {
				return ref{src: s, e: e, why: why} // why empty: an enum member, the enum reader's
			}
			chain = append(chain, d)
			s, e = src, v
		case !ok:
			return ref{src: s, e: e, why: fmt.Sprintf("the imports that lead to %s go round in a cycle, or deeper than the 32 files tscg follows", d)}
		case tg.alias != nil && tg.alias.rebound:
			return ref{src: s, e: e, why: fmt.Sprintf("%s is bound more than once (at module level, in a block, by an augmented assignment or through global; one binding is at %s), so it is no constant", d, tg.src.pos(tg.alias.off))}
		case seen[tg.alias]:
			return ref{src: s, e: e, why: fmt.Sprintf("the constants %s name each other in a cycle", strings.Join(append(chain, d), " → "))}
		case tg.alias != nil:
			seen[tg.alias] = true
			chain = append(chain, d)
			s, e = tg.src, tg.alias.value
		case tg.cls == nil && l.rebound(s, d):
			return ref{src: s, e: e, why: fmt.Sprintf("%s is bound only in a block, by an augmented assignment or through global, so it is no constant", d)}
		case tg.cls == nil:
			return ref{src: s, e: e, why: l.unbound(s, d)}
		default:
			return ref{src: s, e: e}
		}
	}
	if e == nil {
		return ref{src: s, why: "no value"}
	}
	return ref{src: s, e: e, why: fmt.Sprintf("the chain of constants leading to %s is longer than %d steps", e.dotted(), maxDerefSteps)}
}

// classConstant finds the value of Settings.LIMIT, a constant in the
// body of a plain class (`LIMIT = 10`, or `LIMIT: ClassVar[int] = 10`),
// bound once there. An enum's members are the enum reader's (nil, "");
// a model's or dataclass's annotated fields are no class attributes.
func (l *loader) classConstant(s *source, d string) (*source, *expr, string) {
	head, name, _ := strings.Cut(d, ".")
	tg, _ := l.lookup(s, head)
	kind := l.classKind(tg.src, tg.cls, 0)
	if kind == kindEnum || strings.Contains(name, ".") {
		return nil, nil, ""
	}
	var found *field
	for _, f := range tg.cls.fields {
		if f.name != name || f.value == nil {
			continue
		}
		if found != nil {
			return nil, nil, fmt.Sprintf("%s is bound more than once in class %s, so it is no constant", d, head)
		}
		if f.ann != nil && !(f.ann.kind == exSubscript && l.canonical(tg.src, f.ann.x) == "ClassVar") {
			return nil, nil, fmt.Sprintf("%s is a field of %s %s, not a class attribute", d, kindName(kind), head)
		}
		found = f
	}
	if found == nil {
		return nil, nil, fmt.Sprintf("%s is bound to no constant in the body of class %s", d, head)
	}
	if n := classNameIn(found.value, tg.cls); n != "" {
		// In the class body, n is the class's own attribute; deref
		// would read the module's.
		return nil, nil, fmt.Sprintf("%s refers to %s, another attribute of class %s", d, n, head)
	}
	return tg.src, found.value, ""
}

// classNameIn returns a bare name in e that the class body binds.
func classNameIn(e *expr, c *classDef) string {
	if e == nil {
		return ""
	}
	if e.kind == exName {
		for _, f := range c.fields {
			if f.name == e.name {
				return e.name
			}
		}
		return ""
	}
	for _, sub := range append([]*expr{e.x}, e.args...) {
		if n := classNameIn(sub, c); n != "" {
			return n
		}
	}
	for _, k := range e.kws {
		if n := classNameIn(k.value, c); n != "" {
			return n
		}
	}
	return ""
}

func kindName(kind string) string {
	if kind == "" {
		return "class"
	}
	return kind
}

// classMember reports X.Y where X names a class.
func (l *loader) classMember(s *source, d string) bool {
	head, _, ok := strings.Cut(d, ".")
	if !ok {
		return false
	}
	tg, found := l.lookup(s, head)
	return found && tg.cls != nil
}

// rebound reports a bare name a module assigns only in a block or by an
// augmented assignment (parse.go records those).
func (l *loader) rebound(s *source, d string) bool {
	return !strings.Contains(d, ".") && s.m.rebinds[d]
}

// unbound says why a name that is neither a constant nor a class cannot
// be read: where it is imported from, or that no module-level binding
// names it. Typing and builtin names land here too; the reader decides
// whether that matters (Field, Annotated and str are fine).
func (l *loader) unbound(s *source, d string) string {
	head, _, _ := strings.Cut(d, ".")
	for _, imp := range s.m.imports {
		for _, n := range imp.names {
			if n[1] != head {
				continue
			}
			from := strings.Repeat(".", imp.level) + imp.module
			if from == "" {
				from = n[0]
			}
			if l.readable(s, imp, n[0]) {
				return fmt.Sprintf("%s is imported from %s, which binds it to no module-level constant tscg can read", d, from)
			}
			return fmt.Sprintf("%s is imported from %s, which is not among the files tscg reads", d, from)
		}
	}
	return fmt.Sprintf("%s is bound to no module-level constant of %s", d, s.path)
}

// readable reports an import of a file tscg reads (a sibling module or a
// package of the project).
func (l *loader) readable(s *source, imp *importDef, name string) bool {
	if imp.module == "" && imp.level == 0 {
		return l.sibling(s, name, 0) != nil
	}
	return l.sibling(s, fromModule(imp), imp.level) != nil
}

// fromModule is the module a `from M import …` reads names from: for
// `from . import X` the package's __init__.py.
func fromModule(imp *importDef) string {
	if imp.module == "" && imp.level > 0 {
		return "__init__"
	}
	return imp.module
}

// readDefault applies what follows `=` after a parameter or a class
// field: Field(...) or dataclasses' field(...) (also kept in a constant,
// in this file or an imported one), `...` (required), or a value. A
// default tscg cannot read still makes the property optional, and is a
// warning naming what is lost: nothing that changes a schema is silent.
func (l *loader) readDefault(s *source, v *expr, p *ir.Property, owner string) {
	r := l.deref(s, v)
	if !r.opaque() {
		switch {
		case r.e.kind == exConst && r.e.value == "...":
			return
		case r.e.kind == exCall && (l.canonical(r.src, r.e.x) == "Field" || l.canonical(r.src, r.e.x) == "field"):
			l.applyField(r.src, r.e, p.Type, p)
			return
		}
	}
	p.Required = false
	if val, ok := l.value(s, v); ok {
		p.Type.Default = val
		return
	}
	before := len(l.diags)
	if val, ok, read := l.envValue(s, v); ok && len(read) > 0 && len(l.diags) == before {
		if _, isInst := val.(instance); !isInst {
			// DEFAULT_VOICE = os.getenv("VOICE", "alto"): the default the
			// server publishes when started with the environment unset.
			p.Type.Default = ir.MarshalValue(val)
			l.warn(s.pos(v.off), diag.Warning, ruleDefault, "the default of %s (%s) depends on the environment: tscg gives it the value the server publishes when started with %s, %s", owner, l.text(s, v), unsetText(read), p.Type.Default)
			return
		}
	}
	l.diags = l.diags[:before]
	l.lostDefault(s, v, r, owner)
}

// lostDefault warns at a default tscg cannot read.
func (l *loader) lostDefault(s *source, v *expr, r ref, owner string) {
	why := r.why
	switch {
	case why == "" && r.e != nil && r.e != v:
		why = fmt.Sprintf("it is bound to %s (%s), which is not a literal or a Field(...)", l.text(r.src, r.e), r.src.pos(r.e.off))
	case why == "":
		why = "it is not a literal, a Field(...) or a module constant bound to one"
	}
	l.warn(s.pos(v.off), diag.Warning, ruleDefault, "the default of %s (%s) cannot be read: %s; the schema marks it optional with no default and loses what the value holds (a default, or a Field's required flag, constraints and description)", owner, l.text(s, v), why)
}

// schemaNeutral is Annotated metadata that leaves pydantic's validation
// JSON Schema as it is (validators without json_schema_input_type, and
// PEP 727's Doc, which pydantic does not publish).
// (A switch, not a map: a package-level map is built at every start of
// every command; internal/cli's TestPackageInitIsCheap.)
func schemaNeutral(name string) bool {
	switch name {
	case "AfterValidator", "BeforeValidator", "WrapValidator", "Strict", "Doc":
		return true
	}
	return false
}

// annotatedTypes are annotated_types' one-argument constraints, by the
// Field keyword each one is.
func annotatedTypes(name string) string {
	switch name {
	case "Ge", "Le", "Gt", "Lt":
		return strings.ToLower(name)
	case "MultipleOf":
		return "multiple_of"
	case "MinLen":
		return "min_length"
	case "MaxLen":
		return "max_length"
	}
	return ""
}

// annotate applies one Annotated metadata item (also kept in a constant):
// a string is the description, Field(...) and annotated_types give
// constraints. Anything else that may change the schema is a warning.
func (l *loader) annotate(s *source, meta *expr, t *ir.Type) {
	r := l.deref(s, meta)
	m, ms := r.e, r.src
	name := ""
	switch m.kind {
	case exCall:
		name = l.canonical(ms, m.x)
	case exName, exAttr:
		name = l.canonical(ms, m)
	}
	switch {
	case !r.opaque() && m.kind == exStr:
		t.Description = m.value
	case m.kind == exCall && name == "Field":
		l.applyField(ms, m, t, nil)
	case m.kind == exCall && name == "WithJsonSchema" && len(m.args) == 1 && m.args[0].kind == exDict:
		l.withJSONSchema(ms, m.args[0], t)
	case m.kind == exCall && name == "StringConstraints":
		l.constraints(ms, stringConstraints(m), t)
	case m.kind == exCall && len(m.args) == 1 && annotatedTypes(name) != "":
		l.constraints(ms, &expr{kind: exCall, kws: []keyword{{name: annotatedTypes(name), value: m.args[0]}}}, t)
	case schemaNeutral(name) && (m.kind != exCall || m.kw("json_schema_input_type") == nil), l.opts.injected()[name]:
	default:
		why := ""
		if r.opaque() && (m.kind == exName || m.kind == exAttr) && lookupHint(name) == nil {
			why = " (" + r.why + ")"
		}
		l.warn(s.pos(meta.off), diag.Warning, ruleDefault, "Annotated metadata %s%s of %s is not read%s; what it adds to the schema (a default, constraints, a description) is lost", l.text(s, meta), l.fromFile(s, ms), l.ownerName(), why)
	}
}

// stringConstraints keeps the keywords of pydantic's StringConstraints
// that reach the schema (the rest transform or validate the value only).
func stringConstraints(call *expr) *expr {
	out := &expr{kind: exCall, off: call.off, end: call.end}
	for _, k := range call.kws {
		switch k.name {
		case "strip_whitespace", "to_upper", "to_lower", "strict":
		default:
			out.kws = append(out.kws, k)
		}
	}
	return out
}

// fromFile names the file a constant came from when it is not s.
func (l *loader) fromFile(s, from *source) string {
	if from == nil || from == s || from.abs == s.abs {
		return ""
	}
	return " (from " + from.path + ")"
}

// ownerName is what the schema being read belongs to, for messages.
func (l *loader) ownerName() string {
	if l.owner == "" {
		return "a type"
	}
	return l.owner
}

// withJSONSchema applies pydantic's WithJsonSchema(dict): the dict is the
// type's JSON schema in place of the one its type and constraints give;
// what a Field gives the field itself (description, title, default,
// examples) stays.
func (l *loader) withJSONSchema(s *source, e *expr, t *ir.Type) {
	v, ok := l.goValue(s, e)
	data, err := json.Marshal(v)
	if !ok || err != nil {
		l.warn(s.pos(e.off), diag.Warning, ruleDefault, "WithJsonSchema(%s) of %s is not a dict literal tscg can read; the schema is the type's own", l.text(s, e), l.ownerName())
		return
	}
	u, _, ds := jsonfront.Schema(s.path, data, jsonfront.Options{})
	if u == nil || len(ds) > 0 {
		l.warn(s.pos(e.off), diag.Warning, ruleDefault, "WithJsonSchema(%s) of %s is not a schema tscg can read; the schema is the type's own", l.text(s, e), l.ownerName())
		return
	}
	keep := *t
	*t = *u
	setPos(t, s.pos(e.off))
	if t.Description == "" {
		t.Description = keep.Description
	}
	if t.Title == "" {
		t.Title = keep.Title
	}
	t.Default, t.Examples = keep.Default, keep.Examples
}
