package python

import "strconv"

// The grammar check reads every statement of a file, bodies included,
// against Python's grammar (3.8–3.13), so a file CPython's parser refuses
// is refused here too, at the line CPython names. It works on the
// tokenizer's logical lines: blocks from their indentation, statements
// from their tokens. F-string replacement fields are checked by the
// tokenizer only; errors CPython raises after parsing (a `return` outside
// a function, duplicate arguments) are not grammar errors and pass, as
// they pass ast.parse.

// pyKeywords are the hard keywords: never names.
var pyKeywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true, "await": true,
	"break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true, "else": true, "except": true,
	"finally": true, "for": true, "from": true, "global": true, "if": true, "import": true, "in": true, "is": true,
	"lambda": true, "nonlocal": true, "not": true, "or": true, "pass": true, "raise": true, "return": true, "try": true,
	"while": true, "with": true, "yield": true,
}

// grammarError is a syntax error found by the grammar check.
type grammarError struct {
	off int
	msg string
}

// checkGrammar checks a tokenized file. It returns the first error.
func checkGrammar(src string, lines []logicalLine) (err *lexError) {
	defer func() {
		if r := recover(); r != nil {
			ge, ok := r.(grammarError)
			if !ok {
				panic(r)
			}
			err = &lexError{off: ge.off, msg: ge.msg}
		}
	}()
	g := &gchecker{src: src, lines: lines}
	if len(lines) > 0 && lines[0].indent > 0 {
		g.failIndent(lines[0].toks[0].off)
	}
	end := g.block(0, 0, false)
	if end < len(lines) {
		g.failDedent(lines[end].toks[0].off)
	}
	return nil
}

type gchecker struct {
	src   string
	lines []logicalLine
}

func (g *gchecker) fail(off int, msg string) { panic(grammarError{off: off, msg: msg}) }

// failIndent reports an unexpected indent where CPython's tokenizer does:
// at the last character of the indentation.
func (g *gchecker) failIndent(first int) { g.fail(first-1, "unexpected indent") }

// failDedent reports a dedent to no outer level where CPython's tokenizer
// does: at the end of the line.
func (g *gchecker) failDedent(first int) {
	g.fail(skipToEOL(g.src, first), "unindent does not match any outer indentation level")
}

// block checks the statements at one indentation from line i and returns
// the first line after them. inMatch says the block is a match body
// (case clauses only).
func (g *gchecker) block(i, indent int, inMatch bool) int {
	prev := "" // the clause a following elif/else/except/finally may continue
	for i < len(g.lines) {
		ln := g.lines[i]
		switch {
		case ln.indent < indent:
			return i
		case ln.indent > indent:
			g.failIndent(ln.toks[0].off)
		}
		i, prev = g.statement(i, indent, prev, inMatch)
	}
	return i
}

// body checks the suite after a compound header whose colon is at
// toks[colon]: the rest of the line, or an indented block.
func (g *gchecker) body(i int, toks []token, colon int, what string, inMatch bool) int {
	if colon+1 < len(toks) {
		if inMatch {
			g.fail(toks[colon+1].off, "invalid syntax")
		}
		g.simpleLine(toks[colon+1:])
		return i + 1
	}
	indent := g.lines[i].indent
	if i+1 >= len(g.lines) || g.lines[i+1].indent <= indent {
		off := len(g.src)
		if i+1 < len(g.lines) {
			off = g.lines[i+1].toks[0].off
		}
		line := 1
		for _, c := range g.src[:toks[0].off] {
			if c == '\n' {
				line++
			}
		}
		g.fail(off, "expected an indented block after "+what+" on line "+strconv.Itoa(line))
	}
	end := g.block(i+1, g.lines[i+1].indent, inMatch)
	if end < len(g.lines) && g.lines[end].indent > indent {
		g.failDedent(g.lines[end].toks[0].off)
	}
	return end
}

