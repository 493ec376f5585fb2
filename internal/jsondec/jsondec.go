// Package jsondec is tscg's one JSON scanner: the strict reader behind
// runtime.Decode and the lexer of generated decoders (runtime/gensupport),
// and the string, number and literal scanning of the JSON frontend's
// position-keeping parser (frontends/jsonschema). One grammar and one set
// of messages: a document rejected by one is rejected by all with the same
// words.
package jsondec

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Error is a violation found while reading: malformed JSON, a duplicate
// key, a limit exceeded. runtime.DecodeError has the same fields.
type Error struct {
	Offset  int    // byte offset in the input
	Pointer string // JSON pointer of the value being read ("" for the root)
	Keyword string // "syntax", "duplicate-key", "max-bytes", "max-depth", "utf8", "number-range"
	Msg     string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s (at byte %d)", DisplayPointer(e.Pointer), e.Msg, e.Offset)
}

// New starts reading data, with objects and arrays nested at most
// maxDepth deep. It checks no byte limit: Decode and the lexer do that
// first.
func New(data []byte, maxDepth int) Decoder {
	// One copy of the input as a string: strings without escapes and
	// numbers are then substrings of it and cost no allocation.
	return Decoder{Data: data, src: string(data), maxDepth: maxDepth}
}

// NewOwned is New for data the caller hands over: nothing writes to it
// again while the Decoder or a string it returned is in use (a file read
// for this decoder alone). Its strings are then substrings of data
// itself, and the copy New makes, as large as the input, is saved.
func NewOwned(data []byte, maxDepth int) Decoder {
	return Decoder{Data: data, src: unsafe.String(unsafe.SliceData(data), len(data)), maxDepth: maxDepth}
}

// Decode parses data strictly into map[string]any, []any, string,
// json.Number, bool and nil. It rejects duplicate object keys, invalid
// UTF-8, trailing data, and documents over maxBytes or nested deeper than
// maxDepth; numbers keep their exact text.
func Decode(data []byte, maxBytes, maxDepth int) (any, *Error) {
	if len(data) > maxBytes {
		return nil, &Error{Offset: maxBytes, Keyword: "max-bytes",
			Msg: fmt.Sprintf("arguments are %d bytes, over the limit of %d; send a smaller request", len(data), maxBytes)}
	}
	d := New(data, maxDepth)
	d.SkipSpace()
	v, err := d.Value(0)
	if err != nil {
		return nil, err.(*Error)
	}
	d.SkipSpace()
	if d.Pos < len(d.Data) {
		return nil, d.Fail("syntax", "unexpected data after the arguments object")
	}
	return v, nil
}

// Check reads data as Decode does and returns the error Decode would
// return, or nil, without building the values: no map per object, no
// slice per array (the MCP server checks every message's keys this way
// before the go-sdk or its fast path reads it).
func Check(data []byte, maxBytes, maxDepth int) *Error {
	if len(data) > maxBytes {
		_, err := Decode(data, maxBytes, maxDepth)
		return err
	}
	d := New(data, maxDepth)
	d.discard = true
	d.SkipSpace()
	if _, err := d.Value(0); err != nil {
		return err.(*Error)
	}
	d.SkipSpace()
	if d.Pos < len(d.Data) {
		return d.Fail("syntax", "unexpected data after the arguments object")
	}
	return nil
}

// Decoder reads one JSON document. Its methods return *Error values as
// error.
type Decoder struct {
	Data     []byte // the document
	Pos      int    // offset of the next byte to read
	src      string // == string(Data)
	maxDepth int
	discard  bool // Check: objects and arrays are read, not built (their value is nil)
}

// Fail is an error at the current offset.
func (d *Decoder) Fail(keyword, format string, args ...any) *Error {
	return &Error{Offset: d.Pos, Keyword: keyword, Msg: fmt.Sprintf(format, args...)}
}

// within prefixes the pointer of a nested error with one reference token;
// done on the way out so the success path keeps no path stack.
func within(err error, token string) error {
	if de, ok := err.(*Error); ok {
		de.Pointer = "/" + EscapePointer(token) + de.Pointer
	}
	return err
}

