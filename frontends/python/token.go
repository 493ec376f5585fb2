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
	// met is where the parser meets an inLine error: off, except for a
	// dedent to no level, which the tokenizer finds as it measures the
	// line's indentation (before any of its tokens) and reports at the
	// line's end.
	met int
	// soft: CPython's tokenizer raises nothing for this error (a bracket
	// open at the end of the file, a character after a line continuation),
	// so a parser error before it stands, unless a bracket opened on an
	// earlier line than that error is still open (open, or -1): CPython
	// then reports the bracket as never closed.
	soft bool
	open int
	// cut is the end of the last token of the line the lexer stopped in,
	// where the grammar check of the tokens before an error runs out of
	// input (past the end of the source when the error is at a line's
	// start): the grammar check's errors from there on are artefacts.
	cut int
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
	// against a level is a TabError.
	cols, alts []int
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
		lx.err = &lexError{off: off, msg: msg, cut: lx.cut()}
	}
	lx.pos = len(lx.src)
}

// failSoft is fail for an error CPython's tokenizer raises no exception
// for (see lexError.soft); met is where the parser meets it.
func (lx *lexer) failSoft(off, met int, msg string) {
	if lx.err == nil {
		open := -1
		if len(lx.opens) > 0 {
			open = lx.opens[len(lx.opens)-1]
		}
		lx.err = &lexError{off: off, msg: msg, met: met, soft: true, open: open, cut: lx.cut()}
	}
	lx.pos = len(lx.src)
}

// cut returns lexError.cut for an error at the current position.
func (lx *lexer) cut() int {
	if lx.cur != nil && len(lx.cur.toks) > 0 {
		return lx.cur.toks[len(lx.cur.toks)-1].end
	}
	return len(lx.src) + 1
}

// failInLine is fail for an error CPython's tokenizer reports when the
// parser reaches the line (indentation, characters, decoding).
func (lx *lexer) failInLine(off int, msg string) { lx.failMet(off, off, msg) }

func (lx *lexer) failMet(off, met int, msg string) {
	if lx.err == nil {
		lx.err = &lexError{off: off, msg: msg, inLine: true, met: met, cut: lx.cut()}
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
	if len(lx.opens) > 0 && lx.err == nil {
		lx.failSoft(lx.opens[len(lx.opens)-1], len(lx.src), neverClosed(lx.src, lx.opens[len(lx.opens)-1]))
	}
	lx.endLine()
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
			lx.failMet(skipToEOL(lx.src, start), start, "unindent does not match any outer indentation level")
			return false
		}
		if alt != lx.alts[top] {
			lx.failInLine(start, tabErrorMsg)
			return false
		}
	}
	return true
}

// neverClosed is CPython's message for the bracket at off left open.
func neverClosed(src string, off int) string { return "'" + src[off:off+1] + "' was never closed" }

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
	if lx.err != nil {
		return // the token's own scan failed (an unterminated string): it is no token
	}
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
			lx.failSoft(lx.pos, lx.pos, "unexpected EOF while scanning")
			return
		}
		lx.failSoft(lx.pos, lx.pos, "unexpected character after line continuation character")
	case isIdentStart(c):
		lx.nameOrString()
	case isDigit(c) || (c == '.' && lx.pos+1 < len(src) && isDigit(src[lx.pos+1])):
		start := lx.pos
		end, bad, msg := scanNumber(src, lx.pos)
		if bad >= 0 {
			lx.fail(bad, msg)
			return
		}
		lx.pos = end
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