// statement checks the statement at line i; it returns the next line and
// the clause kind later lines may continue.
func (g *gchecker) statement(i, indent int, prev string, inMatch bool) (int, string) {
	toks := g.lines[i].toks
	t := toks[0]
	if inMatch {
		if !t.isName("case") {
			g.fail(t.off, "expected 'case'")
		}
		colon := g.header(toks, 1, g.casePattern)
		return g.body(i, toks, colon, "'case' statement", false), ""
	}
	kw := ""
	if t.kind == tkName {
		kw = t.text
	}
	switch kw {
	case "if", "while":
		colon := g.header(toks, 1, g.namedExpr)
		return g.body(i, toks, colon, "'"+kw+"' statement", false), kw
	case "elif":
		if prev != "if" {
			g.fail(t.off, "invalid syntax")
		}
		colon := g.header(toks, 1, g.namedExpr)
		return g.body(i, toks, colon, "'elif' statement", false), "if"
	case "else":
		if prev != "if" && prev != "for" && prev != "while" && prev != "except" {
			g.fail(t.off, "invalid syntax")
		}
		colon := g.header(toks, 1, nil)
		next := ""
		if prev == "except" {
			next = "tryelse"
		}
		return g.body(i, toks, colon, "'else' statement", false), next
	case "for":
		colon := g.header(toks, 1, g.forHeader)
		return g.body(i, toks, colon, "'for' statement", false), "for"
	case "try":
		colon := g.header(toks, 1, nil)
		end := g.body(i, toks, colon, "'try' statement", false)
		if end >= len(g.lines) || g.lines[end].indent != indent || !(g.lines[end].toks[0].isName("except") || g.lines[end].toks[0].isName("finally")) {
			off := len(g.src)
			if end < len(g.lines) {
				off = g.lines[end].toks[0].off
			}
			g.fail(off, "expected 'except' or 'finally' block")
		}
		return end, "try"
	case "except":
		if prev != "try" && prev != "except" {
			g.fail(t.off, "invalid syntax")
		}
		colon := g.header(toks, 1, g.exceptHeader)
		return g.body(i, toks, colon, "'except' statement", false), "except"
	case "finally":
		if prev != "try" && prev != "except" && prev != "tryelse" {
			g.fail(t.off, "invalid syntax")
		}
		colon := g.header(toks, 1, nil)
		return g.body(i, toks, colon, "'finally' statement", false), ""
	case "with":
		colon := g.header(toks, 1, g.withHeader)
		return g.body(i, toks, colon, "'with' statement", false), ""
	case "def":
		colon := g.defHeader(toks, 0)
		return g.body(i, toks, colon, "function definition", false), ""
	case "class":
		colon := g.classHeader(toks)
		return g.body(i, toks, colon, "class definition", false), ""
	case "async":
		if len(toks) > 1 {
			switch {
			case toks[1].isName("def"):
				colon := g.defHeader(toks, 1)
				return g.body(i, toks, colon, "function definition", false), ""
			case toks[1].isName("for"):
				colon := g.header(toks, 2, g.forHeader)
				return g.body(i, toks, colon, "'for' statement", false), "for"
			case toks[1].isName("with"):
				colon := g.header(toks, 2, g.withHeader)
				return g.body(i, toks, colon, "'with' statement", false), ""
			}
		}
		g.fail(t.off, "invalid syntax")
	case "match":
		if colon, ok := g.matchHeader(toks); ok {
			if colon+1 < len(toks) {
				g.fail(toks[colon+1].off, "invalid syntax")
			}
			return g.body(i, toks, colon, "'match' statement", true), ""
		}
	}
	if t.is("@") {
		p := &gparser{g: g, toks: toks, i: 1}
		p.namedExpression()
		p.end()
		if i+1 < len(g.lines) && g.lines[i+1].indent > indent {
			g.failIndent(g.lines[i+1].toks[0].off)
		}
		if i+1 >= len(g.lines) || g.lines[i+1].indent != indent {
			off := len(g.src)
			if i+1 < len(g.lines) {
				off = g.lines[i+1].toks[0].off
			}
			g.fail(off, "invalid syntax")
		}
		next := g.lines[i+1].toks
		k := 0
		if next[0].isName("async") {
			k = 1
		}
		if !next[0].is("@") && !(k < len(next) && (next[k].isName("def") || next[k].isName("class") && k == 0)) {
			g.fail(next[0].off, "invalid syntax")
		}
		return i + 1, ""
	}
	g.simpleLine(toks)
	return i + 1, ""
}

