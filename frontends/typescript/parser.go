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
	src   string
	toks  []token
	cmts  []comment // the file's comments; tokens refer to ranges of it
	i     int
	steps int
	limit int
	depth int // recursion depth of type parsing
	out   *parsed
	// exprs and members are the unused rest of the chunks expr and member
	// hand out: one allocation per 64 nodes instead of one per node.
	exprs   []typeExpr
	members []member
}

const nodeChunk = 64

// expr returns a pointer to a copy of v, carved from the parser's chunk.
func (p *parser) expr(v typeExpr) *typeExpr {
	if len(p.exprs) == 0 {
		p.exprs = make([]typeExpr, nodeChunk)
	}
	e := &p.exprs[0]
	p.exprs = p.exprs[1:]
	*e = v
	return e
}

// member returns a pointer to a copy of v, carved from the parser's chunk.
func (p *parser) member(v member) *member {
	if len(p.members) == 0 {
		p.members = make([]member, nodeChunk)
	}
	m := &p.members[0]
	p.members = p.members[1:]
	*m = v
	return m
}

// maxTypeDepth bounds recursion in the type parser.
const maxTypeDepth = 200

// parseSource lexes and parses one file's declarations. Statements that
// are not declarations tscg reads are skipped by balancing brackets.
func parseSource(src string) *parsed {
	toks, cmts := lex(src)
	p := &parser{src: src, toks: toks, cmts: cmts, limit: stepsPerToken*len(toks) + 1024,
		out: &parsed{imports: map[string]importBinding{}, exports: map[string]exportBinding{}}}
	p.parseTop()
	return p.out
}

func (p *parser) parseTop() {
	depth := 0
	for p.tok().kind != tEOF {
		if depth == 0 && p.atStatementStart() && p.tryDecl() {
			continue
		}
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
		p.i++
	}
}

func (p *parser) atStatementStart() bool {
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
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			p.out.errs = append(p.out.errs, parseError(b))
			p.i = start + 1
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
	switch t.text {
	case "declare":
		switch p.peek(1).text {
		case "interface", "type", "enum", "const", "function", "async":
			p.next()
			return p.parseDeclaration(exported, doc)
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
	return p.cmts[from:p.toks[i].cTo]
}

func (p *parser) tok() *token { return &p.toks[p.i] }

func (p *parser) peek(k int) *token {
	if p.i+k < len(p.toks) {
		return &p.toks[p.i+k]
	}
	return &p.toks[len(p.toks)-1]
}

func (p *parser) next() *token {
	p.steps++
	if p.steps > p.limit {
		p.fail(p.tok().off, "input too complex")
	}
	t := p.tok()
	if t.kind != tEOF {
		p.i++
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
func (p *parser) skipBalanced() {
	depth := 0
	for {
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
	for k := i; k < len(p.toks); k++ {
		t := p.toks[k]
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
	return -1
}

// skipExpression skips an initializer up to a ',' or closing bracket at
// depth zero (not consumed).
func (p *parser) skipExpression() {
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

// endStatement consumes an optional ';'.
func (p *parser) endStatement() { p.accept(";") }
