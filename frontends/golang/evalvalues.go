package golang

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/tscg/tscg/compiler/ir"
)

// The evaluator's compound values (issue 28: Azure/aks-mcp builds a
// tool's properties from a package table of struct literals holding
// maps): maps with string keys (map[string]any), structs (structVal,
// their fields by name) and the tool an option helper's closure writes
// (toolSink). A field whose value the evaluator cannot compute (a func
// literal, say) is held as unknownField and fails where it is used.

// structVal is a struct literal's fields by name.
type structVal map[string]any

// unknownField is a field the evaluator could not compute.
type unknownField struct{}

// branch is the value a block ends with at break or continue.
type branch token.Token

// toolSink is the *mcp.Tool an option helper's closure receives: the
// properties it sets (t.InputSchema.Properties[k] = v), in order.
type toolSink struct {
	keys []string
	vals []any
}

// sinkPath is a field path into the tool (t.InputSchema.Properties).
type sinkPath struct {
	sink *toolSink
	path string
}

// compound evaluates map and struct literals; handled is false for
// other literals.
func (ev *evaluator) compound(p *packages.Package, x *ast.CompositeLit, env map[types.Object]any) (v any, ok, handled bool) {
	t := p.TypesInfo.TypeOf(x)
	if t == nil {
		return nil, false, true
	}
	if ptr, isPtr := t.Underlying().(*types.Pointer); isPtr {
		t = ptr.Elem() // an elided &T{…} in a []*T
	}
	if isStringsBuilder(t) && len(x.Elts) == 0 {
		return &builderVal{}, true, true
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if b, ok := u.Key().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return nil, false, true
		}
		m := map[string]any{}
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return nil, false, true
			}
			k, okK := ev.expr(p, kv.Key, env)
			val, okV := ev.expr(p, kv.Value, env)
			ks, isString := k.(string)
			if !okK || !okV || !isString {
				return nil, false, true
			}
			m[ks] = val
		}
		return m, true, true
	case *types.Struct:
		sv := structVal{}
		for i := 0; i < u.NumFields(); i++ {
			sv[u.Field(i).Name()] = zeroOf(u.Field(i).Type())
		}
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return nil, false, true // positional fields: not read
			}
			id := identOf(kv.Key)
			if id == nil {
				return nil, false, true
			}
			if val, ok := ev.expr(p, kv.Value, env); ok {
				sv[id.Name] = val
			} else {
				sv[id.Name] = unknownField{}
			}
		}
		return sv, true, true
	}
	return nil, false, false
}

// zeroOf is a type's zero value as the evaluator holds it.
func zeroOf(t types.Type) any {
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsString != 0:
			return ""
		case b.Info()&types.IsBoolean != 0:
			return false
		case b.Info()&types.IsInteger != 0:
			return int64(0)
		}
		return unknownField{}
	}
	switch t.Underlying().(type) {
	case *types.Map, *types.Slice, *types.Pointer, *types.Interface, *types.Signature, *types.Chan:
		return nil
	}
	return unknownField{}
}

func (ev *evaluator) selector(p *packages.Package, x *ast.SelectorExpr, env map[types.Object]any) (any, bool) {
	if _, isPkg := p.TypesInfo.ObjectOf(identOf(x.X)).(*types.PkgName); isPkg {
		return ev.pkgVar(p.TypesInfo.ObjectOf(x.Sel))
	}
	if v, ok, handled := ev.flagChanged(p, x); handled {
		return v, ok
	}
	base, ok := ev.expr(p, x.X, env)
	if !ok {
		// A field of a value known only at run time (a configuration):
		// its default, when the program gives it one (flagdefault.go).
		if s := p.TypesInfo.Selections[x]; s != nil && s.Kind() == types.FieldVal {
			if f, isVar := s.Obj().(*types.Var); isVar {
				return ev.fieldDefault(f)
			}
		}
		return nil, false
	}
	switch b := base.(type) {
	case structVal:
		v, has := b[x.Sel.Name]
		if _, unknown := v.(unknownField); unknown || !has {
			return nil, false
		}
		return v, true
	case *toolVal:
		return b.field(x.Sel.Name)
	case *listVal:
		return listField(b, x.Sel.Name)
	case *toolSink:
		return sinkPath{b, x.Sel.Name}, x.Sel.Name == "InputSchema"
	case sinkPath:
		return sinkPath{b.sink, b.path + "." + x.Sel.Name}, b.path == "InputSchema" && x.Sel.Name == "Properties"
	case *ir.Type:
		return ev.schemaField(b, x.Sel.Name, x.Sel.Pos())
	}
	return nil, false
}

