package golang

import (
	"go/types"
	"path/filepath"

	"github.com/tscg/tscg/compiler/ir"
)

// special maps the standard library types whose JSON encoding is not
// what their Go structure says, types with their own text encoding, and
// types whose JSONSchema method tscg can read; ref reports the last kind,
// which invopop puts under $defs.
func (c *conv) special(n *types.Named) (t *ir.Type, ref bool) {
	obj := n.Obj()
	path := ""
	if obj.Pkg() != nil {
		path = obj.Pkg().Path()
	}
	switch path + "." + obj.Name() {
	case "time.Time":
		return &ir.Type{Kind: ir.KindString, Format: "date-time"}, false
	case "time.Duration":
		return &ir.Type{Kind: ir.KindInteger}, false // nanoseconds, as encoding/json writes it
	case "encoding/json.RawMessage":
		return &ir.Type{Kind: ir.KindAny}, false
	case "encoding/json.Number":
		return &ir.Type{Kind: ir.KindNumber}, false
	case "net/url.URL":
		return &ir.Type{Kind: ir.KindString, Format: "uri"}, false
	case "log/slog.Level":
		return &ir.Type{Kind: ir.KindString}, false // its name, "INFO" or "DEBUG+2"
	case "math/big.Int":
		return &ir.Type{Kind: ir.KindInteger}, false // MarshalJSON writes the decimal number, of any size
	}
	if fn, ok := method(n, "JSONSchema").(*types.Func); ok {
		t, why := c.schemaMethod(fn)
		if t != nil {
			return t, true
		}
		c.notRun(obj.Name(), fn, why)
	}
	switch {
	case hasMethod(n, "MarshalJSON"):
		c.warnf(obj.Pos(), "type %s has its own MarshalJSON: its schema accepts any value", obj.Name())
		return &ir.Type{Kind: ir.KindAny}, false
	case implementsText(n):
		return &ir.Type{Kind: ir.KindString}, false
	}
	return nil, false
}

// extend applies n's JSONSchemaExtend method to its reflected schema t,
// when tscg can read it; otherwise it warns at the method.
func (c *conv) extend(n *types.Named, t *ir.Type) {
	if fn, ok := method(n, "JSONSchemaExtend").(*types.Func); ok {
		if why := c.extendMethod(fn, t); why != "" {
			c.notRun(n.Obj().Name(), fn, why)
		}
	}
}

// notRun warns at a schema method tscg cannot read.
func (c *conv) notRun(typ string, fn *types.Func, why string) {
	c.warnf(fn.Pos(), "%s.%s is not run: tscg reads the type's fields and tags statically, where invopop would call it, and reads the method only when it is a literal (%s); state what it does in jsonschema tags instead", typ, fn.Name(), why)
}

// implementsText reports whether t or *t has a MarshalText method, so
// encoding/json writes it (and map keys of it) as a string.
func implementsText(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && hasMethod(n, "MarshalText")
}

func hasMethod(n *types.Named, name string) bool { return method(n, name) != nil }

// method returns n's or *n's method of the given name, or nil. *n's
// method set holds n's (the same objects, and the same names left out as
// ambiguous) unless n is an interface, whose pointer has no methods.
func method(n *types.Named, name string) types.Object {
	if n.NumMethods() == 0 && !embedsField(n.Underlying()) && !types.IsInterface(n) {
		return nil // no method declared and none promoted: most structs
	}
	var t types.Type = types.NewPointer(n)
	if types.IsInterface(n) {
		t = n
	}
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return ms.At(i).Obj()
		}
	}
	return nil
}

// embedsField reports a struct with an embedded field (whose methods
// its method set may hold).
func embedsField(u types.Type) bool {
	s, ok := u.(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < s.NumFields(); i++ {
		if s.Field(i).Embedded() {
			return true
		}
	}
	return false
}

func absDir(dir string) (string, error) { return filepath.Abs(dir) }
