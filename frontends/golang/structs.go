package golang

import (
	"go/token"
	"go/types"
	"reflect"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/gotags"
)

// field is one struct field as encoding/json sees it after flattening
// embedded structs.
type field struct {
	name   string
	v      *types.Var
	tag    reflect.StructTag
	json   jsonTag
	tagged bool // the name comes from a json tag
	index  []int
	// viaPointer: promoted through an embedded pointer, which
	// encoding/json skips when nil.
	viaPointer bool
}

// structType converts a struct to an object whose additional properties
// the output decides (AdditionalDefault), or open ones under
// Reflector.AllowAdditionalProperties.
func (c *conv) structType(s *types.Struct, at token.Pos) *ir.Type {
	t := &ir.Type{Kind: ir.KindObject, Pos: c.pos(at)}
	if c.refl.AllowAdditionalProperties {
		t.Additional = ir.AdditionalOpen
	}
	for _, f := range c.fields(s) {
		if p := c.property(f); p != nil {
			t.Properties = append(t.Properties, p)
		}
	}
	return t
}

// fields lists the fields encoding/json encodes, with its rules
// (gotags.Visible, shared with the runtime's reflection).
func (c *conv) fields(s *types.Struct) []field {
	all := make([]gotags.Field[field], 0, s.NumFields())
	c.walkFields(s, nil, false, 0, map[*types.Struct]bool{}, func(f field, depth int) {
		all = append(all, gotags.Field[field]{Name: f.name, Tagged: f.tagged, Index: f.index, Depth: depth, Info: f})
	})
	return gotags.Visible(all)
}

func (c *conv) walkFields(s *types.Struct, index []int, viaPointer bool, depth int, visiting map[*types.Struct]bool, emit func(field, int)) {
	if visiting[s] {
		return
	}
	visiting[s] = true
	defer delete(visiting, s)
	for i := 0; i < s.NumFields(); i++ {
		v := s.Field(i)
		tag := reflect.StructTag(s.Tag(i))
		jt := parseJSONTag(tag.Get("json"))
		if jt.Skip || parseSchemaTag(tag.Get("jsonschema")).Skip {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		if v.Embedded() && (jt.Name == "" || jt.Inline) {
			if es := embeddedStruct(v.Type()); es != nil {
				_, ptr := types.Unalias(v.Type()).(*types.Pointer)
				c.walkFields(es, idx, viaPointer || ptr, depth+1, visiting, emit)
				continue
			}
			if !v.Exported() {
				continue
			}
		} else if !v.Exported() {
			continue
		}
		f := field{name: v.Name(), v: v, tag: tag, json: jt, index: idx, viaPointer: viaPointer}
		if jt.Name != "" {
			f.name, f.tagged = jt.Name, true
		}
		emit(f, depth)
	}
}

// embeddedStruct returns the struct an embedded field flattens into, or nil.
func embeddedStruct(t types.Type) *types.Struct {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	s, _ := t.Underlying().(*types.Struct)
	return s
}

// property converts one field: its type, then its description and tags.
func (c *conv) property(f field) *ir.Property {
	st := parseSchemaTag(f.tag.Get("jsonschema"))
	if tag, ok := f.tag.Lookup("jsonschema"); ok && googleTags(f.v.Pkg()) {
		st = schemaTag{Description: tag} // jsonschema-go's meaning: the whole tag
	}
	t := c.typ(f.v.Type(), f.v.Pos())
	if f.json.String {
		if k := t.Resolve(); k != nil && (k.Kind == ir.KindInteger || k.Kind == ir.KindNumber || k.Kind == ir.KindBoolean) {
			t = &ir.Type{Kind: ir.KindString, Pos: t.Pos, Description: t.Description}
		}
	}
	c.describe(t, f, st)
	t = c.applyTag(t, f, st)
	if st.Nullable {
		t.Nullable = true
	}
	if !f.json.Optional && canBeNil(f.v.Type()) {
		t.NullInOutput = true // omitempty and omitzero drop a nil value; otherwise it is written as null
	}
	req := !f.json.Optional || st.Required
	if c.refl.RequiredFromJSONSchemaTags {
		req = st.Required // invopop's RequiredFromJSONSchemaTags
	}
	return &ir.Property{Name: f.name, Type: t, Required: req, OmittedInOutput: req && (f.json.Optional || f.viaPointer), Pos: c.pos(f.v.Pos())}
}

// describe sets the field's description, in invopop's order of
// precedence (tags before the doc comment); a field without one keeps its
// type's.
func (c *conv) describe(t *ir.Type, f field, st schemaTag) {
	d := f.tag.Get("jsonschema_description")
	for _, p := range st.Pairs {
		if p.Key == "description" && d == "" {
			d = p.Value
		}
	}
	for _, alt := range []string{st.Description, f.tag.Get("description"), c.docs.at(c.fset.Position(f.v.Pos()))} {
		if d == "" {
			d = alt
		}
	}
	if d != "" {
		t.Description = d
	}
}

// canBeNil reports a type whose nil value encoding/json writes as null:
// pointers, slices and maps (an interface is any, which accepts null).
func canBeNil(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}
