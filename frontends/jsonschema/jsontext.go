package jsonschema

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/jsondec"
	"github.com/tscg/tscg/internal/orderedjson"
)

// maxDepth bounds nesting so hostile inputs cannot exhaust the stack.
const maxDepth = 512

// nodeKind is the JSON type of a parsed value.
type nodeKind uint8

const (
	nNull nodeKind = iota
	nBool
	nNumber
	nString
	nArray
	nObject
)

// nodeKindNames name kinds with their article, for messages ("not a number").
var nodeKindNames = [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}

func (k nodeKind) String() string { return nodeKindNames[k] }

// node is a JSON value that remembers where it came from. Objects keep
// their members in source order, which JSON Schema outputs depend on.
//
// A node keeps its byte offset and computes its position when asked: most
// nodes are never reported, and a catalog of thousands of definitions
// holds millions of them while one file is converted, so each node is
// kept small (bench/lint.md).
type node struct {
	kind    nodeKind
	b       bool
	off     uint32 // byte offset of the value in doc.src (maxOffset)
	str     string // decoded string, or the literal text of a number
	elems   []*node
	members []member
	doc     *doc
}

// pos is where the value starts.
func (n *node) pos() ir.Pos { return n.doc.pos(int(n.off)) }

// maxOffset bounds where a value may start: node keeps its offset in 32
// bits, which makes it 80 bytes instead of 88 (size classes 80 and 96).
// Files are read up to inputfile.MaxBytes, far below it.
const maxOffset = math.MaxUint32

// member is one key/value pair of an object.
type member struct {
	key    string
	keyOff int // byte offset of the key in val.doc.src
	val    *node
}

// keyPos is where the key starts.
func (m member) keyPos() ir.Pos { return m.val.doc.pos(m.keyOff) }

// get returns the value of key, or nil. With duplicate keys the last one
// wins, as in encoding/json and JavaScript.
func (n *node) get(key string) *node {
	if n == nil || n.kind != nObject {
		return nil
	}
	for i := len(n.members) - 1; i >= 0; i-- {
		if n.members[i].key == key {
			return n.members[i].val
		}
	}
	return nil
}

// has reports whether an object has the key.
func (n *node) has(key string) bool { return n.get(key) != nil }

// getString returns the string value of key and whether it is a string.
func (n *node) getString(key string) (string, bool) {
	v := n.get(key)
	if v == nil || v.kind != nString {
		return "", false
	}
	return v.str, true
}

// raw returns the value's compact encoding.
func (n *node) raw() ir.Value {
	var buf bytes.Buffer
	n.canon(&buf)
	return ir.Value(buf.Bytes())
}

// canon writes a canonical compact encoding: strings re-encoded from their
// decoded form (so escapes do not matter), numbers as written, members in
// source order. Two definitions are identical when their encodings are.
func (n *node) canon(buf *bytes.Buffer) {
	switch n.kind {
	case nNull:
		buf.WriteString("null")
	case nBool:
		buf.WriteString(strconv.FormatBool(n.b))
	case nNumber:
		buf.WriteString(n.str)
	case nString:
		buf.Write(orderedjson.AppendString(buf.AvailableBuffer(), n.str))
	case nArray:
		buf.WriteByte('[')
		for i, e := range n.elems {
			if i > 0 {
				buf.WriteByte(',')
			}
			e.canon(buf)
		}
		buf.WriteByte(']')
	case nObject:
		buf.WriteByte('{')
		for i, m := range n.members {
			if i > 0 {
				buf.WriteByte(',')
			}
			buf.Write(orderedjson.AppendString(buf.AvailableBuffer(), m.key))
			buf.WriteByte(':')
			m.val.canon(buf)
		}
		buf.WriteByte('}')
	}
}

// doc is one input file: its bytes and the start offset of every line.
type doc struct {
	name       string
	src        []byte
	lineStarts []int
	// owned: src was read for this load and nothing writes to it (the
	// parser's strings may then be substrings of it, jsondec.NewOwned).
	owned bool
}

