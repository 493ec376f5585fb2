package typescript

import (
	"sort"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
)

// classNamed is the class declared at the top of f under name, or nil.
func (r *resolver) classNamed(f *file, name string) *classRange {
	s := r.scan(f)
	for i := range s.classes {
		if c := &s.classes[i]; c.name == name {
			return c
		}
	}
	return nil
}

// typeOf is JavaScript's typeof of a known value ("" when unknown).
func typeOf(v *value) string {
	switch v.kind {
	case vString:
		return "string"
	case vNumber:
		return "number"
	case vBool:
		return "boolean"
	case vUndefined:
		return "undefined"
	case vNull, vObject, vArray, vRegex, vZod, vNamespace, vEnumDecl:
		return "object"
	case vFunc, vDeclFunc, vClass:
		return "function"
	}
	return ""
}

// comparison reads `a === b`, `!==`, `==`, `!=`, `<`, `<=`, `>`, `>=` and
// `k in obj` at the cursor (v is the left side); ok is false for any
// other operator. A side tscg cannot know makes the result unknown.
func (e *evaluator) comparison(v *value) (*value, bool) {
	p := e.p
	t := p.tok()
	op := ""
	switch {
	case t.kind == tIdent && t.text == "in":
		op = "in"
	case t.text == "=" || t.text == "!":
		n := p.peek(1)
		if n.text != "=" || n.off != t.off+1 {
			return nil, false
		}
		op = t.text + "="
		if n2 := p.peek(2); n2.text == "=" && n2.off == n.off+1 {
			op += "="
		}
	case t.text == "<" || t.text == ">":
		op = t.text
		if n := p.peek(1); n.text == "=" && n.off == t.off+1 {
			op += "="
		} else if n.text == t.text {
			return nil, false // a shift
		}
	default:
		return nil, false
	}
	n := len(op)
	if op == "in" {
		n = 1
	}
	for range n {
		p.next()
	}
	rhs := e.unary()
	if res, known := compare(op, v, rhs); known {
		return e.r.val(value{kind: vBool, off: v.off, f: e.f, text: boolText(res)}), true
	}
	if w := e.envComparison(op, v, rhs); w != nil {
		return w, true
	}
	if v.kind == vOpaque {
		return v, true
	}
	if rhs.kind == vOpaque {
		return rhs, true
	}
	return e.opaqueAt(v, "a computed comparison"), true
}

// compare evaluates a comparison of two values when both are known.
func compare(op string, a, b *value) (res, known bool) {
	if op == "in" {
		if (a.kind != vString && a.kind != vNumber) || b.kind != vObject || b.unknown != nil {
			return false, false
		}
		return b.prop(a.text) != nil, true
	}
	ta, tb := typeOf(a), typeOf(b)
	if ta == "" || tb == "" {
		return false, false
	}
	switch op {
	case "===", "!==", "==", "!=":
		eq := ta == tb && sameValue(a, b)
		if op == "==" || op == "!=" {
			nullish := func(v *value) bool { return v.kind == vNull || v.kind == vUndefined }
			eq = eq || nullish(a) && nullish(b)
		}
		return eq == (op[0] == '='), true
	}
	if ta == "number" && tb == "number" {
		x, _ := numberValue(a.text)
		y, _ := numberValue(b.text)
		switch op {
		case "<":
			return x < y, true
		case "<=":
			return x <= y, true
		case ">":
			return x > y, true
		case ">=":
			return x >= y, true
		}
	}
	if ta == "string" && tb == "string" {
		c := strings.Compare(a.text, b.text)
		switch op {
		case "<":
			return c < 0, true
		case "<=":
			return c <= 0, true
		case ">":
			return c > 0, true
		case ">=":
			return c >= 0, true
		}
	}
	return false, false
}

// sameValue is strict equality of two values of the same typeof.
func sameValue(a, b *value) bool {
	switch a.kind {
	case vString, vBool:
		return a.kind == b.kind && a.text == b.text
	case vNumber:
		x, _ := numberValue(a.text)
		y, _ := numberValue(b.text)
		return x == y
	case vUndefined, vNull:
		return a.kind == b.kind
	}
	return a == b
}

// stringMethod calls a string method over a known string, or reports nil.
func (e *evaluator) stringMethod(s *value, name string, args []*value, off int) *value {
	str := func(t string) *value { return e.r.val(value{kind: vString, off: off, f: e.f, text: t}) }
	rs := []rune(s.text)
	switch name {
	case "charAt":
		if n, ok := intArg(args, 0); ok || len(args) == 0 {
			if n >= 0 && n < len(rs) {
				return str(string(rs[n]))
			}
			return str("")
		}
	case "slice", "substring":
		from, to := 0, len(rs)
		if n, ok := intArg(args, 0); ok {
			from = clampIndex(n, len(rs))
		} else if len(args) > 0 {
			return nil
		}
		if n, ok := intArg(args, 1); ok {
			to = clampIndex(n, len(rs))
		}
		if from < to {
			return str(string(rs[from:to]))
		}
		return str("")
	case "startsWith", "endsWith", "includes":
		if len(args) == 0 || args[0].kind != vString {
			return nil
		}
		res := map[string]func(string, string) bool{"startsWith": strings.HasPrefix, "endsWith": strings.HasSuffix, "includes": strings.Contains}[name](s.text, args[0].text)
		return e.r.val(value{kind: vBool, off: off, f: e.f, text: boolText(res)})
	case "localeCompare":
		if len(args) == 0 || args[0].kind != vString {
			return nil
		}
		return e.r.val(value{kind: vNumber, off: off, f: e.f, text: itoa(localeCompare(s.text, args[0].text))})
	}
	return nil
}

