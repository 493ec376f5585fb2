package typescript

import (
	"fmt"

	"github.com/tscg/tscg/compiler/diag"
	"slices"
	"strings"
)

// The evaluator's interpreter half: the constant subset of TypeScript a
// registration reader needs beyond literals and zod (design-evaluators.md):
// scopes of bound names, calls of project functions applied with their
// arguments bound, the statements of their bodies that bind names or
// return, and the builtins that build tool lists from data
// (Object.values/entries/keys/fromEntries, map, filter, forEach…). What
// it cannot know stays an opaque value that says what it was and where.

// scope is a lexical environment: parameters, loop variables and block
// constants bound while a function body or loop is evaluated.
type scope struct {
	parent *scope
	names  map[string]*value
	// via says how a registration call's scope was entered (a loop
	// element, a call of its function), for the chain errors name.
	via string
	at  diag.Pos // where that element or call is written
	// rooted: a function's scope entered by a call in a root file, or in
	// code such a call reached.
	rooted bool
}

// fromRoot reports whether a call in a root file led into s.
func (s *scope) fromRoot() bool {
	for ; s != nil; s = s.parent {
		if s.rooted {
			return true
		}
	}
	return false
}

// chain is the ways in, innermost first: "element 2 of … ← the call at …".
func (s *scope) chain() string {
	var parts []string
	for ; s != nil; s = s.parent {
		if s.via != "" {
			parts = append(parts, s.via)
		}
	}
	return strings.Join(parts, " ← ")
}

func newScope(parent *scope) *scope { return &scope{parent: parent, names: map[string]*value{}} }

