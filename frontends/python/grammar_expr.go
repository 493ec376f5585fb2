package python

import "strings"

// gnode is what the grammar check remembers of an expression: enough to
// tell assignment targets from other expressions.
type gnode struct {
	kind  gkind
	off   int
	elems []gnode // tuple, list, starred (one element)
	paren bool
}

type gkind uint8

const (
	gOther gkind = iota
	gName
	gAttr
	gSub
	gTuple
	gList
	gStar
	gCall
	gLiteral
	gCompare
	gLambda
	gNamed
	gYield
	gKeyword // True, False, None
	gEllipsis
	gComp // a comprehension or generator
	gOp   // an operator expression
	gAwait
	gCond
)

func (n gnode) describe() string {
	switch n.kind {
	case gCall:
		return "function call"
	case gLiteral, gKeyword, gEllipsis:
		return "literal"
	case gCompare:
		return "comparison"
	case gLambda:
		return "lambda"
	case gNamed:
		return "named expression"
	case gYield:
		return "yield expression"
	case gComp:
		return "comprehension"
	case gAwait:
		return "await expression"
	case gCond:
		return "conditional expression"
	}
	return "expression"
}

// assignable reports a valid assignment target.
func (n gnode) assignable() bool {
	switch n.kind {
	case gName, gAttr, gSub:
		return true
	case gStar:
		return !n.paren && n.elems[0].assignable()
	case gTuple, gList:
		stars := 0
		for _, e := range n.elems {
			if e.kind == gStar {
				stars++
			}
			if !e.assignable() {
				return false
			}
		}
		return stars <= 1
	}
	return false
}

func (n gnode) singleTarget() bool {
	return n.kind == gName || n.kind == gAttr || n.kind == gSub
}

// gparser checks one expression-bearing token range.
type gparser struct {
	g    *gchecker
	toks []token
	i    int
}

func (p *gparser) peek() (token, bool) {
	if p.i < len(p.toks) {
		return p.toks[p.i], true
	}
	return token{}, false
}

func (p *gparser) atEnd() bool { return p.i >= len(p.toks) }

func (p *gparser) peekOp(op string) bool {
	t, ok := p.peek()
	return ok && t.is(op)
}

func (p *gparser) peekName(n string) bool {
	t, ok := p.peek()
	return ok && t.isName(n)
}

func (p *gparser) accept(op string) bool {
	if p.peekOp(op) {
		p.i++
		return true
	}
	return false
}

func (p *gparser) acceptName(n string) bool {
	if p.peekName(n) {
		p.i++
		return true
	}
	return false
}

func (p *gparser) failHere(msg string) {
	if t, ok := p.peek(); ok {
		p.g.fail(t.off, msg)
	}
	off := len(p.g.src)
	if len(p.toks) > 0 {
		off = nextTokenAt(p.g.src, p.toks[len(p.toks)-1].end)
	}
	p.g.fail(off, msg)
}

// nextTokenAt skips the blanks and line continuations after off, to
// where CPython's next token (a comment or the NEWLINE, at the end of a
// line) starts: an error at the end of `class X(Y) ` is one column past
// the blank.
func nextTokenAt(src string, off int) int {
	for off < len(src) {
		switch {
		case src[off] == ' ' || src[off] == '\t' || src[off] == '\f':
			off++
		case strings.HasPrefix(src[off:], "\\\n"):
			off += 2
		default:
			return off
		}
	}
	return off
}

func (p *gparser) failAt(off int, msg string) { p.g.fail(off, msg) }

func (p *gparser) expectOp(op string) {
	if !p.accept(op) {
		p.failHere("expected '" + op + "'")
	}
}

func (p *gparser) expect(name string) {
	if !p.acceptName(name) {
		p.failHere("expected '" + name + "'")
	}
}

func (p *gparser) end() {
	if !p.atEnd() {
		p.failHere("invalid syntax")
	}
}

