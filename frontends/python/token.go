package python

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind is the class of a token. The outline parser needs far fewer
// distinctions than CPython's tokenizer: keywords are names, and every
// operator is an op whose text tells it apart.
type tokKind uint8

const (
	tkName tokKind = iota + 1
	tkNumber
	tkString
	tkOp
)

// token is one token; off and end are byte offsets into the source.
type token struct {
	kind tokKind
	off  int
	end  int
	text string
}

func (t token) is(op string) bool { return t.kind == tkOp && t.text == op }

func (t token) isName(s string) bool { return t.kind == tkName && t.text == s }

// logicalLine is one logical line (physical lines joined by brackets and
// backslashes), without its NEWLINE; indent is its indentation width with
// tabs to the next multiple of 8, as CPython measures it.
type logicalLine struct {
	indent int
	toks   []token
}

// lexError is the first tokenization error; the outline stops there.
type lexError struct {
	off int
	msg string
	// inLine: CPython's tokenizer finds this error only as the parser
	// reaches its line, so a grammar error on an earlier line comes
	// first (see parseModule).
	inLine bool
}

type lexer struct {
	src   string
	pos   int
	lines []logicalLine
	cur   *logicalLine
	opens []int // offsets of unclosed brackets
	err   *lexError
	// cols and alts are CPython's indentation stacks (indstack and
	// altindstack): each level's width with tabs to multiples of 8, and
	// with tabs as one column. A line whose two widths order differently
	// against a level is a TabError; noTabs stops the check after a
	// dedent to no level, which the grammar check reports.
	cols, alts []int
	noTabs     bool
	// checkUTF8: the source is not valid UTF-8 and declares no other
	// encoding, so a token holding bytes that are no UTF-8 is an error
	// (comments may hold them, as in CPython).
	checkUTF8 bool
}

// maxIndent is CPython's MAXINDENT: the number of indentation levels.
const maxIndent = 100

// tokenize splits normalised source (LF line ends) into logical lines.
func tokenize(src string) ([]logicalLine, *lexError) {
	lx := &lexer{src: src}
	if !utf8.ValidString(src) {
		enc := codingOf(src)
		lx.checkUTF8 = enc == "" || normalCookieName(enc) == "utf-8" || normalCodec(enc) == "utf8"
	}
	lx.run()
	return lx.lines, lx.err
}

func (lx *lexer) fail(off int, msg string) {
	if lx.err == nil {
		lx.err = &lexError{off: off, msg: msg}
	}
	lx.pos = len(lx.src)
}

// failInLine is fail for an error CPython's tokenizer reports when the
// parser reaches the line (indentation, characters, decoding).
func (lx *lexer) failInLine(off int, msg string) {
	if lx.err == nil {
		lx.err = &lexError{off: off, msg: msg, inLine: true}
	}
	lx.pos = len(lx.src)
}

func (lx *lexer) run() {
	bol := true
	for lx.pos < len(lx.src) && lx.err == nil {
		if bol && len(lx.opens) == 0 {
			bol = lx.beginLine()
			continue
		}
		lx.step(&bol)
	}
	lx.endLine()
	if len(lx.opens) > 0 && lx.err == nil {
		lx.fail(lx.opens[len(lx.opens)-1], "'"+lx.src[lx.opens[len(lx.opens)-1]:lx.opens[len(lx.opens)-1]+1]+"' was never closed")
	}
}

// beginLine measures indentation and skips blank and comment-only lines;
// it reports whether the lexer is still at the beginning of a line.
func (lx *lexer) beginLine() bool {
	indent, alt, p := 0, 0, lx.pos
	for ; p < len(lx.src); p++ {
		switch lx.src[p] {
		case ' ':
			indent++
			alt++
			continue
		case '\t':
			indent = (indent/8 + 1) * 8
			alt++
			continue
		case '\f':
			indent, alt = 0, 0
			continue
		}
		break
	}
	switch {
	case p >= len(lx.src):
		lx.pos = p
		return true
	case lx.src[p] == '\n':
		lx.pos = p + 1
		return true
	case lx.src[p] == '#':
		lx.pos = skipToEOL(lx.src, p)
		return true
	case lx.src[p] == '\\' && p+1 < len(lx.src) && lx.src[p+1] == '\n':
		// A continuation on an otherwise empty line joins the next line.
		lx.pos = p + 2
		return true
	}
	if !lx.checkTabs(lx.pos, indent, alt) {
		return true
	}
	lx.cur = &logicalLine{indent: indent}
	lx.pos = p
	return false
}

