package rules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tscg/tscg/compiler/targets"
	"github.com/tscg/tscg/internal/jsondec"
)

// Keywords whose values are maps of subschemas, single subschemas and
// lists of subschemas, for walking rendered JSON Schemas.
var (
	schemaMaps  = []string{"properties", "$defs", "definitions", "patternProperties", "dependentSchemas"}
	schemaOne   = []string{"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties"}
	schemaLists = []string{"anyOf", "oneOf", "allOf", "prefixItems"}
)

// rawSchema reads a rendered schema's bytes in place, without decoding
// it into generic values: an object is its members' keys and the spans
// of their values, read again when a walk goes into one. It gives what
// encoding/json's decode into map[string]any gave: rawSchema.read checks
// the document with json.Valid (what the decode accepts), a key given
// twice counts once with its last value, and a string is decoded as
// encoding/json decodes it.
type rawSchema struct {
	d     jsondec.Decoder // for strings: d.Data is the document
	stack []rawMember     // the objects being walked, innermost last
	keys  []string        // scratch for finding repeated keys
	req   []string        // an object's required names, sorted
}

// rawMember is one member of an object; its value is d.Data[start:end].
type rawMember struct {
	key        string
	start, end int
}

type rawObject []rawMember

// get returns the member named key.
func (o rawObject) get(key string) (rawMember, bool) {
	for i := range o {
		if o[i].key == key {
			return o[i], true
		}
	}
	return rawMember{}, false
}

// read starts reading raw (w's buffers are reused from schema to
// schema): it checks raw as json.Unmarshal into a map[string]any did,
// with the same error, and returns its root object (nil for null).
func (w *rawSchema) read(raw []byte) (rawObject, error) {
	w.d = jsondec.NewOwned(raw, 0)
	w.stack = w.stack[:0]
	i := skipSpace(raw, 0)
	var m map[string]any
	if json.Valid(raw) && raw[i] == '{' {
		// The decode also fails on a number past float64's range.
		if mayOverflow(raw) {
			if err := json.Unmarshal(raw, &m); err != nil {
				return nil, fmt.Errorf("decode rendered schema: %w", err)
			}
		}
		return w.object(i), nil
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("decode rendered schema: %w", err)
	}
	return nil, nil // null
}