// try runs f and reports whether it parsed without error; on failure
// the position is restored.
func (p *gparser) try(f func()) (ok bool) {
	save := p.i
	defer func() {
		if r := recover(); r != nil {
			if _, isErr := r.(grammarError); !isErr {
				panic(r)
			}
			p.i, ok = save, false
		}
	}()
	f()
	return true
}

func (p *gparser) name() int {
	t, ok := p.peek()
	if !ok || t.kind != tkName || pyKeywords[t.text] {
		p.failHere("invalid syntax")
	}
	p.i++
	return t.off
}

// starExpressionsOrYield: a yield expression or star_expressions.
func (p *gparser) starExpressionsOrYield() gnode {
	if p.peekName("yield") {
		return p.yieldExpr()
	}
	return p.starExpressions()
}

func (p *gparser) yieldExpr() gnode {
	t := p.toks[p.i]
	p.i++
	if p.acceptName("from") {
		p.expression()
	} else if !p.atEnd() && !p.peekOp(")") && !p.peekOp("=") && !p.peekOp("]") && !p.peekOp("}") {
		p.starExpressions()
	}
	return gnode{kind: gYield, off: t.off}
}

// starExpressions: a, *b, c [,] — a tuple when there is a comma.
func (p *gparser) starExpressions() gnode {
	return p.sequence(p.starExpression, func() bool {
		t, ok := p.peek()
		return !ok || t.is("=") || t.is(")") || t.is(":") || p.peekAugAssign() || t.is("]") || t.is("}") || t.is(";")
	})
}

func (p *gparser) starNamedExpressions() gnode {
	return p.sequence(p.starNamedExpression, func() bool {
		t, ok := p.peek()
		return !ok || t.is(")") || t.is("]") || t.is("}") || t.is(":")
	})
}

func (p *gparser) sequence(item func() gnode, stop func() bool) gnode {
	first := item()
	if !p.peekOp(",") {
		return first
	}
	tup := gnode{kind: gTuple, off: first.off, elems: []gnode{first}}
	for p.accept(",") {
		if stop() {
			break
		}
		tup.elems = append(tup.elems, item())
	}
	return tup
}

func (p *gparser) starExpression() gnode {
	if t, ok := p.peek(); ok && t.is("*") {
		p.i++
		return gnode{kind: gStar, off: t.off, elems: []gnode{p.bitOr()}}
	}
	return p.expression()
}

func (p *gparser) starNamedExpression() gnode {
	if t, ok := p.peek(); ok && t.is("*") {
		p.i++
		return gnode{kind: gStar, off: t.off, elems: []gnode{p.bitOr()}}
	}
	return p.namedExpression()
}

// namedExpression: NAME := expression, or an expression.
func (p *gparser) namedExpression() gnode {
	if t, ok := p.peek(); ok && t.kind == tkName && p.i+1 < len(p.toks) && p.toks[p.i+1].is(":=") {
		p.name()
		p.i++
		p.expression()
		return gnode{kind: gNamed, off: t.off}
	}
	n := p.expression()
	if p.peekOp(":=") {
		p.failHere("cannot use assignment expressions with " + n.describe())
	}
	return n
}

// expression: lambda, or a disjunction with an optional `if … else …`.
func (p *gparser) expression() gnode {
	t, ok := p.peek()
	if !ok {
		p.failHere("invalid syntax")
	}
	if t.isName("lambda") {
		p.i++
		p.params(":", false)
		p.expectOp(":")
		p.expression()
		return gnode{kind: gLambda, off: t.off}
	}
	n := p.disjunction()
	if p.acceptName("if") {
		p.disjunction()
		if !p.acceptName("else") {
			p.failHere("expected 'else' after 'if' expression")
		}
		p.expression()
		return gnode{kind: gCond, off: n.off}
	}
	return n
}

func (p *gparser) disjunction() gnode {
	n := p.conjunction()
	for p.acceptName("or") {
		p.conjunction()
		n = gnode{kind: gOp, off: n.off}
	}
	return n
}

