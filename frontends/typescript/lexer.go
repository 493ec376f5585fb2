package typescript

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind classifies a token. The lexer knows just enough of JavaScript to
// skip what the declaration parser does not read: strings, template
// literals (with nested ${…}), regular expressions and comments.
type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tString
	tNumber
	tTemplate
	tRegex
	tPunct
)

// comment is one comment found between two tokens.
type comment struct {
	text  string // including the delimiters
	off   int
	block bool
}

// token is one lexical token. Punctuators are single characters except
// "...", "=>" and "?."; '<' and '>' are always single so that nested
// generic argument lists close correctly.
//
// The end offset is off+len(text), and the comments before a token live
// in the lexer's comment slice: the comments before token i are
// comments[toks[i-1].cTo:toks[i].cTo] (parser.comments).
type token struct {
	kind     tokKind
	nlBefore bool   // a line break precedes the token
	cTo      int32  // end of the range of comments before the token
	text     string // identifier, punctuator or raw literal text
	off      int    // byte offset of the first character
}

// strValue is the decoded value of a string literal, or the text of any
// other token (an identifier used as a name). Tokens do not carry the
// value: few string literals are read.
func (t token) strValue() string {
	if t.kind != tString {
		return t.text
	}
	lx := lexer{src: t.text}
	return lx.scanString(t.text[0])
}

// end is the byte offset just past the token.
func (t *token) end() int { return t.off + len(t.text) }

// maxTemplateDepth bounds template literal nesting so hostile input cannot
// exhaust the stack.
const maxTemplateDepth = 64

// lexer produces tokens on demand (the parser keeps only a window of
// them, see parser.fill).
type lexer struct {
	src      string
	pos      int
	prev     *token // previous significant token, for regex detection
	depth    int
	nl       bool
	comments []comment // comments not yet dropped by the parser, in order
	// odd is set by the first token that is outside the strict lexical
	// subset (see strictToken): a regular expression or template, a
	// number, string escape or identifier whose form the lexer does not
	// check, non-ASCII text outside strings and comments, an unterminated
	// string or comment, or a punctuator the declaration grammar never
	// uses. The parser's parse is then not a syntax check (parsed.partial).
	odd bool
}

// lex splits src into tokens, ending with one tEOF token, and returns the
// file's comments, which tokens refer to by index. It never fails: input
// esbuild rejected never reaches it in Load, and anything odd is turned
// into single-character punctuators.
func lex(src string) ([]token, []comment) {
	lx := &lexer{src: src}
	var toks []token
	for {
		toks = append(toks, token{})
		t := &toks[len(toks)-1]
		lx.scan(t)
		if t.kind == tEOF {
			return toks, lx.comments
		}
	}
}

// scan lexes the next significant token into t, which must stay put
// until the next call (it is the previous token then).
func (lx *lexer) scan(t *token) {
	lx.next(t)
	lx.prev = t
}

// next lexes the next token into t (written in place: tokens are made
// by the hundred thousand), collecting the comments and line breaks
// before it.
func (lx *lexer) next(t *token) {
	lx.skipSpace()
	t.off, t.nlBefore, t.cTo, t.text = lx.pos, lx.nl, int32(len(lx.comments)), ""
	lx.nl = false
	if lx.pos >= len(lx.src) {
		t.kind = tEOF
		return
	}
	c := lx.src[lx.pos]
	switch {
	case c == '"' || c == '\'':
		t.kind = tString
		lx.scanString(c)
	case c == '`':
		t.kind = tTemplate
		lx.odd = true
		lx.scanTemplate()
	case isDigit(c) || (c == '.' && lx.pos+1 < len(lx.src) && isDigit(lx.src[lx.pos+1])):
		t.kind = tNumber
		lx.scanNumber()
	case isIdentStart(lx.src[lx.pos:]):
		t.kind = tIdent
		lx.scanIdent()
	case c == '/' && lx.regexAllowed():
		t.kind = tRegex
		lx.odd = true
		lx.scanRegex()
	default:
		t.kind = tPunct
		lx.scanPunct()
	}
	t.text = lx.src[t.off:lx.pos]
	if !lx.odd && !strictToken(t) {
		lx.odd = true
	}
}

