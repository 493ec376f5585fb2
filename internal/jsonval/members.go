package jsonval

import (
	"slices"
	"strconv"
	"strings"
)

// object checks the object keywords of s against obj and notes the
// properties they evaluated in ev.
func (vd *validator) object(s *Schema, obj map[string]any, ev *evaluated) []*Error {
	if vd.quick && !vd.objectCounts(s, obj) {
		return decided
	}
	var errs []*Error
	if s.MinProperties != nil && len(obj) < *s.MinProperties {
		errs = append(errs, vd.fail(s, KindMinProperties, "minProperties", *s.MinProperties, len(obj)))
	}
	if s.MaxProperties != nil && len(obj) > *s.MaxProperties {
		errs = append(errs, vd.fail(s, KindMaxProperties, "maxProperties", *s.MaxProperties, len(obj)))
	}
	if missing := absent(obj, s.Required); len(missing) > 0 {
		e := vd.fail(s, KindRequired, "required", s.Required, nil)
		e.Properties = missing
		errs = append(errs, e)
	}
	errs = append(errs, vd.dependents(s, obj, ev)...)
	errs = append(errs, vd.properties(s, obj, ev)...)
	if s.PropertyNames != nil {
		outer := vd.names
		defer func() { vd.names = outer }()
		for _, name := range vd.keys(obj) {
			vd.nextNames++
			vd.names = vd.nextNames
			if ne, _ := vd.sub(s.PropertyNames, name, false, "propertyNames"); len(ne) > 0 {
				e := vd.fail(s, KindPropertyNames, "propertyNames", nil, name)
				e.Property, e.Causes = name, ne
				errs = append(errs, e)
			}
		}
	}
	return errs
}

func absent(obj map[string]any, names []string) []string {
	var missing []string
	for _, r := range names {
		if _, ok := obj[r]; !ok {
			missing = append(missing, r)
		}
	}
	return missing
}

func (vd *validator) dependents(s *Schema, obj map[string]any, ev *evaluated) []*Error {
	if len(s.DependentRequired) == 0 && len(s.DependentSchemas) == 0 {
		return nil
	}
	var errs []*Error
	key := "dependentRequired"
	if s.dependencies {
		key = "dependencies"
	}
	for _, p := range sortedKeys(s.DependentRequired) {
		if _, ok := obj[p]; !ok {
			continue
		}
		if missing := absent(obj, s.DependentRequired[p]); len(missing) > 0 {
			e := vd.fail(s, KindDependentRequired, key, s.DependentRequired[p], nil)
			e.Property, e.Properties = p, missing
			errs = append(errs, e)
		}
	}
	if !s.dependencies {
		key = "dependentSchemas"
	}
	for _, p := range sortedKeys(s.DependentSchemas) {
		if _, ok := obj[p]; ok {
			de, dev := vd.sub(s.DependentSchemas[p], obj, ev != nil, key, p)
			errs = append(errs, de...)
			ev.merge(dev)
		}
	}
	return errs
}

// properties checks properties, patternProperties and
// additionalProperties.
func (vd *validator) properties(s *Schema, obj map[string]any, ev *evaluated) []*Error {
	if s.Properties == nil && s.PatternProperties == nil && s.AdditionalProperties == nil {
		return nil
	}
	var errs []*Error
	var extra []string
	for _, name := range vd.keys(obj) {
		val, matched := obj[name], false
		if ps, ok := s.Properties[name]; ok {
			matched = true
			if pe := vd.at(ps, val, name, "properties", name); len(pe) > 0 {
				if vd.quick {
					return decided
				}
				errs = append(errs, pe...)
			}
		}
		for _, pp := range s.PatternProperties {
			if pp.Pattern.MatchString(name) {
				matched = true
				errs = append(errs, vd.at(pp.Schema, val, name, "patternProperties", pp.Pattern.String())...)
			}
		}
		if matched || s.AdditionalProperties != nil {
			if ev != nil {
				ev.prop(name)
			}
		}
		if !matched && s.AdditionalProperties != nil {
			extra = append(extra, name)
		}
	}
	return append(errs, vd.additional(s, s.AdditionalProperties, KindAdditionalProperties, "additionalProperties", obj, extra)...)
}

// additional checks names against the schema of additionalProperties or
// unevaluatedProperties: one error listing them all when it is false.
func (vd *validator) additional(s, as *Schema, k Kind, key string, obj map[string]any, names []string) []*Error {
	if len(names) == 0 {
		return nil
	}
	if as.Bool != nil && !*as.Bool {
		e := vd.fail(s, k, key, nil, nil)
		e.Properties = names
		return []*Error{e}
	}
	var errs []*Error
	for _, name := range names {
		errs = append(errs, vd.at(as, obj[name], name, key)...)
	}
	return errs
}

