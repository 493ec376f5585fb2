package python

import "strings"

// scanString scans a string literal whose quote is at lx.pos (the prefix,
// if any, starts at start). f-strings are scanned with their replacement
// fields, so quotes and braces nested per PEP 701 do not end them early.
func (lx *lexer) scanString(start int, prefix string) {
	lower := strings.ToLower(prefix)
	raw := strings.Contains(lower, "r")
	q := lx.src[lx.pos]
	triple := strings.HasPrefix(lx.src[lx.pos:], strings.Repeat(string(q), 3))
	if triple {
		lx.pos += 3
	} else {
		lx.pos++
	}
	if strings.Contains(lower, "f") {
		lx.fstringBody(start, q, triple, raw)
		return
	}
	lx.plainBody(start, q, triple)
}

// atClose reports whether the closing quote(s) start at lx.pos.
func (lx *lexer) atClose(q byte, triple bool) bool {
	if triple {
		return strings.HasPrefix(lx.src[lx.pos:], string([]byte{q, q, q}))
	}
	return lx.src[lx.pos] == q
}

func (lx *lexer) closeQuote(triple bool) {
	if triple {
		lx.pos += 3
	} else {
		lx.pos++
	}
}

func (lx *lexer) unterminated(start int, triple bool) {
	if triple {
		lx.fail(start, "unterminated triple-quoted string literal")
		return
	}
	lx.fail(start, "unterminated string literal")
}

func (lx *lexer) plainBody(start int, q byte, triple bool) {
	src := lx.src
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == '\\':
			lx.pos += 2
			continue
		case c == '\n' && !triple:
			lx.unterminated(start, triple)
			return
		case c == q && lx.atClose(q, triple):
			lx.closeQuote(triple)
			return
		}
		lx.pos++
	}
	lx.unterminated(start, triple)
}

// fstringBody scans the literal part of an f-string.
func (lx *lexer) fstringBody(start int, q byte, triple, raw bool) {
	src := lx.src
	for lx.pos < len(src) && lx.err == nil {
		c := src[lx.pos]
		switch {
		case c == '\\':
			lx.fstringEscape(raw)
			continue
		case c == '\n' && !triple:
			lx.unterminated(start, triple)
			return
		case c == q && lx.atClose(q, triple):
			lx.closeQuote(triple)
			return
		case c == '{' && strings.HasPrefix(src[lx.pos:], "{{"), c == '}' && strings.HasPrefix(src[lx.pos:], "}}"):
			lx.pos += 2
			continue
		case c == '{':
			lx.pos++
			lx.replacementField(start)
			continue
		case c == '}':
			lx.fail(lx.pos, "f-string: single '}' is not allowed")
			return
		}
		lx.pos++
	}
	if lx.err == nil {
		lx.unterminated(start, triple)
	}
}

// fstringEscape skips a backslash sequence in an f-string's literal part.
// A backslash never escapes a brace, but \N{NAME} holds braces of its own.
func (lx *lexer) fstringEscape(raw bool) {
	src := lx.src
	if lx.pos+1 >= len(src) {
		lx.pos++
		return
	}
	next := src[lx.pos+1]
	switch {
	case next == '{' || next == '}':
		lx.pos++
	case !raw && next == 'N' && lx.pos+2 < len(src) && src[lx.pos+2] == '{':
		if i := strings.IndexByte(src[lx.pos:], '}'); i >= 0 {
			lx.pos += i + 1
			return
		}
		lx.pos += 2
	default:
		lx.pos += 2
	}
}