// strictToken reports whether a number, identifier or punctuator is in
// the lexical subset whose every form the lexer checks as JavaScript
// does: decimal and hexadecimal numbers without separators, ASCII
// identifiers without escapes or '#', and the punctuators of the
// declaration grammar. (Strings check themselves, see scanString.)
func strictToken(t *token) bool {
	s := t.text
	switch t.kind {
	case tIdent:
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == '#' || c == '\\' || c >= utf8.RuneSelf {
				return false
			}
		}
	case tNumber:
		return strictNumber(s)
	case tPunct:
		switch s {
		case "{", "}", "(", ")", "[", "]", "<", ">", ";", ",", "=", "|", "&", "?", ":", ".", "-", "*", "...", "=>":
			return true
		}
		return false
	}
	return true
}

// strictNumber reports whether s is a decimal literal (0, 12, 1.5, .5,
// 1e-3; no leading zero, no '_') or a hexadecimal one (0x1F).
func strictNumber(s string) bool {
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		for i := 2; i < len(s); i++ {
			if c := s[i] | 0x20; !isDigit(s[i]) && (c < 'a' || c > 'f') {
				return false
			}
		}
		return true
	}
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && isDigit(s[i]) {
			i++
			n++
		}
		return n
	}
	n := digits()
	if n > 1 && s[0] == '0' {
		return false // a legacy octal or a leading zero
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 && n == 0 {
			return false
		}
	} else if n == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

func (lx *lexer) skipSpace() {
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == '\n' || c == '\r':
			lx.nl = true
			lx.pos++
		case c == ' ' || c == '\t' || c == '\f' || c == '\v':
			lx.pos++
		case c == '/' && strings.HasPrefix(lx.src[lx.pos:], "//"):
			start := lx.pos
			for lx.pos < len(lx.src) && lx.src[lx.pos] != '\n' && lx.src[lx.pos] != '\r' {
				lx.pos++
			}
			lx.comments = append(lx.comments, comment{text: lx.src[start:lx.pos], off: start})
		case c == '/' && strings.HasPrefix(lx.src[lx.pos:], "/*"):
			start := lx.pos
			end := strings.Index(lx.src[lx.pos+2:], "*/")
			if end < 0 {
				lx.pos = len(lx.src)
				lx.odd = true
			} else {
				lx.pos += 2 + end + 2
			}
			text := lx.src[start:lx.pos]
			if strings.ContainsAny(text, "\n\r") {
				lx.nl = true
			}
			lx.comments = append(lx.comments, comment{text: text, off: start, block: true})
		case c >= utf8.RuneSelf:
			lx.odd = true
			r, n := utf8.DecodeRuneInString(lx.src[lx.pos:])
			if r == '\u2028' || r == '\u2029' {
				lx.nl = true
			} else if !unicode.IsSpace(r) && r != '\ufeff' {
				return
			}
			lx.pos += n
		default:
			return
		}
	}
}

// regexAllowed decides whether '/' starts a regular expression: it does
// where an expression may begin, that is after an operator or keyword but
// not after an operand.
func (lx *lexer) regexAllowed() bool {
	p := lx.prev
	if p == nil {
		return true
	}
	switch p.kind {
	case tNumber, tString, tTemplate, tRegex:
		return false
	case tIdent:
		switch p.text {
		case "return", "typeof", "case", "do", "else", "in", "instanceof", "new",
			"delete", "void", "throw", "yield", "await", "of":
			return true
		}
		return false
	}
	switch p.text {
	case ")", "]", "}":
		return false
	}
	return true
}

