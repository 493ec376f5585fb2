package typescript

import (
	"strings"
)

// evaluator reads one expression from its source offset, computing its
// value as it parses: literals, object and array literals, constants by
// name (across relative imports), zod calls. Anything else becomes an
// opaque value that remembers where it was and what it is, so that a
// consumer needing a schema reports it precisely.
type evaluator struct {
	r   *resolver
	f   *file
	p   *parser
	env *scope // names bound by the function body or loop being read
	// stop, when > 0, ends a postfix chain at that offset (a callback's
	// receiver is read without the call that follows it).
	stop int
}

// maxEvalDepth bounds nesting of expressions and of constants that
// refer to other constants.
const maxEvalDepth = 150

func newParserAt(src string, off int) *parser {
	return newParserWith(src, off, make([]token, 0, 64), nil)
}

// newParserWith is newParserAt with toks and comments as the (empty)
// backing of the token window and of the comment list.
func newParserWith(src string, off int, toks []token, comments []comment) *parser {
	p := &parser{src: src, lx: lexer{src: src, pos: off, comments: comments}, toks: toks,
		limit: stepsPerToken*(len(src)-off+1) + 1024, out: &parsed{}}
	p.fill(0)
	return p
}

// window is the backing of an evaluator's token window and comment list,
// kept by the resolver between evalAt calls: a file's constants are
// evaluated one after another, and growing a fresh window for each was a
// quarter of what loading a file of zod schemas allocated. Nothing
// outlives an evaluation that points into them (values copy token texts,
// which are substrings of the source, and comment texts).
type window struct {
	toks     []token
	comments []comment
}

// evalAt evaluates the expression starting at offset off of f.
func (r *resolver) evalAt(f *file, off int) (v *value) {
	// Evaluations nest (a constant referring to another), each taking its
	// own window from the stack of free ones.
	var w window
	if n := len(r.windows); n > 0 {
		w, r.windows = r.windows[n-1], r.windows[:n-1]
	} else {
		w.toks = make([]token, 0, 256)
	}
	e := &evaluator{r: r, f: f, p: newParserWith(f.src, off, w.toks[:0], w.comments[:0])}
	defer func() {
		r.windows = append(r.windows, window{toks: e.p.toks[:0], comments: e.p.lx.comments[:0]})
		if x := recover(); x != nil {
			b, ok := x.(bailout)
			if !ok {
				panic(x)
			}
			v = e.opaque(b.off, "an expression tscg cannot read ("+b.msg+")")
		}
	}()
	return e.expr()
}

func (e *evaluator) opaque(off int, what string) *value {
	return e.r.val(value{kind: vOpaque, off: off, f: e.f, text: what})
}

// opaqueAt is an opaque value at v's position, in v's file (a value
// read from another module is reported where it was written there).
func (e *evaluator) opaqueAt(v *value, what string) *value {
	f := v.f
	if f == nil {
		f = e.f
	}
	return e.r.val(value{kind: vOpaque, off: v.off, f: f, text: what})
}

// deeper enters a nested expression; shallower leaves it. (A returned
// closure to defer escaped: one allocation per expression read.)
func (e *evaluator) deeper() {
	e.p.depth++
	if e.p.depth > maxEvalDepth || e.r.evalDepth > maxEvalDepth {
		e.p.fail(e.p.tok().off, "expression nested too deeply")
	}
}

func (e *evaluator) shallower() { e.p.depth-- }

// isBinaryOp reports whether t continues an expression as a binary or
// conditional operator.
func isBinaryOp(t *token) bool {
	switch t.kind {
	case tPunct:
		switch t.text {
		case "+", "-", "*", "/", "%", "<", ">", "=", "!", "&", "|", "^", "?":
			return true
		}
	case tIdent:
		return !t.nlBefore && (t.text == "instanceof" || t.text == "in")
	case tRegex:
		return true // `a /b/ c` lexed after an operand is division
	}
	return false
}

