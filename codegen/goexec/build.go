package goexec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
)

// toolShapes is what the generator knows of one tool.
type toolShapes struct {
	t              *ir.Tool
	goName         string
	params, result *shape
	input, output  []byte // the embedded JSON Schemas
}

// gen builds shapes for a catalog and then emits them.
type gen struct {
	opts   Options
	taken  map[string]bool
	named  map[*ir.Named]*shape
	busy   map[*ir.Named]bool
	decls  []*shape // declared types and check functions, in creation order
	raws   []rawSchema
	tools  []*toolShapes
	checks int
	// patterns are the regular expressions of pattern checks.
	patterns []namedPattern
}

type rawSchema struct {
	name string
	doc  []byte
}

func newGen(opts Options) *gen {
	g := &gen{opts: opts, taken: map[string]bool{}, named: map[*ir.Named]*shape{}, busy: map[*ir.Named]bool{}}
	for _, reserved := range []string{"Register", "Handlers", "Tools"} {
		g.taken[reserved] = true
	}
	return g
}

// newName reserves a unique Go identifier starting with base.
func (g *gen) newName(base string) string {
	name := base
	for i := 2; g.taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	g.taken[name] = true
	return name
}

func (g *gen) tool(t *ir.Tool) error {
	ts := &toolShapes{t: t, goName: goName(t.Name)}
	for _, suffix := range []string{"Handler", "Tool"} {
		if g.taken[ts.goName+suffix] {
			return fmt.Errorf("tool %s: Go name %s%s is taken by another tool", t.Name, ts.goName, suffix)
		}
		g.taken[ts.goName+suffix] = true
	}
	in, err := g.compileDoc(t.Name+"/input", t.Params)
	if err != nil {
		return err
	}
	ts.input = in.json
	if ts.params, err = g.shape(t.Params, in, "", ts.goName+"Params"); err != nil {
		return err
	}
	if ts.params.kind != sStruct {
		return fmt.Errorf("tool %s: parameters are not an object the Go generator can represent", t.Name)
	}
	if t.Result != nil {
		out, err := g.compileDoc(t.Name+"/output", t.Result)
		if err != nil {
			return err
		}
		ts.output = out.json
		if ts.result, err = g.shape(t.Result, out, "", ts.goName+"Result"); err != nil {
			return err
		}
	}
	g.tools = append(g.tools, ts)
	return nil
}

// shape maps the node t, found at ptr in doc d, to its Go shape; hint
// names a type declared for it.
func (g *gen) shape(t *ir.Type, d *schemaDoc, ptr, hint string) (*shape, error) {
	if t.Kind == ir.KindRef && t.Ref != nil && refOnly(t) {
		return g.namedShape(t.Ref)
	}
	if !native(t) {
		return g.rawShape(t, hint)
	}
	s := &shape{t: t, desc: d.describe(ptr)}
	switch t.Kind {
	case ir.KindString:
		s.kind = sString
		if t.MinLength != nil || t.MaxLength != nil || t.Pattern != "" || len(t.Enum) > 0 || t.Const != nil {
			s.check = g.checkName(hint)
		}
	case ir.KindInteger, ir.KindNumber:
		s.kind = sNum
		if t.Kind == ir.KindInteger {
			s.kind = sInt
		}
		if t.Minimum != nil || t.Maximum != nil || t.ExclusiveMinimum != nil || t.ExclusiveMaximum != nil || t.MultipleOf != nil {
			s.check = g.checkName(hint)
		}
	case ir.KindBoolean:
		s.kind = sBool
	case ir.KindArray:
		return g.sliceShape(s, d, ptr, hint)
	case ir.KindObject:
		return s, g.structShape(s, d, ptr, hint)
	}
	if s.check != "" {
		g.decls = append(g.decls, s)
	}
	return s, nil
}

func (g *gen) checkName(hint string) string {
	g.checks++
	return g.newName("check" + hint)
}

func (g *gen) sliceShape(s *shape, d *schemaDoc, ptr, hint string) (*shape, error) {
	t := s.t
	s.kind = sSlice
	items := t.Items
	if items == nil {
		items = &ir.Type{Kind: ir.KindAny}
	}
	elem, err := g.shape(items, d, ptr+"/items", hint+"Item")
	if err != nil {
		return nil, err
	}
	if t.UniqueItems && elem.kind > sBool {
		return g.rawShape(t, hint) // equality of structured items: left to the generic validator
	}
	s.elem = elem
	if t.MinItems != nil || t.MaxItems != nil || t.UniqueItems {
		s.check = g.checkName(hint)
		g.decls = append(g.decls, s)
	}
	return s, nil
}

