package typescript

import (
	"sort"

	"github.com/tscg/tscg/compiler/diag"
	"strings"
)

// dataMember is a property of an array or string value: its length, an
// element, or a method (read when called, by method).
func (e *evaluator) dataMember(v *value, name string, off int) *value {
	if v.set {
		if name == "size" {
			return e.r.val(value{kind: vNumber, off: off, f: e.f, text: itoa(len(v.elems))})
		}
		return e.r.val(value{kind: vMember, off: off, f: e.f, recv: v, text: name})
	}
	if name == "length" {
		n := len(v.elems)
		if v.kind != vArray {
			n = len([]rune(v.text))
		}
		if v.kind == vPartial || v.kind == vArray && hasSpread(v) {
			return e.opaque(off, "the length of "+describeValue(v))
		}
		return e.r.val(value{kind: vNumber, off: off, f: e.f, text: itoa(n)})
	}
	if i, ok := numberValue(name); ok && v.kind == vArray && i >= 0 && i == float64(int(i)) {
		return e.index(v, int(i), off)
	}
	return e.r.val(value{kind: vMember, off: off, f: e.f, recv: v, text: name})
}

func hasSpread(v *value) bool {
	for _, el := range v.elems {
		if el.spread {
			return true
		}
	}
	return false
}

// method calls a builtin method: of arrays (map, filter, forEach,
// flatMap, find, join, concat, slice, includes), of strings (trim, join
// pieces), of Object (values, keys, entries, fromEntries, assign,
// freeze) and the MCP SDK's ToolSchema.parse. nil means unknown.
func (e *evaluator) method(recv *value, name string, args []*value, off int) *value {
	switch recv.kind {
	case vArray:
		return e.arrayMethod(recv, name, args, off)
	case vString:
		if v := e.stringMethod(recv, name, args, off); v != nil {
			return v
		}
		switch name {
		case "trim", "trimStart", "trimEnd", "toLowerCase", "toUpperCase":
			s := recv.text
			switch name {
			case "trim":
				s = strings.TrimSpace(s)
			case "trimStart":
				s = strings.TrimLeft(s, " \t\r\n")
			case "trimEnd":
				s = strings.TrimRight(s, " \t\r\n")
			case "toLowerCase":
				s = strings.ToLower(s)
			case "toUpperCase":
				s = strings.ToUpper(s)
			}
			return e.r.val(value{kind: vString, off: recv.off, f: recv.f, text: s})
		}
	case vBuiltin:
		switch {
		case recv.text == "Object":
			return e.objectBuiltin(name, args, off)
		case recv.text == "JSON" && name == "stringify":
			return e.stringify(args, off)
		case recv.text == "yargs()":
			return e.yargsMethod(recv, name, args, off)
		case recv.text == "ToolSchema" && (name == "parse" || name == "strict") && len(args) > 0:
			return args[0]
		}
	}
	return nil
}

func (e *evaluator) arrayMethod(arr *value, name string, args []*value, off int) *value {
	if arr.set {
		switch name {
		case "has":
			name = "includes"
		case "forEach":
		default:
			return nil // a Set has no other method tscg runs
		}
	}
	if hasSpread(arr) || len(arr.elems) > maxLoopElems {
		return e.opaque(off, "."+name+"() of an array with elements tscg cannot read")
	}
	fn := func() *value {
		if len(args) > 0 && (args[0].kind == vFunc || args[0].kind == vDeclFunc) {
			return args[0]
		}
		return nil
	}
	out := e.r.val(value{kind: vArray, off: off, f: e.f})
	switch name {
	case "sort", "toSorted":
		if v, ok := e.sortArray(arr, args, off); ok {
			return v
		}
		return e.opaque(off, "."+name+"() whose order tscg cannot evaluate")
	case "includes":
		if len(args) == 0 || typeOf(args[0]) == "" {
			return nil
		}
		for _, el := range arr.elems {
			if typeOf(el) == "" {
				return nil
			}
			if typeOf(el) == typeOf(args[0]) && sameValue(el, args[0]) {
				return e.r.val(value{kind: vBool, off: off, f: e.f, text: "true"})
			}
		}
		return e.r.val(value{kind: vBool, off: off, f: e.f, text: "false"})
	case "map", "flatMap", "filter", "forEach", "find", "some", "every":
		cb := fn()
		if cb == nil {
			return nil
		}
		for i, el := range arr.elems {
			if !e.step(off) {
				return e.opaque(off, "."+name+"() past the evaluation budget")
			}
			idx := e.r.val(value{kind: vNumber, off: off, f: e.f, text: itoa(i)})
			v := e.apply(cb, []*value{el, idx, arr}, off)
			switch name {
			case "map":
				out.elems = append(out.elems, v)
			case "flatMap":
				out.elems = appendFlat(out.elems, []*value{v})
			case "filter", "find", "some", "every":
				truth, known := truthy(v)
				if !known && name == "filter" {
					// A test that depends on the run (configuration, the
					// client) keeps the element: the list is what the
					// server can publish.
					e.warnUnknownFilter(off, v)
					truth = true
				} else if !known {
					return e.opaque(off, "."+name+"() whose test tscg cannot evaluate")
				}
				if truth && name == "find" {
					return el
				}
				if truth && name == "some" || !truth && name == "every" {
					return e.r.val(value{kind: vBool, off: off, f: e.f, text: boolText(name == "some")})
				}
				if truth {
					out.elems = append(out.elems, el)
				}
			}
		}
		switch name {
		case "forEach", "find":
			return e.r.val(value{kind: vUndefined, off: off, f: e.f})
		case "some", "every":
			return e.r.val(value{kind: vBool, off: off, f: e.f, text: boolText(name == "every")})
		}
		return out
	case "reduce", "reduceRight":
		return e.reduce(arr, name, args, off)
	case "concat":
		out.elems = append(out.elems, arr.elems...)
		out.elems = appendFlat(out.elems, args)
		return out
	case "slice":
		from, to := 0, len(arr.elems)
		if n, ok := intArg(args, 0); ok {
			from = clampIndex(n, len(arr.elems))
		}
		if n, ok := intArg(args, 1); ok {
			to = clampIndex(n, len(arr.elems))
		}
		if from < to {
			out.elems = append(out.elems, arr.elems[from:to]...)
		}
		return out
	case "flat":
		out.elems = appendFlat(out.elems, arr.elems)
		return out
	case "join":
		sep := ","
		if len(args) > 0 && args[0].kind == vString {
			sep = args[0].text
		}
		var sb strings.Builder
		var holes []*value
		for i, el := range arr.elems {
			if i > 0 {
				sb.WriteString(sep)
			}
			if el.kind != vNull && el.kind != vUndefined {
				holes = appendPart(&sb, holes, el, "element "+itoa(i))
			}
		}
		return e.stringOf(off, sb.String(), holes)
	}
	return nil
}