func (e *evaluator) expr() *value {
	e.deeper()
	defer e.shallower()
	p := e.p
	start := p.tok().off
	v := e.unary()
	for isBinaryOp(p.tok()) {
		t := p.tok()
		if t.text == "+" && p.peek(1).text != "=" && p.peek(1).text != "+" {
			lhs := e.span(start, t.off)
			p.next()
			rs := p.tok().off
			rhs := e.unary()
			v = e.concat(v, rhs, lhs, e.span(rs, p.tok().off))
			continue
		}
		if t.text == "=" && p.peek(1).text != "=" && p.peek(1).text != ">" {
			break // not an operator of an expression tscg reads
		}
		if w, ok := e.comparison(v); ok {
			v = w
			continue
		}
		if w, ok := e.logical(v); ok {
			v = w
			continue
		}
		p.skipExpression()
		return e.opaqueAt(v, "a computed expression")
	}
	return v
}

// operand reads the right side of `&&` (level 2: up to the next logical
// operator or conditional) or of `||` / `??` (level 1: `&&` included).
func (e *evaluator) operand(level int) *value {
	e.deeper()
	defer e.shallower()
	p := e.p
	start := p.tok().off
	v := e.unary()
	for isBinaryOp(p.tok()) {
		t := p.tok()
		if t.text == "+" && p.peek(1).text != "=" && p.peek(1).text != "+" {
			lhs := e.span(start, t.off)
			p.next()
			rs := p.tok().off
			rhs := e.unary()
			v = e.concat(v, rhs, lhs, e.span(rs, p.tok().off))
			continue
		}
		if w, ok := e.comparison(v); ok {
			v = w
			continue
		}
		if n := p.peek(1); level == 1 && t.text == "&" && n.text == "&" && n.off == t.off+1 {
			if w, ok := e.logical(v); ok {
				v = w
				continue
			}
		}
		break
	}
	return v
}

