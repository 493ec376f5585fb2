package typescript

import (
	"github.com/tscg/tscg/compiler/ir"
)

// builtinArity is the number of type arguments each supported global
// generic takes.
var builtinArity = map[string]int{
	"Array": 1, "ReadonlyArray": 1, "Record": 2, "Partial": 1, "Required": 1, "Readonly": 1,
	"Pick": 2, "Omit": 2, "NonNullable": 1, "Exclude": 2, "Extract": 2, "Date": 0,
}

// noJSON are global types that exist in TypeScript but have no JSON form.
var noJSON = map[string]bool{
	"Set": true, "Map": true, "ReadonlySet": true, "ReadonlyMap": true, "WeakMap": true, "WeakSet": true,
	"Function": true, "RegExp": true, "Error": true, "Symbol": true, "BigInt": true,
	"Uint8Array": true, "ArrayBuffer": true, "Blob": true, "Buffer": true,
}

// builtin converts references to TypeScript's global types; ok is false
// when the name is not one tscg knows.
func (r *resolver) builtin(te *typeExpr, c ctx) (*ir.Type, bool) {
	if te.text == "Promise" {
		r.errorf(c, te.off, "Promise is only allowed as a function's return type")
		return r.anyAt(c, te.off), true
	}
	if noJSON[te.text] {
		r.errorf(c, te.off, "%s has no JSON representation", te.text)
		return r.anyAt(c, te.off), true
	}
	n, known := builtinArity[te.text]
	if !known {
		return nil, false
	}
	if len(te.elems) != n {
		r.errorf(c, te.off, "%s takes %d type argument(s), got %d", te.text, n, len(te.elems))
		return r.anyAt(c, te.off), true
	}
	switch te.text {
	case "Date":
		t := r.newType(ir.KindString, c.f.pos(te.off))
		t.Format = "date-time"
		return t, true
	case "Array", "ReadonlyArray":
		t := r.newType(ir.KindArray, c.f.pos(te.off))
		t.Items = r.conv(te.elems[0], c)
		return t, true
	case "Record":
		return r.convRecord(te, c), true
	case "Partial", "Required", "Readonly":
		return r.convModifier(te, c), true
	case "Pick", "Omit":
		return r.convPick(te, c), true
	case "NonNullable":
		t := r.conv(te.elems[0], c)
		t.Nullable = false
		return t, true
	}
	return r.convExclude(te, c), true
}

// convRecord converts Record<string, V> to an index signature and
// Record<'a' | 'b', V> to required properties.
func (r *resolver) convRecord(te *typeExpr, c ctx) *ir.Type {
	obj := r.newType(ir.KindObject, c.f.pos(te.off))
	key := r.conv(te.elems[0], c).Resolve()
	if key != nil && (key.Kind == ir.KindString || key.Kind == ir.KindNumber) && key.Const == nil && len(key.Enum) == 0 {
		obj.Additional, obj.AdditionalType = ir.AdditionalTyped, r.conv(te.elems[1], c)
		return obj
	}
	keys, ok := stringKeys(key)
	if !ok {
		r.errorf(c, te.elems[0].off, "Record keys must be string, number or string literals")
		return obj
	}
	for _, k := range keys {
		obj.Properties = append(obj.Properties, &ir.Property{Name: k, Type: r.conv(te.elems[1], c), Required: true, Pos: c.f.pos(te.off)})
	}
	return obj
}

// convModifier converts Partial, Required and Readonly of an object type.
func (r *resolver) convModifier(te *typeExpr, c ctx) *ir.Type {
	src := r.objectOf(r.conv(te.elems[0], c), c, te.elems[0].off, te.text+" needs an object type")
	if src == nil {
		return r.anyAt(c, te.off)
	}
	obj := r.newType(ir.KindObject, c.f.pos(te.off))
	mergeObject(obj, src)
	for _, p := range obj.Properties {
		switch te.text {
		case "Partial":
			p.Required = false
		case "Required":
			p.Required = true
		}
	}
	return obj
}

// convPick converts Pick<T, K> and Omit<T, K> for literal keys K.
func (r *resolver) convPick(te *typeExpr, c ctx) *ir.Type {
	src := r.objectOf(r.conv(te.elems[0], c), c, te.elems[0].off, te.text+" needs an object type")
	keys, ok := stringKeys(r.conv(te.elems[1], c).Resolve())
	if src == nil {
		return r.anyAt(c, te.off)
	}
	if !ok {
		r.errorf(c, te.elems[1].off, "%s needs string literal keys", te.text)
		return r.anyAt(c, te.off)
	}
	set := map[string]bool{}
	for _, k := range keys {
		set[k] = true
		if te.text == "Pick" && src.Prop(k) == nil {
			r.errorf(c, te.elems[1].off, "Pick: property %q does not exist", k)
		}
	}
	obj := r.newType(ir.KindObject, c.f.pos(te.off))
	for _, p := range src.Properties {
		if set[p.Name] == (te.text == "Pick") {
			cp := *p
			obj.Properties = append(obj.Properties, &cp)
		}
	}
	if te.text == "Omit" && src.Additional == ir.AdditionalTyped {
		obj.Additional, obj.AdditionalType = src.Additional, src.AdditionalType
	}
	return obj
}

// convExclude converts Exclude<U, E> and Extract<U, E> over literal unions.
func (r *resolver) convExclude(te *typeExpr, c ctx) *ir.Type {
	u := r.conv(te.elems[0], c).Resolve()
	e := r.conv(te.elems[1], c).Resolve()
	uv, e1 := literalValues(u)
	ev, e2 := literalValues(e)
	if !e1 || !e2 {
		r.errorf(c, te.off, "%s is supported only over literal unions", te.text)
		return r.anyAt(c, te.off)
	}
	drop := map[string]bool{}
	for _, v := range ev {
		drop[string(v)] = true
	}
	var keep []ir.Value
	for _, v := range uv {
		if drop[string(v)] == (te.text == "Extract") {
			keep = append(keep, v)
		}
	}
	if len(keep) == 0 {
		return r.newType(ir.KindNever, c.f.pos(te.off))
	}
	return enumOf(u.Kind, keep, c.f.pos(te.off))
}

func literalValues(t *ir.Type) ([]ir.Value, bool) {
	if t == nil || !isLiteral(t) {
		return nil, false
	}
	if t.Const != nil {
		return []ir.Value{t.Const}, true
	}
	return t.Enum, true
}
