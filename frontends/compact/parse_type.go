package compact

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	g "github.com/tscg/tscg/compiler/compactgrammar"
	"github.com/tscg/tscg/compiler/ir"
)

// tool reads a tool: "NAME(...T)" or "NAME(" with a description line,
// or the usual form, NAME with its description and one property a line,
// closed by ")" only when modifiers, a result or attributes follow.
func (p *parser) tool(cat *ir.Catalog) error {
	name, err := p.name()
	if err != nil {
		return err
	}
	t := &ir.Tool{Name: name, Source: "compact"}
	p.cur = name
	paren := p.eat("(")
	p.skip(false)
	if p.atText() {
		if t.Description, err = p.text(); err != nil {
			return err
		}
	}
	if paren {
		err = p.spreadParams(t)
	} else {
		t.Params = &ir.Type{Kind: ir.KindObject, Additional: p.unmarked}
		closed, e := p.toolProps(t.Params)
		err = e
		if err == nil && closed {
			err = p.mods(t.Params)
		}
	}
	if err != nil {
		return fmt.Errorf("tool %s: %w", name, err)
	}
	p.skip(false)
	if p.eat("->") {
		p.skip(false)
		if t.Result, err = p.typ(); err != nil {
			return fmt.Errorf("tool %s: result: %w", name, err)
		}
	}
	if err := p.toolAttrs(t); err != nil {
		return fmt.Errorf("tool %s: %w", name, err)
	}
	cat.Tools = append(cat.Tools, t)
	return nil
}

// spreadParams reads "...T)" after "NAME(", or a parenthesised property
// list.
func (p *parser) spreadParams(t *ir.Tool) error {
	p.skip(true)
	if !p.eat("...") {
		t.Params = &ir.Type{Kind: ir.KindObject, Additional: p.unmarked}
		if err := p.props(t.Params, ")"); err != nil {
			return err
		}
		return p.mods(t.Params)
	}
	var err error
	if t.Params, err = p.typ(); err != nil {
		return err
	}
	p.skip(true)
	return p.expect(")")
}

// toolProps reads a tool's indented property lines. They end at a line
// that starts in the first column: ")" (consumed; closed is set) or the
// next declaration.
func (p *parser) toolProps(t *ir.Type) (closed bool, err error) {
	for {
		save, line := p.off, p.line
		p.skip(true)
		if p.off >= len(p.src) {
			return false, nil
		}
		if p.off > 0 && p.src[p.off-1] == '\n' {
			if p.eat(")") {
				return true, nil
			}
			p.off, p.line = save, line
			return false, nil
		}
		if err := p.prop(t); err != nil {
			return false, err
		}
	}
}

func (p *parser) toolAttrs(t *ir.Tool) error {
	for {
		p.skip(false)
		if !p.eat("@") {
			return nil
		}
		key := p.word()
		if p.eat(":") {
			key += ":"
		}
		val := true
		if p.eat("=false") {
			val = false
		}
		var err error
		a := &t.Annotations
		switch key {
		case g.AttrReadOnly:
			a.ReadOnly = ir.Bool(val)
		case g.AttrDestructive:
			a.Destructive = ir.Bool(val)
		case g.AttrIdempotent:
			a.Idempotent = ir.Bool(val)
		case g.AttrOpenWorld:
			a.OpenWorld = ir.Bool(val)
		case g.AttrApproval:
			a.RequiresApproval = true
		case g.AttrDeprecated:
			t.Deprecated = true
		case g.AttrTitle:
			t.Title, err = p.jsonString()
		case g.AttrGroup:
			t.Group, err = p.name()
		case g.AttrExample:
			err = p.example(t)
		default:
			return fmt.Errorf("unknown tool attribute @%s", key)
		}
		if err != nil {
			return err
		}
	}
}