func (p *gparser) conjunction() gnode {
	n := p.inversion()
	for p.acceptName("and") {
		p.inversion()
		n = gnode{kind: gOp, off: n.off}
	}
	return n
}

func (p *gparser) inversion() gnode {
	if t, ok := p.peek(); ok && t.isName("not") {
		p.i++
		p.inversion()
		return gnode{kind: gOp, off: t.off}
	}
	return p.comparison()
}

func (p *gparser) comparison() gnode {
	n := p.bitOr()
	for {
		t, ok := p.peek()
		if !ok {
			return n
		}
		switch {
		case t.kind == tkOp && (t.text == "==" || t.text == "!=" || t.text == "<" || t.text == "<=" || t.text == ">" || t.text == ">="):
			p.i++
		case t.isName("in"):
			p.i++
		case t.isName("not") && p.i+1 < len(p.toks) && p.toks[p.i+1].isName("in"):
			p.i += 2
		case t.isName("is"):
			p.i++
			p.acceptName("not")
		default:
			return n
		}
		p.bitOr()
		n = gnode{kind: gCompare, off: n.off}
	}
}

// binaryLevels are the binary operators from loosest to tightest.
var binaryLevels = [][]string{{"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "//", "%", "@"}}

func (p *gparser) bitOr() gnode { return p.binary(0) }

func (p *gparser) binary(level int) gnode {
	if level == len(binaryLevels) {
		return p.factor()
	}
	n := p.binary(level + 1)
	for {
		t, ok := p.peek()
		if !ok || t.kind != tkOp || !contains(binaryLevels[level], t.text) {
			return n
		}
		p.i++
		p.binary(level + 1)
		n = gnode{kind: gOp, off: n.off}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (p *gparser) factor() gnode {
	if t, ok := p.peek(); ok && (t.is("+") || t.is("-") || t.is("~")) {
		p.i++
		p.factor()
		return gnode{kind: gOp, off: t.off}
	}
	return p.power()
}

func (p *gparser) power() gnode {
	var n gnode
	if t, ok := p.peek(); ok && t.isName("await") {
		p.i++
		p.primary()
		n = gnode{kind: gAwait, off: t.off}
	} else {
		n = p.primary()
	}
	if p.accept("**") {
		p.factor()
		return gnode{kind: gOp, off: n.off}
	}
	return n
}

// primary: an atom and its trailers.
func (p *gparser) primary() gnode {
	n := p.atom()
	for {
		switch {
		case p.accept("."):
			p.name()
			n = gnode{kind: gAttr, off: n.off}
		case p.accept("("):
			p.callArgs()
			n = gnode{kind: gCall, off: n.off}
		case p.accept("["):
			p.slices()
			p.expectOp("]")
			n = gnode{kind: gSub, off: n.off}
		default:
			return n
		}
	}
}

func (p *gparser) atom() gnode {
	t, ok := p.peek()
	if !ok {
		p.failHere("invalid syntax")
	}
	switch t.kind {
	case tkName:
		switch t.text {
		case "True", "False", "None":
			p.i++
			return gnode{kind: gKeyword, off: t.off}
		}
		if pyKeywords[t.text] {
			p.failHere("invalid syntax")
		}
		p.i++
		return gnode{kind: gName, off: t.off}
	case tkNumber:
		p.i++
		return gnode{kind: gLiteral, off: t.off}
	case tkString:
		for p.i < len(p.toks) && p.toks[p.i].kind == tkString {
			p.i++
		}
		return gnode{kind: gLiteral, off: t.off}
	}
	switch t.text {
	case "...":
		p.i++
		return gnode{kind: gEllipsis, off: t.off}
	case "(":
		return p.group()
	case "[":
		return p.listDisplay()
	case "{":
		return p.dictOrSet()
	}
	p.failHere("invalid syntax")
	return gnode{}
}

// group: (), (yield …), (x), (x for …), (a, b).
func (p *gparser) group() gnode {
	open := p.toks[p.i]
	p.i++
	if p.accept(")") {
		return gnode{kind: gTuple, off: open.off}
	}
	if p.peekName("yield") {
		n := p.yieldExpr()
		p.expectOp(")")
		return n
	}
	first := p.starNamedExpression()
	if p.peekName("for") || p.peekName("async") {
		p.compFor()
		p.expectOp(")")
		return gnode{kind: gComp, off: open.off}
	}
	if !p.peekOp(",") {
		p.expectOp(")")
		if first.kind == gStar {
			p.failAt(first.off, "cannot use starred expression here")
		}
		first.paren = true
		return first
	}
	tup := gnode{kind: gTuple, off: open.off, elems: []gnode{first}}
	for p.accept(",") {
		if p.peekOp(")") {
			break
		}
		tup.elems = append(tup.elems, p.starNamedExpression())
	}
	p.expectOp(")")
	return tup
}

func (p *gparser) listDisplay() gnode {
	open := p.toks[p.i]
	p.i++
	l := gnode{kind: gList, off: open.off}
	if p.accept("]") {
		return l
	}
	first := p.starNamedExpression()
	if p.peekName("for") || p.peekName("async") {
		p.compFor()
		p.expectOp("]")
		return gnode{kind: gComp, off: open.off}
	}
	l.elems = append(l.elems, first)
	for p.accept(",") {
		if p.peekOp("]") {
			break
		}
		l.elems = append(l.elems, p.starNamedExpression())
	}
	p.expectOp("]")
	return l
}

func (p *gparser) dictOrSet() gnode {
	open := p.toks[p.i]
	p.i++
	if p.accept("}") {
		return gnode{kind: gLiteral, off: open.off}
	}
	dict := false
	if p.accept("**") {
		dict = true
		p.bitOr()
	} else {
		first := p.starNamedExpression()
		if p.accept(":") {
			if first.kind == gStar {
				p.failAt(first.off, "cannot use a starred expression in a dictionary value")
			}
			dict = true
			p.expression()
		}
		if p.peekName("for") || p.peekName("async") {
			p.compFor()
			p.expectOp("}")
			return gnode{kind: gComp, off: open.off}
		}
	}
	for p.accept(",") {
		if p.peekOp("}") {
			break
		}
		if dict {
			if p.accept("**") {
				p.bitOr()
				continue
			}
			p.expression()
			p.expectOp(":")
			p.expression()
		} else {
			p.starNamedExpression()
		}
	}
	p.expectOp("}")
	return gnode{kind: gLiteral, off: open.off}
}

// compFor: [async] for targets in disjunction (if disjunction)* …
func (p *gparser) compFor() {
	for p.peekName("for") || p.peekName("async") {
		p.acceptName("async")
		p.expect("for")
		p.target(true)
		p.expect("in")
		p.disjunction()
		for p.acceptName("if") {
			p.disjunction()
		}
	}
}

// target reads assignment targets (for loops, with … as, comprehensions).
func (p *gparser) target(multi bool) {
	var n gnode
	if multi {
		n = p.sequence(p.targetItem, func() bool {
			return p.peekName("in") || p.peekOp(")") || p.peekOp("]") || p.peekOp(":")
		})
	} else {
		n = p.targetItem()
	}
	if !n.assignable() {
		p.failAt(n.off, "cannot assign to "+n.describe())
	}
}

func (p *gparser) targetItem() gnode {
	if t, ok := p.peek(); ok && t.is("*") {
		p.i++
		return gnode{kind: gStar, off: t.off, elems: []gnode{p.bitOr()}}
	}
	return p.bitOr()
}

func (p *gparser) delTargets() {
	n := p.sequence(p.bitOrNode, func() bool { return p.atEnd() || p.peekOp(";") })
	check := func(e gnode) bool {
		return e.kind == gName || e.kind == gAttr || e.kind == gSub || e.kind == gTuple || e.kind == gList
	}
	if !check(n) {
		p.failAt(n.off, "cannot delete "+n.describe())
	}
	for _, e := range n.elems {
		if !check(e) {
			p.failAt(e.off, "cannot delete "+e.describe())
		}
	}
}

func (p *gparser) bitOrNode() gnode { return p.bitOr() }

// callArgs reads call arguments up to and including ')'.
func (p *gparser) callArgs() {
	if p.accept(")") {
		return
	}
	// After a keyword argument (or **), a positional argument is an
	// error CPython reports at the token after the arguments that follow
	// (invalid_arguments: args ',' args).
	keyword, unpacking, misplaced := false, false, false
	for {
		switch t, _ := p.peek(); {
		case t.is("*"), t.is("**"):
			p.i++
			p.expression()
			if t.is("**") {
				keyword, unpacking = true, true
			}
		case t.kind == tkName && p.i+1 < len(p.toks) && p.toks[p.i+1].is("="):
			p.name()
			p.i++
			p.expression()
			keyword = true
		default:
			p.namedExpression()
			if p.peekName("for") || p.peekName("async") {
				p.compFor()
			} else if keyword {
				misplaced = true
			}
		}
		if misplaced && (!p.peekOp(",") || p.i+1 < len(p.toks) && p.toks[p.i+1].is(")")) {
			if p.peekOp(",") {
				p.i++ // CPython has looked past a trailing comma
			}
			msg := "positional argument follows keyword argument"
			if unpacking {
				msg += " unpacking"
			}
			p.failHere(msg)
		}
		if !p.accept(",") {
			break
		}
		if p.peekOp(")") {
			break
		}
	}
	p.expectOp(")")
}

// slices reads the inside of x[…].
func (p *gparser) slices() {
	for {
		p.slice()
		if !p.accept(",") || p.peekOp("]") {
			return
		}
	}
}

func (p *gparser) slice() {
	if p.peekOp("*") {
		p.starExpression()
		return
	}
	if !p.peekOp(":") {
		p.namedExpression()
		if !p.peekOp(":") {
			return
		}
	}
	p.i++ // first colon
	if !p.peekOp(":") && !p.peekOp("]") && !p.peekOp(",") {
		p.expression()
	}
	if p.accept(":") && !p.peekOp("]") && !p.peekOp(",") {
		p.expression()
	}
}

// params reads a def's (annotations allowed) or a lambda's parameters up
// to the closing token.
func (p *gparser) params(close string, annotated bool) {
	seenDefault, star, kwargs, slash := false, false, false, false
	for !p.peekOp(close) {
		if kwargs {
			p.failHere("arguments cannot follow var-keyword argument")
		}
		switch {
		case p.accept("/"):
			if slash || star || p.i == 1 {
				p.failHere("invalid syntax")
			}
			slash = true
		case p.accept("**"):
			p.name()
			p.annotation(annotated, false)
			kwargs = true
		case p.accept("*"):
			if star {
				p.failHere("* argument may appear only once")
			}
			star = true
			if p.peekOp(",") {
				if p.i+1 < len(p.toks) && p.toks[p.i+1].is(close) {
					p.failHere("named arguments must follow bare *")
				}
				break
			}
			if p.peekOp(close) {
				p.failHere("named arguments must follow bare *")
			}
			p.name()
			p.annotation(annotated, true)
		default:
			p.name()
			p.annotation(annotated, false)
			if p.accept("=") {
				p.expression()
				seenDefault = seenDefault || !star
			} else if seenDefault && !star {
				p.failHere("parameter without a default follows parameter with a default")
			}
		}
		if !p.accept(",") {
			break
		}
	}
}

func (p *gparser) annotation(annotated, starred bool) {
	if annotated && p.accept(":") {
		if starred && p.peekOp("*") {
			p.starExpression()
			return
		}
		p.expression()
	}
}

// typeParams reads [T, *Ts, **P, T: bound = default].
func (p *gparser) typeParams() {
	p.expectOp("[")
	for !p.peekOp("]") {
		if !p.accept("*") {
			p.accept("**")
		}
		p.name()
		if p.accept(":") {
			p.expression()
		}
		if p.accept("=") {
			p.starExpression()
		}
		if !p.accept(",") {
			break
		}
	}
	p.expectOp("]")
}

func (p *gparser) importNames() {
	for {
		p.dotted()
		if p.acceptName("as") {
			p.name()
		}
		if !p.accept(",") {
			return
		}
	}
}

func (p *gparser) dotted() {
	p.name()
	for p.accept(".") {
		p.name()
	}
}

func (p *gparser) fromImport() {
	dots := 0
	for p.peekOp(".") || p.peekOp("...") {
		dots++
		p.i++
	}
	if !p.peekName("import") || dots == 0 {
		p.dotted()
	}
	p.expect("import")
	if p.accept("*") {
		return
	}
	parens := p.accept("(")
	for {
		p.name()
		if p.acceptName("as") {
			p.name()
		}
		if !p.accept(",") {
			break
		}
		if parens && p.peekOp(")") {
			break
		}
		if !parens && p.atEnd() {
			p.failHere("trailing comma not allowed without surrounding parentheses")
		}
	}
	if parens {
		p.expectOp(")")
	}
}

// patterns reads a case clause's patterns (PEP 634).
func (p *gparser) patterns() {
	p.maybeStarPattern()
	if p.peekOp(",") {
		for p.accept(",") {
			if p.peekOp(":") || p.peekName("if") {
				break
			}
			p.maybeStarPattern()
		}
	}
}

func (p *gparser) maybeStarPattern() {
	if p.accept("*") {
		p.name()
		return
	}
	p.pattern()
}

func (p *gparser) pattern() {
	p.closedPattern()
	for p.accept("|") {
		p.closedPattern()
	}
	if p.acceptName("as") {
		p.name()
	}
}

func (p *gparser) closedPattern() {
	t, ok := p.peek()
	if !ok {
		p.failHere("invalid syntax")
	}
	switch {
	case t.is("-") || t.kind == tkNumber:
		p.accept("-")
		if t2, ok := p.peek(); !ok || t2.kind != tkNumber {
			p.failHere("invalid syntax")
		}
		p.i++
		if p.accept("+") || p.accept("-") {
			if t2, ok := p.peek(); !ok || t2.kind != tkNumber {
				p.failHere("invalid syntax")
			}
			p.i++
		}
	case t.kind == tkString:
		for p.i < len(p.toks) && p.toks[p.i].kind == tkString {
			p.i++
		}
	case t.isName("None") || t.isName("True") || t.isName("False"):
		p.i++
	case t.kind == tkName:
		p.dotted()
		if p.accept("(") {
			p.classPatternArgs()
		}
	case t.is("("):
		p.i++
		if p.accept(")") {
			return
		}
		p.maybeStarPattern()
		for p.accept(",") {
			if p.peekOp(")") {
				break
			}
			p.maybeStarPattern()
		}
		p.expectOp(")")
	case t.is("["):
		p.i++
		for !p.peekOp("]") {
			p.maybeStarPattern()
			if !p.accept(",") {
				break
			}
		}
		p.expectOp("]")
	case t.is("{"):
		p.i++
		for !p.peekOp("}") {
			if p.accept("**") {
				p.name()
				p.accept(",")
				break
			}
			p.closedPattern() // a literal or value key
			p.expectOp(":")
			p.pattern()
			if !p.accept(",") {
				break
			}
		}
		p.expectOp("}")
	default:
		p.failHere("invalid syntax")
	}
}

func (p *gparser) classPatternArgs() {
	for !p.peekOp(")") {
		if t, ok := p.peek(); ok && t.kind == tkName && p.i+1 < len(p.toks) && p.toks[p.i+1].is("=") {
			p.i += 2
		}
		p.pattern()
		if !p.accept(",") {
			break
		}
	}
	p.expectOp(")")
}
