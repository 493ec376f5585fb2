package workflow

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// scope is what references see while a step is prepared.
type scope struct {
	inputs any
	steps  map[string]any // finished steps' results
	item   any
	index  int
	inLoop bool
}

// eval resolves a path. A missing object field is null (optional fields
// may be absent); indexing something that is not an object or array is
// an error.
func (sc *scope) eval(p Path) (any, error) {
	var v any
	segs := p.Segs
	switch p.Root {
	case RootInputs:
		v = sc.inputs
	case RootSteps:
		r, ok := sc.steps[p.Step()]
		if !ok {
			return nil, fmt.Errorf("%s: step %q has not run", p, p.Step())
		}
		v, segs = r, segs[2:]
	case RootItem, RootIndex:
		if !sc.inLoop {
			return nil, fmt.Errorf("%s: only a for_each step has an %s", p, p.Root)
		}
		v = sc.item
		if p.Root == RootIndex {
			return json.Number(fmt.Sprint(sc.index)), nil
		}
	}
	return walk(v, segs, p)
}

func walk(v any, segs []Seg, p Path) (any, error) {
	for i, s := range segs {
		if v == nil {
			return nil, nil
		}
		switch s.Kind {
		case SegField:
			m, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s: field %q of a %s", p, s.Field, jsonKind(v))
			}
			v = m[s.Field]
		case SegIndex:
			a, ok := v.([]any)
			if !ok {
				return nil, fmt.Errorf("%s: index [%d] of a %s", p, s.Index, jsonKind(v))
			}
			if s.Index >= len(a) {
				return nil, nil
			}
			v = a[s.Index]
		case SegWildcard:
			a, ok := v.([]any)
			if !ok {
				return nil, fmt.Errorf("%s: [*] over a %s", p, jsonKind(v))
			}
			out := make([]any, 0, len(a))
			for _, e := range a {
				r, err := walk(e, segs[i+1:], p)
				if err != nil {
					return nil, err
				}
				out = append(out, r)
			}
			return out, nil
		}
	}
	return v, nil
}

// expand evaluates every template string in a JSON value.
func (sc *scope) expand(v any) (any, error) {
	switch x := v.(type) {
	case string:
		return sc.expandString(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			r, err := sc.expand(e)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			r, err := sc.expand(x[k])
			if err != nil {
				return nil, err
			}
			out[k] = r
		}
		return out, nil
	}
	return v, nil
}

func (sc *scope) expandString(s string) (any, error) {
	t, err := ParseTemplate(s)
	if err != nil {
		return nil, err
	}
	if p := t.Single(); p != nil {
		return sc.eval(*p)
	}
	var out string
	for _, part := range t.Parts {
		if part.Ref == nil {
			out += part.Text
			continue
		}
		v, err := sc.eval(*part.Ref)
		if err != nil {
			return nil, err
		}
		out += render(v)
	}
	return out, nil
}

// truthy is the when: test: false, null, 0, "" and empty arrays and
// objects are false.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case json.Number:
		f, err := x.Float64()
		return err != nil || f != 0
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case json.Number, float64:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}
