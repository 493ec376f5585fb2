package gotags

import (
	"slices"
	"sort"
)

// A Field is one struct field as encoding/json sees it: its JSON name,
// whether a json tag gave that name, its index path through embedded
// structs and its depth there. Info is the caller's view of the field (a
// go/types field for the Go frontend, a reflect.StructField for the
// runtime), so both apply the same rules to their own representation.
type Field[T any] struct {
	Name   string
	Tagged bool
	Index  []int
	Depth  int
	Info   T
}

// Visible applies encoding/json's rules to the fields a walk found (in
// walk order): of the fields of one name the shallowest wins, a tagged
// one beats untagged ones at the same depth, and any other conflict
// hides the name. The survivors come in declaration order (by index
// path), as encoding/json encodes them; Visible returns their Info.
func Visible[T any](fields []Field[T]) []T {
	if flatDistinct(fields) {
		// Each field is its name's only one, in declaration order.
		infos := make([]T, len(fields))
		for i, f := range fields {
			infos[i] = f.Info
		}
		return infos
	}
	return visibleByName(fields)
}

// visibleByName is Visible for any fields: grouped by name.
func visibleByName[T any](fields []Field[T]) []T {
	byName := map[string][]Field[T]{}
	var order []string
	for _, f := range fields {
		if _, ok := byName[f.Name]; !ok {
			order = append(order, f.Name)
		}
		byName[f.Name] = append(byName[f.Name], f)
	}
	var out []Field[T]
	for _, name := range order {
		if f, ok := dominant(byName[name]); ok {
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return slices.Compare(out[i].Index, out[j].Index) < 0 })
	infos := make([]T, len(out))
	for i, f := range out {
		infos[i] = f.Info
	}
	return infos
}

// flatDistinct reports fields of one struct (none through an embedded
// one: walk order is then declaration order) with distinct names, for a
// struct of up to flatFields fields (the check is quadratic).
func flatDistinct[T any](fields []Field[T]) bool {
	if len(fields) > flatFields {
		return false
	}
	for i, f := range fields {
		if f.Depth != 0 {
			return false
		}
		for _, g := range fields[:i] {
			if g.Name == f.Name {
				return false
			}
		}
	}
	return true
}

const flatFields = 32

func dominant[T any](fs []Field[T]) (Field[T], bool) {
	least := fs[0].Depth
	for _, f := range fs {
		least = min(least, f.Depth)
	}
	var best, tagged []Field[T]
	for _, f := range fs {
		if f.Depth == least {
			best = append(best, f)
			if f.Tagged {
				tagged = append(tagged, f)
			}
		}
	}
	switch {
	case len(best) == 1:
		return best[0], true
	case len(tagged) == 1:
		return tagged[0], true
	}
	return Field[T]{}, false
}