// replacementField scans `expr [=] [!conv] [:spec] }` after its `{`,
// and checks the expression as Python does.
func (lx *lexer) replacementField(start int) {
	src := lx.src
	depth := 0
	field, exprEnd := lx.pos, -1
	endExpr := func() {
		if exprEnd < 0 {
			exprEnd = lx.pos
			lx.checkFieldExpr(field, src[field:exprEnd])
		}
	}
	for lx.pos < len(src) && lx.err == nil {
		c := src[lx.pos]
		switch {
		case c == '#':
			lx.pos = skipToEOL(src, lx.pos)
		case c == '"' || c == '\'':
			lx.scanString(lx.pos, "")
		case isIdentStart(c):
			p := scanIdent(src, lx.pos)
			if p < len(src) && (src[p] == '"' || src[p] == '\'') && isStringPrefix(src[lx.pos:p]) {
				s := lx.pos
				lx.pos = p
				lx.scanString(s, src[s:p])
				continue
			}
			lx.pos = p
		case c == '(' || c == '[' || c == '{':
			depth++
			lx.pos++
		case (c == ')' || c == ']') && depth > 0:
			depth--
			lx.pos++
		case c == '}' && depth > 0:
			depth--
			lx.pos++
		case c == '}':
			if endExpr(); lx.err == nil {
				lx.pos++
			}
			return
		case depth == 0 && c == '!' && !strings.HasPrefix(src[lx.pos:], "!="):
			if endExpr(); lx.err != nil {
				return
			}
			// One conversion character, then the format spec or the
			// closing brace: `{x!r=}` and `{x!rr}` are errors (3.11's
			// fstring_find_expr).
			conv := lx.pos
			if c := byteAt(src, conv+1); c != 's' && c != 'r' && c != 'a' {
				lx.fail(conv+1, "f-string: invalid conversion character: expected 's', 'r', or 'a'")
				return
			}
			lx.pos = conv + 2
			if c := byteAt(src, lx.pos); c != ':' && c != '}' {
				lx.fail(lx.pos, "f-string: expecting '}'")
				return
			}
		case depth == 0 && c == ':':
			if endExpr(); lx.err != nil {
				return
			}
			lx.pos++
			if lx.formatSpec(start) {
				return
			}
		default:
			lx.pos++
		}
	}
	if lx.err == nil {
		lx.fail(start, "f-string: expecting '}'")
	}
}

// formatSpec scans a format spec up to and including the field's closing
// brace; nested fields recurse. It reports whether the field was closed.
func (lx *lexer) formatSpec(start int) bool {
	src := lx.src
	for lx.pos < len(src) && lx.err == nil {
		switch src[lx.pos] {
		case '{':
			lx.pos++
			lx.replacementField(start)
		case '}':
			lx.pos++
			return true
		case '\\':
			lx.pos += 2
		default:
			lx.pos++
		}
	}
	return false
}

// checkFieldExpr checks the expression of a replacement field starting at
// off, its self-documenting "=" excluded: empty, or not an expression, is
// a syntax error in every Python version. (What differs between versions
// — a backslash or a comment in the expression, the enclosing quote
// reused — is accepted: 3.12 accepts it.)
func (lx *lexer) checkFieldExpr(off int, expr string) {
	if lx.err != nil {
		return
	}
	e := expr
	if t := strings.TrimRight(expr, " \t\n\r\f"); strings.HasSuffix(t, "=") && !strings.HasSuffix(t, "==") &&
		!strings.HasSuffix(t, "!=") && !strings.HasSuffix(t, "<=") && !strings.HasSuffix(t, ">=") {
		e = t[:len(t)-1]
	}
	if strings.TrimSpace(e) == "" {
		lx.fail(off, "f-string: empty expression not allowed")
		return
	}
	src := "(" + e + ")\n"
	lines, err := tokenize(src)
	if err == nil {
		err = checkGrammar(src, lines)
	}
	if err != nil {
		msg := err.msg
		if !strings.HasPrefix(msg, "f-string: ") {
			msg = "f-string: " + msg
		}
		// The error's offset in "(" + e + ")", mapped back into the file.
		at := off + min(max(err.off-1, 0), len(e))
		lx.fail(at, msg)
	}
}

// byteAt is src[i], or 0 past its end.
func byteAt(src string, i int) byte {
	if i < len(src) {
		return src[i]
	}
	return 0
}