// newSet is `new Set(iterable?)`: the distinct elements (SameValueZero)
// of an array or another Set, in order. nil when the argument cannot be
// read element by element.
func (e *evaluator) newSet(args []*value, off int) *value {
	out := e.r.val(value{kind: vArray, off: off, f: e.f, set: true})
	if len(args) == 0 || args[0].kind == vUndefined || args[0].kind == vNull {
		return out
	}
	if args[0].kind != vArray || hasSpread(args[0]) {
		return e.opaque(off, "a Set made of "+describeValue(args[0]))
	}
	for _, el := range args[0].elems {
		var ok bool
		if out, ok = e.setWith(out, el); !ok {
			return e.opaque(off, "a Set made of an element tscg cannot compare ("+describeValue(el)+")")
		}
	}
	return out
}

// setWith is set s with el added (s itself when it holds el already);
// false when el's identity cannot be told.
func (e *evaluator) setWith(s, el *value) (*value, bool) {
	if typeOf(el) == "" {
		return nil, false
	}
	for _, x := range s.elems {
		if typeOf(x) == "" {
			return nil, false
		}
		if typeOf(x) == typeOf(el) && sameValue(x, el) {
			return s, true
		}
	}
	cp := *s
	cp.elems = append(append([]*value(nil), s.elems...), el)
	return &cp, true
}

// reduce is arr.reduce(cb, init?) and reduceRight: the callback runs on
// each element in turn, its result the next accumulator, as JavaScript
// does (without an initial value the first element starts, and an empty
// array then has no result).
func (e *evaluator) reduce(arr *value, name string, args []*value, off int) *value {
	if len(args) == 0 || args[0].kind != vFunc && args[0].kind != vDeclFunc {
		return nil
	}
	order := make([]int, len(arr.elems))
	for i := range order {
		order[i] = i
		if name == "reduceRight" {
			order[i] = len(order) - 1 - i
		}
	}
	var acc *value
	if len(args) > 1 {
		acc = args[1]
	} else if len(order) > 0 {
		acc, order = arr.elems[order[0]], order[1:]
	} else {
		return e.opaque(off, "."+name+"() of an empty array without an initial value (a TypeError when the server runs)")
	}
	for _, i := range order {
		if !e.step(off) {
			return e.opaque(off, "."+name+"() past the evaluation budget")
		}
		idx := e.r.val(value{kind: vNumber, off: off, f: e.f, text: itoa(i)})
		acc = e.apply(args[0], []*value{acc, arr.elems[i], idx, arr}, off)
	}
	return acc
}

// warnUnknownFilter says once per call site that a filter's test is
// unknown and every element is kept.
func (e *evaluator) warnUnknownFilter(off int, test *value) {
	if e.r.once(e.f, off) {
		e.warnf(off, "the test of this filter is known only when the server runs (%s); tscg keeps every element", describeValue(test))
	}
}

// once reports true the first time it is asked about a position.
func (r *resolver) once(f *file, off int) bool {
	key := siteKey{f, off}
	if r.warned[key] {
		return false
	}
	if r.warned == nil {
		r.warned = map[siteKey]bool{}
	}
	r.warned[key] = true
	return true
}