func (s *scope) lookup(name string) (*value, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.names[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// Budgets of the interpreter: calls nest at most maxCallDepth deep, and
// one Load takes at most maxInterpSteps steps (calls, loop iterations,
// environments); past either, values are opaque with that reason.
const (
	maxCallDepth   = 12
	maxInterpSteps = 20000
	maxLoopElems   = 4096
)

// step counts one step of the budget, reporting false (once with a
// diagnostic at off) when it has run out.
func (e *evaluator) step(off int) bool {
	r := e.r
	r.steps++
	if r.steps <= maxInterpSteps {
		return true
	}
	if !r.budgetSpent {
		r.budgetSpent = true
		e.warnf(off, "tscg stopped evaluating here: the evaluation budget (%d steps) ran out; what follows is read as unknown", maxInterpSteps)
	}
	return false
}

// apply calls a project function (arrow, function expression, object
// method or declaration) with args bound to its parameters.
func (e *evaluator) apply(fn *value, args []*value, off int) *value {
	name := "a function"
	var f *file
	var params, body int
	var exprBody bool
	var env *scope
	switch fn.kind {
	case vFunc:
		f, params, body, exprBody, env = fn.f, fn.fn.params, fn.fn.body, fn.fn.exprBody, fn.fn.env
	case vDeclFunc:
		d := fn.decl
		name = d.name + "()"
		if !d.hasBody {
			return e.opaque(off, "a call of "+name+", which has no body")
		}
		f, params, body = d.file, d.paramsOff, d.body
	default:
		return e.opaque(off, "a call of "+describeValue(fn))
	}
	if e.r.callDepth >= maxCallDepth {
		return e.opaque(off, "a call of "+name+" nested more than "+itoa(maxCallDepth)+" deep")
	}
	if !e.step(off) {
		return e.opaque(off, "a call of "+name+" past the evaluation budget")
	}
	key := memoKey(f, body, args)
	if env != nil {
		// A closure made by another call of its outer function sees other
		// bindings: the same body is another function.
		key += "@" + fmt.Sprintf("%p", env)
	}
	if v, ok := e.r.memo[key]; ok {
		return v
	}
	e.r.callDepth++
	defer func() { e.r.callDepth-- }()
	sub := &evaluator{r: e.r, f: f, env: newScope(env)}
	sub.bindParams(params, args)
	var v *value
	if exprBody {
		v = sub.evalIn(body)
	} else {
		v = sub.execBlock(body, -1)
	}
	if v == nil {
		v = e.r.val(value{kind: vUndefined, off: off, f: e.f})
	}
	if v.kind != vZod && v.kind != vOpaque {
		if e.r.memo == nil {
			e.r.memo = map[string]*value{}
		}
		e.r.memo[key] = v
	}
	return v
}

// memoKey identifies a call by the function's body and the identity of
// its arguments.
func memoKey(f *file, body int, args []*value) string {
	var b strings.Builder
	b.WriteString(f.abs)
	b.WriteByte('#')
	b.WriteString(itoa(body))
	for _, a := range args {
		b.WriteByte(',')
		b.WriteString(ptrKey(a))
	}
	return b.String()
}

// evalIn evaluates the expression at off of e.f in e's scope, reading a
// parse failure as an opaque value.
func (e *evaluator) evalIn(off int) (v *value) {
	sub := &evaluator{r: e.r, f: e.f, env: e.env, p: newParserAt(e.f.src, off)}
	defer func() {
		if b, ok := caught(recover()); ok {
			v = sub.opaque(b.off, "an expression tscg cannot read ("+b.msg+")")
		}
	}()
	return sub.expr()
}

// bindParams binds a parameter list (at off: its '(' or a lone name) to args.
func (e *evaluator) bindParams(off int, args []*value) {
	p := newParserAt(e.f.src, off)
	defer func() {
		if _, ok := caught(recover()); ok {
		}
	}()
	pe := &evaluator{r: e.r, f: e.f, env: e.env, p: p}
	if p.tok().kind == tIdent {
		pe.bind(p.next().text, arg(args, 0, e, off))
		return
	}
	p.expect("(")
	for i := 0; !p.is(")"); i++ {
		for paramModifiers[p.tok().text] && p.peek(1).kind == tIdent {
			p.next()
		}
		if p.accept("...") {
			rest := e.r.val(value{kind: vArray, off: p.tok().off, f: e.f})
			if i < len(args) {
				rest.elems = args[i:]
			}
			pe.bindPattern(rest)
		} else if p.is("this") {
			p.next()
			i--
			p.accept(":")
			p.parseType()
		} else {
			pe.bindPattern(arg(args, i, e, p.tok().off))
		}
		if !p.accept(",") {
			break
		}
	}
}

// arg is argument i, or an undefined value where the call passed none.
func arg(args []*value, i int, e *evaluator, off int) *value {
	if i < len(args) {
		return args[i]
	}
	return e.r.val(value{kind: vUndefined, off: off, f: e.f})
}

func (e *evaluator) bind(name string, v *value) { e.env.names[name] = v }

// bindPattern reads a binding pattern at the cursor (a name, an object
// or array pattern, with a type annotation and a default) and binds v.
func (e *evaluator) bindPattern(v *value) {
	p := e.p
	t := p.tok()
	if t.kind == tPunct && (t.text == "{" || t.text == "[") {
		e.patternDefault(v)
		return
	}
	name := p.ident().text
	p.accept("?")
	if p.accept(":") {
		p.parseType()
	}
	e.bind(name, e.withDefault(v))
}

// withDefault reads an optional `= default` at the cursor: its value
// when v is undefined.
func (e *evaluator) withDefault(v *value) *value {
	if !e.p.accept("=") {
		return v
	}
	if v.kind == vUndefined {
		return e.expr()
	}
	e.p.skipExpression()
	return v
}

func (e *evaluator) objectPattern(v *value) {
	p := e.p
	p.expect("{")
	var used []string
	for !p.is("}") {
		if p.accept("...") {
			name := p.ident().text
			rest := e.r.val(value{kind: vObject, off: v.off, f: v.f, unknown: unknownOf(v)})
			if v.kind == vObject {
				for i, q := range v.props {
					if !v.shadowed(i) && !slices.Contains(used, q.key) {
						rest.props = append(rest.props, q)
					}
				}
			}
			e.bind(name, rest)
			break
		}
		key, off := e.propertyKey()
		used = append(used, key)
		pv := e.member(v, key, off)
		if p.accept(":") {
			if p.is("{") || p.is("[") {
				e.patternDefault(pv)
				if !p.accept(",") {
					break
				}
				continue
			}
			key = p.ident().text
		}
		e.bind(key, e.withDefault(pv))
		if !p.accept(",") {
			break
		}
	}
	p.expect("}")
}

// patternDefault binds an object or array pattern (the cursor at its
// bracket) with its annotation and default to v.
func (e *evaluator) patternDefault(v *value) {
	p := e.p
	start := p.i
	p.skipBalanced()
	p.accept("?")
	if p.accept(":") {
		p.parseType()
	}
	v = e.withDefault(v)
	end := p.i
	p.i = start
	if p.is("{") {
		e.objectPattern(v)
	} else {
		e.arrayPattern(v)
	}
	p.i = end
}

func unknownOf(v *value) *value {
	if v.kind == vObject {
		return v.unknown
	}
	return v
}

func (e *evaluator) arrayPattern(v *value) {
	p := e.p
	p.expect("[")
	for i := 0; !p.is("]"); i++ {
		if p.is(",") {
			p.next()
			continue
		}
		if p.accept("...") {
			rest := e.r.val(value{kind: vArray, off: v.off, f: v.f})
			if v.kind == vArray && i < len(v.elems) {
				rest.elems = v.elems[i:]
			}
			e.bind(p.ident().text, rest)
			break
		}
		el := e.index(v, i, p.tok().off)
		if p.is("{") || p.is("[") {
			e.patternDefault(el)
			if !p.accept(",") {
				break
			}
			continue
		}
		e.bind(p.ident().text, e.withDefault(el))
		if !p.accept(",") {
			break
		}
	}
	p.expect("]")
}

// index is v[i] of an array value.
func (e *evaluator) index(v *value, i int, off int) *value {
	switch {
	case v.kind == vArray && i < len(v.elems) && !v.elems[i].spread:
		return v.elems[i]
	case v.kind == vArray:
		return e.r.val(value{kind: vUndefined, off: off, f: e.f})
	}
	return e.opaque(off, "element "+itoa(i)+" of "+describeValue(v))
}

func itoa(n int) string { return jsNumber(float64(n)) }

// template evaluates a template literal with substitutions; a part tscg
// cannot know becomes a placeholder naming its expression.
func (e *evaluator) template(t *token) *value {
	raw := t.text
	var sb strings.Builder
	var holes []*value
	for i := 1; i < len(raw)-1; {
		switch {
		case raw[i] == '\\':
			lx := lexer{src: raw, pos: i}
			lx.scanEscape(&sb)
			i = lx.pos
		case raw[i] == '$' && i+1 < len(raw) && raw[i+1] == '{':
			start := t.off + i + 2
			v, end := e.substitution(start)
			if end < 0 {
				return e.opaque(t.off, "a template literal tscg cannot read")
			}
			holes = appendPart(&sb, holes, v, e.span(start, end))
			i = end - t.off + 1
		case raw[i] == '\r' && i+1 < len(raw) && raw[i+1] == '\n':
			i++
		default:
			sb.WriteByte(raw[i])
			i++
		}
	}
	return e.stringOf(t.off, sb.String(), holes)
}

// substitution evaluates the expression of a `${…}` starting at start,
// returning it and the offset of its closing '}' (-1 when unreadable).
func (e *evaluator) substitution(start int) (v *value, end int) {
	sub := &evaluator{r: e.r, f: e.f, env: e.env, p: newParserAt(e.f.src, start)}
	defer func() {
		if _, ok := caught(recover()); ok {
			v, end = nil, -1
		}
	}()
	v = sub.expr()
	if !sub.p.is("}") {
		return nil, -1
	}
	return v, sub.p.tok().off
}

// caught is the bailout a recovered panic carried (ok false for none);
// any other panic goes on.
func caught(x any) (b bailout, ok bool) {
	if x == nil {
		return b, false
	}
	if b, ok = x.(bailout); !ok {
		panic(x)
	}
	return b, true
}
