package python

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"
)

// strKind is what a sequence of adjacent string literals evaluates to.
type strKind uint8

const (
	strText  strKind = iota // str: a Constant, usable as a docstring
	strBytes                // bytes
	strF                    // an f-string somewhere: a JoinedStr, never a docstring
)

// evalStrings concatenates adjacent string literal tokens as Python does
// and decodes their escapes.
func evalStrings(toks []token) (string, strKind) {
	var b strings.Builder
	kind := strText
	for i, t := range toks {
		v, k := evalString(t.text)
		if i == 0 || k == strF {
			kind = max(kind, k)
		} else if k == strBytes {
			kind = max(kind, strBytes)
		}
		b.WriteString(v)
	}
	return b.String(), kind
}

// evalString decodes one literal (prefix, quotes and all).
func evalString(lit string) (string, strKind) {
	i := strings.IndexAny(lit, `"'`)
	prefix := strings.ToLower(lit[:i])
	body := lit[i:]
	q := 1
	if len(body) >= 6 && (strings.HasPrefix(body, `"""`) || strings.HasPrefix(body, `'''`)) {
		q = 3
	}
	if len(body) < 2*q {
		return "", strText
	}
	body = body[q : len(body)-q]
	kind := strText
	switch {
	case strings.Contains(prefix, "f"):
		kind = strF
	case strings.Contains(prefix, "b"):
		kind = strBytes
	}
	if strings.Contains(prefix, "r") || kind == strF {
		return body, kind
	}
	return unescape(body, kind == strBytes), kind
}

// unescape decodes Python's backslash escapes; unknown escapes stay as
// written, as CPython keeps them.
func unescape(s string, bytesLit bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		i = escape(&b, s, i, bytesLit)
	}
	return b.String()
}

var simpleEscapes = map[byte]string{'\n': "", '\\': `\`, '\'': "'", '"': `"`, 'a': "\a", 'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t", 'v': "\v"}

// escape writes the escape whose letter is at s[i] and returns the index
// of its last byte.
func escape(b *strings.Builder, s string, i int, bytesLit bool) int {
	c := s[i]
	if r, ok := simpleEscapes[c]; ok {
		b.WriteString(r)
		return i
	}
	switch {
	case c >= '0' && c <= '7':
		j := i
		for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
			j++
		}
		n, _ := strconv.ParseUint(s[i:j], 8, 32)
		writeCode(b, rune(n), bytesLit)
		return j - 1
	case c == 'x':
		return hexEscape(b, s, i, 2, bytesLit)
	case (c == 'u' || c == 'U') && !bytesLit:
		n := 4
		if c == 'U' {
			n = 8
		}
		return hexEscape(b, s, i, n, false)
	case c == 'N' && !bytesLit && i+1 < len(s) && s[i+1] == '{':
		if end := strings.IndexByte(s[i:], '}'); end >= 0 {
			if r, ok := lookupRuneName(s[i+2 : i+end]); ok {
				b.WriteRune(r)
				return i + end
			}
		}
	}
	b.WriteByte('\\')
	b.WriteByte(c)
	return i
}

func hexEscape(b *strings.Builder, s string, i, n int, bytesLit bool) int {
	if i+1+n > len(s) {
		b.WriteString(`\` + s[i:])
		return len(s) - 1
	}
	v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
	if err != nil {
		b.WriteString(`\` + s[i:i+1])
		return i
	}
	writeCode(b, rune(v), bytesLit)
	return i + n
}

// writeCode writes a code point; bytes literals hold raw bytes, which we
// keep as Latin-1 code points so the value stays valid UTF-8.
func writeCode(b *strings.Builder, r rune, bytesLit bool) {
	if bytesLit {
		r &= 0xff
	}
	if !utf8.ValidRune(r) {
		r = utf8.RuneError
	}
	b.WriteRune(r)
}

// runeNames is the \N{NAME} table, built on first use (rarely needed).
var runeNames = sync.OnceValue(func() map[string]rune {
	m := map[string]rune{}
	for r := rune(0); r <= 0x10ffff; r++ {
		if n := runenames.Name(r); n != "" && n[0] != '<' {
			m[n] = r
		}
	}
	return m
})

func lookupRuneName(name string) (rune, bool) {
	r, ok := runeNames()[strings.ToUpper(name)]
	return r, ok
}