func (d *Decoder) SkipSpace() {
	for d.Pos < len(d.Data) {
		switch d.Data[d.Pos] {
		case ' ', '\t', '\n', '\r':
			d.Pos++
		default:
			return
		}
	}
}

func (d *Decoder) Value(depth int) (any, error) {
	if d.Pos >= len(d.Data) {
		return nil, d.Fail("syntax", "unexpected end of JSON input")
	}
	switch c := d.Data[d.Pos]; {
	case c == '{':
		return d.object(depth + 1)
	case c == '[':
		return d.array(depth + 1)
	case c == '"':
		return d.Str()
	case c == '-' || (c >= '0' && c <= '9'):
		return d.Number()
	case c == 't':
		return true, d.Literal("true")
	case c == 'f':
		return false, d.Literal("false")
	case c == 'n':
		return nil, d.Literal("null")
	default:
		return nil, d.Fail("syntax", "unexpected character %s where a value should start", quoteByte(c))
	}
}

// Skip reads one value as Value does, at the given depth, without
// building it: the caller keeps its text, d.Data[start:d.Pos].
func (d *Decoder) Skip(depth int) error {
	was := d.discard
	d.discard = true
	_, err := d.Value(depth)
	d.discard = was
	return err
}

func quoteByte(c byte) string {
	if c < utf8.RuneSelf {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func (d *Decoder) Literal(word string) error {
	if len(d.Data)-d.Pos >= len(word) && string(d.Data[d.Pos:d.Pos+len(word)]) == word {
		d.Pos += len(word)
		return nil
	}
	return d.Fail("syntax", "invalid literal; expected %s", word)
}

func (d *Decoder) object(depth int) (any, error) {
	if depth > d.maxDepth {
		return nil, d.Fail("max-depth", "nesting deeper than %d levels; flatten the arguments", d.maxDepth)
	}
	d.Pos++ // '{'
	var m map[string]any
	var keys seenKeys
	if !d.discard {
		m = make(map[string]any)
	}
	d.SkipSpace()
	if d.Pos < len(d.Data) && d.Data[d.Pos] == '}' {
		d.Pos++
		return m, nil
	}
	for {
		if d.Pos >= len(d.Data) || d.Data[d.Pos] != '"' {
			return nil, d.Fail("syntax", "expected a double-quoted property name")
		}
		keyAt := d.Pos
		key, err := d.Str()
		if err != nil {
			return nil, err
		}
		dup := false
		if d.discard {
			dup = keys.seen(key)
		} else {
			_, dup = m[key]
		}
		if dup {
			return nil, within(&Error{Offset: keyAt, Keyword: "duplicate-key",
				Msg: fmt.Sprintf("property %q appears more than once; send each property once", key)}, key)
		}
		d.SkipSpace()
		if d.Pos >= len(d.Data) || d.Data[d.Pos] != ':' {
			return nil, within(d.Fail("syntax", "expected ':' after property name"), key)
		}
		d.Pos++
		d.SkipSpace()
		v, err := d.Value(depth)
		if err != nil {
			return nil, within(err, key)
		}
		if !d.discard {
			m[key] = v
		}
		d.SkipSpace()
		if d.Pos >= len(d.Data) {
			return nil, d.Fail("syntax", "unexpected end of JSON input inside an object")
		}
		switch d.Data[d.Pos] {
		case ',':
			d.Pos++
			d.SkipSpace()
		case '}':
			d.Pos++
			return m, nil
		default:
			return nil, d.Fail("syntax", "expected ',' or '}' after a property value")
		}
	}
}

func (d *Decoder) array(depth int) (any, error) {
	if depth > d.maxDepth {
		return nil, d.Fail("max-depth", "nesting deeper than %d levels; flatten the arguments", d.maxDepth)
	}
	d.Pos++ // '['
	var a []any
	if !d.discard {
		a = []any{}
	}
	d.SkipSpace()
	if d.Pos < len(d.Data) && d.Data[d.Pos] == ']' {
		d.Pos++
		return a, nil
	}
	for n := 0; ; n++ {
		v, err := d.Value(depth)
		if err != nil {
			return nil, within(err, strconv.Itoa(n))
		}
		if !d.discard {
			a = append(a, v)
		}
		d.SkipSpace()
		if d.Pos >= len(d.Data) {
			return nil, d.Fail("syntax", "unexpected end of JSON input inside an array")
		}
		switch d.Data[d.Pos] {
		case ',':
			d.Pos++
			d.SkipSpace()
		case ']':
			d.Pos++
			return a, nil
		default:
			return nil, d.Fail("syntax", "expected ',' or ']' after an array item")
		}
	}
}

// seenKeys is one object's keys while Check reads it: a short list
// compared in place, a map once the object is large (a linear search per
// key would make a hostile object with many keys quadratic).
type seenKeys struct {
	list []string
	set  map[string]struct{}
}

// seen reports whether key was seen before, and records it.
func (k *seenKeys) seen(key string) bool {
	if k.set != nil {
		_, dup := k.set[key]
		k.set[key] = struct{}{}
		return dup
	}
	for _, s := range k.list {
		if s == key {
			return true
		}
	}
	k.list = append(k.list, key)
	if len(k.list) > 16 {
		k.set = make(map[string]struct{}, 2*len(k.list))
		for _, s := range k.list {
			k.set[s] = struct{}{}
		}
	}
	return false
}

// Str reads a string (at its opening quote); the common case (no escapes, ASCII or valid UTF-8)
// costs one allocation.
func (d *Decoder) Str() (string, error) {
	d.Pos++ // opening quote
	start := d.Pos
	for d.Pos < len(d.Data) {
		c := d.Data[d.Pos]
		switch {
		case c == '"':
			s := d.src[start:d.Pos]
			d.Pos++
			return s, nil
		case c == '\\':
			return d.escapedStr(start)
		case c < 0x20:
			return "", d.Fail("syntax", "control character %U in string; escape it", rune(c))
		case c < utf8.RuneSelf:
			d.Pos++
		default:
			r, size := utf8.DecodeRune(d.Data[d.Pos:])
			if r == utf8.RuneError && size == 1 {
				return "", d.Fail("utf8", "invalid UTF-8 in string")
			}
			d.Pos += size
		}
	}
	d.Pos = start - 1 // at the opening quote: the end says nothing
	return "", d.Fail("syntax", "unterminated string")
}

func (d *Decoder) escapedStr(start int) (string, error) {
	var b strings.Builder
	b.Write(d.Data[start:d.Pos])
	for d.Pos < len(d.Data) {
		c := d.Data[d.Pos]
		switch {
		case c == '"':
			d.Pos++
			return b.String(), nil
		case c == '\\':
			if err := d.escape(&b); err != nil {
				return "", err
			}
		case c < 0x20:
			return "", d.Fail("syntax", "control character %U in string; escape it", rune(c))
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			d.Pos++
		default:
			r, size := utf8.DecodeRune(d.Data[d.Pos:])
			if r == utf8.RuneError && size == 1 {
				return "", d.Fail("utf8", "invalid UTF-8 in string")
			}
			b.Write(d.Data[d.Pos : d.Pos+size])
			d.Pos += size
		}
	}
	d.Pos = start - 1 // at the opening quote: the end says nothing
	return "", d.Fail("syntax", "unterminated string")
}

func (d *Decoder) escape(b *strings.Builder) error {
	if d.Pos+1 >= len(d.Data) {
		return d.Fail("syntax", "unterminated escape")
	}
	c := d.Data[d.Pos+1]
	d.Pos += 2
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
		return d.Fail("syntax", "invalid escape \\%c", c)
	}
	return nil
}

// lowSurrogate completes a surrogate pair; a lone surrogate becomes U+FFFD
// as encoding/json does, so both decoders agree on such input.
func (d *Decoder) lowSurrogate(hi rune) rune {
	if d.Pos+6 <= len(d.Data) && d.Data[d.Pos] == '\\' && d.Data[d.Pos+1] == 'u' {
		save := d.Pos
		d.Pos += 2
		lo, err := d.hex4()
		if err == nil {
			if r := utf16.DecodeRune(hi, lo); r != utf8.RuneError {
				return r
			}
		}
		d.Pos = save
	}
	return utf8.RuneError
}

func (d *Decoder) hex4() (rune, error) {
	if d.Pos+4 > len(d.Data) {
		return 0, d.Fail("syntax", "truncated \\u escape")
	}
	var r rune
	for _, c := range d.Data[d.Pos : d.Pos+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, d.Fail("syntax", "invalid \\u escape")
		}
	}
	d.Pos += 4
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

// Number reads a number (checking the RFC 8259 grammar and the bounds
// above) and keeps its text.
func (d *Decoder) Number() (any, error) {
	text, digits, expDigits, err := d.number()
	if err != nil {
		return nil, err
	}
	if err := d.numberInRange(text, digits, expDigits); err != nil {
		return nil, err
	}
	return json.Number(text), nil
}

// NumberText reads a number, checking the grammar only, and returns its
// text: a schema file may hold numbers no tool call may send.
func (d *Decoder) NumberText() (string, *Error) {
	text, _, _, err := d.number()
	return text, err
}

// number checks the RFC 8259 number grammar; it returns the text and the
// count of its digits and of its exponent's digits.
func (d *Decoder) number() (text string, digits, expDigits int, err *Error) {
	start := d.Pos
	if d.Data[d.Pos] == '-' {
		d.Pos++
	}
	switch {
	case d.Pos < len(d.Data) && d.Data[d.Pos] == '0':
		d.Pos++
		if d.Pos < len(d.Data) && d.Data[d.Pos] >= '0' && d.Data[d.Pos] <= '9' {
			d.Pos-- // at the zero
			return "", 0, 0, d.Fail("syntax", "invalid number: leading zero")
		}
	case d.Pos < len(d.Data) && d.Data[d.Pos] >= '1' && d.Data[d.Pos] <= '9':
		digits = d.digits()
	default:
		return "", 0, 0, d.Fail("syntax", "invalid number: digits expected")
	}
	if d.Pos < len(d.Data) && d.Data[d.Pos] == '.' {
		d.Pos++
		frac := d.digits()
		if frac == 0 {
			return "", 0, 0, d.Fail("syntax", "invalid number: digits expected after '.'")
		}
		digits += frac
	}
	if d.Pos < len(d.Data) && (d.Data[d.Pos] == 'e' || d.Data[d.Pos] == 'E') {
		d.Pos++
		if d.Pos < len(d.Data) && (d.Data[d.Pos] == '+' || d.Data[d.Pos] == '-') {
			d.Pos++
		}
		if expDigits = d.digits(); expDigits == 0 {
			return "", 0, 0, d.Fail("syntax", "invalid number: digits expected in exponent")
		}
	}
	return d.src[start:d.Pos], digits, expDigits, nil
}

func (d *Decoder) numberInRange(text string, digits, expDigits int) error {
	show := text
	if len(show) > 40 {
		show = show[:40] + "…"
	}
	if digits > maxNumberDigits || expDigits > maxExponentDigits {
		return d.Fail("number-range", "number %s is too long (at most %d digits and an exponent of %d digits); send such a value as a string", show, maxNumberDigits, maxExponentDigits)
	}
	if f, err := strconv.ParseFloat(text, 64); err != nil && math.IsInf(f, 0) {
		return d.Fail("number-range", "number %s is beyond the range of a 64-bit float (about ±1.8e308); send such a value as a string", show)
	}
	return nil
}

func (d *Decoder) digits() int {
	n := 0
	for d.Pos < len(d.Data) && d.Data[d.Pos] >= '0' && d.Data[d.Pos] <= '9' {
		d.Pos++
		n++
	}
	return n
}

// EscapePointer escapes one JSON pointer reference token (RFC 6901).
func EscapePointer(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// PointerOf joins reference tokens into a JSON pointer.
func PointerOf(tokens []string) string {
	if len(tokens) == 0 {
		return ""
	}
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(EscapePointer(t))
	}
	return b.String()
}

// DisplayPointer is how a pointer reads in a message: the root is "/".
func DisplayPointer(p string) string {
	if p == "" {
		return "/"
	}
	return p
}