// localeCompare orders two strings the way ICU's root collation does for
// the identifiers tools are named with: letters case-insensitively
// first, punctuation (`_`, `-`) ignored at the first level, then the
// code points as a tie-breaker.
func localeCompare(a, b string) int {
	key := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '_' || r == '-' || r == ' ' || r == '.' {
				return -1
			}
			return r
		}, strings.ToLower(s))
	}
	if c := strings.Compare(key(a), key(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// sortArray is arr.sort(cmp?): elements ordered by the comparator's
// results (or as strings without one), stably, as JavaScript's sort is.
// ok is false when an element or a comparison is unknown.
func (e *evaluator) sortArray(arr *value, args []*value, off int) (*value, bool) {
	if hasSpread(arr) || len(arr.elems) > maxLoopElems {
		return nil, false
	}
	out := append([]*value(nil), arr.elems...)
	ok := true
	less := func(i, j int) bool {
		if !ok || !e.step(off) {
			ok = false
			return false
		}
		a, b := out[i], out[j]
		if len(args) == 0 {
			if a.kind != vString || b.kind != vString {
				ok = false
				return false
			}
			return a.text < b.text
		}
		r := e.apply(args[0], []*value{a, b}, off)
		n, isNum := numberValue(r.text)
		if r.kind != vNumber || !isNum {
			ok = false
			return false
		}
		return n < 0
	}
	sort.SliceStable(out, less)
	if !ok {
		return nil, false
	}
	return e.r.val(value{kind: vArray, off: arr.off, f: arr.f, elems: out}), true
}

// forOf runs `for (const x of ARRAY) body` over a known array, one scope
// per element; ok is false (the cursor unmoved) for any other loop, a
// body with break or continue, or one that holds stopAt.
func (e *evaluator) forOf(stopAt int) (ret *value, done, ok bool) {
	p := e.p
	start := p.i
	fail := func() (*value, bool, bool) { p.i = start; return nil, false, false }
	p.next()
	if !p.accept("(") {
		return fail()
	}
	if !p.accept("const") && !p.accept("let") && !p.accept("var") {
		return fail()
	}
	pat := p.i
	if p.is("{") || p.is("[") {
		p.skipBalanced()
	} else if p.tok().kind == tIdent {
		p.next()
	} else {
		return fail()
	}
	if !p.accept("of") {
		return fail()
	}
	iter := e.expr()
	if !p.accept(")") || iter.kind != vArray || hasSpread(iter) || len(iter.elems) > maxLoopElems || e.reaches(stopAt) {
		return fail()
	}
	body := p.i
	e.skipBranch()
	end := p.i
	for k := body; k < end; k++ {
		if x := p.fill(k); x.kind == tIdent && (x.text == "break" || x.text == "continue") {
			return fail()
		}
	}
	for _, el := range iter.elems {
		if !e.step(p.fill(body).off) {
			p.i = end
			return e.opaque(p.fill(start).off, "a loop past the evaluation budget"), false, true
		}
		sub := &evaluator{r: e.r, f: e.f, env: newScope(e.env), p: p}
		p.i = pat
		sub.bindDeclared(el)
		p.i = body
		if v, d := sub.statement(stopAt); d {
			p.i = end
			return v, true, true
		}
	}
	p.i = end
	return nil, false, true
}

// canRunFor is a guard kept for the loop's budget: loops run only while
// steps remain.
func (e *evaluator) canRunFor() bool { return e.r.steps < maxInterpSteps }

// envComparison reads `process.env.X === "v"` (and !==, ==, !=, either
// side) as its value when the variable is unset, with a warning at the
// variable, as envFallback reads `process.env.X || d`. nil for other
// comparisons.
func (e *evaluator) envComparison(op string, a, b *value) *value {
	if op != "===" && op != "!==" && op != "==" && op != "!=" {
		return nil
	}
	env, other := a, b
	if !isEnvRead(env) {
		env, other = b, a
	}
	if !isEnvRead(env) || typeOf(other) == "" {
		return nil
	}
	unset := e.r.val(value{kind: vUndefined, off: env.off, f: env.f})
	res, known := compare(op, unset, other)
	if !known {
		return nil
	}
	if e.r.once(env.f, env.off) {
		e.r.diags.Add(diag.Warnf(env.f.pos(env.off), "%s is known only when the server runs; tscg reads `%s %s %s` as %s, its value when the variable is unset", env.text, env.text, op, literalText(other), boolText(res)))
	}
	return e.r.val(value{kind: vBool, off: a.off, f: e.f, text: boolText(res)})
}

// literalText writes a constant as JavaScript source would.
func literalText(v *value) string {
	switch v.kind {
	case vString:
		return strconv.Quote(v.text)
	case vNull:
		return "null"
	case vUndefined:
		return "undefined"
	case vNumber, vBool:
		return v.text
	}
	return describeValue(v)
}