func newDoc(name string, src []byte) *doc {
	d := &doc{name: name, src: src, lineStarts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			d.lineStarts = append(d.lineStarts, i+1)
		}
	}
	return d
}

// pos maps a byte offset to a 1-based line and column (columns count
// bytes, as Go's own tools do).
func (d *doc) pos(off int) ir.Pos {
	line := sort.Search(len(d.lineStarts), func(i int) bool { return d.lineStarts[i] > off }) - 1
	if line < 0 {
		line = 0
	}
	return ir.Pos{File: d.name, Line: line + 1, Col: off - d.lineStarts[line] + 1}
}

// syntaxError is a JSON syntax error at a byte offset.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

// parser builds the position-keeping tree; the scanning of strings,
// numbers and literals is internal/jsondec's, the one JSON scanner the
// runtime's decoders use too.
type parser struct {
	d     *doc
	s     jsondec.Decoder
	depth int
	// The members and elements of the objects and arrays being parsed,
	// innermost last: each is copied out at its closing bracket, so a
	// node's slice is allocated once at its length instead of grown.
	members []member
	elems   []*node
	// arena, when set, holds the tree instead of the heap (arena).
	arena *arena
}

// parseValues parses a stream of JSON values separated by whitespace: one
// value for a JSON document, several for JSON Lines.
func parseValues(d *doc) ([]*node, *syntaxError) {
	p := newParser(d)
	var out []*node
	for {
		n, err := p.nextValue()
		if n == nil || err != nil {
			return out, err
		}
		out = append(out, n)
	}
}

func newParser(d *doc) *parser {
	p := &parser{d: d}
	if d.owned {
		p.s = jsondec.NewOwned(d.src, maxDepth)
	} else {
		p.s = jsondec.New(d.src, maxDepth)
	}
	if bytes.HasPrefix(d.src, []byte("\xef\xbb\xbf")) {
		p.s.Pos = 3 // a UTF-8 byte order mark is not content
	}
	return p
}

// nextValue parses the next value of a stream; nil at the end.
func (p *parser) nextValue() (*node, *syntaxError) {
	if !p.more() {
		return nil, nil
	}
	return p.value()
}

// more reports whether anything but white space is left.
func (p *parser) more() bool {
	p.skipSpace()
	return p.s.Pos < len(p.d.src)
}

func (p *parser) errorf(off int, format string, args ...any) *syntaxError {
	return &syntaxError{off: off, msg: fmt.Sprintf(format, args...)}
}

func (p *parser) skipSpace() { p.s.SkipSpace() }

func (p *parser) value() (*node, *syntaxError) {
	p.skipSpace()
	if p.s.Pos >= len(p.s.Data) {
		return nil, p.errorf(p.s.Pos, "unexpected end of input, want a JSON value")
	}
	start := p.s.Pos
	if start > maxOffset {
		return nil, p.errorf(start, "a JSON value starts past 4 GiB into the input, more than tscg reads")
	}
	n := p.newNode()
	*n = node{off: uint32(start), doc: p.d}
	var err *syntaxError
	switch c := p.s.Data[p.s.Pos]; {
	case c == '{':
		err = p.object(n)
	case c == '[':
		err = p.array(n)
	case c == '"':
		n.kind = nString
		n.str, err = p.string()
	case c == '-' || (c >= '0' && c <= '9'):
		n.kind = nNumber
		err = p.number(n)
	case c == 't':
		n.kind, n.b = nBool, true
		err = p.literal("true")
	case c == 'f':
		n.kind = nBool
		err = p.literal("false")
	case c == 'n':
		n.kind = nNull
		err = p.literal("null")
	default:
		return nil, p.errorf(start, "unexpected %s, want a JSON value", p.describe(start))
	}
	return n, err
}

func (p *parser) newNode() *node {
	if p.arena != nil {
		return p.arena.node()
	}
	return new(node)
}

func (p *parser) cloneMembers(ms []member) []member {
	if p.arena == nil {
		return slices.Clone(ms)
	}
	s := p.arena.members.take(len(ms))
	copy(s, ms)
	return s
}