func (p *parser) example(t *ir.Tool) error {
	v, err := p.jsonValue()
	if err != nil {
		return err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(v, &obj); err != nil {
		return fmt.Errorf("example: %w", err)
	}
	_, hasArgs := obj["arguments"]
	_, hasDesc := obj["description"]
	_, hasResult := obj["result"]
	if !hasArgs || !(hasDesc || hasResult) {
		t.Examples = append(t.Examples, ir.Example{Arguments: v})
		return nil
	}
	ex := ir.Example{}
	if hasDesc {
		_ = json.Unmarshal(obj["description"], &ex.Description)
	}
	ex.Arguments, _ = ir.CompactValue(obj["arguments"])
	if hasResult {
		ex.Result, _ = ir.CompactValue(obj["result"])
	}
	t.Examples = append(t.Examples, ex)
	return nil
}

func (p *parser) jsonString() (string, error) {
	v, err := p.jsonValue()
	if err != nil {
		return "", err
	}
	var s string
	err = json.Unmarshal(v, &s)
	return s, err
}

// props reads properties up to the closing delimiter.
func (p *parser) props(t *ir.Type, closing string) error {
	for {
		p.skip(true)
		if p.eat(closing) {
			return nil
		}
		if p.off >= len(p.src) {
			return fmt.Errorf("unterminated property list, want %q", closing)
		}
		if err := p.prop(t); err != nil {
			return err
		}
	}
}

// prop reads one property line, "name T" or "name? T" ("name: T" is read
// too), or "*: T" for typed additional properties.
func (p *parser) prop(t *ir.Type) error {
	if p.eat("*:") {
		p.skip(false)
		at, err := p.typ()
		if err != nil {
			return err
		}
		t.Additional, t.AdditionalType = ir.AdditionalTyped, at
		return nil
	}
	name, err := p.name()
	if err != nil {
		return err
	}
	defer func(cur string) { p.cur = cur }(p.cur)
	p.cur = name
	prop := &ir.Property{Name: name, Required: !p.eat("?")}
	p.eat(":")
	if p.skip(false); p.off < len(p.src) && strings.IndexByte("\n\r", p.src[p.off]) >= 0 {
		return fmt.Errorf("property %s: want a type", name)
	}
	if prop.Type, err = p.typ(); err != nil {
		return fmt.Errorf("property %s: %w", name, err)
	}
	t.Properties = append(t.Properties, prop)
	p.skip(false)
	p.eat(",")
	return nil
}

// typ reads a union of postfix expressions.
func (p *parser) typ() (*ir.Type, error) {
	first, err := p.postfix()
	if err != nil {
		return nil, err
	}
	variants := []*ir.Type{first}
	for {
		save := p.off
		p.skip(false)
		if !p.eat("|") {
			p.off = save
			break
		}
		p.skip(false)
		v, err := p.postfix()
		if err != nil {
			return nil, err
		}
		variants = append(variants, v)
	}
	if len(variants) == 1 {
		return first, nil
	}
	return &ir.Type{Kind: ir.KindUnion, Variants: variants}, nil
}

// postfix reads a primary type with its enum, nullable and array suffixes
// and its modifiers.
func (p *parser) postfix() (*ir.Type, error) {
	t, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.peek() == '(':
			p.off++
			if err := p.enum(t); err != nil {
				return nil, err
			}
		case p.eat("?"):
			t.Nullable = true
		case p.eat("[]"):
			t = &ir.Type{Kind: ir.KindArray, Items: t}
		default:
			if err := p.mods(t); err != nil {
				return nil, err
			}
			if strings.HasPrefix(p.src[p.off:], "[]") {
				continue
			}
			return t, nil
		}
	}
}

func (p *parser) enum(t *ir.Type) error {
	t.Enum = []ir.Value{}
	for !p.eat(")") {
		if len(t.Enum) > 0 && !p.eat("|") {
			return fmt.Errorf("enum: want | or ), found %q", p.excerpt())
		}
		v, err := p.enumValue()
		if err != nil {
			return err
		}
		t.Enum = append(t.Enum, v)
	}
	return nil
}

func (p *parser) enumValue() (ir.Value, error) {
	c := p.peek()
	if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
		save := p.off
		w := p.word()
		if g.IsBareWord(w) {
			return ir.MarshalValue(w), nil
		}
		p.off = save
	}
	return p.jsonValue()
}

var baseKinds = map[string]ir.Kind{"any": ir.KindAny, "never": ir.KindNever, "null": ir.KindNull,
	"bool": ir.KindBoolean, "int": ir.KindInteger, "num": ir.KindNumber, "str": ir.KindString}