// mayOverflow reports whether b may hold a number float64 cannot
// hold: one with an exponent or of 309 digits or more (it also says yes
// for such text inside a string).
func mayOverflow(b []byte) bool {
	run := 0
	for i, c := range b {
		if c-'0' < 10 {
			if run++; run >= 309 {
				return true
			}
			continue
		}
		if run > 0 && (c == 'e' || c == 'E') && i+1 < len(b) && (b[i+1]-'0' < 10 || b[i+1] == '+' || b[i+1] == '-') {
			return true
		}
		run = 0
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the end of the valid JSON value at i.
func skipValue(b []byte, i int) int {
	depth := 0
	for {
		switch b[i] {
		case '"':
			i = skipString(b, i)
		case '{', '[':
			depth++
			i++
		case '}', ']':
			depth--
			i++
		default:
			for i < len(b) && !strings.ContainsRune(",:}] \t\n\r", rune(b[i])) {
				i++
			}
		}
		if depth == 0 {
			return i
		}
		for b[i] == ',' || b[i] == ':' || b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' {
			i++
		}
	}
}

// skipString returns the end of the string whose opening quote is at i.
func skipString(b []byte, i int) int {
	for i++; ; i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
}

// object returns the members of the object at start, pushed on w.stack,
// or nil if the value there is not an object. A repeated key keeps its
// last value, where the first one was.
func (w *rawSchema) object(start int) rawObject {
	b := w.d.Data
	if b[start] != '{' {
		return nil
	}
	base := len(w.stack)
	i := skipSpace(b, start+1)
	for b[i] != '}' {
		key := w.strAt(i)
		i = skipSpace(b, skipString(b, i))
		i = skipSpace(b, i+1) // ':'
		end := skipValue(b, i)
		w.stack = append(w.stack, rawMember{key, i, end})
		i = skipSpace(b, end)
		if b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	o := rawObject(w.stack[base:])
	if w.repeats(o) {
		o = w.dedup(base)
	}
	if o == nil {
		o = rawObject{} // an object, as {} decodes to a map that is not nil
	}
	return o
}

// repeats reports whether a key appears twice in o.
func (w *rawSchema) repeats(o rawObject) bool {
	if len(o) <= 8 {
		for i := range o {
			for j := i + 1; j < len(o); j++ {
				if o[i].key == o[j].key {
					return true
				}
			}
		}
		return false
	}
	w.keys = w.keys[:0]
	for _, m := range o {
		w.keys = append(w.keys, m.key)
	}
	slices.Sort(w.keys)
	for i := 1; i < len(w.keys); i++ {
		if w.keys[i] == w.keys[i-1] {
			return true
		}
	}
	return false
}

// dedup keeps, of the members pushed since base, one per key: the first
// one's place, the last one's value.
func (w *rawSchema) dedup(base int) rawObject {
	o := w.stack[base:]
	out := o[:0]
	for _, m := range o {
		if k := slices.IndexFunc(out, func(x rawMember) bool { return x.key == m.key }); k >= 0 {
			out[k] = m
			continue
		}
		out = append(out, m)
	}
	w.stack = w.stack[:base+len(out)]
	return out
}

// reset drops the objects pushed since the stack was mark long.
func (w *rawSchema) reset(mark int) { w.stack = w.stack[:mark] }

// elems calls f with the start of each element of the array at start
// and reports whether the value there is an array.
func (w *rawSchema) elems(start int, f func(start int)) bool {
	b := w.d.Data
	if b[start] != '[' {
		return false
	}
	i := skipSpace(b, start+1)
	for b[i] != ']' {
		end := skipValue(b, i)
		f(i)
		i = skipSpace(b, end)
		if b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return true
}

// strAt decodes the string at i as encoding/json does (jsondec's reading
// when it accepts the string: no copy unless it has escapes).
func (w *rawSchema) strAt(i int) string {
	w.d.Pos = i
	if s, err := w.d.Str(); err == nil {
		return s
	}
	var s string
	_ = json.Unmarshal(w.d.Data[i:skipString(w.d.Data, i)], &s)
	return s
}

// str returns the string value of m, if m is there and a string.
func (w *rawSchema) str(m rawMember, ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	return w.strVal(m.start)
}

// strVal returns the value at start if it is a string.
func (w *rawSchema) strVal(start int) (string, bool) {
	if w.d.Data[start] != '"' {
		return "", false
	}
	return w.strAt(start), true
}

// is reports whether m's value is exactly the literal text.
func (w *rawSchema) is(m rawMember, ok bool, text string) bool {
	return ok && string(w.d.Data[m.start:m.end]) == text
}

func (w *rawSchema) walk(st *schemaStats, start, depth int) {
	mark := len(w.stack)
	s := w.object(start)
	if s == nil {
		return
	}
	defer w.reset(mark)
	w.walkSchema(st, s, depth)
}

// walkSchema is walk of the schema read as s.
func (w *rawSchema) walkSchema(st *schemaStats, s rawObject, depth int) {
	for _, m := range s {
		st.keywords = append(st.keywords, m.key)
	}
	if f, ok := w.str(s.get("format")); ok {
		st.formats = append(st.formats, f)
	}
	if pat, ok := w.str(s.get("pattern")); ok && targets.RegexHasRestrictedSyntax(pat) {
		st.badRegex = append(st.badRegex, pat)
	}
	if m, ok := s.get("minItems"); ok {
		if c := w.d.Data[m.start]; c == '-' || (c >= '0' && c <= '9') {
			if n, err := strconv.ParseFloat(string(w.d.Data[m.start:m.end]), 64); err == nil && int64(n) > st.minItems {
				st.minItems = int64(n)
			}
		}
	}
	w.walkObject(st, s, &depth)
	w.walkEnum(st, s)
	for _, k := range schemaMaps {
		if m, ok := s.get(k); ok {
			if subs := w.object(m.start); subs != nil {
				for _, sub := range subs {
					w.walk(st, sub.start, depth)
				}
			}
		}
	}
	for _, k := range schemaOne {
		if m, ok := s.get(k); ok {
			w.walk(st, m.start, depth)
		}
	}
	for _, k := range schemaLists {
		if m, ok := s.get(k); ok {
			w.elems(m.start, func(e int) { w.walk(st, e, depth) })
		}
	}
}

func (w *rawSchema) walkObject(st *schemaStats, s rawObject, depth *int) {
	pm, hasProps := s.get("properties")
	isObject := hasProps && w.d.Data[pm.start] == '{'
	if typ, _ := w.str(s.get("type")); typ != "object" && !isObject {
		return
	}
	*depth++
	if *depth > st.depth {
		st.depth = *depth
	}
	if !w.isFalse(s.get("additionalProperties")) {
		st.open++
	}
	if !isObject {
		return
	}
	w.required(s, false)
	props := w.object(pm.start)
	for _, p := range props {
		st.props++
		st.stringChars += utf8.RuneCountInString(p.key)
		if !w.isRequired(p.key) {
			st.optional++
		}
	}
}

// is reports whether the member's value is false.
func (w *rawSchema) isFalse(m rawMember, ok bool) bool { return w.is(m, ok, "false") }

// required reads s's required list into w.req, sorted: its strings,
// and with sprint fmt.Sprint of its other values too (as topLevelCounts
// counted them).
func (w *rawSchema) required(s rawObject, sprint bool) {
	w.req = w.req[:0]
	if m, ok := s.get("required"); ok {
		w.elems(m.start, func(e int) {
			if name, ok := w.strVal(e); ok {
				w.req = append(w.req, name)
			} else if sprint {
				var v any
				_ = json.Unmarshal(w.d.Data[e:skipValue(w.d.Data, e)], &v)
				w.req = append(w.req, fmt.Sprint(v))
			}
		})
	}
	slices.Sort(w.req)
}

// isRequired reports whether name is in w.req.
func (w *rawSchema) isRequired(name string) bool {
	_, ok := slices.BinarySearch(w.req, name)
	return ok
}

func (w *rawSchema) walkEnum(st *schemaStats, s rawObject) {
	if c, ok := w.str(s.get("const")); ok {
		st.stringChars += utf8.RuneCountInString(c)
	}
	m, ok := s.get("enum")
	if !ok {
		return
	}
	n, chars := 0, 0
	if !w.elems(m.start, func(e int) {
		n++
		if str, ok := w.strVal(e); ok {
			chars += utf8.RuneCountInString(str)
		} else if w.d.Data[e] != 'n' {
			st.nonStrEnum = true
		}
	}) {
		return
	}
	st.enumValues += n
	st.stringChars += chars
	if n > 250 && chars > 15000 {
		st.bigEnum = true
	}
}

// defs is root's $defs, or its definitions if $defs is not an object
// (nil if neither is).
func (w *rawSchema) defs(root rawObject) rawObject {
	if m, ok := root.get("$defs"); ok {
		if d := w.object(m.start); d != nil {
			return d
		}
	}
	if m, ok := root.get("definitions"); ok {
		return w.object(m.start)
	}
	return nil
}

// recursive reports whether a $defs entry refers to itself, directly or
// through other entries.
func (w *rawSchema) recursive(root rawObject) bool {
	mark := len(w.stack)
	defs := w.defs(root)
	if defs == nil {
		return false
	}
	defer w.reset(mark)
	edges := map[string][]string{}
	for _, d := range defs {
		w.collectRefs(d.start, func(ref string) { edges[d.key] = append(edges[d.key], ref) })
	}
	return cyclic(edges)
}

// cyclic reports whether the graph of $defs names has a cycle.
func cyclic(edges map[string][]string) bool {
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(string) bool
	visit = func(n string) bool {
		switch state[n] {
		case 1:
			return true
		case 2:
			return false
		}
		state[n] = 1
		for _, m := range edges[n] {
			if visit(m) {
				return true
			}
		}
		state[n] = 2
		return false
	}
	for n := range edges {
		if visit(n) {
			return true
		}
	}
	return false
}

func (w *rawSchema) collectRefs(start int, add func(string)) {
	mark := len(w.stack)
	if o := w.object(start); o != nil {
		if ref, ok := w.str(o.get("$ref")); ok {
			add(ref[strings.LastIndex(ref, "/")+1:])
		}
		for _, m := range o {
			w.collectRefs(m.start, add)
		}
		w.reset(mark)
		return
	}
	w.elems(start, func(e int) { w.collectRefs(e, add) })
}

// topLevelCounts counts optional and union-typed top-level parameters.
func (w *rawSchema) topLevelCounts(root rawObject) (optional, unions int) {
	pm, ok := root.get("properties")
	if !ok {
		return 0, 0
	}
	w.required(root, true)
	mark := len(w.stack)
	props := w.object(pm.start)
	if props == nil {
		return 0, 0
	}
	defer w.reset(mark)
	for _, p := range props {
		if !w.isRequired(p.key) {
			optional++
		}
		if o := w.object(p.start); o != nil {
			if _, ok := o.get("anyOf"); ok {
				unions++
			} else if t, ok := o.get("type"); ok {
				n := 0
				if w.elems(t.start, func(int) { n++ }) && n > 1 {
					unions++
				}
			}
		}
	}
	return optional, unions
}

// plainObjectRoot reports whether the root, or the $defs entry a root
// $ref names (a named parameters type is rendered as a reference, which
// provider lowering inlines), is an object schema without anyOf or oneOf.
func (w *rawSchema) plainObjectRoot(root rawObject) bool {
	mark := len(w.stack)
	defer w.reset(mark)
	body := root
	if ref, ok := w.str(root.get("$ref")); ok && len(root) <= 3 {
		if defs := w.defs(root); defs != nil {
			if m, ok := defs.get(ref[strings.LastIndex(ref, "/")+1:]); ok {
				if b := w.object(m.start); b != nil {
					body = b
				}
			}
		}
	}
	typ, _ := w.str(body.get("type"))
	present := func(k string) bool {
		m, ok := body.get(k)
		return ok && !w.is(m, true, "null")
	}
	return typ == "object" && !present("anyOf") && !present("oneOf")
}
