package runtime

import (
	"reflect"

	"github.com/tscg/tscg/internal/gotags"
)

// jsonField is one struct field as encoding/json sees it after embedded
// structs are flattened.
type jsonField struct {
	name   string
	sf     reflect.StructField
	json   jsonTag
	tagged bool // the name comes from a json tag
	index  []int
}

// jsonFields lists the fields encoding/json encodes, with its rules
// (gotags.Visible, shared with the Go frontend), in declaration order.
func jsonFields(t reflect.Type) []jsonField {
	var all []gotags.Field[jsonField]
	walkFields(t, nil, 0, map[reflect.Type]bool{}, func(f jsonField, depth int) {
		all = append(all, gotags.Field[jsonField]{Name: f.name, Tagged: f.tagged, Index: f.index, Depth: depth, Info: f})
	})
	return gotags.Visible(all)
}

// walkFields emits t's fields, descending into untagged embedded structs
// (and ",inline" ones, as invopop does); visiting stops a struct that
// embeds itself through a pointer.
func walkFields(t reflect.Type, index []int, depth int, visiting map[reflect.Type]bool, emit func(jsonField, int)) {
	if visiting[t] {
		return
	}
	visiting[t] = true
	defer delete(visiting, t)
	for i := range t.NumField() {
		sf := t.Field(i)
		jt := parseJSONTag(sf.Tag.Get("json"))
		if jt.Skip || gotags.SchemaSkip(sf.Tag.Get("jsonschema")) {
			continue
		}
		idx := append(append([]int(nil), index...), i)
		if sf.Anonymous && (jt.Name == "" || jt.Inline) {
			if et := embeddedStruct(sf.Type); et != nil {
				walkFields(et, idx, depth+1, visiting, emit)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		f := jsonField{name: sf.Name, sf: sf, json: jt, index: idx}
		if jt.Name != "" {
			f.name, f.tagged = jt.Name, true
		}
		emit(f, depth)
	}
}

// embeddedStruct returns the struct an embedded field flattens into, or nil.
func embeddedStruct(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	return t
}
