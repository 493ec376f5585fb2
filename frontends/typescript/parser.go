package typescript

import (
	"fmt"
	"strings"
)

// parsed is what the declaration parser extracts from one file.
type parsed struct {
	decls   []*decl
	funcs   []*funcDecl
	imports map[string]importBinding
	exports map[string]exportBinding
	stars   []starExport
	errs    []parseError
	// consts are the const/let/var declarations with initializers, by
	// name (a name declared in several scopes has several); constList
	// keeps them in source order.
	consts    map[string][]*constDecl
	constList []*constDecl
	calls     []callSite
	// namespaces are the full dotted names of the namespaces declared;
	// nsAlias the names their export lists give (see parseNamespace).
	namespaces map[string]bool
	nsAlias    map[string]nsAlias
	// partial is set when the parse was not a full syntax check of the
	// file: the lexer met a token outside its strict subset, or the
	// parser skipped, recovered from an error or read a construct whose
	// grammar it does not check as TypeScript does (see markPartial).
	// A file parsed without partial and without errs is one esbuild
	// accepts (TestSyntaxFastPath, FuzzSyntaxFastPath), so Load does not
	// run esbuild's check on it.
	partial bool
	// rejected is set when the parser stopped at an error in a file it
	// had read in full up to there (the error made the parse partial).
	rejected bool
}

// parseError is a syntax problem the declaration parser could not get past.
type parseError struct {
	off int
	msg string
}

// bailout is raised (as a panic value) by parser.fail and recovered at
// the declaration boundary, so one bad declaration costs only itself.
type bailout parseError

// maxSteps bounds the parser's work relative to the input size: every
// loop consumes a token or stops, and this is the safety net that turns a
// bug into an error instead of a hang.
const stepsPerToken = 64

type parser struct {
	src string
	lx  lexer
	// toks is a window of the file's tokens, filled on demand: only the
	// current top-level statement and the token before it are kept, so
	// a file's tokens never all exist at once (a 1 MB file has about
	// 130,000, 4 MB of memory to touch).
	toks  []token
	eof   bool // toks ends with the tEOF token
	i     int  // index of the current token in toks, which always holds it
	steps int
	limit int
	depth int    // recursion depth of type parsing
	ns    string // full name of the namespace being parsed ("" at top level)
	// pending is the declaration whose name tryDecl's statement has read
	// (see declName).
	pending *decl
	out     *parsed
	// exprs and members are the unused rests of the chunks expr and
	// member hand out (see alloc).
	exprs   []typeExpr
	members []member
	// exprStack and memberStack collect the lists being parsed (nested
	// ones above outer ones), so that each list is allocated once, at its
	// final length, rather than grown by appends (see popList).
	exprStack   []*typeExpr
	memberStack []*member
	// onPartial, when set, is called once, when the parse turns partial.
	onPartial func()
	// needSep is set by a statement that ends without its ';': the next
	// token must then start a new line (or end the file).
	needSep bool
	// bound and exported are the names the file's imports bind and its
	// export lists export (a second one is an error to JavaScript).
	bound, exported map[string]bool
}

// markPartial notes that the parse is not a full syntax check of the file.
func (p *parser) markPartial() {
	if p.out.partial {
		return
	}
	p.out.partial = true
	if p.onPartial != nil {
		p.onPartial()
	}
}

// reservedWords are JavaScript's reserved words in strict code, and the
// names strict code cannot bind. A declaration named by one, or one used
// as a type name other than null, void and this, makes the parse
// partial: whether TypeScript accepts it is not checked.
var reservedWords = map[string]bool{
	"break": true, "case": true, "catch": true, "class": true, "const": true, "continue": true,
	"debugger": true, "default": true, "delete": true, "do": true, "else": true, "enum": true,
	"export": true, "extends": true, "false": true, "finally": true, "for": true, "function": true,
	"if": true, "import": true, "in": true, "instanceof": true, "new": true, "null": true,
	"return": true, "super": true, "switch": true, "this": true, "throw": true, "true": true,
	"try": true, "typeof": true, "var": true, "void": true, "while": true, "with": true,
	"implements": true, "interface": true, "let": true, "package": true, "private": true,
	"protected": true, "public": true, "static": true, "yield": true, "await": true,
	"arguments": true, "eval": true,
}