func (lx *lexer) scanString(q byte) string {
	lx.pos++
	// Most literals have no escapes: their value is a slice of the source.
	start := lx.pos
	for i := start; i < len(lx.src); i++ {
		c := lx.src[i]
		if c == q {
			lx.pos = i + 1
			return lx.src[start:i]
		}
		if c == '\\' || c == '\n' || c == '\r' {
			break
		}
	}
	var b strings.Builder
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == q:
			lx.pos++
			return b.String()
		case c == '\n' || c == '\r':
			lx.odd = true
			return b.String() // unterminated; esbuild reports it
		case c == '\\':
			lx.scanEscape(&b)
		default:
			b.WriteByte(c)
			lx.pos++
		}
	}
	lx.odd = true // unterminated at the end of the file
	return b.String()
}

// scanEscape decodes one backslash escape of a string literal.
func (lx *lexer) scanEscape(b *strings.Builder) {
	lx.pos++
	if lx.pos >= len(lx.src) {
		lx.odd = true
		return
	}
	c := lx.src[lx.pos]
	lx.pos++
	if !lx.strictEscape(c) {
		lx.odd = true
	}
	switch c {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'v':
		b.WriteByte('\v')
	case '0':
		b.WriteByte(0)
	case '\r':
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '\n' {
			lx.pos++
		}
	case '\n':
	case 'x':
		lx.writeHex(b, 2)
	case 'u':
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '{' {
			end := strings.IndexByte(lx.src[lx.pos:], '}')
			if end > 0 {
				lx.writeCode(b, lx.src[lx.pos+1:lx.pos+end])
				lx.pos += end + 1
				return
			}
		}
		lx.writeHex(b, 4)
	default:
		b.WriteByte(c)
	}
}

// strictEscape reports whether the escape \c, with lx.pos just past c,
// is one whose form the lexer checks: a single-character escape, \0 not
// followed by a digit, \xHH, \uHHHH, \u{H…} up to U+10FFFF, or an ASCII
// identity escape other than a digit (an octal escape is an error in
// strict code).
func (lx *lexer) strictEscape(c byte) bool {
	rest := lx.src[lx.pos:]
	hex := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if d := s[i] | 0x20; !isDigit(s[i]) && (d < 'a' || d > 'f') {
				return false
			}
		}
		return s != ""
	}
	switch {
	case c == '0':
		return rest == "" || !isDigit(rest[0])
	case c == '\n' || c == '\r':
		return true // a line continuation
	case isDigit(c) || c >= utf8.RuneSelf:
		return false
	case c == 'x':
		return len(rest) >= 2 && hex(rest[:2])
	case c == 'u':
		if strings.HasPrefix(rest, "{") {
			end := strings.IndexByte(rest, '}')
			if end < 2 || !hex(rest[1:end]) {
				return false
			}
			v, err := strconv.ParseUint(rest[1:end], 16, 32)
			return err == nil && v <= unicode.MaxRune
		}
		return len(rest) >= 4 && hex(rest[:4])
	}
	return true
}

func (lx *lexer) writeHex(b *strings.Builder, n int) {
	if lx.pos+n > len(lx.src) {
		return
	}
	lx.writeCode(b, lx.src[lx.pos:lx.pos+n])
	lx.pos += n
}

func (lx *lexer) writeCode(b *strings.Builder, hex string) {
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || v > unicode.MaxRune {
		b.WriteRune(utf8.RuneError)
		return
	}
	b.WriteRune(rune(v))
}

// scanTemplate skips a template literal, lexing (and discarding) the
// expressions of its ${…} substitutions so that strings, braces and
// nested templates inside them are handled.
func (lx *lexer) scanTemplate() {
	lx.pos++
	lx.depth++
	defer func() { lx.depth-- }()
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == '\\':
			lx.pos += 2
		case c == '`':
			lx.pos++
			return
		case c == '$' && strings.HasPrefix(lx.src[lx.pos:], "${"):
			lx.pos += 2
			if lx.depth > maxTemplateDepth {
				lx.pos = len(lx.src)
				return
			}
			lx.skipSubstitution()
		default:
			lx.pos++
		}
	}
	if lx.pos > len(lx.src) {
		lx.pos = len(lx.src)
	}
}

