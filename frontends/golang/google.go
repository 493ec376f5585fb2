package golang

import (
	"go/token"
	"go/types"
	"reflect"
	"strconv"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/lazyre"
)

// googleType converts a go-sdk handler's In or Out as the go-sdk publishes
// it (issue 28): the go-sdk v1 infers both with google/jsonschema-go v0.4's
// jsonschema.ForType, after taking the element of a pointer (*In publishes
// In's schema). Its rules are not encoding/json's nor invopop's:
//   - every named type is written in place (no $defs); a recursive type is
//     an error (ForType: "cycle detected", so AddTool panics);
//   - a slice is ["null","array"] and a pointer adds "null" to its
//     element's type (an interface stays {});
//   - sized integers are bounded (int8 -128..127, uint16 0..65535 …),
//     uint, uint64 and uintptr have minimum 0;
//   - structs are closed, every field not omitempty/omitzero is required,
//     embedded fields are skipped and their promoted fields listed
//     (reflect.VisibleFields), unexported fields left out;
//   - a description comes only from a field's jsonschema tag, whose whole
//     value is the description (an empty one or one starting "WORD=" is
//     an error); doc comments are never read (lint advises the tag);
//   - no enums, formats or defaults; time.Time, slog.Level, big.Int,
//     big.Rat and big.Float are strings; a map's key must be a string or
//     a TextMarshaler; channels, functions and complex numbers are errors.
func (c *conv) googleType(t types.Type, at token.Pos, tool string) *ir.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	g := &googleConv{c: c, tool: tool, seen: map[string]bool{}}
	return g.typ(t, at)
}

type googleConv struct {
	c    *conv
	tool string
	seen map[string]bool // named types being converted: a use now is a cycle
}

// googleStrings are jsonschema-go's initial type schemas: standard
// library types with a MarshalJSON, published as strings.
var googleStrings = map[string]bool{
	"time.Time": true, "log/slog.Level": true, "math/big.Int": true, "math/big.Rat": true, "math/big.Float": true,
}

// googleTagPrefix is what jsonschema-go refuses at the start of a
// jsonschema tag ("WORD=", kept for future use).
var googleTagPrefix = lazyre.New("^[^ \t\n]*=")

func (g *googleConv) errorf(at token.Pos, format string, args ...any) *ir.Type {
	args = append([]any{g.tool}, args...)
	g.c.errorf(at, "tool %s: the go-sdk cannot infer its schema (google/jsonschema-go's ForType fails, so mcp.AddTool panics): "+format, args...)
	return &ir.Type{Kind: ir.KindAny, Pos: g.c.pos(at)}
}

func (g *googleConv) typ(t types.Type, at token.Pos) *ir.Type {
	null := false
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		null, t = true, p.Elem()
	}
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok {
		key := types.TypeString(n, nil)
		if g.seen[key] {
			return g.errorf(at, "cycle detected for type %s", g.c.typeString(n))
		}
		g.seen[key] = true
		defer delete(g.seen, key)
		if n.Obj().Pkg() != nil && googleStrings[n.Obj().Pkg().Path()+"."+n.Obj().Name()] {
			return &ir.Type{Kind: ir.KindString, Nullable: null, Pos: g.c.pos(at)}
		}
	}
	s := &ir.Type{Pos: g.c.pos(at)}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if !g.basic(s, u) {
			return g.errorf(at, "type %s is unsupported by jsonschema", g.c.typeString(t))
		}
	case *types.Interface:
		return &ir.Type{Kind: ir.KindAny, Pos: s.Pos} // unrestricted, null or not
	case *types.Map:
		key := u.Key()
		if b, ok := key.Underlying().(*types.Basic); !(ok && b.Kind() == types.String) && !implementsTextValue(key) {
			return g.errorf(at, "unsupported map key type %s", g.c.typeString(key))
		}
		s.Kind, s.Additional, s.AdditionalType = ir.KindObject, ir.AdditionalTyped, g.typ(u.Elem(), at)
	case *types.Slice:
		s.Kind, s.Nullable, s.Items = ir.KindArray, true, g.typ(u.Elem(), at)
	case *types.Array:
		s.Kind, s.Items = ir.KindArray, g.typ(u.Elem(), at)
		s.MinItems, s.MaxItems = ir.Int64(u.Len()), ir.Int64(u.Len())
	case *types.Struct:
		g.structType(s, u)
	default:
		return g.errorf(at, "type %s is unsupported by jsonschema", g.c.typeString(t))
	}
	if null {
		s.Nullable = true
	}
	return s
}

// implementsTextValue reports whether t's value method set has
// MarshalText (reflect's Type.Implements, as jsonschema-go asks it).
func implementsTextValue(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == "MarshalText" {
			return true
		}
	}
	return false
}

