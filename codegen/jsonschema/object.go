package jsonschema

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// object is a JSON object that keeps its keys in insertion order, so
// property order is the declared order and output is byte-deterministic.
type object struct {
	keys []string
	vals []any
}

func (o *object) set(key string, v any) {
	for i, k := range o.keys {
		if k == key {
			o.vals[i] = v
			return
		}
	}
	o.keys = append(o.keys, key)
	o.vals = append(o.vals, v)
}

func (o *object) has(key string) bool {
	for _, k := range o.keys {
		if k == key {
			return true
		}
	}
	return false
}

func (o *object) len() int { return len(o.keys) }

// encode writes v compactly. Supported values: *object, []any, string,
// bool, int64, json.Number, json.RawMessage.
func encode(buf *bytes.Buffer, v any) {
	switch v := v.(type) {
	case *object:
		buf.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			encodeString(buf, k)
			buf.WriteByte(':')
			encode(buf, v.vals[i])
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				buf.WriteByte(',')
			}
			encode(buf, e)
		}
		buf.WriteByte(']')
	case string:
		encodeString(buf, v)
	case bool:
		buf.WriteString(strconv.FormatBool(v))
	case int64:
		buf.WriteString(strconv.FormatInt(v, 10))
	case json.Number:
		buf.WriteString(string(v))
	case json.RawMessage:
		if err := json.Compact(buf, v); err != nil {
			buf.WriteString("null")
		}
	default:
		panic("jsonschema: cannot encode value of this type")
	}
}

func encodeString(buf *bytes.Buffer, s string) {
	var tmp bytes.Buffer
	enc := json.NewEncoder(&tmp)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	buf.Write(bytes.TrimRight(tmp.Bytes(), "\n"))
}

// pretty renders v with two-space indentation and a final newline.
func pretty(v any) []byte {
	var compact, out bytes.Buffer
	encode(&compact, v)
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		panic("jsonschema: produced invalid JSON: " + err.Error())
	}
	out.WriteByte('\n')
	return out.Bytes()
}
