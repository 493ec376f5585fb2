package runtime

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/tscg/tscg/internal/suggest"
)

// This file is the support tscg-generated executors build on: a Checker
// that collects violations under a JSON pointer, and a Lexer that reads
// arguments straight into Go structs with the same strictness as Decode.
// Generated code calls these; hand-written code has no need to.

// Checker collects violations while a generated decoder or Validate method
// walks a value. The zero value is ready to use.
type Checker struct {
	path []pathToken
	out  []Violation
	buf  [8]pathToken
}

type pathToken struct {
	key string
	idx int // -1 for an object key
}

// Push enters the property key.
func (c *Checker) Push(key string) {
	if c.path == nil {
		c.path = c.buf[:0]
	}
	c.path = append(c.path, pathToken{key: key, idx: -1})
}

// PushIndex enters the array item i.
func (c *Checker) PushIndex(i int) {
	if c.path == nil {
		c.path = c.buf[:0]
	}
	c.path = append(c.path, pathToken{idx: i})
}

// Pop leaves the innermost property or item.
func (c *Checker) Pop() { c.path = c.path[:len(c.path)-1] }

// Pointer is the JSON pointer of the current position.
func (c *Checker) Pointer() string {
	var b strings.Builder
	for _, t := range c.path {
		b.WriteByte('/')
		if t.idx >= 0 {
			b.WriteString(strconv.Itoa(t.idx))
		} else {
			b.WriteString(escapePointer(t.key))
		}
	}
	return b.String()
}

// Add records a violation at the current position.
func (c *Checker) Add(keyword, msg string) {
	c.out = append(c.out, Violation{Pointer: c.Pointer(), Message: msg, Keyword: keyword})
}

// AddAt records a violation at the property key of the current object
// (missing and unknown properties point at the property itself).
func (c *Checker) AddAt(key, keyword, msg string) {
	c.Push(key)
	c.Add(keyword, msg)
	c.Pop()
}

// Expected records "expected <want>, got <shown value>" at the current
// position, the message of every failed type or value constraint.
func (c *Checker) Expected(keyword, want string, got any) {
	c.Add(keyword, "expected "+want+", got "+Show(got))
}

// Merge adds the violations of err (from a nested Validate or a generic
// Schema.Validate of a value at the current position), their pointers
// prefixed with the current position.
func (c *Checker) Merge(err error) {
	if err == nil {
		return
	}
	prefix := c.Pointer()
	for _, v := range violationsOf(err) {
		v.Pointer = prefix + v.Pointer
		c.out = append(c.out, v)
	}
}

// Violations returns what was collected, sorted by pointer the way the
// generic path sorts them.
func (c *Checker) Violations() []Violation { return sortViolations(c.out) }

// Err returns nil or a *ValidationErrors with every violation.
func (c *Checker) Err() error {
	if len(c.out) == 0 {
		return nil
	}
	return &ValidationErrors{Violations: c.Violations()}
}