func (p *parser) primary() (*ir.Type, error) {
	untyped := p.eat("~")
	t, err := p.primaryBody()
	if err != nil {
		return nil, err
	}
	if untyped {
		t.Untyped = true
	}
	return t, nil
}

func (p *parser) primaryBody() (*ir.Type, error) {
	switch {
	case p.eat("{"):
		t := &ir.Type{Kind: ir.KindObject, Additional: p.unmarked}
		p.skip(false)
		if p.atText() {
			var err error
			if t.Description, err = p.text(); err != nil {
				return nil, err
			}
		}
		return t, p.props(t, "}")
	case p.eat("("):
		p.skip(false)
		t, err := p.typ()
		if err != nil {
			return nil, err
		}
		p.skip(false)
		return t, p.expect(")")
	case p.eat("tuple("):
		return p.tuple()
	case p.eat("anyof("), p.eat("oneof("):
		t := &ir.Type{Kind: ir.KindUnion}
		if p.src[p.off-6] == 'o' {
			t.UnionStyle = ir.OneOf
		}
		var err error
		t.Variants, err = p.list()
		return t, err
	case p.eat("&"):
		return p.ref()
	}
	save := p.off
	w := p.word()
	if k, ok := baseKinds[w]; ok {
		return &ir.Type{Kind: k}, nil
	}
	if w == "array" {
		return &ir.Type{Kind: ir.KindArray}, nil
	}
	p.off = save
	if w == "" {
		return nil, fmt.Errorf("want a type, found %q", p.excerpt())
	}
	return p.ref()
}

func (p *parser) ref() (*ir.Type, error) {
	name, err := p.name()
	if err != nil {
		return nil, err
	}
	t := &ir.Type{Kind: ir.KindRef}
	p.refs = append(p.refs, t)
	p.refNames = append(p.refNames, name)
	return t, nil
}