// index reads m[k] of a map (the element type's zero value when k is
// missing) or s[i] of a slice.
func (ev *evaluator) index(p *packages.Package, x *ast.IndexExpr, env map[types.Object]any) (any, bool) {
	base, okB := ev.expr(p, x.X, env)
	k, okK := ev.expr(p, x.Index, env)
	if !okB || !okK {
		return nil, false
	}
	switch b := base.(type) {
	case map[string]any:
		ks, isString := mapKey(k)
		if !isString {
			return nil, false
		}
		if v, has := b[ks]; has {
			return v, true
		}
		m, _ := p.TypesInfo.TypeOf(x.X).Underlying().(*types.Map)
		if m == nil {
			return nil, false
		}
		z := zeroOf(m.Elem())
		_, unknown := z.(unknownField)
		return z, !unknown
	case []any:
		i, isInt := k.(int64)
		if !isInt || i < 0 || i >= int64(len(b)) {
			return nil, false
		}
		return b[i], true
	case schemaProps:
		ks, isString := k.(string)
		if !isString {
			return nil, false
		}
		for _, q := range b.t.Properties {
			if q.Name == ks {
				return q.Type, true
			}
		}
		return nil, true
	}
	return nil, false
}

// setIndex runs m[k] = v on a map the function holds, or on the tool's
// properties (t.InputSchema.Properties[k] = v).
func (ev *evaluator) setIndex(p *packages.Package, ix *ast.IndexExpr, rhs ast.Expr, env map[types.Object]any) bool {
	base, okB := ev.expr(p, ix.X, env)
	k, okK := ev.expr(p, ix.Index, env)
	v, okV := ev.expr(p, rhs, env)
	if list, isList := base.([]any); okB && okK && okV && isList {
		// s[i] = v writes the array the slice shares.
		i, isInt := k.(int64)
		if !isInt || i < 0 || i >= int64(len(list)) {
			return false
		}
		list[i] = v
		return true
	}
	ks, isString := mapKey(k)
	if !okB || !okK || !okV || !isString {
		return false
	}
	switch b := base.(type) {
	case map[string]any:
		if id := identOf(ix.X); id == nil {
			return false
		} else if _, local := env[p.TypesInfo.ObjectOf(id)]; !local {
			return false // a package map: never written here
		}
		b[ks] = v
		return true
	case schemaProps:
		return setProperty(b, ks, v)
	case sinkPath:
		if b.path != "InputSchema.Properties" {
			return false
		}
		b.sink.keys, b.sink.vals = append(b.sink.keys, ks), append(b.sink.vals, v)
		return true
	}
	return false
}

// nilCompare compares a map or slice with nil (handled: one side is nil
// and the other a map, slice or nil).
func nilCompare(a, b any, ok bool) (isNil, handled bool) {
	if !ok {
		return false, false
	}
	if a != nil {
		a, b = b, a
	}
	if a != nil {
		return false, false
	}
	switch b.(type) {
	case nil:
		return true, true
	case map[string]any, []any, *ir.Type, schemaProps, funcVal, *toolVal, *listVal, opaque, otherSchema, *builderVal:
		return false, true
	case structVal:
		// Held for a pointer to a struct (the evaluator holds a struct
		// value only where Go has one, which nil is not compared with).
		return false, true
	}
	return false, false
}

// assertAs is x.(T) with comma-ok for the values the evaluator holds.
func assertAs(v any, t types.Type) (any, bool) {
	if t == nil {
		return nil, false
	}
	if _, isIface := t.Underlying().(*types.Interface); isIface && v != nil {
		if iface := t.Underlying().(*types.Interface); iface.Empty() {
			return v, true
		}
	}
	if s, isSchema := v.(*ir.Type); isSchema && s != nil && isGoogleSchemaOrPtr(t) {
		if _, isPtr := t.Underlying().(*types.Pointer); isPtr {
			return s, true
		}
	}
	var holds bool
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch v.(type) {
		case string:
			holds = u.Kind() == types.String
		case bool:
			holds = u.Kind() == types.Bool
		case int64:
			holds = u.Kind() == types.Int
		case float64:
			holds = u.Kind() == types.Float64
		}
		holds = holds && t == u // a defined type never matches the value's
	case *types.Map:
		_, isMap := v.(map[string]any)
		holds = isMap && types.Identical(u.Elem(), types.NewInterfaceType(nil, nil))
	}
	if !holds {
		return zeroOf(t), false
	}
	return v, true
}

func isMakeMap(info *types.Info, call *ast.CallExpr) bool {
	if !isBuiltin(info, call.Fun, "make") || len(call.Args) == 0 {
		return false
	}
	m, isMap := info.TypeOf(call.Args[0]).Underlying().(*types.Map)
	if !isMap {
		return false
	}
	b, ok := m.Key().Underlying().(*types.Basic)
	_, isStruct := m.Key().Underlying().(*types.Struct)
	return isStruct || ok && b.Info()&types.IsString != 0
}