// Show renders a value the way violation messages do: scalars as JSON,
// containers by shape. Go strings, numbers and bools are accepted as well
// as decoded values.
func Show(v any) string {
	switch x := v.(type) {
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	return show(v)
}

// UnknownProperty is the message for a property an object does not
// declare; known lists the declared names, sorted.
func UnknownProperty(name string, known []string) string {
	msg := "unknown property; remove it"
	if s := suggest.Closest(name, known, 1); len(s) > 0 {
		msg += " (did you mean " + strconv.Quote(s[0]) + "?)"
	}
	if len(known) > 0 {
		msg += "; allowed: " + strings.Join(limitList(known, 20), ", ")
	}
	return msg
}

// RuneCount is the length minLength and maxLength measure.
func RuneCount(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}

// MultipleOf reports whether f is a multiple of the decimal m, computed
// exactly on f's shortest decimal form (the text a model sends), as the
// validator does on the sent text.
func MultipleOf(f float64, m string) bool {
	x, ok := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
	d, ok2 := new(big.Rat).SetString(m)
	if !ok || !ok2 || d.Sign() == 0 {
		return false
	}
	return x.Quo(x, d).IsInt()
}

// Lexer reads a JSON document for generated decoders. It applies the same
// limits and strictness as Decode; on any syntax error the generated code
// stops and returns Fail(), which repeats the generic decode so the error
// is exactly the generic path's.
type Lexer struct {
	d   decoder
	lim Limits
	bad bool
	// C collects schema violations found while decoding.
	C Checker
}

// NewLexer starts reading data; it reports false when data is over the
// byte limit (call Fail for the error).
func NewLexer(l *Lexer, data []byte, lim Limits) bool {
	lim = lim.withDefaults()
	*l = Lexer{lim: lim, d: decoder{data: data, src: string(data), maxDepth: lim.MaxDepth}}
	if len(data) > lim.MaxBytes {
		l.bad = true
		return false
	}
	l.d.skipSpace()
	return true
}

// Failed reports whether a syntax or limit error stopped the lexer.
func (l *Lexer) Failed() bool { return l.bad }

// Fail returns the decode error for the document (the generic decoder's
// error, so messages and pointers are identical).
func (l *Lexer) Fail() error {
	if _, err := Decode(l.d.data, l.lim); err != nil {
		return err
	}
	return &DecodeError{Offset: l.d.pos, Keyword: "syntax", Msg: "malformed arguments"}
}

// Finish checks that nothing follows the document.
func (l *Lexer) Finish() bool {
	if l.bad {
		return false
	}
	l.d.skipSpace()
	if l.d.pos < len(l.d.data) {
		l.bad = true
	}
	return !l.bad
}

// Next returns the first byte of the next value: '{', '[', '"', 'n', 't',
// 'f', '0' for a number, or 0 at the end of input or after an error.
func (l *Lexer) Next() byte {
	if l.bad || l.d.pos >= len(l.d.data) {
		l.bad = true
		return 0
	}
	switch c := l.d.data[l.d.pos]; {
	case c == '-' || (c >= '0' && c <= '9'):
		return '0'
	default:
		return c
	}
}

// Value reads any value generically (for unknown properties, values of the
// wrong type, and parts the generated code leaves to the generic
// validator).
func (l *Lexer) Value(depth int) any {
	if l.bad {
		return nil
	}
	v, err := l.d.value(depth)
	if err != nil {
		l.bad = true
		return nil
	}
	return v
}

// Raw reads any value and returns its bytes.
func (l *Lexer) Raw(depth int) (json.RawMessage, any) {
	start := l.d.pos
	v := l.Value(depth)
	return json.RawMessage(l.d.data[start:l.d.pos]), v
}

// Str reads a string (Next returned '"').
func (l *Lexer) Str() string {
	s, err := l.d.str()
	if err != nil {
		l.bad = true
	}
	return s
}

// Bool reads true or false (Next returned 't' or 'f').
func (l *Lexer) Bool() bool {
	word := "false"
	if l.d.data[l.d.pos] == 't' {
		word = "true"
	}
	if l.d.literal(word) != nil {
		l.bad = true
	}
	return word == "true"
}

// Num reads a number and returns its text (Next returned '0').
func (l *Lexer) Num() json.Number {
	v, err := l.d.number()
	if err != nil {
		l.bad = true
		return "0"
	}
	return v.(json.Number)
}

// Int converts a number's text to int64. integral is false for a number
// with a fraction (the schema's integer type rejects it); fits is false
// for an integer outside the int64 range.
func Int(n json.Number) (v int64, integral, fits bool) {
	if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		return i, true, true
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok || !r.IsInt() {
		return 0, false, false
	}
	if !r.Num().IsInt64() {
		return 0, true, false
	}
	return r.Num().Int64(), true, true
}

// Float converts a number's text to float64; fits is false when it
// overflows.
func Float(n json.Number) (v float64, fits bool) {
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil && !math.IsInf(f, 0)
}

// Object starts reading an object (Next returned '{').
func (l *Lexer) Object(depth int) bool {
	if depth > l.lim.MaxDepth {
		l.bad = true
		return false
	}
	l.d.pos++
	l.d.skipSpace()
	return !l.bad
}

// Key reads the next property name of an object and the ':' after it; it
// returns false at the closing '}'. first is true for the first call.
func (l *Lexer) Key(first bool) (string, bool) {
	if l.bad || !l.separator(first, '}') {
		return "", false
	}
	if l.d.pos >= len(l.d.data) || l.d.data[l.d.pos] != '"' {
		l.bad = true
		return "", false
	}
	k := l.Str()
	l.d.skipSpace()
	if l.bad || l.d.pos >= len(l.d.data) || l.d.data[l.d.pos] != ':' {
		l.bad = true
		return "", false
	}
	l.d.pos++
	l.d.skipSpace()
	return k, true
}

// Array starts reading an array (Next returned '[').
func (l *Lexer) Array(depth int) bool { return l.Object(depth) }

// Item reports whether another array item follows; first is true for the
// first call.
func (l *Lexer) Item(first bool) bool {
	return !l.bad && l.separator(first, ']')
}

// separator consumes the ',' before an element, or the closing byte.
func (l *Lexer) separator(first bool, closer byte) bool {
	d := &l.d
	d.skipSpace()
	if d.pos >= len(d.data) {
		l.bad = true
		return false
	}
	if d.data[d.pos] == closer {
		d.pos++
		return false
	}
	if !first {
		if d.data[d.pos] != ',' {
			l.bad = true
			return false
		}
		d.pos++
		d.skipSpace()
	}
	return true
}

// Bad stops the lexer: the generated decoder found something the generic
// decoder rejects (a duplicate key); Fail then reports it.
func (l *Lexer) Bad() { l.bad = true }