// contextualWords are the words TypeScript gives a meaning in some
// places, and the predefined type names: as a declaration's name they
// make the parse partial too.
var contextualWords = map[string]bool{
	"any": true, "unknown": true, "never": true, "string": true, "number": true, "boolean": true,
	"bigint": true, "symbol": true, "object": true, "undefined": true, "type": true,
	"declare": true, "namespace": true, "module": true, "abstract": true, "async": true, "as": true,
	"from": true, "of": true, "is": true, "keyof": true, "infer": true, "readonly": true,
	"unique": true, "get": true, "set": true, "global": true, "require": true, "satisfies": true,
	"asserts": true, "accessor": true, "override": true, "out": true, "constructor": true,
}

// strictName marks the parse partial unless t is a name the strict
// subset allows a declaration, type parameter or binding to have.
func (p *parser) strictName(t *token) {
	if t.kind != tIdent || reservedWords[t.text] || contextualWords[t.text] {
		p.markPartial()
	}
}

// popList returns the items pushed on *stack since start in a slice of
// their own (nil for none), and pops them.
func popList[T any](stack *[]T, start int) []T {
	s := *stack
	var out []T
	if len(s) > start {
		out = make([]T, len(s)-start)
		copy(out, s[start:])
	}
	clear(s[start:])
	*stack = s[:start]
	return out
}

// expr returns a pointer to a copy of v, carved from the parser's chunk.
func (p *parser) expr(v typeExpr) *typeExpr {
	e := alloc(&p.exprs)
	*e = v
	return e
}

// member returns a pointer to a copy of v, carved from the parser's chunk.
func (p *parser) member(v member) *member {
	m := alloc(&p.members)
	*m = v
	return m
}

// maxTypeDepth bounds recursion in the type parser.
const maxTypeDepth = 200

// parseSource lexes and parses one file's declarations. Statements that
// are not declarations tscg reads are skipped by balancing brackets.
func parseSource(src string) *parsed {
	return parseSourceFn(src, nil)
}

// parseSourceFn is parseSource calling onPartial (if not nil) as soon as
// the parse turns partial.
func parseSourceFn(src string, onPartial func()) *parsed {
	p := newParser(src)
	p.out = &parsed{imports: map[string]importBinding{}, exports: map[string]exportBinding{}}
	p.onPartial = onPartial
	if p.lx.odd {
		p.markPartial()
	}
	p.parseTop()
	return p.out
}

// windowSize is the initial capacity of the token window, and how far the
// cursor moves at top level before the tokens behind it are dropped.
const windowSize = 256

func newParser(src string) *parser {
	// Every token but tEOF takes at least one byte, so len(src)+1 bounds
	// the token count the step limit is relative to.
	p := &parser{src: src, lx: lexer{src: src}, toks: make([]token, 0, windowSize),
		limit: stepsPerToken*(len(src)+1) + 1024}
	p.fill(0)
	return p
}

// fill lexes tokens into the window up to index i, and returns token i,
// or the tEOF token when the file ends before it.
func (p *parser) fill(i int) *token {
	for i >= len(p.toks) && !p.eof {
		p.toks = append(p.toks, token{})
		t := &p.toks[len(p.toks)-1]
		p.lx.scan(t)
		p.eof = t.kind == tEOF
	}
	if p.lx.odd && p.out != nil && !p.out.partial {
		p.markPartial()
	}
	if i >= len(p.toks) {
		return &p.toks[len(p.toks)-1]
	}
	return &p.toks[i]
}

// dropBehind drops the tokens before the previous one, and the comments
// before that, from the window. Only parseTop calls it, between
// statements, when no index into the window is held.
func (p *parser) dropBehind() {
	keep := p.i - 1
	cut := p.toks[keep].cTo
	n := copy(p.toks, p.toks[keep:])
	p.toks = p.toks[:n]
	for k := range p.toks {
		p.toks[k].cTo -= cut
	}
	m := copy(p.lx.comments, p.lx.comments[cut:])
	p.lx.comments = p.lx.comments[:m]
	p.lx.prev = &p.toks[n-1]
	p.i = 1
}

