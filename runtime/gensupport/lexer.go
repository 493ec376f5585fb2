package gensupport

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"

	"github.com/tscg/tscg/internal/jsondec"
	"github.com/tscg/tscg/runtime"
)

// Lexer reads a JSON document for generated decoders. It applies the same
// limits and strictness as Decode; on any syntax error the generated code
// stops and returns Fail(), which repeats the generic decode so the error
// is exactly the generic path's.
type Lexer struct {
	d   jsondec.Decoder
	lim runtime.Limits
	bad bool
	// C collects schema violations found while decoding.
	C Checker
}

// NewLexer starts reading data; it reports false when data is over the
// byte limit (call Fail for the error).
func NewLexer(l *Lexer, data []byte, lim runtime.Limits) bool {
	lim = lim.WithDefaults()
	*l = Lexer{lim: lim, d: jsondec.New(data, lim.MaxDepth)}
	if len(data) > lim.MaxBytes {
		l.bad = true
		return false
	}
	l.d.SkipSpace()
	return true
}

// Failed reports whether a syntax or limit error stopped the lexer.
func (l *Lexer) Failed() bool { return l.bad }

// Fail returns the decode error for the document (the generic decoder's
// error, so messages and pointers are identical).
func (l *Lexer) Fail() error {
	if _, err := runtime.Decode(l.d.Data, l.lim); err != nil {
		return err
	}
	return &runtime.DecodeError{Offset: l.d.Pos, Keyword: "syntax", Msg: "malformed arguments"}
}

// Finish checks that nothing follows the document.
func (l *Lexer) Finish() bool {
	if l.bad {
		return false
	}
	l.d.SkipSpace()
	if l.d.Pos < len(l.d.Data) {
		l.bad = true
	}
	return !l.bad
}

// Next returns the first byte of the next value: '{', '[', '"', 'n', 't',
// 'f', '0' for a number, or 0 at the end of input or after an error.
func (l *Lexer) Next() byte {
	if l.bad || l.d.Pos >= len(l.d.Data) {
		l.bad = true
		return 0
	}
	switch c := l.d.Data[l.d.Pos]; {
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
	v, err := l.d.Value(depth)
	if err != nil {
		l.bad = true
		return nil
	}
	return v
}

// Raw reads any value and returns its bytes.
func (l *Lexer) Raw(depth int) (json.RawMessage, any) {
	start := l.d.Pos
	v := l.Value(depth)
	return json.RawMessage(l.d.Data[start:l.d.Pos]), v
}

// Str reads a string (Next returned '"').
func (l *Lexer) Str() string {
	s, err := l.d.Str()
	if err != nil {
		l.bad = true
	}
	return s
}

// Bool reads true or false (Next returned 't' or 'f').
func (l *Lexer) Bool() bool {
	word := "false"
	if l.d.Data[l.d.Pos] == 't' {
		word = "true"
	}
	if l.d.Literal(word) != nil {
		l.bad = true
	}
	return word == "true"
}

// Num reads a number and returns its text (Next returned '0').
func (l *Lexer) Num() json.Number {
	v, err := l.d.Number()
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
	l.d.Pos++
	l.d.SkipSpace()
	return !l.bad
}

// Key reads the next property name of an object and the ':' after it; it
// returns false at the closing '}'. first is true for the first call.
func (l *Lexer) Key(first bool) (string, bool) {
	if l.bad || !l.separator(first, '}') {
		return "", false
	}
	if l.d.Pos >= len(l.d.Data) || l.d.Data[l.d.Pos] != '"' {
		l.bad = true
		return "", false
	}
	k := l.Str()
	l.d.SkipSpace()
	if l.bad || l.d.Pos >= len(l.d.Data) || l.d.Data[l.d.Pos] != ':' {
		l.bad = true
		return "", false
	}
	l.d.Pos++
	l.d.SkipSpace()
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
	d.SkipSpace()
	if d.Pos >= len(d.Data) {
		l.bad = true
		return false
	}
	if d.Data[d.Pos] == closer {
		d.Pos++
		return false
	}
	if !first {
		if d.Data[d.Pos] != ',' {
			l.bad = true
			return false
		}
		d.Pos++
		d.SkipSpace()
	}
	return true
}

// Bad stops the lexer: the generated decoder found something the generic
// decoder rejects (a duplicate key); Fail then reports it.
func (l *Lexer) Bad() { l.bad = true }
