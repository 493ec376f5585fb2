// Package orderedjson is tscg's one JSON toolkit below encoding/json: an
// object that keeps its keys in document order (schemas list properties
// in the order they were declared, and outputs must be byte-identical),
// a decoder into it (on jsondec's scanner), compact and indented
// writers, the fast string encoder (encoding/json's escaping with HTML
// escaping off) and the JSON number-literal check. Every stage may import it: the frontends, the
// lowering, codegen and the runtime.
package orderedjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Object is a JSON object that keeps its keys in the order they were
// first set.
type Object struct {
	keys []string
	vals map[string]any
}

// NewObject returns an empty object.
func NewObject() *Object { return &Object{vals: map[string]any{}} }

// Keys are the object's keys in order; the slice must not be modified.
func (o *Object) Keys() []string {
	if o == nil {
		return nil
	}
	return o.keys
}

// Len is the number of keys.
func (o *Object) Len() int { return len(o.Keys()) }

// Get returns the value of k. A nil object has no keys.
func (o *Object) Get(k string) (any, bool) {
	if o == nil {
		return nil, false
	}
	v, ok := o.vals[k]
	return v, ok
}

// Set sets k to v, keeping k's place if it is already there, and returns o.
func (o *Object) Set(k string, v any) *Object {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
	return o
}

// Delete removes k.
func (o *Object) Delete(k string) {
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

// Str is k's value if it is a string, else "".
func (o *Object) Str(k string) string {
	v, _ := o.Get(k)
	s, _ := v.(string)
	return s
}

// Obj is k's value if it is an object, else nil.
func (o *Object) Obj(k string) *Object {
	v, _ := o.Get(k)
	m, _ := v.(*Object)
	return m
}

// List is k's value if it is an array, else nil.
func (o *Object) List(k string) []any {
	v, _ := o.Get(k)
	l, _ := v.([]any)
	return l
}

// Decode reads one JSON document into *Object, []any, json.Number,
// string, bool and nil values. A repeated key keeps its first place and
// its last value (as encoding/json does); trailing data is an error.
func Decode(data []byte) (any, error) {
	if v, ok := scan(data); ok {
		return v, nil
	}
	return decodeTokens(data)
}

// decodeTokens is Decode with encoding/json's token decoder: the answer
// wherever the scanner gives up, errors included.
func decodeTokens(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	// Only the end of the input may follow: another token, or bytes that
	// are none ("0A0"), are trailing data.
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after the JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
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
	o := NewObject()
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, err
		}
		v, err := decodeValue(dec)
		if err != nil {
			return nil, err
		}
		o.Set(kt.(string), v)
	}
	_, err = dec.Token()
	return o, err
}

// Indent writes v as JSON indented by two spaces, with a final newline
// and no HTML escaping.
func Indent(v any) []byte {
	var b bytes.Buffer
	write(&b, v, "\n")
	b.WriteByte('\n')
	return b.Bytes()
}

// Compact writes v as JSON without whitespace or HTML escaping.
func Compact(v any) []byte {
	var b bytes.Buffer
	write(&b, v, "")
	return b.Bytes()
}

// write writes v; nl is the newline and indentation before v's closing
// bracket, "" for compact output.
func write(w *bytes.Buffer, v any, nl string) {
	in, colon := "", ":"
	if nl != "" {
		in, colon = nl+"  ", ": "
	}
	switch x := v.(type) {
	case *Object:
		if x.Len() == 0 {
			w.WriteString("{}")
			return
		}
		w.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				w.WriteByte(',')
			}
			w.WriteString(in)
			w.Write(AppendString(w.AvailableBuffer(), k))
			w.WriteString(colon)
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
	case string:
		w.Write(AppendString(w.AvailableBuffer(), x))
	default:
		writeScalar(w, x)
	}
}

// writeScalar writes numbers, booleans, null and any other Go value the
// way encoding/json does with HTML escaping off.
func writeScalar(w *bytes.Buffer, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("orderedjson: encode %T: %v", v, err))
	}
	w.Write(bytes.TrimRight(b.Bytes(), "\n"))
}

// Val is k's value, or nil when k is absent.
func (o *Object) Val(k string) any {
	v, _ := o.Get(k)
	return v
}
