package runtime

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Limits bound what the strict decoder accepts. A model can emit
// arbitrarily large or deep arguments; the limits keep one bad call from
// costing more than a handful of microseconds and a bounded stack.
type Limits struct {
	// MaxBytes is the largest accepted arguments document (default 1 MiB).
	MaxBytes int
	// MaxDepth is the deepest accepted nesting of objects and arrays
	// (default 64).
	MaxDepth int
}

// DefaultLimits are the limits a Registry uses unless told otherwise.
var DefaultLimits = Limits{MaxBytes: 1 << 20, MaxDepth: 64}

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultLimits.MaxBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	return l
}

// DecodeError is a violation found while reading arguments, before any
// schema is consulted: malformed JSON, a duplicate key, a limit exceeded.
type DecodeError struct {
	Offset  int    // byte offset in the input
	Pointer string // JSON pointer of the value being read ("" for the root)
	Keyword string // "syntax", "duplicate-key", "max-bytes", "max-depth", "utf8"
	Msg     string
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s: %s (at byte %d)", displayPointer(e.Pointer), e.Msg, e.Offset)
}

// Decode parses data strictly into the generic form the validator uses:
// map[string]any, []any, string, json.Number, bool and nil. It rejects
// duplicate object keys, invalid UTF-8, trailing data, and documents over
// the limits; numbers keep their exact text.
func Decode(data []byte, lim Limits) (any, error) {
	lim = lim.withDefaults()
	if len(data) > lim.MaxBytes {
		return nil, &DecodeError{Offset: lim.MaxBytes, Keyword: "max-bytes",
			Msg: fmt.Sprintf("arguments are %d bytes, over the limit of %d; send a smaller request", len(data), lim.MaxBytes)}
	}
	// One copy of the input as a string: strings without escapes and
	// numbers are then substrings of it and cost no allocation.
	d := decoder{data: data, src: string(data), maxDepth: lim.MaxDepth}
	d.skipSpace()
	v, err := d.value(0)
	if err != nil {
		return nil, err
	}
	d.skipSpace()
	if d.pos < len(d.data) {
		return nil, d.fail("syntax", "unexpected data after the arguments object")
	}
	return v, nil
}

type decoder struct {
	data     []byte
	src      string // == string(data)
	pos      int
	maxDepth int
}

func (d *decoder) fail(keyword, format string, args ...any) *DecodeError {
	return &DecodeError{Offset: d.pos, Keyword: keyword, Msg: fmt.Sprintf(format, args...)}
}

// within prefixes the pointer of a nested error with one reference token;
// done on the way out so the success path keeps no path stack.
func within(err error, token string) error {
	if de, ok := err.(*DecodeError); ok {
		de.Pointer = "/" + escapePointer(token) + de.Pointer
	}
	return err
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *decoder) value(depth int) (any, error) {
	if d.pos >= len(d.data) {
		return nil, d.fail("syntax", "unexpected end of JSON input")
	}
	switch c := d.data[d.pos]; {
	case c == '{':
		return d.object(depth + 1)
	case c == '[':
		return d.array(depth + 1)
	case c == '"':
		return d.str()
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	case c == 't':
		return true, d.literal("true")
	case c == 'f':
		return false, d.literal("false")
	case c == 'n':
		return nil, d.literal("null")
	default:
		return nil, d.fail("syntax", "unexpected character %s where a value should start", quoteByte(c))
	}
}

