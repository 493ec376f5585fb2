package schemats

import (
	"encoding/json"
	"fmt"

	"github.com/tscg/tscg/internal/orderedjson"
)

// object is a JSON object that keeps its keys in document order, because
// properties are declared in the order the schema lists them.
type object = orderedjson.Object

// decode reads a JSON document into *object, []any, string, json.Number,
// bool and nil values.
func decode(data []byte) (any, error) {
	v, err := orderedjson.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("read schema: %w", err)
	}
	return v, nil
}

// literal renders a JSON value as a TypeScript literal type.
func literal(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		b, _ := json.Marshal(x)
		return string(b)
	case json.Number:
		return x.String()
	case bool:
		if x {
			return "true"
		}
		return "false"
	}
	// Object and array literals have no TypeScript literal type.
	return "unknown"
}

// compactJSON renders any decoded value as compact JSON, for @default and
// @example tags.
func compactJSON(v any) string { return string(orderedjson.Compact(v)) }
