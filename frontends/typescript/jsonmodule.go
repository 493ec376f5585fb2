package typescript

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// dynamicImport is `await import("./schema.json", { with: { type:
// "json" } })` of a JSON file of the project: the module namespace
// { default: <the data> }. Other modules are known only at run time.
func (e *evaluator) dynamicImport(off int, args []*value) *value {
	if len(args) == 0 || args[0].kind != vString || !strings.HasSuffix(args[0].text, ".json") || !e.f.isLocal(args[0].text) {
		return e.opaque(off, "a module import() loads at run time")
	}
	return e.jsonModule(args[0].text, off)
}

// jsonModule is the namespace { default: <the data> } of the project's
// JSON file spec (relative to e.f): `import x from "./x.json" with {
// type: "json" }` binds its default, import() resolves to it.
func (e *evaluator) jsonModule(spec string, off int) *value {
	path := filepath.Join(filepath.Dir(e.f.abs), filepath.FromSlash(spec))
	data, err := os.ReadFile(path)
	if err != nil {
		return e.opaque(off, "import of "+spec+", which tscg cannot read ("+err.Error()+")")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, ok := e.jsonData(dec, off, 0)
	if !ok {
		return e.opaque(off, "import of "+spec+", which is not JSON tscg can read")
	}
	ns := e.r.val(value{kind: vObject, off: off, f: e.f})
	ns.props = []vprop{{key: "default", off: off, v: v}}
	return ns
}

// isJSONModule reports whether spec names a JSON file next to dir.
func isJSONModule(dir, spec string) bool {
	if !strings.HasSuffix(spec, ".json") || !isRelative(spec) {
		return false
	}
	st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(spec)))
	return err == nil && !st.IsDir()
}

// jsonData reads one JSON value from dec as the evaluator's data, with
// object keys in the order JavaScript keeps them (integer keys first).
func (e *evaluator) jsonData(dec *json.Decoder, off, depth int) (*value, bool) {
	if depth > maxJSONDepth {
		return nil, false
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, false
	}
	switch x := tok.(type) {
	case nil:
		return e.r.val(value{kind: vNull, off: off, f: e.f}), true
	case bool:
		return e.boolean(x, off), true
	case json.Number:
		n, ok := numberValue(string(x))
		if !ok {
			return nil, false
		}
		return e.number(n, off), true
	case string:
		return e.r.val(value{kind: vString, off: off, f: e.f, text: x}), true
	case json.Delim:
		if x == '[' {
			arr := e.r.val(value{kind: vArray, off: off, f: e.f})
			for dec.More() {
				el, ok := e.jsonData(dec, off, depth+1)
				if !ok {
					return nil, false
				}
				arr.elems = append(arr.elems, el)
			}
			_, err := dec.Token()
			return arr, err == nil
		}
		obj := e.r.val(value{kind: vObject, off: off, f: e.f})
		for dec.More() {
			kt, err := dec.Token()
			k, isKey := kt.(string)
			if err != nil || !isKey {
				return nil, false
			}
			v, ok := e.jsonData(dec, off, depth+1)
			if !ok {
				return nil, false
			}
			obj.props = setProp(obj.props, vprop{key: k, off: off, v: v})
		}
		sort.SliceStable(obj.props, func(i, j int) bool {
			a, aok := arrayIndex(obj.props[i].key)
			b, bok := arrayIndex(obj.props[j].key)
			return aok && (!bok || a < b)
		})
		_, err := dec.Token()
		return obj, err == nil
	}
	return nil, false
}

// setProp sets key in props, in place where it is already (a repeated
// key keeps its first position and its last value, as JSON.parse does).
func setProp(props []vprop, p vprop) []vprop {
	for i := range props {
		if props[i].key == p.key {
			props[i].v = p.v
			return props
		}
	}
	return append(props, p)
}

// stringify is JSON.stringify(value, null, indent) of constant data:
// compact, or indented by a number of spaces or a string.
func (e *evaluator) stringify(args []*value, off int) *value {
	if len(args) == 0 {
		return nil
	}
	if len(args) > 1 && args[1].kind != vNull && args[1].kind != vUndefined {
		return nil // a replacer runs code
	}
	j, ok := jsonValue(args[0])
	if !ok || args[0].unknown != nil {
		return nil
	}
	indent := ""
	if len(args) > 2 {
		switch a := args[2]; a.kind {
		case vNumber:
			n, _ := numberValue(a.text)
			indent = strings.Repeat(" ", max(0, min(10, int(n))))
		case vString:
			indent = a.text
			if len(indent) > 10 {
				indent = indent[:10]
			}
		}
	}
	text := string(j)
	if indent != "" {
		var b bytes.Buffer
		if json.Indent(&b, j, "", indent) != nil {
			return nil
		}
		text = b.String()
	}
	return e.r.val(value{kind: vString, off: off, f: e.f, text: text})
}