func (p *parser) parseTop() {
	depth := 0
	for p.tok().kind != tEOF {
		if p.i >= windowSize {
			p.dropBehind()
		}
		if p.needSep {
			p.needSep = false
			if !p.tok().nlBefore {
				p.markPartial()
			}
		}
		p.recordSites(depth)
		if depth == 0 && p.atStatementStart() && p.tryDecl() {
			continue
		}
		p.markPartial() // a token no declaration read
		t := p.tok()
		if t.kind == tPunct {
			switch t.text {
			case "{", "(", "[":
				depth++
			case "}", ")", "]":
				if depth > 0 {
					depth--
				}
			}
		}
		p.advance()
	}
}

func (p *parser) atStatementStart() bool {
	// The window always keeps the token before the cursor, so p.i == 0
	// is the file's first token.
	if p.i == 0 || p.tok().nlBefore {
		return true
	}
	prev := p.toks[p.i-1]
	return prev.kind == tPunct && (prev.text == ";" || prev.text == "}")
}

// tryDecl parses a declaration starting at the current token. It reports
// whether it consumed anything; on a parse error it records the error and
// resumes just after the first token, so bracket balancing skips the rest.
func (p *parser) tryDecl() (consumed bool) {
	start := p.i
	outer := p.pending
	p.pending = nil
	defer func() {
		pending := p.pending
		p.pending = outer
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			if !p.out.partial {
				p.out.rejected = true
			}
			p.markPartial()
			if pending != nil {
				// The declaration's name was read: it stays, as what
				// stopped the parse, reported where it is used (so a
				// declaration nothing needs costs nothing).
				pending.kind, pending.body = dAlias, &typeExpr{kind: teBroken, off: b.off,
					text: "cannot read declaration " + pending.name + ": " + b.msg}
				p.out.decls = append(p.out.decls, pending)
			} else {
				p.out.errs = append(p.out.errs, parseError(b))
			}
			p.i = start + 1
			p.fill(p.i)
			p.exprStack, p.memberStack = p.exprStack[:0], p.memberStack[:0]
			consumed = true
		}
	}()
	switch p.tok().text {
	case "export":
		return p.parseExport()
	case "import":
		return p.parseImport()
	}
	return p.parseDeclaration(false, p.docAt(p.i))
}

// parseDeclaration parses interface, type, enum, declare and function
// declarations; anything else is left to the caller (reported false).
func (p *parser) parseDeclaration(exported bool, doc rawDoc) bool {
	t := p.tok()
	if t.kind != tIdent {
		return false
	}
	if t.text != "interface" && t.text != "type" {
		// Only interfaces and type aliases are checked in full.
		p.markPartial()
	}
	switch t.text {
	case "declare":
		switch p.peek(1).text {
		case "interface", "type", "enum", "const", "function", "async", "namespace", "module", "class", "abstract":
			p.next()
			return p.parseDeclaration(exported, doc)
		}
	case "abstract":
		if p.peek(1).text == "class" && p.peek(2).kind == tIdent {
			p.next()
			p.parseClass(exported, doc)
			return true
		}
	case "class":
		if p.peek(1).kind == tIdent && p.peek(1).text != "extends" && p.peek(1).text != "implements" {
			p.parseClass(exported, doc)
			return true
		}
	case "namespace", "module":
		if n := p.peek(1); n.kind == tIdent && !n.nlBefore && n.text != "global" {
			p.parseNamespace(exported)
			return true
		}
	case "interface":
		if p.peek(1).kind == tIdent {
			p.parseInterface(exported, doc)
			return true
		}
	case "type":
		if p.peek(1).kind == tIdent && (p.peek(2).text == "=" || p.peek(2).text == "<") {
			p.parseAlias(exported, doc)
			return true
		}
	case "enum":
		if p.peek(1).kind == tIdent {
			p.parseEnum(exported, doc)
			return true
		}
	case "const":
		if p.peek(1).text == "enum" && p.peek(2).kind == tIdent {
			p.next()
			p.parseEnum(exported, doc)
			return true
		}
	case "async":
		if exported && p.peek(1).text == "function" && !p.peek(1).nlBefore {
			p.next()
			return p.parseDeclaration(exported, doc)
		}
	case "function":
		if exported && p.peek(1).kind == tIdent {
			p.parseFunction(doc)
			return true
		}
	}
	return false
}