func quoteByte(c byte) string {
	if c < utf8.RuneSelf {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func (d *decoder) literal(word string) error {
	if len(d.data)-d.pos >= len(word) && string(d.data[d.pos:d.pos+len(word)]) == word {
		d.pos += len(word)
		return nil
	}
	return d.fail("syntax", "invalid literal; expected %s", word)
}

func (d *decoder) object(depth int) (any, error) {
	if depth > d.maxDepth {
		return nil, d.fail("max-depth", "nesting deeper than %d levels; flatten the arguments", d.maxDepth)
	}
	d.pos++ // '{'
	m := make(map[string]any)
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		return m, nil
	}
	for {
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return nil, d.fail("syntax", "expected a double-quoted property name")
		}
		keyAt := d.pos
		key, err := d.str()
		if err != nil {
			return nil, err
		}
		if _, dup := m[key]; dup {
			return nil, within(&DecodeError{Offset: keyAt, Keyword: "duplicate-key",
				Msg: fmt.Sprintf("property %q appears more than once; send each property once", key)}, key)
		}
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return nil, within(d.fail("syntax", "expected ':' after property name"), key)
		}
		d.pos++
		d.skipSpace()
		v, err := d.value(depth)
		if err != nil {
			return nil, within(err, key)
		}
		m[key] = v
		d.skipSpace()
		if d.pos >= len(d.data) {
			return nil, d.fail("syntax", "unexpected end of JSON input inside an object")
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
			d.skipSpace()
		case '}':
			d.pos++
			return m, nil
		default:
			return nil, d.fail("syntax", "expected ',' or '}' after a property value")
		}
	}
}

func (d *decoder) array(depth int) (any, error) {
	if depth > d.maxDepth {
		return nil, d.fail("max-depth", "nesting deeper than %d levels; flatten the arguments", d.maxDepth)
	}
	d.pos++ // '['
	a := []any{}
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		return a, nil
	}
	for {
		v, err := d.value(depth)
		if err != nil {
			return nil, within(err, strconv.Itoa(len(a)))
		}
		a = append(a, v)
		d.skipSpace()
		if d.pos >= len(d.data) {
			return nil, d.fail("syntax", "unexpected end of JSON input inside an array")
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
			d.skipSpace()
		case ']':
			d.pos++
			return a, nil
		default:
			return nil, d.fail("syntax", "expected ',' or ']' after an array item")
		}
	}
}

// str reads a string; the common case (no escapes, ASCII or valid UTF-8)
// costs one allocation.
func (d *decoder) str() (string, error) {
	d.pos++ // opening quote
	start := d.pos
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		switch {
		case c == '"':
			s := d.src[start:d.pos]
			d.pos++
			return s, nil
		case c == '\\':
			return d.escapedStr(start)
		case c < 0x20:
			return "", d.fail("syntax", "control character in string; escape it")
		case c < utf8.RuneSelf:
			d.pos++
		default:
			r, size := utf8.DecodeRune(d.data[d.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", d.fail("utf8", "invalid UTF-8 in string")
			}
			d.pos += size
		}
	}
	return "", d.fail("syntax", "unterminated string")
}

func (d *decoder) escapedStr(start int) (string, error) {
	var b strings.Builder
	b.Write(d.data[start:d.pos])
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			return b.String(), nil
		case c == '\\':
			if err := d.escape(&b); err != nil {
				return "", err
			}
		case c < 0x20:
			return "", d.fail("syntax", "control character in string; escape it")
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			d.pos++
		default:
			r, size := utf8.DecodeRune(d.data[d.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", d.fail("utf8", "invalid UTF-8 in string")
			}
			b.Write(d.data[d.pos : d.pos+size])
			d.pos += size
		}
	}
	return "", d.fail("syntax", "unterminated string")
}

func (d *decoder) escape(b *strings.Builder) error {
	if d.pos+1 >= len(d.data) {
		return d.fail("syntax", "unterminated escape")
	}
	c := d.data[d.pos+1]
	d.pos += 2
	switch c {
	case '"', '\\', '/':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r, err := d.hex4()
		if err != nil {
			return err
		}
		if utf16.IsSurrogate(r) {
			r = d.lowSurrogate(r)
		}
		b.WriteRune(r)
	default:
		return d.fail("syntax", "invalid escape \\%c", c)
	}
	return nil
}

