package typescript

// This file holds the semantic JSON Schema comparer used by the
// differential conformance suite (conformance_test.go). It knows nothing
// about tscg: it takes two schema documents and says where they first
// accept different values, modulo encodings that mean the same thing.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"reflect"
	"sort"
	"strings"
)

// schemaDoc is a normalised JSON Schema document; $refs resolve against
// its definitions container ("definitions" or "$defs").
type schemaDoc struct {
	root map[string]any
	defs map[string]any // normalised
	// rawDefs are the definitions as stored, for messages.
	rawDefs map[string]any
}

// parseSchemaDoc decodes and normalises a schema document.
func parseSchemaDoc(raw []byte) (*schemaDoc, error) {
	v, err := decodeJSON(raw)
	if err != nil {
		return nil, err
	}
	root, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("schema document is %T, want an object", v)
	}
	d := &schemaDoc{root: root, defs: map[string]any{}, rawDefs: map[string]any{}}
	for _, key := range []string{"definitions", "$defs"} {
		defs, _ := root[key].(map[string]any)
		for name, s := range defs {
			d.defs[name] = normalise(s)
			d.rawDefs[name] = s
		}
	}
	return d, nil
}

// body returns the normalised root schema (without its definitions).
func (d *schemaDoc) body() any { return normalise(d.root) }

// def returns the normalised definition called name.
func (d *schemaDoc) def(name string) (any, bool) {
	s, ok := d.defs[name]
	return s, ok
}

// resolve returns the definition a "$ref" value points at and its name.
func (d *schemaDoc) resolve(ref string) (any, string, error) {
	var name string
	switch {
	case strings.HasPrefix(ref, "#/definitions/"):
		name = ref[len("#/definitions/"):]
	case strings.HasPrefix(ref, "#/$defs/"):
		name = ref[len("#/$defs/"):]
	default:
		return nil, "", fmt.Errorf("unsupported $ref %q", ref)
	}
	name, err := url.PathUnescape(name)
	if err != nil {
		return nil, "", fmt.Errorf("$ref %q: %w", ref, err)
	}
	name = strings.ReplaceAll(strings.ReplaceAll(name, "~1", "/"), "~0", "~")
	s, ok := d.defs[name]
	if !ok {
		return nil, "", fmt.Errorf("$ref %q: no definition %q", ref, name)
	}
	return s, name, nil
}