// --- token helpers ---

// comments returns the comments directly before token i.
func (p *parser) comments(i int) []comment {
	from := int32(0)
	if i > 0 {
		from = p.toks[i-1].cTo
	}
	return p.lx.comments[from:p.fill(i).cTo]
}

func (p *parser) tok() *token { return &p.toks[p.i] }

// advance moves to the next token, lexing it when the window ends there.
func (p *parser) advance() {
	p.i++
	if p.i == len(p.toks) {
		p.fill(p.i)
	}
}

func (p *parser) peek(k int) *token {
	if p.i+k < len(p.toks) {
		return &p.toks[p.i+k]
	}
	return p.fill(p.i + k)
}

func (p *parser) next() *token {
	p.steps++
	if p.steps > p.limit {
		p.fail(p.tok().off, "input too complex")
	}
	t := p.tok()
	if t.kind != tEOF {
		p.advance()
	}
	return t
}

func (p *parser) is(text string) bool {
	t := p.tok()
	return (t.kind == tPunct || t.kind == tIdent) && t.text == text
}

func (p *parser) accept(text string) bool {
	if p.is(text) {
		p.next()
		return true
	}
	return false
}

func (p *parser) expect(text string) *token {
	if !p.is(text) {
		p.fail(p.tok().off, "expected %q, found %s", text, describe(p.tok()))
	}
	return p.next()
}

func (p *parser) ident() *token {
	if p.tok().kind != tIdent {
		p.fail(p.tok().off, "expected a name, found %s", describe(p.tok()))
	}
	return p.next()
}

func (p *parser) fail(off int, format string, args ...any) {
	panic(bailout{off: off, msg: fmt.Sprintf(format, args...)})
}

func describe(t *token) string {
	if t.kind == tEOF {
		return "end of file"
	}
	s := t.text
	if len(s) > 20 {
		s = s[:20] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// docAt returns the JSDoc comment (/** … */) directly before token i.
func (p *parser) docAt(i int) rawDoc {
	cs := p.comments(i)
	for k := len(cs) - 1; k >= 0; k-- {
		c := cs[k]
		if c.block && strings.HasPrefix(c.text, "/**") && c.text != "/**/" {
			return rawDoc{text: c.text, off: c.off}
		}
	}
	return rawDoc{}
}

// skipBalanced skips from an opening bracket to just past its match.
func (p *parser) skipBalanced() { p.skipBracketed(false) }

// skipBody skips a function body like skipBalanced, recording the const
// declarations and registration calls in it.
func (p *parser) skipBody() { p.skipBracketed(true) }

func (p *parser) skipBracketed(record bool) {
	p.markPartial()
	depth := 0
	for {
		if record {
			p.recordSites(depth)
		}
		t := p.next()
		if t.kind == tEOF {
			p.fail(t.off, "unbalanced brackets")
		}
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		}
		if depth <= 0 {
			return
		}
	}
}

// matchIndex returns the index of the bracket matching the one at i, or -1.
func (p *parser) matchIndex(i int) int {
	depth := 0
	for k := i; ; k++ {
		t := p.fill(k)
		if t.kind == tEOF {
			return -1
		}
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return k
			}
		}
	}
}

// skipExpression skips an initializer up to a ',' or closing bracket at
// depth zero (not consumed).
func (p *parser) skipExpression() {
	p.markPartial()
	for {
		t := p.tok()
		if t.kind == tEOF {
			return
		}
		if t.kind == tPunct {
			switch t.text {
			case ",", ")", "]", "}", ";":
				return
			case "(", "[", "{":
				p.skipBalanced()
				continue
			}
		}
		p.next()
	}
}

// endStatement consumes an optional ';'; without one, the next
// statement must start on a new line (see parseTop).
func (p *parser) endStatement() {
	if !p.accept(";") {
		p.needSep = true
	}
}

// declName reads a declaration's name and notes it as the statement's
// declaration, so that a parse error past it keeps the name (tryDecl).
func (p *parser) declName(exported bool) *token {
	t := p.ident()
	p.strictName(t)
	if t.nlBefore {
		p.markPartial() // `type` and `interface` then a line break are expressions
	}
	p.pending = &decl{name: t.text, off: t.off, exported: exported}
	return t
}