// list reads comma-separated types up to ")".
func (p *parser) list() ([]*ir.Type, error) {
	var out []*ir.Type
	for {
		p.skip(false)
		if p.eat(")") {
			return out, nil
		}
		if len(out) > 0 {
			if err := p.expect(","); err != nil {
				return nil, err
			}
			p.skip(false)
		}
		t, err := p.typ()
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
}

func (p *parser) tuple() (*ir.Type, error) {
	t := &ir.Type{Kind: ir.KindArray}
	for {
		p.skip(false)
		if p.eat(")") {
			return t, nil
		}
		if len(t.PrefixItems) > 0 || t.Items != nil {
			if err := p.expect(","); err != nil {
				return nil, err
			}
			p.skip(false)
		}
		rest := p.eat("...")
		c, err := p.typ()
		if err != nil {
			return nil, err
		}
		if rest {
			t.Items = c
		} else {
			t.PrefixItems = append(t.PrefixItems, c)
		}
	}
}

// mods reads the space-separated modifiers that follow a type on the same
// line.
func (p *parser) mods(t *ir.Type) error {
	for {
		save := p.off
		p.skip(false)
		if p.off == save && !p.atText() {
			return nil // modifiers are separated by a space
		}
		done, err := p.mod(t)
		if err != nil {
			return err
		}
		if done {
			p.off = save
			return nil
		}
	}
}

// mod reads one modifier; done reports that none starts here.
func (p *parser) mod(t *ir.Type) (done bool, err error) {
	c := p.peek()
	switch {
	case p.atText():
		t.Description, err = p.text()
	case c == '=':
		p.off++
		p.skip(false)
		t.Default, err = p.jsonValue()
	case c == '>' || c == '<':
		p.off++
		n, e := p.number()
		if c == '>' {
			t.ExclusiveMinimum = ir.Num(n)
		} else {
			t.ExclusiveMaximum = ir.Num(n)
		}
		err = e
	case c == '-' && p.off+1 < len(p.src) && '0' <= p.src[p.off+1] && p.src[p.off+1] <= '9', '0' <= c && c <= '9', strings.HasPrefix(p.src[p.off:], ".."):
		err = p.rangeMod(t, g.NaturalRange[t.Kind])
	case c == '/':
		end := strings.IndexAny(p.src[p.off+1:], "/\n")
		if end < 0 || p.src[p.off+1+end] != '/' {
			return false, fmt.Errorf("unterminated /pattern/ at %q", p.excerpt())
		}
		t.Pattern = p.src[p.off+1 : p.off+1+end]
		p.off += end + 2
	case c == '$':
		p.off++
		var name string
		if name, err = p.name(); err == nil {
			if err = p.expect(":"); err == nil {
				var v ir.Value
				v, err = p.jsonValue()
				t.Extra = append(t.Extra, ir.Keyword{Name: name, Value: v})
			}
		}
	default:
		return p.wordMod(t)
	}
	return false, err
}

func (p *parser) wordMod(t *ir.Type) (bool, error) {
	save := p.off
	w := p.word()
	var err error
	switch w {
	case g.Unique:
		t.UniqueItems = true
	case g.Deprecated:
		t.Deprecated = true
	case g.ReadOnly:
		t.ReadOnly = true
	case g.WriteOnly:
		t.WriteOnly = true
	case g.Titled:
		t.Title = g.TitleCase(p.cur)
	case "default", "open", "closed":
		for a, name := range g.PolicyWords {
			if name == w {
				t.Additional = a
			}
		}
	case g.AllOf, g.Also:
		var list []*ir.Type
		if err = p.expect("("); err == nil {
			list, err = p.list()
		}
		for _, c := range list {
			c.Beside = w == g.Also
		}
		t.AllOf = append(t.AllOf, list...)
	default:
		if !p.eat(":") {
			p.off = save
			return true, nil
		}
		err = p.keyedMod(t, w)
	}
	return false, err
}

func (p *parser) keyedMod(t *ir.Type, key string) error {
	var err error
	switch key {
	case g.RangeValue, g.RangeLen, g.RangeItems, g.RangeProps:
		if key == g.RangeProps && p.eat(g.PropsListed) {
			t.PropertiesKept = true
			return nil
		}
		return p.rangeMod(t, key)
	case g.Const:
		t.Const, err = p.jsonValue()
	case g.Mult:
		var n string
		n, err = p.number()
		t.MultipleOf = ir.Num(n)
	case g.Pattern:
		t.Pattern, err = p.jsonString()
	case g.Format:
		if p.peek() == '"' {
			t.Format, err = p.jsonString()
		} else {
			t.Format = p.word()
		}
	case g.Disc:
		t.Discriminator, err = p.name()
	case g.Title:
		t.Title, err = p.jsonString()
	case g.Examples:
		var v ir.Value
		if v, err = p.jsonValue(); err == nil {
			var list []json.RawMessage
			err = json.Unmarshal(v, &list)
			for _, e := range list {
				c, _ := ir.CompactValue(e)
				t.Examples = append(t.Examples, c)
			}
		}
	default:
		return fmt.Errorf("unknown modifier %q", key)
	}
	return err
}

func (p *parser) rangeMod(t *ir.Type, key string) error {
	var lo, hi string
	var err error
	if !strings.HasPrefix(p.src[p.off:], "..") {
		if lo, err = p.number(); err != nil {
			return err
		}
	}
	if err := p.expect(".."); err != nil {
		return err
	}
	if c := p.peek(); c == '-' || '0' <= c && c <= '9' {
		if hi, err = p.number(); err != nil {
			return err
		}
	}
	if key == g.RangeValue {
		if lo != "" {
			t.Minimum = ir.Num(lo)
		}
		if hi != "" {
			t.Maximum = ir.Num(hi)
		}
		return nil
	}
	a, b, err := ints(lo, hi)
	if err != nil {
		return err
	}
	switch key {
	case g.RangeLen:
		t.MinLength, t.MaxLength = a, b
	case g.RangeItems:
		t.MinItems, t.MaxItems = a, b
	case g.RangeProps:
		t.MinProperties, t.MaxProperties = a, b
	default:
		return fmt.Errorf("a range needs a prefix on this type")
	}
	return nil
}

func ints(lo, hi string) (*int64, *int64, error) {
	conv := func(s string) (*int64, error) {
		if s == "" {
			return nil, nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("bad count %q", s)
		}
		return &n, nil
	}
	a, err := conv(lo)
	if err != nil {
		return nil, nil, err
	}
	b, err := conv(hi)
	return a, b, err
}