// header checks `kw … :` from toks[start] with check (nil: nothing
// between) and returns the colon's index.
func (g *gchecker) header(toks []token, start int, check func(*gparser)) int {
	p := &gparser{g: g, toks: toks, i: start}
	if check != nil {
		check(p)
	}
	if !p.accept(":") {
		p.failHere("expected ':'")
	}
	return p.i - 1
}

func (g *gchecker) namedExpr(p *gparser) { p.namedExpression() }

func (g *gchecker) forHeader(p *gparser) {
	p.target(true)
	p.expect("in")
	p.starExpressions()
}

func (g *gchecker) exceptHeader(p *gparser) {
	p.accept("*")
	if p.peekOp(":") {
		return
	}
	p.expression()
	if p.peekOp(",") { // except A, B: is Python 2 (3.14 allows it unparenthesized)
		p.failHere("multiple exception types must be parenthesized")
	}
	if p.acceptName("as") {
		p.name()
	}
}

func (g *gchecker) withHeader(p *gparser) {
	// `with (a as b, c):` (3.9+) or `with a as b, c:`; a parenthesised
	// expression is also just an expression.
	if p.peekOp("(") {
		save := p.i
		if ok := p.try(func() { p.withItems(true) }); ok && p.peekOp(":") {
			return
		}
		p.i = save
	}
	p.withItems(false)
}

func (p *gparser) withItems(parens bool) {
	if parens {
		p.expectOp("(")
	}
	for {
		p.expression()
		if p.acceptName("as") {
			p.target(false)
		}
		if !p.accept(",") {
			break
		}
		if parens && p.peekOp(")") {
			break
		}
	}
	if parens {
		p.expectOp(")")
	}
}

// defHeader checks `[async] def name[T](params) [-> ann]:`.
func (g *gchecker) defHeader(toks []token, k int) int {
	p := &gparser{g: g, toks: toks, i: k + 1}
	p.name()
	if p.peekOp("[") {
		p.typeParams()
	}
	p.expectOp("(")
	p.params(")", true)
	p.expectOp(")")
	if p.accept("->") {
		p.expression()
	}
	if !p.accept(":") {
		p.failHere("expected ':'")
	}
	return p.i - 1
}

func (g *gchecker) classHeader(toks []token) int {
	p := &gparser{g: g, toks: toks, i: 1}
	p.name()
	if p.peekOp("[") {
		p.typeParams()
	}
	if p.accept("(") {
		p.callArgs()
	}
	if !p.accept(":") {
		p.failHere("expected ':'")
	}
	return p.i - 1
}

// matchHeader recognises `match subject:`; match is a soft keyword, so a
// line that does not parse as a match header is some other statement.
func (g *gchecker) matchHeader(toks []token) (int, bool) {
	if len(toks) < 3 || !toks[len(toks)-1].is(":") {
		return 0, false
	}
	p := &gparser{g: g, toks: toks[:len(toks)-1], i: 1}
	ok := p.try(func() {
		p.starNamedExpressions()
		p.end()
	})
	return len(toks) - 1, ok
}

func (g *gchecker) casePattern(p *gparser) {
	p.patterns()
	if p.acceptName("if") {
		p.namedExpression()
	}
}

// simpleLine checks `stmt; stmt; …` on one logical line.
func (g *gchecker) simpleLine(toks []token) {
	start := 0
	for _, i := range semicolons(toks) {
		if i == start {
			g.fail(toks[i].off, "invalid syntax") // an empty statement
		}
		g.simple(toks[start:i])
		start = i + 1
	}
	if start < len(toks) {
		g.simple(toks[start:])
	}
}