// envFallback reads `process.env.X || d` and `process.env.X ?? d` as d,
// the value the server has when the variable is unset, with a warning
// at the variable (once): what the server lists depends on its
// environment, and only the field that uses the value is affected.
func (e *evaluator) envFallback(v, d *value, op string) *value {
	if e.r.once(v.f, v.off) {
		e.r.diags.Add(diag.Warnf(v.f.pos(v.off), "%s is known only when the server runs; tscg reads `%s %s …` as %s, its value when the variable is unset", v.text, v.text, op, describeValue(d)))
	}
	return d
}

// isEnvRead reports whether v is an environment variable tscg cannot know.
func isEnvRead(v *value) bool {
	if v.kind != vOpaque {
		return false
	}
	for _, p := range []string{"process.env.", "import.meta.env.", "Bun.env."} {
		if strings.HasPrefix(v.text, p) && !strings.ContainsAny(v.text[len(p):], " .()") {
			return true
		}
	}
	return false
}

// appendFlat appends vs to out, the elements of arrays one level down.
func appendFlat(out, vs []*value) []*value {
	for _, v := range vs {
		if v.kind == vArray {
			out = append(out, v.elems...)
		} else {
			out = append(out, v)
		}
	}
	return out
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func intArg(args []*value, i int) (int, bool) {
	if i >= len(args) || args[i].kind != vNumber {
		return 0, false
	}
	f, ok := numberValue(args[i].text)
	return int(f), ok
}

func clampIndex(n, l int) int {
	if n < 0 {
		n += l
	}
	return max(0, min(n, l))
}

// objectBuiltin is Object.values/keys/entries/fromEntries/assign/freeze.
func (e *evaluator) objectBuiltin(name string, args []*value, off int) *value {
	if len(args) == 0 {
		return nil
	}
	o := args[0]
	if o.kind == vNamespace {
		o = e.r.moduleObject(o.f, off, 0)
	}
	if o.kind == vEnumDecl {
		if eo := e.enumObject(o.enum, off); eo != nil {
			o = eo
		}
	}
	switch name {
	case "freeze", "seal":
		return args[0]
	case "assign":
		out := e.r.val(value{kind: vObject, off: off, f: e.f})
		for _, a := range args {
			if a.kind == vNamespace {
				a = e.r.moduleObject(a.f, off, 0)
			}
			out.spreadIn(a)
		}
		return out
	case "fromEntries":
		if o.kind != vArray || hasSpread(o) {
			return nil
		}
		out := e.r.val(value{kind: vObject, off: off, f: e.f})
		for _, el := range o.elems {
			if el.kind != vArray || len(el.elems) < 2 || el.elems[0].kind != vString && el.elems[0].kind != vNumber {
				return e.opaqueAt(el, "an entry of Object.fromEntries tscg cannot read")
			}
			out.props = append(out.props, vprop{key: el.elems[0].text, off: el.off, v: el.elems[1]})
		}
		return out
	}
	if o.kind != vObject {
		return nil
	}
	if o.unknown != nil {
		return e.opaque(off, "Object."+name+"() of an object with a spread tscg cannot read ("+describeValue(o.unknown)+")")
	}
	out := e.r.val(value{kind: vArray, off: off, f: e.f})
	for i, p := range o.props {
		if o.shadowed(i) {
			continue
		}
		key := e.r.val(value{kind: vString, off: p.off, f: o.f, text: p.key})
		switch name {
		case "values":
			out.elems = append(out.elems, p.v)
		case "keys":
			out.elems = append(out.elems, key)
		case "entries":
			out.elems = append(out.elems, e.r.val(value{kind: vArray, off: p.off, f: o.f, elems: []*value{key, p.v}}))
		default:
			return nil
		}
	}
	return out
}

// moduleObject is a module namespace as an object: its exports in
// source order (those of `export * from` at the star's position).
func (r *resolver) moduleObject(f *file, off, hops int) *value {
	out := r.val(value{kind: vObject, off: off, f: f})
	if hops > maxExportHops {
		return out
	}
	type named struct {
		off  int
		name string
		star *file
	}
	var ns []named
	for name, b := range f.exports {
		if name != "default" {
			ns = append(ns, named{off: b.off, name: name})
		}
	}
	for _, c := range f.constList {
		if c.exported && f.exports[c.name].off == 0 {
			ns = append(ns, named{off: c.off, name: c.name})
		}
	}
	for _, s := range f.stars {
		if t := f.deps[s.spec]; t != nil {
			ns = append(ns, named{off: s.off, star: t})
		}
	}
	sort.SliceStable(ns, func(i, j int) bool { return ns[i].off < ns[j].off })
	for _, n := range ns {
		if n.star != nil {
			out.props = append(out.props, r.moduleObject(n.star, off, hops+1).props...)
			continue
		}
		v := r.exportValue(f, n.name, n.off, hops)
		if v.kind == vEnumDecl || v.kind == vOpaque && strings.Contains(v.text, "not exported") {
			continue
		}
		out.props = append(out.props, vprop{key: n.name, off: n.off, v: v})
	}
	return out
}
