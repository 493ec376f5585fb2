package providers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// obj is a JSON object that keeps its key order, so lowered schemas stay
// byte-for-byte deterministic.
type obj struct {
	keys []string
	vals map[string]any
}

func newObj() *obj { return &obj{vals: map[string]any{}} }

func (o *obj) get(k string) (any, bool) { v, ok := o.vals[k]; return v, ok }

func (o *obj) set(k string, v any) *obj {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
	return o
}

func (o *obj) del(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, key := range o.keys {
		if key == k {
			o.keys = append(o.keys[:i:i], o.keys[i+1:]...)
			break
		}
	}
}

func (o *obj) str(k string) string {
	s, _ := o.vals[k].(string)
	return s
}

// decode parses JSON into *obj, []any, json.Number, string, bool, nil.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return decodeValue(dec)
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch d := tok.(type) {
	case json.Delim:
		if d == '[' {
			list := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token()
			return list, err
		}
		o := newObj()
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			o.set(kt.(string), v)
		}
		_, err := dec.Token()
		return o, err
	}
	return tok, nil
}

// encode writes v as indented JSON without HTML escaping.
func encode(v any) []byte {
	var b bytes.Buffer
	write(&b, v, "\n")
	b.WriteByte('\n')
	return b.Bytes()
}

func write(w *bytes.Buffer, v any, nl string) {
	in := nl + "  "
	switch x := v.(type) {
	case *obj:
		if len(x.keys) == 0 {
			w.WriteString("{}")
			return
		}
		w.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				w.WriteByte(',')
			}
			w.WriteString(in)
			writeScalar(w, k)
			w.WriteString(": ")
			write(w, x.vals[k], in)
		}
		w.WriteString(nl + "}")
	case []any:
		if len(x) == 0 {
			w.WriteString("[]")
			return
		}
		w.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				w.WriteByte(',')
			}
			w.WriteString(in)
			write(w, e, in)
		}
		w.WriteString(nl + "]")
	default:
		writeScalar(w, x)
	}
}

func writeScalar(w io.Writer, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("providers: encode %T: %v", v, err))
	}
	w.Write(bytes.TrimRight(b.Bytes(), "\n"))
}

// compactJSON re-encodes v without whitespace (for token counting).
func compactJSON(v any) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, encode(v)); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func jsonText(v any) string {
	return strings.TrimSpace(string(compactJSON(v)))
}