// array checks the array keywords of s against arr and notes the items
// they evaluated in ev.
func (vd *validator) array(s *Schema, arr []any, ev *evaluated) []*Error {
	var errs []*Error
	if s.MinItems != nil && len(arr) < *s.MinItems {
		errs = append(errs, vd.fail(s, KindMinItems, "minItems", *s.MinItems, len(arr)))
	}
	if s.MaxItems != nil && len(arr) > *s.MaxItems {
		errs = append(errs, vd.fail(s, KindMaxItems, "maxItems", *s.MaxItems, len(arr)))
	}
	if s.UniqueItems {
		if i, j, dup := duplicate(arr); dup {
			e := vd.fail(s, KindUniqueItems, "uniqueItems", true, nil)
			e.Indices = []int{i, j}
			errs = append(errs, e)
		}
	}
	errs = append(errs, vd.items(s, arr, ev)...)
	if s.Contains != nil {
		errs = append(errs, vd.contains(s, arr, ev)...)
	}
	return errs
}

func duplicate(arr []any) (int, int, bool) {
	seen := make(map[string]int, len(arr))
	var b strings.Builder
	for i, e := range arr {
		b.Reset()
		canonical(&b, e)
		if j, ok := seen[b.String()]; ok {
			return j, i, true
		}
		seen[b.String()] = i
	}
	return 0, 0, false
}

func (vd *validator) items(s *Schema, arr []any, ev *evaluated) []*Error {
	var errs []*Error
	prefix, itemsKey := "prefixItems", "items"
	if s.itemsArray {
		prefix, itemsKey = "items", "additionalItems"
	}
	n := min(len(s.PrefixItems), len(arr))
	for i := range n {
		errs = append(errs, vd.at(s.PrefixItems[i], arr[i], strconv.Itoa(i), prefix, strconv.Itoa(i))...)
	}
	if ev != nil {
		ev.items = max(ev.items, n)
	}
	if s.Items == nil || len(arr) <= n {
		return errs
	}
	if ev != nil {
		ev.allItems = true
	}
	if s.Items.Bool != nil && !*s.Items.Bool {
		return append(errs, vd.fail(s, KindAdditionalItems, itemsKey, n, len(arr)))
	}
	for i := n; i < len(arr); i++ {
		errs = append(errs, vd.at(s.Items, arr[i], strconv.Itoa(i), itemsKey)...)
	}
	return errs
}

func (vd *validator) contains(s *Schema, arr []any, ev *evaluated) []*Error {
	var matched []int
	for i, e := range arr {
		vd.inst = append(vd.inst, strconv.Itoa(i))
		ce, _ := vd.sub(s.Contains, e, false, "contains")
		vd.inst = vd.inst[:len(vd.inst)-1]
		if len(ce) == 0 {
			matched = append(matched, i)
		}
	}
	if ev != nil && s.Draft == Draft2020 { // 2019-09's unevaluatedItems ignores contains
		for _, i := range matched {
			ev.item(i)
		}
	}
	lo := 1
	if s.MinContains != nil {
		lo = *s.MinContains
	}
	switch {
	case len(matched) < lo && s.MinContains != nil:
		return []*Error{vd.fail(s, KindMinContains, "minContains", lo, len(matched))}
	case len(matched) < lo:
		return []*Error{vd.fail(s, KindContains, "contains", nil, nil)}
	case s.MaxContains != nil && len(matched) > *s.MaxContains:
		return []*Error{vd.fail(s, KindMaxContains, "maxContains", *s.MaxContains, len(matched))}
	}
	return nil
}

// unevaluated checks unevaluatedProperties and unevaluatedItems against
// the members no other keyword of s (or its in-place subschemas)
// evaluated.
func (vd *validator) unevaluated(s *Schema, v any, ev *evaluated) []*Error {
	switch x := v.(type) {
	case map[string]any:
		if s.UnevaluatedProperties == nil || ev.allProps {
			return nil
		}
		var names []string
		for _, name := range sortedKeys(x) {
			if !ev.props[name] {
				names = append(names, name)
			}
		}
		errs := vd.additional(s, s.UnevaluatedProperties, KindUnevaluatedProperties, "unevaluatedProperties", x, names)
		ev.allProps = true
		return errs
	case []any:
		if s.UnevaluatedItems == nil || ev.allItems {
			return nil
		}
		var errs []*Error
		var idx []int
		for i := ev.items; i < len(x); i++ {
			if !ev.itemSet[i] {
				idx = append(idx, i)
			}
		}
		if len(idx) > 0 && s.UnevaluatedItems.Bool != nil && !*s.UnevaluatedItems.Bool {
			e := vd.fail(s, KindUnevaluatedItems, "unevaluatedItems", nil, nil)
			e.Indices = idx
			return []*Error{e}
		}
		for _, i := range idx {
			errs = append(errs, vd.at(s.UnevaluatedItems, x[i], strconv.Itoa(i), "unevaluatedItems")...)
		}
		ev.allItems = true
		return slices.Clip(errs)
	}
	return nil
}

// keys are obj's names: sorted when errors are built, so they come in a
// fixed order; as the map has them when only deciding.
func (vd *validator) keys(obj map[string]any) []string {
	if !vd.quick {
		return sortedKeys(obj)
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	return keys
}

// objectCounts reports whether obj passes s's property counts and
// required names: what a quick validation checks before the members.
func (vd *validator) objectCounts(s *Schema, obj map[string]any) bool {
	if s.MinProperties != nil && len(obj) < *s.MinProperties || s.MaxProperties != nil && len(obj) > *s.MaxProperties {
		return false
	}
	for _, r := range s.Required {
		if _, ok := obj[r]; !ok {
			return false
		}
	}
	return true
}