func (g *gen) structShape(s *shape, d *schemaDoc, ptr, hint string) error {
	t := s.t
	s.kind = sStruct
	if s.named == "" {
		s.named = g.newName(hint)
	}
	s.closed = t.Additional == ir.AdditionalClosed || (t.Additional == ir.AdditionalDefault && !g.opts.Schema.AllowAdditional)
	g.decls = append(g.decls, s)
	goNames := map[string]bool{}
	for _, p := range t.Properties {
		pptr := ptr + "/properties/" + escapePointer(p.Name)
		fs, err := g.shape(p.Type, d, pptr, s.named+goName(p.Name))
		if err != nil {
			return err
		}
		f := &field{json: p.Name, goName: uniqueField(goName(p.Name), goNames), doc: p.Type.Description,
			required: p.Required, s: fs, missing: "missing required property; expected " + d.describe(pptr)}
		f.def = p.Type.Default
		if f.def == nil && p.Type.Kind == ir.KindRef && p.Type.Ref != nil {
			f.def = p.Type.Ref.Type.Default
		}
		s.fields = append(s.fields, f)
	}
	return nil
}

func uniqueField(name string, taken map[string]bool) string {
	n := name
	for i := 2; taken[n]; i++ {
		n = name + strconv.Itoa(i)
	}
	taken[n] = true
	return n
}

// namedShape returns the shape of a named type, declared once.
func (g *gen) namedShape(n *ir.Named) (*shape, error) {
	if s, ok := g.named[n]; ok {
		if g.busy[n] {
			s.recursive = true
		}
		return s, nil
	}
	t := n.Type
	if !native(t) || t.Kind == ir.KindArray || (t.Kind == ir.KindRef) {
		s, err := g.rawShape(&ir.Type{Kind: ir.KindRef, Ref: n}, goName(n.Name))
		g.named[n] = s
		return s, err
	}
	d, err := g.compileDoc("type/"+n.Name, &ir.Type{Kind: ir.KindRef, Ref: n})
	if err != nil {
		return nil, err
	}
	ptr := "/$defs/" + escapePointer(n.Name)
	if g.opts.Schema.Draft == jsonschema.Draft7 {
		ptr = "/definitions/" + escapePointer(n.Name)
	}
	s := &shape{t: t, named: g.newName(goName(n.Name)), desc: d.describe(ptr)}
	g.named[n] = s
	g.busy[n] = true
	defer delete(g.busy, n)
	if t.Kind == ir.KindObject {
		return s, g.structShape(s, d, ptr, s.named)
	}
	// A named scalar: its checks become its validate method.
	s.kind, s.check = scalarKind(t.Kind), "validate"
	for _, v := range t.Enum {
		val := stringOf(v)
		s.enumConsts = append(s.enumConsts, enumConst{name: g.newName(s.named + goName(val)), value: val})
	}
	g.decls = append(g.decls, s)
	return s, nil
}

func scalarKind(k ir.Kind) shapeKind {
	switch k {
	case ir.KindInteger:
		return sInt
	case ir.KindNumber:
		return sNum
	case ir.KindBoolean:
		return sBool
	}
	return sString
}

// rawShape keeps a node as json.RawMessage checked by the generic
// validator against an embedded schema of just that node.
func (g *gen) rawShape(t *ir.Type, hint string) (*shape, error) {
	s := &shape{kind: sRaw, t: t}
	if bareAny(t) {
		return s, nil
	}
	doc, err := jsonschema.Type(t, g.opts.Schema)
	if err != nil {
		return nil, fmt.Errorf("render schema for %s: %w", hint, err)
	}
	for _, r := range g.raws {
		if string(r.doc) == string(doc) {
			s.schemaVar = r.name
			return s, nil
		}
	}
	s.schemaVar = g.newName("schema" + hint)
	g.raws = append(g.raws, rawSchema{name: s.schemaVar, doc: doc})
	return s, nil
}

// bareAny reports whether t accepts every value.
func bareAny(t *ir.Type) bool {
	if t.Kind != ir.KindAny || t.Nullable || t.Enum != nil || t.Const != nil || len(t.AllOf) > 0 {
		return false
	}
	for _, k := range t.Extra {
		if validationKeywords[k.Name] {
			return false
		}
	}
	return true
}

// refOnly reports whether a reference node adds nothing but annotations
// to the type it names.
func refOnly(t *ir.Type) bool {
	c := *t
	c.Pos, c.Title, c.Description, c.Default, c.Examples = ir.Pos{}, "", "", nil, nil
	c.Deprecated, c.ReadOnly, c.WriteOnly = false, false, false
	plain := ir.Type{Kind: ir.KindRef, Ref: t.Ref}
	return len(c.Extra) == 0 && c.Enum == nil && c.Const == nil && len(c.AllOf) == 0 && len(c.Variants) == 0 &&
		len(c.Properties) == 0 && len(c.PrefixItems) == 0 && c.Items == nil && c.AdditionalType == nil &&
		c.Kind == plain.Kind && !c.Nullable && !c.Untyped && c.MinLength == nil && c.MaxLength == nil &&
		c.Pattern == "" && c.Format == "" && c.Minimum == nil && c.Maximum == nil && c.ExclusiveMinimum == nil &&
		c.ExclusiveMaximum == nil && c.MultipleOf == nil && c.MinItems == nil && c.MaxItems == nil &&
		!c.UniqueItems && c.MinProperties == nil && c.MaxProperties == nil
}

func escapePointer(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}