// compoundWords may not start a simple statement.
var compoundWords = map[string]bool{"if": true, "elif": true, "else": true, "while": true, "for": true, "try": true,
	"except": true, "finally": true, "with": true, "def": true, "class": true}

// simple checks one simple statement.
func (g *gchecker) simple(toks []token) {
	p := &gparser{g: g, toks: toks}
	t := toks[0]
	if t.kind == tkName {
		switch t.text {
		case "pass", "break", "continue":
			p.i = 1
			p.end()
			return
		case "return":
			p.i = 1
			if !p.atEnd() {
				p.starExpressions()
			}
			p.end()
			return
		case "raise":
			p.i = 1
			if !p.atEnd() {
				p.expression()
				if p.acceptName("from") {
					p.expression()
				}
			}
			p.end()
			return
		case "global", "nonlocal":
			p.i = 1
			p.name()
			for p.accept(",") {
				p.name()
			}
			p.end()
			return
		case "del":
			p.i = 1
			p.delTargets()
			p.end()
			return
		case "assert":
			p.i = 1
			p.expression()
			if p.accept(",") {
				p.expression()
			}
			p.end()
			return
		case "import":
			p.i = 1
			p.importNames()
			p.end()
			return
		case "from":
			p.i = 1
			p.fromImport()
			p.end()
			return
		case "type":
			if len(toks) > 2 && toks[1].kind == tkName && !pyKeywords[toks[1].text] && (toks[2].is("=") || toks[2].is("[")) {
				p.i = 2
				if p.peekOp("[") {
					p.typeParams()
				}
				p.expectOp("=")
				p.expression()
				p.end()
				return
			}
		}
		if compoundWords[t.text] {
			g.fail(t.off, "invalid syntax")
		}
		if (t.text == "print" || t.text == "exec") && len(toks) > 1 && !toks[1].is("(") {
			if !p.try(p.exprStatement) {
				g.legacyStatement(toks)
			}
			return
		}
	}
	p.exprStatement()
}

// legacyStatement reports a Python 2 `print x` or `exec code` the way
// CPython does (invalid_legacy_expression: NAME !'(' star_expressions),
// at the name; when what follows is no expression either, the statement's
// own error stands.
func (g *gchecker) legacyStatement(toks []token) {
	rest := &gparser{g: g, toks: toks, i: 1}
	if rest.try(func() { rest.starExpressions() }) {
		g.fail(toks[0].off, "Missing parentheses in call to '"+toks[0].text+"'. Did you mean "+toks[0].text+"(...)?")
	}
	(&gparser{g: g, toks: toks}).exprStatement()
}

// exprStatement checks expression statements and assignments.
func (p *gparser) exprStatement() {
	first := p.starExpressionsOrYield()
	switch {
	case p.atEnd():
		return
	case p.peekOp(":"): // annotated assignment
		if !first.singleTarget() {
			p.failHere("only single target (not tuple) can be annotated")
		}
		p.i++
		p.expression()
		if p.accept("=") {
			p.starExpressionsOrYield()
		}
		p.end()
		return
	case p.peekAugAssign():
		if !first.singleTarget() {
			p.failAt(first.off, "'"+first.describe()+"' is an illegal expression for augmented assignment")
		}
		p.i++
		p.starExpressionsOrYield()
		p.end()
		return
	}
	last := first
	for p.accept("=") {
		if !last.assignable() {
			p.failAt(last.off, "cannot assign to "+last.describe())
		}
		last = p.starExpressionsOrYield()
	}
	p.end()
}

func (p *gparser) peekAugAssign() bool {
	t, ok := p.peek()
	if !ok || t.kind != tkOp || len(t.text) < 2 || t.text[len(t.text)-1] != '=' {
		return false
	}
	switch t.text {
	case "==", "!=", "<=", ">=":
		return false
	}
	return true
}
