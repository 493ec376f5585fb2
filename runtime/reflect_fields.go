package runtime

import (
	"reflect"
	"sort"
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

// jsonFields lists the fields encoding/json encodes, with its rules: the
// shallowest field of a name wins, a tagged one beats untagged ones at the
// same depth, and otherwise a conflict hides the name. Fields come in
// declaration order (by index path), as in the Go frontend.
func jsonFields(t reflect.Type) []jsonField {
	byName := map[string][]fieldAt{}
	var order []string
	walkFields(t, nil, 0, map[reflect.Type]bool{}, func(f jsonField, depth int) {
		if _, ok := byName[f.name]; !ok {
			order = append(order, f.name)
		}
		byName[f.name] = append(byName[f.name], fieldAt{f, depth})
	})
	var out []jsonField
	for _, name := range order {
		if f, ok := dominantField(byName[name]); ok {
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return lessIndex(out[i].index, out[j].index) })
	return out
}

type fieldAt struct {
	f     jsonField
	depth int
}

func dominantField(fs []fieldAt) (jsonField, bool) {
	least := fs[0].depth
	for _, f := range fs {
		least = min(least, f.depth)
	}
	var best, tagged []jsonField
	for _, f := range fs {
		if f.depth == least {
			best = append(best, f.f)
			if f.f.tagged {
				tagged = append(tagged, f.f)
			}
		}
	}
	switch {
	case len(best) == 1:
		return best[0], true
	case len(tagged) == 1:
		return tagged[0], true
	}
	return jsonField{}, false
}

func lessIndex(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
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
		if jt.Skip || parseSchemaTag(sf.Tag.Get("jsonschema")).Skip {
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