// checkTabs applies CPython's tokenizer rules to a line starting at
// start with indentation widths col (tabs to 8) and alt (tabs as 1): a
// line is inconsistent when the two widths compare differently with the
// level it indents from, continues or returns to (TabError), and there
// are at most maxIndent levels. It reports whether tokenizing goes on.
func (lx *lexer) checkTabs(start, col, alt int) bool {
	if lx.noTabs {
		return true
	}
	if lx.cols == nil {
		lx.cols, lx.alts = []int{0}, []int{0}
	}
	top := len(lx.cols) - 1
	switch {
	case col == lx.cols[top]:
		if alt != lx.alts[top] {
			lx.failInLine(start, tabErrorMsg)
			return false
		}
	case col > lx.cols[top]:
		if len(lx.cols) >= maxIndent {
			lx.failInLine(start, "too many levels of indentation")
			return false
		}
		if alt <= lx.alts[top] {
			lx.failInLine(start, tabErrorMsg)
			return false
		}
		lx.cols, lx.alts = append(lx.cols, col), append(lx.alts, alt)
	default:
		for top > 0 && col < lx.cols[top] {
			top--
		}
		lx.cols, lx.alts = lx.cols[:top+1], lx.alts[:top+1]
		if col != lx.cols[top] {
			lx.noTabs = true // unindent to no level: the grammar check says so
			return true
		}
		if alt != lx.alts[top] {
			lx.failInLine(start, tabErrorMsg)
			return false
		}
	}
	return true
}

// tabErrorMsg is CPython's TabError message.
const tabErrorMsg = "inconsistent use of tabs and spaces in indentation"

func skipToEOL(src string, p int) int {
	if i := strings.IndexByte(src[p:], '\n'); i >= 0 {
		return p + i
	}
	return len(src)
}

func (lx *lexer) endLine() {
	if lx.cur != nil && len(lx.cur.toks) > 0 {
		lx.lines = append(lx.lines, *lx.cur)
	}
	lx.cur = nil
}

func (lx *lexer) emit(k tokKind, off int) {
	if lx.cur == nil {
		lx.cur = &logicalLine{}
	}
	if k == tkString || lx.checkUTF8 {
		if lx.badBytes(k, off); lx.err != nil {
			return
		}
	}
	lx.cur.toks = append(lx.cur.toks, token{kind: k, off: off, end: lx.pos, text: lx.src[off:lx.pos]})
}

func (lx *lexer) step(bol *bool) {
	src, c := lx.src, lx.src[lx.pos]
	switch {
	case c == '\n':
		lx.pos++
		if len(lx.opens) == 0 {
			lx.endLine()
			*bol = true
		}
	case c == ' ' || c == '\t' || c == '\f':
		lx.pos++
	case c == '#':
		lx.pos = skipToEOL(src, lx.pos)
	case c == '\\':
		if lx.pos+1 < len(src) && src[lx.pos+1] == '\n' {
			lx.pos += 2
			return
		}
		if lx.pos+1 >= len(src) {
			lx.fail(lx.pos, "unexpected EOF while scanning")
			return
		}
		lx.fail(lx.pos, "unexpected character after line continuation character")
	case isIdentStart(c):
		lx.nameOrString()
	case isDigit(c) || (c == '.' && lx.pos+1 < len(src) && isDigit(src[lx.pos+1])):
		start := lx.pos
		lx.pos = scanNumber(src, lx.pos)
		lx.emit(tkNumber, start)
	case c == '"' || c == '\'':
		start := lx.pos
		lx.scanString(start, "")
		lx.emit(tkString, start)
	default:
		lx.op()
	}
}

func (lx *lexer) nameOrString() {
	start := lx.pos
	lx.pos = scanIdent(lx.src, lx.pos)
	if lx.pos < len(lx.src) && (lx.src[lx.pos] == '"' || lx.src[lx.pos] == '\'') && isStringPrefix(lx.src[start:lx.pos]) {
		lx.scanString(start, lx.src[start:lx.pos])
		lx.emit(tkString, start)
		return
	}
	if bad, r := badIdentChar(lx.src[start:lx.pos]); bad >= 0 {
		if unicode.IsPrint(r) {
			lx.failInLine(start+bad, fmt.Sprintf("invalid character '%c' (U+%04X)", r, r))
		} else {
			lx.failInLine(start+bad, fmt.Sprintf("invalid non-printable character U+%04X", r))
		}
		return
	}
	lx.emit(tkName, start)
}

// badIdentChar returns the byte offset and rune of the first character
// of a name that cannot be in a Python identifier (CPython's
// _PyUnicode_ScanIdentifier: XID_Start first, XID_Continue after, before
// NFKC), or -1. Bytes that are no UTF-8 are left to the decoding check.
func badIdentChar(name string) (int, rune) {
	for i, r := range name {
		if r < 0x80 || r == utf8.RuneError {
			continue
		}
		if (i == 0 && !idStart(r)) || (i > 0 && !idStart(r) && !idContinue(r)) {
			return i, r
		}
	}
	return -1, 0
}

