package golang

import (
	"go/types"
	"path/filepath"

	"github.com/tscg/tscg/compiler/ir"
)

// special maps the standard library types whose JSON encoding is not
// what their Go structure says, and types with their own text encoding.
func (c *conv) special(n *types.Named) *ir.Type {
	obj := n.Obj()
	path := ""
	if obj.Pkg() != nil {
		path = obj.Pkg().Path()
	}
	switch path + "." + obj.Name() {
	case "time.Time":
		return &ir.Type{Kind: ir.KindString, Format: "date-time"}
	case "time.Duration":
		return &ir.Type{Kind: ir.KindInteger} // nanoseconds, as encoding/json writes it
	case "encoding/json.RawMessage":
		return &ir.Type{Kind: ir.KindAny}
	case "encoding/json.Number":
		return &ir.Type{Kind: ir.KindNumber}
	case "net/url.URL":
		return &ir.Type{Kind: ir.KindString, Format: "uri"}
	}
	for _, m := range []string{"JSONSchema", "JSONSchemaExtend"} {
		if fn := method(n, m); fn != nil {
			c.warnf(fn.Pos(), "%s.%s is not run: tscg reads the type's fields and tags statically, where invopop would call it; state what it does in jsonschema tags instead", obj.Name(), m)
		}
	}
	switch {
	case hasMethod(n, "MarshalJSON"):
		c.warnf(obj.Pos(), "type %s has its own MarshalJSON: its schema accepts any value", obj.Name())
		return &ir.Type{Kind: ir.KindAny}
	case implementsText(n):
		return &ir.Type{Kind: ir.KindString}
	}
	return nil
}

// implementsText reports whether t or *t has a MarshalText method, so
// encoding/json writes it (and map keys of it) as a string.
func implementsText(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && hasMethod(n, "MarshalText")
}

func hasMethod(n *types.Named, name string) bool { return method(n, name) != nil }

// method returns n's or *n's method of the given name, or nil.
func method(n *types.Named, name string) types.Object {
	for _, t := range []types.Type{n, types.NewPointer(n)} {
		ms := types.NewMethodSet(t)
		for i := 0; i < ms.Len(); i++ {
			if ms.At(i).Obj().Name() == name {
				return ms.At(i).Obj()
			}
		}
	}
	return nil
}

func absDir(dir string) (string, error) { return filepath.Abs(dir) }