// scanNumber scans a number literal at p as CPython 3.11's tokenizer
// does (tok_get, tok_decimal_tail, verify_end_of_number): it returns the
// end, and for a malformed literal the offset CPython reports (its
// column is one past the offset of the tokenizer's cursor, so mostly the
// last character it took) and the message; bad is -1 for a good literal.
func scanNumber(src string, p int) (end, bad int, msg string) {
	start := p
	if byteAt(src, p) == '0' {
		switch byteAt(src, p+1) | 0x20 {
		case 'x':
			return scanRadix(src, p+2, isHex, 'x', "hexadecimal")
		case 'o':
			return scanRadix(src, p+2, func(c byte) bool { return c >= '0' && c <= '7' }, 'o', "octal")
		case 'b':
			return scanRadix(src, p+2, func(c byte) bool { return c == '0' || c == '1' }, 'b', "binary")
		}
	}
	// digits is tok_decimal_tail from i: digits with single underscores.
	digits := func(i int) (int, int) {
		for {
			for isDigit(byteAt(src, i)) {
				i++
			}
			if byteAt(src, i) != '_' {
				return i, -1
			}
			if !isDigit(byteAt(src, i+1)) {
				return i, i // the cursor backs up to the character after '_'
			}
			i++
		}
	}
	var e int
	p, e = digits(p)
	if e >= 0 {
		return p, e, "invalid decimal literal"
	}
	if src[start] == '0' && byteAt(src, p) != '.' && byteAt(src, p)|0x20 != 'e' && byteAt(src, p)|0x20 != 'j' && strings.Trim(src[start:p], "0_") != "" {
		return p, start, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"
	}
	if byteAt(src, p) == '.' { // a literal starting with '.' comes here at once
		if p, e = digits(p + 1); e >= 0 {
			return p, e, "invalid decimal literal"
		}
	}
	if byteAt(src, p)|0x20 == 'e' {
		q := p + 1
		if byteAt(src, q) == '+' || byteAt(src, q) == '-' {
			if !isDigit(byteAt(src, q+1)) {
				return q + 1, q, "invalid decimal literal"
			}
			q++
		} else if !isDigit(byteAt(src, q)) {
			// No exponent: the number ends before the 'e', unless 'e'
			// starts an identifier other than `else`.
			if !numberFollower(src, p) {
				return p, p - 1, "invalid decimal literal"
			}
			return p, -1, ""
		}
		if p, e = digits(q); e >= 0 {
			return p, e, "invalid decimal literal"
		}
	}
	kind := "decimal"
	if byteAt(src, p)|0x20 == 'j' {
		p++
		kind = "imaginary"
	}
	if !numberFollower(src, p) {
		return p, p - 1, "invalid " + kind + " literal"
	}
	return p, -1, ""
}

// scanRadix scans the digits of a 0x/0o/0b literal from p.
func scanRadix(src string, p int, ok func(byte) bool, prefix byte, kind string) (int, int, string) {
	for {
		if byteAt(src, p) == '_' {
			p++
		}
		if !ok(byteAt(src, p)) {
			if prefix != 'x' && isDigit(byteAt(src, p)) {
				return p + 1, p, fmt.Sprintf("invalid digit '%c' in %s literal", byteAt(src, p), kind)
			}
			return p, p - 1, "invalid " + kind + " literal"
		}
		for ok(byteAt(src, p)) {
			p++
		}
		if byteAt(src, p) != '_' {
			break
		}
	}
	if prefix != 'x' && isDigit(byteAt(src, p)) {
		return p + 1, p, fmt.Sprintf("invalid digit '%c' in %s literal", byteAt(src, p), kind)
	}
	if !numberFollower(src, p) {
		return p, p - 1, "invalid " + kind + " literal"
	}
	return p, -1, ""
}

// numberFollower is verify_end_of_number: what follows a number at p may
// not continue it as an identifier, except the keywords that may follow a
// number in valid code (`1if x else y`, `0 or`): and, else, for, if, in,
// is, or, not.
func numberFollower(src string, p int) bool {
	rest := src[p:]
	for _, kw := range []string{"and", "else", "for", "or", "not"} {
		if strings.HasPrefix(rest, kw) && (len(rest) == len(kw) || !isASCIIIdent(rest[len(kw)])) {
			return true
		}
	}
	if len(rest) >= 2 && rest[0] == 'i' && strings.IndexByte("fns", rest[1]) >= 0 {
		return true
	}
	return rest == "" || !isASCIIIdent(rest[0])
}

func isASCIIIdent(c byte) bool { return isIdentStart(c) && c < 0x80 || isDigit(c) }

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
