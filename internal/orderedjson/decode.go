package orderedjson

import (
	"encoding/json"
	"unicode/utf8"
)

// maxDepth is encoding/json's nesting limit: deeper input is left to the
// token decoder, which reports it.
const maxDepth = 10000

// scanner decodes one JSON document by hand: a few times faster than
// encoding/json's Token, which allocates per token. It gives up (ok
// false) at anything that is not plain valid JSON, and Decode then asks
// the token decoder, whose value or error is the answer: so the two
// never differ (FuzzDecodeScanner).
type scanner struct {
	data  []byte
	i     int
	depth int
}

func (s *scanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) value() (any, bool) {
	s.space()
	if s.i >= len(s.data) {
		return nil, false
	}
	switch c := s.data[s.i]; {
	case c == '{':
		return s.object()
	case c == '[':
		return s.array()
	case c == '"':
		return s.str()
	case c == 't':
		return true, s.word("true")
	case c == 'f':
		return false, s.word("false")
	case c == 'n':
		return nil, s.word("null")
	case c == '-' || isDigit(c):
		return s.number()
	}
	return nil, false
}

func (s *scanner) word(w string) bool {
	if len(s.data)-s.i < len(w) || string(s.data[s.i:s.i+len(w)]) != w {
		return false
	}
	s.i += len(w)
	return true
}

func (s *scanner) object() (any, bool) {
	if s.depth++; s.depth > maxDepth {
		return nil, false
	}
	s.i++ // {
	o := NewObject()
	s.space()
	if s.i < len(s.data) && s.data[s.i] == '}' {
		s.i++
		s.depth--
		return o, true
	}
	for {
		s.space()
		if s.i >= len(s.data) || s.data[s.i] != '"' {
			return nil, false
		}
		k, ok := s.str()
		if !ok {
			return nil, false
		}
		s.space()
		if s.i >= len(s.data) || s.data[s.i] != ':' {
			return nil, false
		}
		s.i++
		v, ok := s.value()
		if !ok {
			return nil, false
		}
		o.Set(k.(string), v)
		s.space()
		if s.i >= len(s.data) {
			return nil, false
		}
		switch s.data[s.i] {
		case ',':
			s.i++
		case '}':
			s.i++
			s.depth--
			return o, true
		default:
			return nil, false
		}
	}
}

func (s *scanner) array() (any, bool) {
	if s.depth++; s.depth > maxDepth {
		return nil, false
	}
	s.i++ // [
	list := []any{}
	s.space()
	if s.i < len(s.data) && s.data[s.i] == ']' {
		s.i++
		s.depth--
		return list, true
	}
	for {
		v, ok := s.value()
		if !ok {
			return nil, false
		}
		list = append(list, v)
		s.space()
		if s.i >= len(s.data) {
			return nil, false
		}
		switch s.data[s.i] {
		case ',':
			s.i++
		case ']':
			s.i++
			s.depth--
			return list, true
		default:
			return nil, false
		}
	}
}

// str reads a string: one without escapes, control characters or
// invalid UTF-8 as it is; any other through encoding/json's own
// unquoting.
func (s *scanner) str() (any, bool) {
	start := s.i
	s.i++ // "
	plain := true
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '"':
			s.i++
			raw := s.data[start:s.i]
			if plain {
				return string(raw[1 : len(raw)-1]), true
			}
			var out string
			if json.Unmarshal(raw, &out) != nil {
				return nil, false
			}
			return out, true
		case c == '\\':
			plain = false
			s.i += 2
		case c < 0x20:
			return nil, false
		case c < utf8.RuneSelf:
			s.i++
		default:
			r, n := utf8.DecodeRune(s.data[s.i:])
			if r == utf8.RuneError && n == 1 {
				plain = false
			}
			s.i += n
		}
	}
	return nil, false
}

// number reads a number literal of JSON's grammar as a json.Number.
func (s *scanner) number() (any, bool) {
	start := s.i
	if s.data[s.i] == '-' {
		s.i++
	}
	switch {
	case s.i < len(s.data) && s.data[s.i] == '0':
		s.i++
	case s.i < len(s.data) && isDigit(s.data[s.i]):
		s.digits()
	default:
		return nil, false
	}
	if s.i < len(s.data) && s.data[s.i] == '.' {
		s.i++
		if !s.digits() {
			return nil, false
		}
	}
	if s.i < len(s.data) && (s.data[s.i] == 'e' || s.data[s.i] == 'E') {
		s.i++
		if s.i < len(s.data) && (s.data[s.i] == '+' || s.data[s.i] == '-') {
			s.i++
		}
		if !s.digits() {
			return nil, false
		}
	}
	return json.Number(s.data[start:s.i]), true
}

// digits reads one or more digits.
func (s *scanner) digits() bool {
	start := s.i
	for s.i < len(s.data) && isDigit(s.data[s.i]) {
		s.i++
	}
	return s.i > start
}