func decodeJSON(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// comparer walks two documents in step. got is tscg's, want the
// reference's; messages name them that way.
type comparer struct {
	got, want *schemaDoc
	// assumed holds pairs of schemas (at least one a $ref) being compared
	// further up: meeting a pair again means a cycle, assumed equal
	// (coinduction), which is how recursive types compare.
	assumed map[[2]string]bool
}

func newComparer(got, want *schemaDoc) *comparer {
	return &comparer{got: got, want: want, assumed: map[[2]string]bool{}}
}

// compare returns nil when g and w are semantically equal, else an error
// naming the JSON path of the first difference.
func (c *comparer) compare(path string, g, w any) error {
	g, gid, err := c.deref(c.got, g)
	if err != nil {
		return fmt.Errorf("%s: tscg: %w", pathOr(path), err)
	}
	w, wid, err := c.deref(c.want, w)
	if err != nil {
		return fmt.Errorf("%s: reference: %w", pathOr(path), err)
	}
	if gid != "" || wid != "" {
		key := [2]string{gid + fmt.Sprintf("@%p", mapOrNil(g)), wid + fmt.Sprintf("@%p", mapOrNil(w))}
		if c.assumed[key] {
			return nil
		}
		c.assumed[key] = true
		defer delete(c.assumed, key)
	}
	gm, gok := g.(map[string]any)
	wm, wok := w.(map[string]any)
	if !gok || !wok {
		return valueDiff(path, g, w)
	}
	return c.compareMaps(path, gm, wm)
}

func mapOrNil(v any) any {
	if m, ok := v.(map[string]any); ok {
		return m
	}
	return nil
}

// deref follows a $ref (repeatedly); sibling keywords of a $ref override
// the target's, as ts-json-schema-generator uses them (a property's own
// description next to a $ref).
func (c *comparer) deref(d *schemaDoc, v any) (any, string, error) {
	id := ""
	for i := 0; i < 64; i++ {
		m, ok := v.(map[string]any)
		if !ok {
			return v, id, nil
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return v, id, nil
		}
		target, name, err := d.resolve(ref)
		if err != nil {
			return nil, "", err
		}
		id = name
		if len(m) == 1 {
			v = target
			continue
		}
		merged := map[string]any{}
		if tm, ok := target.(map[string]any); ok {
			for k, x := range tm {
				merged[k] = x
			}
		}
		for k, x := range m {
			if k != "$ref" {
				merged[k] = x
			}
		}
		v = normalise(merged)
	}
	return nil, "", fmt.Errorf("$ref chain too long")
}

func pathOr(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

func (c *comparer) compareMaps(path string, g, w map[string]any) error {
	g, w = alignTuples(g, w)
	for _, k := range unionKeys(g, w) {
		gv, gok := g[k]
		wv, wok := w[k]
		p := path + "/" + k
		switch {
		case !wok:
			return fmt.Errorf("%s: only tscg has it: %s", p, show(gv))
		case !gok:
			return fmt.Errorf("%s: only the reference has it: %s", p, show(wv))
		}
		if err := c.compareKeyword(p, k, gv, wv); err != nil {
			return err
		}
	}
	return nil
}

func (c *comparer) compareKeyword(p, k string, gv, wv any) error {
	switch k {
	case "properties", "patternProperties":
		return c.compareProps(p, gv, wv)
	case "required", "enum":
		return setDiff(p, gv, wv)
	case "anyOf", "oneOf":
		return c.compareVariants(p, gv, wv)
	case "prefixItems", "allOf":
		return c.compareList(p, gv, wv)
	case "items", "additionalProperties", "not", "propertyNames":
		return c.compare(p, gv, wv)
	default:
		return valueDiff(p, gv, wv)
	}
}

func (c *comparer) compareProps(p string, gv, wv any) error {
	gm, _ := gv.(map[string]any)
	wm, _ := wv.(map[string]any)
	for _, k := range unionKeys(gm, wm) {
		gs, gok := gm[k]
		ws, wok := wm[k]
		switch {
		case !wok:
			return fmt.Errorf("%s/%s: property only in tscg", p, k)
		case !gok:
			return fmt.Errorf("%s/%s: property only in the reference", p, k)
		}
		if err := c.compare(p+"/"+k, gs, ws); err != nil {
			return err
		}
	}
	return nil
}

func (c *comparer) compareList(p string, gv, wv any) error {
	gl, _ := gv.([]any)
	wl, _ := wv.([]any)
	if len(gl) != len(wl) {
		return fmt.Errorf("%s: tscg has %d entries, the reference %d", p, len(gl), len(wl))
	}
	for i := range gl {
		if err := c.compare(fmt.Sprintf("%s/%d", p, i), gl[i], wl[i]); err != nil {
			return err
		}
	}
	return nil
}

// compareVariants compares union variants as a set: in order first, and
// if that fails, by finding a partner for each variant.
func (c *comparer) compareVariants(p string, gv, wv any) error {
	first := c.compareList(p, gv, wv)
	if first == nil {
		return nil
	}
	gl, _ := gv.([]any)
	wl, _ := wv.([]any)
	if len(gl) != len(wl) {
		return first
	}
	used := make([]bool, len(wl))
	for i := range gl {
		found := false
		for j := range wl {
			if !used[j] && c.compare(fmt.Sprintf("%s/%d", p, i), gl[i], wl[j]) == nil {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return first
		}
	}
	return nil
}

func unionKeys(a, b map[string]any) []string {
	seen := map[string]bool{}
	var keys []string
	for _, m := range []map[string]any{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	return keys
}

// setDiff compares two JSON arrays as sets of values.
func setDiff(p string, gv, wv any) error {
	gs, ws := valueSet(gv), valueSet(wv)
	if reflect.DeepEqual(gs, ws) {
		return nil
	}
	return fmt.Errorf("%s: tscg %s, reference %s (compared as sets)", p, show(gv), show(wv))
}

func valueSet(v any) []string {
	l, _ := v.([]any)
	var out []string
	seen := map[string]bool{}
	for _, x := range l {
		k := canonicalJSON(x)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// valueDiff compares plain JSON values; numbers compare by value.
func valueDiff(p string, g, w any) error {
	if canonicalJSON(g) == canonicalJSON(w) {
		return nil
	}
	return fmt.Errorf("%s: tscg %s, reference %s", pathOr(p), show(g), show(w))
}

// canonicalJSON encodes v with sorted keys and numbers in a canonical
// form, so equal values encode equally.
func canonicalJSON(v any) string {
	var b strings.Builder
	writeCanonical(&b, v)
	return b.String()
}

func writeCanonical(b *strings.Builder, v any) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, "%q:", k)
			writeCanonical(b, x[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanonical(b, e)
		}
		b.WriteByte(']')
	case json.Number:
		b.WriteString(canonicalNumber(x))
	default:
		enc, _ := json.Marshal(x)
		b.Write(enc)
	}
}

func canonicalNumber(n json.Number) string {
	f, ok := new(big.Float).SetPrec(200).SetString(string(n))
	if !ok {
		return string(n)
	}
	return f.Text('g', 40)
}

func show(v any) string {
	s := canonicalJSON(v)
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// compareDocs compares the root schemas of two whole documents.
func compareDocs(got, want string) error {
	g, err := parseSchemaDoc([]byte(got))
	if err != nil {
		return fmt.Errorf("got: %w", err)
	}
	w, err := parseSchemaDoc([]byte(want))
	if err != nil {
		return fmt.Errorf("want: %w", err)
	}
	return newComparer(g, w).compare("", g.body(), w.body())
}

// alignTuples undoes the list spelling of a homogeneous tuple on one side
// when the other side is a tuple, so that a difference inside the
// elements (a title, say) is reported there and not as a shape mismatch.
func alignTuples(g, w map[string]any) (map[string]any, map[string]any) {
	gp, gTuple := g["prefixItems"].([]any)
	wp, wTuple := w["prefixItems"].([]any)
	switch {
	case gTuple && !wTuple:
		return g, listAsTuple(w, len(gp))
	case wTuple && !gTuple:
		return listAsTuple(g, len(wp)), w
	}
	return g, w
}

// listAsTuple spells {items: S, maxItems: m} as a tuple of n copies of S.
func listAsTuple(m map[string]any, n int) map[string]any {
	items, ok := m["items"]
	if !ok || n == 0 {
		return m
	}
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	prefix := make([]any, n)
	for i := range prefix {
		prefix[i] = items
	}
	out["prefixItems"] = prefix
	if max, ok := intOf(m["maxItems"]); ok && max == int64(n) {
		out["items"] = map[string]any{"not": map[string]any{}}
		delete(out, "maxItems")
	}
	return out
}