// span is the source text from start to end, for placeholders.
func (e *evaluator) span(start, end int) string {
	if end < start || end > len(e.f.src) {
		return "…"
	}
	s := strings.TrimSpace(e.f.src[start:end])
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// logical reads `v || x`, `v ?? x`, `v && x` and `v ? a : b` where the
// left side is known; ok is false for any other operator.
func (e *evaluator) logical(v *value) (*value, bool) {
	p := e.p
	t, n := p.tok(), p.peek(1)
	double := n.off == t.off+1 && n.text == t.text
	switch {
	case double && (t.text == "|" || t.text == "&" || t.text == "?") && p.peek(2).text != "=":
		p.next()
		p.next()
		// The right side binds tighter than a conditional after it:
		// `a && b ? c : d` is `(a && b) ? c : d`.
		level := 1
		if t.text == "&" {
			level = 2
		}
		rhs := e.operand(level)
		truth, known := truthy(v)
		switch {
		case t.text == "?" && (v.kind == vNull || v.kind == vUndefined):
			return rhs, true
		case t.text == "?" && v.kind != vOpaque && v.kind != vPartial:
			return v, true
		case isEnvRead(v) && t.text != "&":
			return e.envFallback(v, rhs, t.text+t.text), true
		case v.kind == vOpaque:
			return v, true // what made the left side unknown says it best
		case !known || t.text == "?":
		case truth == (t.text == "|"):
			return v, true
		default:
			return rhs, true
		}
		return e.opaqueAt(v, "a computed expression"), true
	case t.text == "?" && !double:
		p.next()
		a := e.expr()
		p.expect(":")
		b := e.expr()
		if truth, known := truthy(v); known {
			if truth {
				return a, true
			}
			return b, true
		}
		return e.opaqueAt(v, "a computed expression"), true
	}
	return nil, false
}

// concat is `a + b` for strings and numbers. Beside a string, a part
// tscg cannot evaluate becomes a placeholder naming it (lhs and rhs are
// the operands' source texts).
func (e *evaluator) concat(a, b *value, lhs, rhs string) *value {
	if a.kind == vNumber && b.kind == vNumber {
		x, _ := numberValue(a.text)
		y, _ := numberValue(b.text)
		return e.r.val(value{kind: vNumber, off: a.off, f: e.f, text: jsNumber(x + y)})
	}
	if !isStringish(a) && !isStringish(b) {
		return e.opaqueAt(a, "a computed expression")
	}
	var sb strings.Builder
	var holes []*value
	holes = appendPart(&sb, holes, a, lhs)
	holes = appendPart(&sb, holes, b, rhs)
	return e.stringOf(a.off, sb.String(), holes)
}

func isStringish(v *value) bool { return v.kind == vString || v.kind == vPartial }

// stringOf is a string value, partial when it has holes.
func (e *evaluator) stringOf(off int, s string, holes []*value) *value {
	if len(holes) > 0 {
		return e.r.val(value{kind: vPartial, off: off, f: e.f, text: s, elems: holes})
	}
	return e.r.val(value{kind: vString, off: off, f: e.f, text: s})
}

// appendPart writes v as JavaScript converts it to a string, or a
// placeholder <src> for a value tscg cannot know.
func appendPart(sb *strings.Builder, holes []*value, v *value, src string) []*value {
	switch v.kind {
	case vString, vNumber, vBool:
		sb.WriteString(v.text)
	case vNull:
		sb.WriteString("null")
	case vUndefined:
		sb.WriteString("undefined")
	case vPartial:
		sb.WriteString(v.text)
		holes = append(holes, v.elems...)
	case vArray:
		for i, el := range v.elems {
			if i > 0 {
				sb.WriteByte(',')
			}
			if el.kind != vNull && el.kind != vUndefined {
				holes = appendPart(sb, holes, el, src)
			}
		}
	default:
		sb.WriteString("<" + src + ">")
		holes = append(holes, v)
	}
	return holes
}

func (e *evaluator) unary() *value {
	p := e.p
	t := p.tok()
	switch {
	case t.kind == tPunct && (t.text == "-" || t.text == "+"):
		p.next()
		v := e.unary()
		if v.kind == vNumber {
			if t.text == "-" {
				if strings.HasPrefix(v.text, "-") {
					v.text = v.text[1:]
				} else if v.text != "0" {
					v.text = "-" + v.text
				}
			}
			v.off = t.off
			return v
		}
		return e.opaque(t.off, "a computed expression")
	case t.kind == tPunct && (t.text == "!" || t.text == "~"):
		p.next()
		v := e.unary()
		if truth, known := truthy(v); known && t.text == "!" {
			return e.r.val(value{kind: vBool, off: t.off, f: e.f, text: boolText(!truth)})
		}
		return e.opaque(t.off, "a computed expression")
	case t.kind == tIdent && (t.text == "typeof" || t.text == "void" || t.text == "await" || t.text == "delete") &&
		!isBinaryOp(p.peek(1)) && p.peek(1).text != "," && p.peek(1).text != ")" && p.peek(1).text != "}":
		p.next()
		v := e.unary()
		if k := typeOf(v); k != "" && t.text == "typeof" {
			return e.r.val(value{kind: vString, off: t.off, f: e.f, text: k})
		}
		if t.text == "await" {
			// Calls of the project's async functions evaluate to what they
			// return, and awaiting any other value gives it back.
			return v
		}
		return e.opaque(t.off, t.text+" expression")
	}
	return e.postfix(e.primary())
}

func (e *evaluator) postfix(v *value) *value {
	p := e.p
	for {
		t := p.tok()
		if e.stop > 0 && t.off >= e.stop {
			return v
		}
		switch {
		case t.kind == tPunct && (t.text == "." || t.text == "?."):
			p.next()
			if t.text == "?." && (p.is("(") || p.is("[")) {
				continue
			}
			n := p.tok()
			if n.kind != tIdent {
				p.fail(n.off, "expected a property name, found %s", describe(n))
			}
			p.next()
			if p.is("(") && t.text == "." && isZodMember(v, n.text) {
				// A zod method or constructor called at once: the member
				// value e.member would make is read by call alone, so it
				// lives on the stack (a file of zod schemas made a third
				// of its values here).
				c := p.tok()
				args := e.args()
				m := value{kind: vMember, off: n.off, f: e.f, recv: v, text: n.text}
				v = e.call(&m, args, c.off)
				continue
			}
			v = e.member(v, n.text, n.off)
		case t.kind == tPunct && t.text == "(":
			args := e.args()
			v = e.call(v, args, t.off)
		case t.kind == tPunct && t.text == "[" && !t.nlBefore:
			p.next()
			k := e.expr()
			p.expect("]")
			if k.kind == vString || k.kind == vNumber {
				v = e.member(v, k.text, k.off)
			} else {
				v = e.opaqueAt(v, "a computed member access")
			}
		case t.kind == tPunct && t.text == "!" && !(p.peek(1).text == "=" && p.peek(1).off == t.off+1):
			p.next()
		case t.kind == tIdent && (t.text == "as" || t.text == "satisfies") && !t.nlBefore:
			p.next()
			if !p.accept("const") {
				p.parseType()
			}
		case t.kind == tPunct && t.text == "<" && v.kind == vMember:
			// Explicit type arguments of a call: `z.object<…>(`.
			k := p.i
			p.typeArgs()
			if !p.is("(") {
				p.i = k
				return v
			}
		case t.kind == tTemplate && !t.nlBefore:
			p.next()
			v = e.opaqueAt(v, "a tagged template")
		default:
			return v
		}
	}
}

// args parses a call's arguments.
func (e *evaluator) args() []*value {
	p := e.p
	p.expect("(")
	// The arguments collect on the resolver's stack (nested calls' above
	// outer ones) and are copied out at their final length.
	base := len(e.r.argStack)
	defer func() { e.r.argStack = e.r.argStack[:base] }()
	for !p.is(")") {
		spread := p.accept("...")
		a := e.expr()
		if spread {
			a = e.r.val(value{kind: a.kind, off: a.off, f: a.f, text: a.text, elems: a.elems, spread: true})
		}
		e.r.argStack = append(e.r.argStack, a)
		if !p.accept(",") {
			break
		}
	}
	p.expect(")")
	n := len(e.r.argStack) - base
	if n == 0 {
		return nil
	}
	if len(e.r.argLists) < n {
		e.r.argLists = make([]*value, max(n, 1024))
	}
	out := e.r.argLists[:n:n]
	e.r.argLists = e.r.argLists[n:]
	copy(out, e.r.argStack[base:])
	return out
}

func (e *evaluator) primary() *value {
	p := e.p
	t := p.tok()
	switch t.kind {
	case tNumber:
		p.next()
		f, ok := numberValue(t.text)
		if !ok {
			return e.opaque(t.off, "numeric literal "+t.text)
		}
		return e.r.val(value{kind: vNumber, off: t.off, f: e.f, text: jsNumber(f)})
	case tString:
		p.next()
		return e.r.val(value{kind: vString, off: t.off, f: e.f, text: t.strValue()})
	case tTemplate:
		p.next()
		s, ok := templateValue(t.text)
		if !ok {
			return e.template(t)
		}
		return e.r.val(value{kind: vString, off: t.off, f: e.f, text: s})
	case tRegex:
		p.next()
		i := strings.LastIndexByte(t.text, '/')
		if i < 1 {
			return e.opaque(t.off, "an unterminated regular expression")
		}
		return e.r.val(value{kind: vRegex, off: t.off, f: e.f, text: t.text[1:i], flags: t.text[i+1:]})
	case tIdent:
		if t.text == "import" && p.peek(1).text == "(" {
			p.next()
			return e.dynamicImport(t.off, e.args())
		}
		return e.identOrKeyword(t)
	}
	switch t.text {
	case "(":
		if e.isArrow() {
			return e.arrow()
		}
		p.next()
		v := e.expr()
		for p.accept(",") { // comma operator: the last value counts
			v = e.expr()
		}
		p.expect(")")
		return v
	case "[":
		return e.array()
	case "{":
		return e.object()
	case "<":
		// A generic arrow `<T>(x: T) => …` or an old-style cast.
		p.typeArgs()
		return e.unary()
	}
	p.fail(t.off, "expected an expression, found %s", describe(t))
	return nil
}

func (e *evaluator) identOrKeyword(t *token) *value {
	p := e.p
	switch t.text {
	case "true", "false":
		p.next()
		return e.r.val(value{kind: vBool, off: t.off, f: e.f, text: t.text})
	case "null":
		p.next()
		return e.r.val(value{kind: vNull, off: t.off, f: e.f})
	case "undefined":
		p.next()
		return e.r.val(value{kind: vUndefined, off: t.off, f: e.f})
	case "function":
		return e.functionExpr()
	case "async":
		if n := p.peek(1); !n.nlBefore && (n.text == "function" || n.text == "(" || n.kind == tIdent && p.peek(2).text == "=>") {
			p.next()
			return e.primary()
		}
	case "new":
		p.next()
		callee := e.primary()
		for p.is(".") {
			p.next()
			callee = e.member(callee, p.ident().text, t.off)
		}
		p.typeArgs()
		name := calleeName(callee)
		if callee.kind == vClass && p.is("(") && e.r.callDepth < maxCallDepth {
			args := e.args()
			e.r.callDepth++
			defer func() { e.r.callDepth-- }()
			return e.r.construct(callee.f, callee.cls, args, 0)
		}
		if callee.kind == vOpaque && name == "Set" && !e.isBound("Set") {
			var args []*value
			if p.is("(") {
				args = e.args()
			}
			return e.newSet(args, t.off)
		}
		if p.is("(") {
			p.skipBalanced()
		}
		return e.opaque(t.off, "new "+name+"(…)")
	case "class":
		p.next()
		for !p.is("{") && p.tok().kind != tEOF {
			p.next()
		}
		p.skipBalanced()
		return e.opaque(t.off, "a class expression")
	}
	if p.peek(1).text == "=>" && !p.peek(1).nlBefore {
		return e.arrow()
	}
	p.next()
	return e.ident(t.text, t.off)
}

func calleeName(v *value) string {
	switch v.kind {
	case vMember:
		return calleeName(v.recv) + "." + v.text
	case vOpaque:
		if fs := strings.Fields(v.text); len(fs) > 0 && !strings.HasPrefix(v.text, "a ") && !strings.HasPrefix(v.text, "an ") && !strings.HasPrefix(v.text, "property ") {
			return fs[0]
		}
	case vZodNS:
		if v.text != "" {
			return "z." + v.text
		}
		return "z"
	case vBuiltin:
		return v.text
	}
	return "…"
}

// isArrow reports whether the '(' at the cursor starts an arrow
// function's parameter list.
func (e *evaluator) isArrow() bool {
	p := e.p
	k := p.matchIndex(p.i)
	if k < 0 {
		return false
	}
	n := p.fill(k + 1)
	return n.text == "=>" || n.text == ":" && !n.nlBefore
}

// arrow skips an arrow function, keeping its body's position.
func (e *evaluator) arrow() *value {
	p := e.p
	off := p.tok().off
	if p.is("(") {
		p.skipBalanced()
	} else {
		p.next() // the single parameter
	}
	if p.accept(":") {
		p.parseReturnType()
	}
	p.expect("=>")
	return e.funcBody(off, off)
}

func (e *evaluator) funcBody(off, params int) *value {
	p := e.p
	fn := &funcVal{body: p.tok().off, params: params, env: e.env}
	if p.is("{") {
		p.skipBalanced()
	} else {
		fn.exprBody = true
		p.skipExpression()
	}
	return e.r.val(value{kind: vFunc, off: off, f: e.f, fn: fn})
}

func (e *evaluator) functionExpr() *value {
	p := e.p
	off := p.tok().off
	p.expect("function")
	p.accept("*")
	if p.tok().kind == tIdent {
		p.next()
	}
	p.typeArgs()
	params := p.tok().off
	p.skipBalanced()
	if p.accept(":") {
		p.parseReturnType()
	}
	return e.funcBody(off, params)
}

func (e *evaluator) array() *value {
	p := e.p
	arr := e.r.val(value{kind: vArray, off: p.tok().off, f: e.f})
	p.expect("[")
	for !p.is("]") {
		if p.is(",") { // a hole
			p.next()
			arr.elems = append(arr.elems, e.r.val(value{kind: vUndefined, off: p.tok().off, f: e.f}))
			continue
		}
		if p.accept("...") {
			v := e.expr()
			if v.kind == vArray {
				arr.elems = append(arr.elems, v.elems...)
			} else {
				arr.elems = append(arr.elems, e.r.val(value{kind: vOpaque, off: v.off, f: v.f, text: "a spread of " + describeValue(v), spread: true}))
			}
		} else {
			arr.elems = append(arr.elems, e.expr())
		}
		if !p.accept(",") {
			break
		}
	}
	p.expect("]")
	return arr
}

func (e *evaluator) object() *value {
	p := e.p
	obj := e.r.val(value{kind: vObject, off: p.tok().off, f: e.f})
	p.expect("{")
	for !p.is("}") {
		e.objectMember(obj)
		if !p.accept(",") {
			break
		}
	}
	p.expect("}")
	return obj
}

func (e *evaluator) objectMember(obj *value) {
	p := e.p
	if p.accept("...") {
		obj.spreadIn(e.expr())
		return
	}
	t := p.tok()
	// Accessors and async or generator methods.
	if (t.text == "get" || t.text == "set" || t.text == "async") && t.kind == tIdent && (isMemberStart(p.peek(1)) || p.peek(1).text == "*") {
		p.next()
	}
	p.accept("*")
	key, off := e.propertyKey()
	switch {
	case p.is(":"):
		p.next()
		obj.props = append(obj.props, vprop{key: key, off: off, v: e.expr()})
	case p.is("(") || p.is("<"):
		p.typeArgs()
		params := p.tok().off
		p.skipBalanced()
		if p.accept(":") {
			p.parseReturnType()
		}
		v := e.funcBody(off, params)
		obj.props = append(obj.props, vprop{key: key, off: off, v: v})
	default: // shorthand `{ name }`, maybe with a default in a pattern
		v := e.ident(key, off)
		if p.accept("=") {
			e.expr()
		}
		obj.props = append(obj.props, vprop{key: key, off: off, v: v})
	}
}

// spreadIn adds the properties of v, spread into the object literal obj;
// a value that is not an object leaves obj incomplete.
func (obj *value) spreadIn(v *value) {
	switch v.kind {
	case vObject:
		obj.props = append(obj.props, v.props...)
		if obj.unknown == nil {
			obj.unknown = v.unknown
		}
	case vNull, vUndefined:
	default:
		if obj.unknown == nil {
			obj.unknown = v
		}
	}
}

// propertyKey reads an object literal's property name.
func (e *evaluator) propertyKey() (string, int) {
	p := e.p
	t := p.tok()
	switch t.kind {
	case tIdent, tString:
		p.next()
		return t.strValue(), t.off
	case tNumber:
		p.next()
		if f, ok := numberValue(t.text); ok {
			return jsNumber(f), t.off
		}
		return t.text, t.off
	}
	if t.text == "[" {
		p.next()
		k := e.expr()
		p.expect("]")
		if k.kind == vString || k.kind == vNumber {
			return k.text, t.off
		}
		p.fail(t.off, "a computed property name that is not a string constant")
	}
	p.fail(t.off, "expected a property name, found %s", describe(t))
	return "", 0
}

// templateValue decodes a template literal without substitutions.
func templateValue(raw string) (string, bool) {
	if len(raw) < 2 || raw[len(raw)-1] != '`' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	if strings.Contains(body, "${") {
		return "", false
	}
	if !strings.Contains(body, `\`) {
		return strings.ReplaceAll(body, "\r\n", "\n"), true
	}
	lx := lexer{src: body}
	var b strings.Builder
	for lx.pos < len(body) {
		if body[lx.pos] == '\\' {
			lx.scanEscape(&b)
			continue
		}
		b.WriteByte(body[lx.pos])
		lx.pos++
	}
	return b.String(), true
}
