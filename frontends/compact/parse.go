package compact

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	g "github.com/tscg/tscg/compiler/compactgrammar"
	"github.com/tscg/tscg/compiler/ir"
)

// Parse reads the compact grammar (docs/compact.md) back into a
// catalog. Reading the output of describe.Compact at LevelCompact gives a catalog
// that renders to the same JSON Schemas as the original.
func Parse(src []byte) (*ir.Catalog, error) {
	p := &parser{src: string(src), line: 1, types: map[string]*ir.Named{}, unmarked: ir.AdditionalDefault}
	cat, err := p.catalog()
	if err != nil {
		return nil, fmt.Errorf("compact:%d: %w", p.line, err)
	}
	return cat, nil
}

type parser struct {
	src      string
	off      int
	line     int
	types    map[string]*ir.Named
	refs     []*ir.Type // Ref nodes waiting for their type, by name in refNames
	refNames []string
	unmarked ir.Additional
	// cur is the name of the tool, property or named type being read,
	// which the "titled" modifier turns into a title.
	cur string
}

// skip skips spaces, and line breaks when lines is set; it reports
// whether a line break was crossed.
func (p *parser) skip(lines bool) bool {
	crossed := false
	for p.off < len(p.src) {
		switch p.src[p.off] {
		case ' ', '\t':
		case '\n', '\r':
			if !lines {
				return crossed
			}
			if p.src[p.off] == '\n' {
				p.line++
			}
			crossed = true
		default:
			return crossed
		}
		p.off++
	}
	return crossed
}

func (p *parser) peek() byte {
	if p.off < len(p.src) {
		return p.src[p.off]
	}
	return 0
}

func (p *parser) eat(s string) bool {
	if strings.HasPrefix(p.src[p.off:], s) {
		p.off += len(s)
		return true
	}
	return false
}

func (p *parser) expect(s string) error {
	if !p.eat(s) {
		return fmt.Errorf("want %q, found %q", s, p.excerpt())
	}
	return nil
}

func (p *parser) excerpt() string {
	end := min(p.off+20, len(p.src))
	return p.src[p.off:end]
}

func (p *parser) catalog() (*ir.Catalog, error) {
	cat := &ir.Catalog{}
	for {
		p.skip(true)
		if p.off >= len(p.src) {
			break
		}
		var err error
		switch {
		case p.eat(g.ObjectsHeader):
			err = p.header()
		case strings.HasPrefix(p.src[p.off:], "group ") || strings.HasPrefix(p.src[p.off:], `group "`):
			p.off += len("group ")
			err = p.group(cat)
		case strings.HasPrefix(p.src[p.off:], "type "):
			p.off += len("type ")
			err = p.named(cat)
		default:
			err = p.tool(cat)
		}
		if err != nil {
			return nil, err
		}
	}
	for i, t := range p.refs {
		n := p.types[p.refNames[i]]
		if n == nil {
			return nil, fmt.Errorf("reference to undeclared type %q", p.refNames[i])
		}
		t.Ref = n
	}
	return cat, nil
}

func (p *parser) header() error {
	w := p.word()
	for a, name := range g.PolicyWords {
		if name == w {
			p.unmarked = a
			return nil
		}
	}
	return fmt.Errorf("unknown object policy %q", w)
}

func (p *parser) group(cat *ir.Catalog) error {
	name, err := p.name()
	if err != nil {
		return err
	}
	g := &ir.Group{Name: name}
	p.skip(false)
	if p.atText() {
		if g.Description, err = p.text(); err != nil {
			return err
		}
	}
	cat.Groups = append(cat.Groups, g)
	return nil
}