// idStart and idContinue are Unicode's ID_Start and ID_Continue, which
// differ from the XID_ forms Python uses only in a few compatibility
// characters.
func idStart(r rune) bool {
	return (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

func idContinue(r rune) bool {
	return (unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) || unicode.Is(unicode.Other_ID_Continue, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

func isStringPrefix(p string) bool {
	switch strings.ToLower(p) {
	case "r", "u", "b", "br", "rb", "f", "fr", "rf":
		return true
	}
	return false
}

func isIdentStart(c byte) bool {
	return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') || c >= 0x80
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func scanIdent(src string, p int) int {
	for p < len(src) && (isIdentStart(src[p]) || isDigit(src[p])) {
		p++
	}
	return p
}

// scanNumber accepts every Python number literal form: decimal, hex,
// octal and binary integers with underscores, floats with exponents, and
// imaginary suffixes.
func scanNumber(src string, p int) int {
	if src[p] == '0' && p+1 < len(src) && strings.IndexByte("xXoObB", src[p+1]) >= 0 {
		p += 2
		for p < len(src) && (isHex(src[p]) || src[p] == '_') {
			p++
		}
		return p
	}
	digits := func() {
		for p < len(src) && (isDigit(src[p]) || src[p] == '_') {
			p++
		}
	}
	digits()
	if p < len(src) && src[p] == '.' {
		p++
		digits()
	}
	if p < len(src) && (src[p] == 'e' || src[p] == 'E') {
		q := p + 1
		if q < len(src) && (src[q] == '+' || src[q] == '-') {
			q++
		}
		if q < len(src) && isDigit(src[q]) {
			p = q
			digits()
		}
	}
	if p < len(src) && (src[p] == 'j' || src[p] == 'J') {
		p++
	}
	return p
}

func isHex(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }

var ops3 = []string{"**=", "//=", ">>=", "<<=", "..."}
var ops2 = []string{"**", "//", ">>", "<<", "->", ":=", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="}

func (lx *lexer) op() {
	start, rest := lx.pos, lx.src[lx.pos:]
	n := 1
	for _, o := range ops3 {
		if strings.HasPrefix(rest, o) {
			n = 3
			break
		}
	}
	if n == 1 {
		for _, o := range ops2 {
			if strings.HasPrefix(rest, o) {
				n = 2
				break
			}
		}
	}
	c := rest[0]
	if n == 1 && strings.IndexByte("()[]{},:;.=+-*/%@&|^~<>!", c) < 0 {
		lx.fail(start, "invalid character in source text")
		return
	}
	lx.pos += n
	lx.brackets(c, start)
	if lx.err == nil {
		lx.emit(tkOp, start)
	}
}

// maxNesting is CPython's MAXLEVEL: a 201st open bracket is a syntax
// error, which also bounds how deep a type hint can nest.
const maxNesting = 200

func (lx *lexer) brackets(c byte, off int) {
	switch c {
	case '(', '[', '{':
		if len(lx.opens) >= maxNesting {
			lx.fail(off, "too many nested parentheses")
			return
		}
		lx.opens = append(lx.opens, off)
	case ')', ']', '}':
		if len(lx.opens) == 0 {
			lx.fail(off, "unmatched '"+string(c)+"'")
			return
		}
		open := lx.src[lx.opens[len(lx.opens)-1]]
		if closer(open) != c {
			lx.fail(off, "closing parenthesis '"+string(c)+"' does not match opening parenthesis '"+string(open)+"'")
			return
		}
		lx.opens = lx.opens[:len(lx.opens)-1]
	}
}

func closer(open byte) byte {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

// badBytes reports what CPython refuses in the token just scanned from
// off: a bytes literal holding a non-ASCII character, and (with
// checkUTF8) bytes that are no UTF-8, with the codec's message —
// at the end of a string literal, at the byte elsewhere.
func (lx *lexer) badBytes(k tokKind, off int) {
	text := lx.src[off:lx.pos]
	content := 0
	if k == tkString {
		content = strings.IndexAny(text, "'\"")
		prefix := strings.ToLower(text[:content])
		if q := text[content]; len(text) >= content+6 && text[content+1] == q && text[content+2] == q {
			content += 3
		} else {
			content++
		}
		if strings.Contains(prefix, "b") {
			for i := 0; i < len(text); i++ {
				if text[i] >= 0x80 {
					lx.failInLine(off, "bytes can only contain ASCII literal characters")
					return
				}
			}
		}
	}
	if !lx.checkUTF8 || utf8.ValidString(text) {
		return
	}
	i := 0
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		i += n
	}
	b, end := text[i], len(text)
	if k == tkString {
		end -= content - strings.IndexAny(text, "'\"") // the closing quotes are not decoded
	}
	reason := "invalid continuation byte"
	switch {
	case b < 0xC2 || b > 0xF4:
		reason = "invalid start byte"
	case i+utf8Len(b) > end && !badContinuation(text[i+1:end]):
		reason = "unexpected end of data"
	}
	at := off + i
	if k == tkString {
		at = lx.pos
	}
	lx.failInLine(at, fmt.Sprintf("(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %d: %s", b, max(i-content, 0), reason))
}

// utf8Len is the length of the UTF-8 sequence lead byte b starts.
func utf8Len(b byte) int {
	switch {
	case b >= 0xF0:
		return 4
	case b >= 0xE0:
		return 3
	}
	return 2
}

// badContinuation reports whether s starts with a byte that cannot
// continue a UTF-8 sequence.
func badContinuation(s string) bool { return s != "" && s[0]&0xC0 != 0x80 }
