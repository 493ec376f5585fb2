package typescript

import (
	"strconv"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// zod-to-json-schema (the MCP SDK's converter for zod 3 schemas) writes a
// schema object it meets a second time in one conversion as {"$ref":
// "#/properties/home"}: a JSON pointer to where it wrote it first (its
// default $refStrategy "root"; schemas are the same when they are the
// same object: a constant used twice, a wrapper such as .optional() of
// one). zod3Pointers converts a zod 3 tool input again with the schema
// each type came from, and writes the repeats that way; nil when
// nothing repeats (the listing is Params).
func (r *resolver) zod3Pointers(v *value, fw framework, tool string) *ir.Type {
	if fw != fwMCP || !zod3Input(v) {
		return nil
	}
	r.origins = map[*ir.Type]*zschema{}
	n := len(r.diags)
	t := r.inputSchemaMode(v, fw, tool, zmodeIO{inline: true, draft7: true})
	r.diags = r.diags[:n] // the first conversion reported them
	origins := r.origins
	r.origins = nil
	p := pointerPass{origins: origins, seen: map[*zschema]string{}}
	t = p.walk(t, "#")
	if p.refs == 0 {
		return nil
	}
	return t
}

// zod3Input reports whether v is a zod 3 schema or a raw shape of them.
func zod3Input(v *value) bool {
	switch {
	case v.kind == vZod:
		return v.z.version == 3
	case v.kind == vObject && isShape(v) && len(v.props) > 0:
		return shapeVersion(v) == 3
	}
	return false
}

// noteOrigin records that t was made from z: from the constant itself
// when z uses one as it is (or only makes it optional, which
// zod-to-json-schema writes as its inner schema), else from z, which
// then replaces what the constant's own conversion recorded for t (a
// .describe()d use is a schema of its own).
func (r *resolver) noteOrigin(t *ir.Type, z *zschema) {
	if t == nil {
		return
	}
	id := z
	if c := z.ref; c != nil && c.state == constDone && c.val.kind == vZod && z.t.Description == "" && z.t.Title == "" && z.t.Default == nil && !z.t.Nullable {
		id = c.val.z
	}
	if _, ok := r.origins[t]; !ok || id == z {
		r.origins[t] = id
	}
}

// pointerPass walks a converted schema in zod-to-json-schema's order,
// replacing each repeat of a schema by a pointer to its first place.
type pointerPass struct {
	origins map[*ir.Type]*zschema
	seen    map[*zschema]string
	refs    int
}

func (p *pointerPass) walk(t *ir.Type, path string) *ir.Type {
	if t == nil {
		return nil
	}
	if id := p.origins[t]; id != nil {
		if first, ok := p.seen[id]; ok && first != path {
			p.refs++
			return &ir.Type{Kind: ir.KindAny, Pos: t.Pos, Pointer: first}
		}
		p.seen[id] = path
	}
	for _, pr := range t.Properties {
		pr.Type = p.walk(pr.Type, path+"/properties/"+pointerToken(pr.Name))
	}
	t.Items = p.walk(t.Items, path+"/items")
	for i, v := range t.Variants {
		t.Variants[i] = p.walk(v, path+"/anyOf/"+strconv.Itoa(i))
	}
	if t.AdditionalType != nil {
		t.AdditionalType = p.walk(t.AdditionalType, path+"/additionalProperties")
	}
	return t
}

// pointerToken escapes a property name for a JSON pointer.
func pointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