// lowSurrogate completes a surrogate pair; a lone surrogate becomes U+FFFD
// as encoding/json does, so both decoders agree on such input.
func (d *decoder) lowSurrogate(hi rune) rune {
	if d.pos+6 <= len(d.data) && d.data[d.pos] == '\\' && d.data[d.pos+1] == 'u' {
		save := d.pos
		d.pos += 2
		lo, err := d.hex4()
		if err == nil {
			if r := utf16.DecodeRune(hi, lo); r != utf8.RuneError {
				return r
			}
		}
		d.pos = save
	}
	return utf8.RuneError
}

func (d *decoder) hex4() (rune, error) {
	if d.pos+4 > len(d.data) {
		return 0, d.fail("syntax", "truncated \\u escape")
	}
	var r rune
	for _, c := range d.data[d.pos : d.pos+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, d.fail("syntax", "invalid \\u escape")
		}
	}
	d.pos += 4
	return r, nil
}

// Number bounds: every number a call may carry is a finite 64-bit float
// (what Python, JavaScript and encoding/json read it as), with at most
// maxNumberDigits digits and an exponent below 10^maxExponentDigits. The
// schema checks compute exactly with big.Rat, whose cost grows with the
// exponent: "1e999999" took 45 ms to check and became inf in Python.
const (
	maxNumberDigits   = 1000
	maxExponentDigits = 4
)

// number checks the RFC 8259 number grammar and the bounds, and keeps
// the text.
func (d *decoder) number() (any, error) {
	start := d.pos
	if d.data[d.pos] == '-' {
		d.pos++
	}
	n := 0
	switch {
	case d.pos < len(d.data) && d.data[d.pos] == '0':
		d.pos++
	case d.pos < len(d.data) && d.data[d.pos] >= '1' && d.data[d.pos] <= '9':
		n = d.digits()
	default:
		return nil, d.fail("syntax", "invalid number")
	}
	if d.pos < len(d.data) && d.data[d.pos] == '.' {
		d.pos++
		frac := d.digits()
		if frac == 0 {
			return nil, d.fail("syntax", "invalid number: digits expected after '.'")
		}
		n += frac
	}
	exp := 0
	if d.pos < len(d.data) && (d.data[d.pos] == 'e' || d.data[d.pos] == 'E') {
		d.pos++
		if d.pos < len(d.data) && (d.data[d.pos] == '+' || d.data[d.pos] == '-') {
			d.pos++
		}
		if exp = d.digits(); exp == 0 {
			return nil, d.fail("syntax", "invalid number: digits expected in exponent")
		}
	}
	text := d.src[start:d.pos]
	if err := d.numberInRange(text, n, exp); err != nil {
		return nil, err
	}
	return json.Number(text), nil
}

func (d *decoder) numberInRange(text string, digits, expDigits int) error {
	show := text
	if len(show) > 40 {
		show = show[:40] + "…"
	}
	if digits > maxNumberDigits || expDigits > maxExponentDigits {
		return d.fail("number-range", "number %s is too long (at most %d digits and an exponent of %d digits); send such a value as a string", show, maxNumberDigits, maxExponentDigits)
	}
	if f, err := strconv.ParseFloat(text, 64); err != nil && math.IsInf(f, 0) {
		return d.fail("number-range", "number %s is beyond the range of a 64-bit float (about ±1.8e308); send such a value as a string", show)
	}
	return nil
}

func (d *decoder) digits() int {
	n := 0
	for d.pos < len(d.data) && d.data[d.pos] >= '0' && d.data[d.pos] <= '9' {
		d.pos++
		n++
	}
	return n
}

// escapePointer escapes one JSON pointer reference token (RFC 6901).
func escapePointer(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// pointerOf joins reference tokens into a JSON pointer.
func pointerOf(tokens []string) string {
	if len(tokens) == 0 {
		return ""
	}
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapePointer(t))
	}
	return b.String()
}

// displayPointer is how a pointer reads in a message: the root is "/".
func displayPointer(p string) string {
	if p == "" {
		return "/"
	}
	return p
}