func (p *parser) named(cat *ir.Catalog) error {
	n := &ir.Named{Exported: !p.eat("-")}
	var err error
	if n.Name, err = p.refName(); err != nil {
		return err
	}
	p.cur = n.Name
	p.skip(false)
	if err := p.expect("="); err != nil {
		return err
	}
	p.skip(false)
	if n.Type, err = p.typ(); err != nil {
		return fmt.Errorf("type %s: %w", n.Name, err)
	}
	if p.types[n.Name] != nil {
		return fmt.Errorf("type %s declared twice", n.Name)
	}
	p.types[n.Name] = n
	cat.Types = append(cat.Types, n)
	return nil
}

// word reads a run of identifier characters.
func (p *parser) word() string {
	start := p.off
	for p.off < len(p.src) {
		c := p.src[p.off]
		if c == '_' || c == '$' || c == '-' || c == '.' || c == '/' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80 {
			p.off++
			continue
		}
		break
	}
	return p.src[start:p.off]
}

// name reads a bare identifier or a JSON string.
func (p *parser) name() (string, error) {
	if p.peek() == '"' {
		v, err := p.jsonValue()
		if err != nil {
			return "", err
		}
		var s string
		err = json.Unmarshal(v, &s)
		return s, err
	}
	start := p.off
	for p.off < len(p.src) {
		c := p.src[p.off]
		if c == '_' || c == '$' || c == '-' || c == '.' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			p.off++
			continue
		}
		break
	}
	if p.off == start {
		return "", fmt.Errorf("want a name, found %q", p.excerpt())
	}
	return p.src[start:p.off], nil
}

func (p *parser) refName() (string, error) {
	if p.eat("&") {
		return p.name()
	}
	return p.name()
}

// atText reports whether a description starts here: "#", or ":" followed
// by a space or the end of the line.
func (p *parser) atText() bool {
	switch p.peek() {
	case '#':
		return true
	case ':':
		return p.off+1 == len(p.src) || strings.IndexByte(" \n\r", p.src[p.off+1]) >= 0
	}
	return false
}

// text reads a description at '#' or ':': a JSON string right after '#',
// else the rest of the line (one leading space dropped, escapes undone).
func (p *parser) text() (string, error) {
	p.off++ // '#' or ':'
	if p.src[p.off-1] == ':' {
		return p.lineRest(), nil
	}
	if p.peek() == '"' {
		v, err := p.jsonValue()
		if err != nil {
			return "", err
		}
		var s string
		err = json.Unmarshal(v, &s)
		return s, err
	}
	return p.lineRest(), nil
}

func (p *parser) lineRest() string {
	p.eat(" ")
	end := strings.IndexByte(p.src[p.off:], '\n')
	if end < 0 {
		end = len(p.src) - p.off
	}
	raw := p.src[p.off : p.off+end]
	p.off += end
	return unescapeLine(raw)
}

func unescapeLine(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '\\':
				b.WriteByte('\\')
				i++
				continue
			case 'n':
				b.WriteByte('\n')
				i++
				continue
			case 'r':
				b.WriteByte('\r')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// jsonValue reads one JSON value and returns it compacted.
func (p *parser) jsonValue() (ir.Value, error) {
	dec := json.NewDecoder(strings.NewReader(p.src[p.off:]))
	dec.UseNumber()
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("bad JSON value at %q: %w", p.excerpt(), err)
	}
	p.off += int(dec.InputOffset())
	return ir.CompactValue(raw)
}

// number reads a JSON number literal, stopping before "..".
func (p *parser) number() (string, error) {
	start := p.off
	p.eat("-")
	digits := func() {
		for p.off < len(p.src) && '0' <= p.src[p.off] && p.src[p.off] <= '9' {
			p.off++
		}
	}
	digits()
	if p.peek() == '.' && !strings.HasPrefix(p.src[p.off:], "..") {
		p.off++
		digits()
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		p.off++
		if c := p.peek(); c == '+' || c == '-' {
			p.off++
		}
		digits()
	}
	s := p.src[start:p.off]
	if _, err := strconv.ParseFloat(s, 64); err != nil {
		return "", fmt.Errorf("bad number %q", s)
	}
	return s, nil
}