// skipSubstitution lexes tokens up to the '}' that closes a ${.
func (lx *lexer) skipSubstitution() {
	saved := lx.prev
	defer func() { lx.prev = saved }()
	lx.prev = nil
	braces := 0
	var toks [2]token // this one and the previous
	for k := 0; ; k ^= 1 {
		t := &toks[k]
		lx.next(t)
		switch {
		case t.kind == tEOF:
			return
		case t.kind == tPunct && t.text == "{":
			braces++
		case t.kind == tPunct && t.text == "}":
			if braces == 0 {
				return
			}
			braces--
		}
		lx.prev = t
	}
}

func (lx *lexer) scanNumber() {
	s := lx.src
	if strings.HasPrefix(s[lx.pos:], "0x") || strings.HasPrefix(s[lx.pos:], "0X") ||
		strings.HasPrefix(s[lx.pos:], "0b") || strings.HasPrefix(s[lx.pos:], "0B") ||
		strings.HasPrefix(s[lx.pos:], "0o") || strings.HasPrefix(s[lx.pos:], "0O") {
		lx.pos += 2
	}
	for lx.pos < len(s) {
		c := s[lx.pos]
		switch {
		case isDigit(c) || c == '_' || c == '.' || isLetter(c):
			// Letters cover hex digits, the exponent and the bigint suffix.
			if (c == 'e' || c == 'E') && lx.pos+1 < len(s) && (s[lx.pos+1] == '+' || s[lx.pos+1] == '-') {
				lx.pos++
			}
			lx.pos++
		default:
			return
		}
	}
}

func (lx *lexer) scanIdent() {
	for lx.pos < len(lx.src) {
		if c := lx.src[lx.pos]; c < utf8.RuneSelf && c != '\\' {
			if !(isLetter(c) || isDigit(c) || c == '$' || c == '_' || c == '#') {
				return
			}
			lx.pos++
			continue
		}
		rest := lx.src[lx.pos:]
		if rest[0] == '\\' {
			lx.pos += 2 // \uXXXX escape inside an identifier
			continue
		}
		r, n := utf8.DecodeRuneInString(rest)
		if !(r == '$' || r == '_' || r == '#' || unicode.IsLetter(r) || unicode.IsDigit(r) ||
			unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r) ||
			r == '\u200c' || r == '\u200d') {
			return
		}
		lx.pos += n
	}
	if lx.pos > len(lx.src) {
		lx.pos = len(lx.src)
	}
}

func (lx *lexer) scanRegex() {
	lx.pos++
	inClass := false
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == '\n' || c == '\r':
			return
		case c == '\\':
			lx.pos += 2
			continue
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			lx.pos++
			for lx.pos < len(lx.src) && isIdentStart(lx.src[lx.pos:]) {
				lx.pos++
			}
			return
		}
		lx.pos++
	}
	if lx.pos > len(lx.src) {
		lx.pos = len(lx.src)
	}
}

func (lx *lexer) scanPunct() {
	rest := lx.src[lx.pos:]
	if c := rest[0]; c != '.' && c != '=' && c != '?' && c < utf8.RuneSelf {
		lx.pos++
		return
	}
	for _, p := range []string{"...", "=>", "?."} {
		if strings.HasPrefix(rest, p) && !(p == "?." && len(rest) > 2 && isDigit(rest[2])) {
			lx.pos += len(p)
			return
		}
	}
	_, n := utf8.DecodeRuneInString(rest)
	lx.pos += n
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isIdentStart(s string) bool {
	if s == "" {
		return false
	}
	if c := s[0]; c < utf8.RuneSelf {
		return c == '\\' || isLetter(c) || c == '$' || c == '_' || c == '#'
	}
	r, _ := utf8.DecodeRuneInString(s)
	return r == '$' || r == '_' || r == '#' || unicode.IsLetter(r)
}
