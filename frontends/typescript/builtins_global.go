package typescript

import (
	"math"
	"sort"
	"strconv"
	"strings"
)

// globalBuiltins are the global functions of JavaScript the evaluator
// runs on constants: conversions and tests code writes around enum
// keys and option values (`Object.keys(E).filter((k) => isNaN(Number(k)))`).
var globalBuiltins = map[string]bool{"Number": true, "String": true, "Boolean": true, "isNaN": true, "JSON": true}

// callGlobal runs global function name on constant arguments; nil when
// an argument is not a constant it can convert.
func (e *evaluator) callGlobal(name string, args []*value, off int) *value {
	var a *value
	if len(args) > 0 {
		a = args[0]
	}
	switch name {
	case "Number":
		if n, ok := toNumber(a); ok {
			return e.number(n, off)
		}
	case "isNaN":
		if n, ok := toNumber(a); ok {
			return e.boolean(math.IsNaN(n), off)
		}
	case "String":
		if a == nil {
			return e.r.val(value{kind: vString, off: off, f: e.f})
		}
		switch a.kind {
		case vString, vNumber, vBool:
			return e.r.val(value{kind: vString, off: off, f: e.f, text: a.text})
		case vUndefined, vNull:
			return e.r.val(value{kind: vString, off: off, f: e.f, text: map[vkind]string{vUndefined: "undefined", vNull: "null"}[a.kind]})
		}
	case "Boolean":
		if a == nil {
			return e.boolean(false, off)
		}
		if t, known := truthy(a); known {
			return e.boolean(t, off)
		}
	}
	return nil
}

// toNumber is JavaScript's ToNumber of a constant.
func toNumber(a *value) (float64, bool) {
	if a == nil {
		return math.NaN(), true
	}
	switch a.kind {
	case vNumber:
		if a.text == "NaN" {
			return math.NaN(), true
		}
		return numberValue(a.text)
	case vBool:
		if a.text == "true" {
			return 1, true
		}
		return 0, true
	case vNull:
		return 0, true
	case vUndefined:
		return math.NaN(), true
	case vString:
		s := strings.TrimSpace(a.text)
		if s == "" {
			return 0, true
		}
		if n, ok := numberValue(s); ok && !strings.ContainsAny(s, "_n") {
			return n, true
		}
		return math.NaN(), true
	}
	return 0, false
}

func (e *evaluator) number(n float64, off int) *value {
	text := "NaN"
	if !math.IsNaN(n) && !math.IsInf(n, 0) {
		text = jsNumber(n)
	}
	return e.r.val(value{kind: vNumber, off: off, f: e.f, text: text})
}

func (e *evaluator) boolean(b bool, off int) *value {
	return e.r.val(value{kind: vBool, off: off, f: e.f, text: strconv.FormatBool(b)})
}

// enumObject is the object a TypeScript enum compiles to: each member's
// name to its value and, for a numeric member, the value back to the
// name; keys in the order JavaScript lists them (integer keys
// ascending, then the others as assigned). Nil when a member is computed.
func (e *evaluator) enumObject(d *decl, off int) *value {
	out := e.r.val(value{kind: vObject, off: off, f: e.f})
	set := func(key string, v *value) {
		for i := range out.props {
			if out.props[i].key == key {
				out.props[i].v = v
				return
			}
		}
		out.props = append(out.props, vprop{key: key, off: off, v: v})
	}
	for _, m := range d.enum {
		// E[E["X"] = v] = "X": the name is assigned first.
		v := enumMemberValue(d, m.name, off, e.f)
		if v.kind != vString && v.kind != vNumber {
			return nil
		}
		set(m.name, e.r.val(*v))
		if v.kind == vNumber {
			set(v.text, e.r.val(value{kind: vString, off: off, f: e.f, text: m.name}))
		}
	}
	sort.SliceStable(out.props, func(i, j int) bool {
		a, aok := arrayIndex(out.props[i].key)
		b, bok := arrayIndex(out.props[j].key)
		return aok && (!bok || a < b)
	})
	return out
}

// arrayIndex reports whether key is an integer index JavaScript lists
// first among an object's keys.
func arrayIndex(key string) (uint64, bool) {
	n, err := strconv.ParseUint(key, 10, 32)
	return n, err == nil && strconv.FormatUint(n, 10) == key && n < math.MaxUint32
}