func (p *parser) cloneElems(es []*node) []*node {
	if p.arena == nil {
		return slices.Clone(es)
	}
	s := p.arena.elems.take(len(es))
	copy(s, es)
	return s
}

// describe names the character at off for error messages.
func (p *parser) describe(off int) string {
	if off >= len(p.s.Data) {
		return "end of input"
	}
	r, _ := utf8.DecodeRune(p.s.Data[off:])
	return strconv.QuoteRune(r)
}

func (p *parser) literal(word string) *syntaxError { return scanned(p.s.Literal(word)) }

// scanned turns a scanner error into a syntax error at its offset.
func scanned(err error) *syntaxError {
	if err == nil {
		return nil
	}
	e := err.(*jsondec.Error)
	return &syntaxError{off: e.Offset, msg: e.Msg}
}

func (p *parser) enter() *syntaxError {
	p.depth++
	if p.depth > maxDepth {
		return p.errorf(p.s.Pos, "nesting deeper than %d levels", maxDepth)
	}
	return nil
}

func (p *parser) object(n *node) *syntaxError {
	n.kind = nObject
	if err := p.enter(); err != nil {
		return err
	}
	defer func() { p.depth-- }()
	p.s.Pos++ // {
	p.skipSpace()
	if p.s.Pos < len(p.s.Data) && p.s.Data[p.s.Pos] == '}' {
		p.s.Pos++
		return nil
	}
	base := len(p.members)
	defer func() {
		n.members = p.cloneMembers(p.members[base:])
		clear(p.members[base:]) // the scratch keeps no node live
		p.members = p.members[:base]
	}()
	for {
		p.skipSpace()
		if p.s.Pos >= len(p.s.Data) || p.s.Data[p.s.Pos] != '"' {
			return p.errorf(p.s.Pos, "unexpected %s, want an object key string", p.describe(p.s.Pos))
		}
		keyOff := p.s.Pos
		key, err := p.string()
		if err != nil {
			return err
		}
		p.skipSpace()
		if p.s.Pos >= len(p.s.Data) || p.s.Data[p.s.Pos] != ':' {
			return p.errorf(p.s.Pos, "unexpected %s after object key, want ':'", p.describe(p.s.Pos))
		}
		p.s.Pos++
		v, err := p.value()
		if err != nil {
			return err
		}
		p.members = append(p.members, member{key: key, keyOff: keyOff, val: v})
		if done, err := p.next('}'); done || err != nil {
			return err
		}
	}
}

// next consumes ',' (more to come) or the closing bracket (done).
func (p *parser) next(closer byte) (bool, *syntaxError) {
	p.skipSpace()
	if p.s.Pos >= len(p.s.Data) {
		return true, p.errorf(p.s.Pos, "unexpected end of input, want ',' or '%c'", closer)
	}
	switch p.s.Data[p.s.Pos] {
	case ',':
		p.s.Pos++
		return false, nil
	case closer:
		p.s.Pos++
		return true, nil
	}
	return true, p.errorf(p.s.Pos, "unexpected %s, want ',' or '%c'", p.describe(p.s.Pos), closer)
}

func (p *parser) array(n *node) *syntaxError {
	n.kind = nArray
	if err := p.enter(); err != nil {
		return err
	}
	defer func() { p.depth-- }()
	p.s.Pos++ // [
	p.skipSpace()
	if p.s.Pos < len(p.s.Data) && p.s.Data[p.s.Pos] == ']' {
		p.s.Pos++
		return nil
	}
	base := len(p.elems)
	defer func() {
		n.elems = p.cloneElems(p.elems[base:])
		clear(p.elems[base:])
		p.elems = p.elems[:base]
	}()
	for {
		v, err := p.value()
		if err != nil {
			return err
		}
		p.elems = append(p.elems, v)
		if done, err := p.next(']'); done || err != nil {
			return err
		}
	}
}

// string reads a string literal.
func (p *parser) string() (string, *syntaxError) {
	str, err := p.s.Str()
	return str, scanned(err)
}

func (p *parser) number(n *node) *syntaxError {
	text, err := p.s.NumberText()
	if err != nil {
		return scanned(err)
	}
	n.str = text
	return nil
}