// basic sets s from a basic type; false for one jsonschema-go refuses.
func (g *googleConv) basic(s *ir.Type, b *types.Basic) bool {
	bounds := func(lo, hi string) {
		s.Kind, s.Minimum = ir.KindInteger, ir.Num(lo)
		if hi != "" {
			s.Maximum = ir.Num(hi)
		}
	}
	switch b.Kind() {
	case types.Bool:
		s.Kind = ir.KindBoolean
	case types.Int, types.Int64:
		s.Kind = ir.KindInteger
	case types.Uint, types.Uint64, types.Uintptr:
		bounds("0", "")
	case types.Int8:
		bounds("-128", "127")
	case types.Uint8:
		bounds("0", "255")
	case types.Int16:
		bounds("-32768", "32767")
	case types.Uint16:
		bounds("0", "65535")
	case types.Int32:
		bounds("-2147483648", "2147483647")
	case types.Uint32:
		bounds("0", "4294967295")
	case types.Float32, types.Float64:
		s.Kind = ir.KindNumber
	case types.String:
		s.Kind = ir.KindString
	default:
		return false
	}
	return true
}

// visibleField is one field of reflect.VisibleFields.
type visibleField struct {
	v     *types.Var
	tag   reflect.StructTag
	depth int
}

// structType lists a struct's properties as jsonschema-go does.
func (g *googleConv) structType(s *ir.Type, st *types.Struct) {
	s.Kind, s.Additional = ir.KindObject, ir.AdditionalClosed
	fields := visibleFields(st)
	s.PropertiesKept = len(fields) > 0     // jsonschema-go makes "properties" at the first visible field
	s.PropertiesOmitted = len(fields) == 0 // and without one leaves it nil: no "properties"
	for _, f := range fields {
		if f.v.Embedded() || !f.v.Exported() {
			continue
		}
		name, opts := f.v.Name(), map[string]bool{}
		if tag, ok := f.tag.Lookup("json"); ok {
			n, rest, found := cutComma(tag)
			if n == "-" && !found {
				continue
			}
			if n != "" {
				name = n
			}
			for _, o := range splitComma(rest) {
				opts[o] = true
			}
		}
		ft := g.typ(f.v.Type(), f.v.Pos())
		if tag, ok := f.tag.Lookup("jsonschema"); ok {
			switch {
			case tag == "":
				g.errorf(f.v.Pos(), "empty jsonschema tag on field %s", f.v.Name())
			case googleTagPrefix.MatchString(tag):
				g.errorf(f.v.Pos(), "jsonschema tag must not begin with 'WORD=': %s (its whole value is the description)", strconv.Quote(tag))
			default:
				ft.Description = tag
			}
		}
		p := &ir.Property{Name: name, Type: ft, Required: !opts["omitempty"] && !opts["omitzero"], Pos: g.c.pos(f.v.Pos())}
		for i, q := range s.Properties {
			if q.Name == name { // a later field of the same JSON name wins, in its place in the order
				s.Properties = append(s.Properties[:i], s.Properties[i+1:]...)
				p.Required = p.Required || q.Required
				break
			}
		}
		s.Properties = append(s.Properties, p)
	}
}

func cutComma(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ',' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func splitComma(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	for {
		a, b, found := cutComma(s)
		out = append(out, a)
		if !found {
			return out
		}
		s = b
	}
}

// visibleFields is reflect.VisibleFields on a go/types struct: every
// field, an embedded one followed by its promoted fields, less the
// promoted ones a shallower field or a same-depth namesake hides.
func visibleFields(st *types.Struct) []visibleField {
	var all []visibleField
	var walk func(s *types.Struct, depth int, visiting map[*types.Struct]bool)
	walk = func(s *types.Struct, depth int, visiting map[*types.Struct]bool) {
		if visiting[s] {
			return
		}
		visiting[s] = true
		defer delete(visiting, s)
		for i := 0; i < s.NumFields(); i++ {
			v := s.Field(i)
			all = append(all, visibleField{v: v, tag: reflect.StructTag(s.Tag(i)), depth: depth})
			if v.Embedded() {
				if es := embeddedStruct(v.Type()); es != nil {
					walk(es, depth+1, visiting)
				}
			}
		}
	}
	walk(st, 0, map[*types.Struct]bool{})
	min, count := map[string]int{}, map[string]int{}
	for _, f := range all {
		if d, ok := min[f.v.Name()]; !ok || f.depth < d {
			min[f.v.Name()], count[f.v.Name()] = f.depth, 0
		}
		if f.depth == min[f.v.Name()] {
			count[f.v.Name()]++
		}
	}
	var out []visibleField
	for _, f := range all {
		if f.depth == min[f.v.Name()] && count[f.v.Name()] == 1 {
			out = append(out, f)
		}
	}
	return out
}

// googleTags reports a package whose jsonschema tags mean what
// google/jsonschema-go reads in them (the whole tag is the description;
// "required,Text, with commas" is all prose): it imports the go-sdk or
// jsonschema-go and not invopop/jsonschema. Its structs outside tools
// (the catalog, --type) read their tags so too, with no warning about
// invopop keys they never meant (issue 28: c0tton-fluff/caido-mcp-server).
func googleTags(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	google := false
	for _, imp := range pkg.Imports() {
		switch imp.Path() {
		case invopopPkg:
			return false
		case goSDK, googleSchemaPkg:
			google = true
		}
	}
	return google
}
