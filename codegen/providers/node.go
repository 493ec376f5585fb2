package providers

import "github.com/tscg/tscg/internal/orderedjson"

// obj is a JSON object that keeps its key order, so lowered schemas stay
// byte-for-byte deterministic.
type obj = orderedjson.Object

func newObj() *obj { return orderedjson.NewObject() }

// decode parses JSON into *obj, []any, json.Number, string, bool, nil.
func decode(data []byte) (any, error) { return orderedjson.Decode(data) }

// encode writes v as indented JSON without HTML escaping.
func encode(v any) []byte { return orderedjson.Indent(v) }

// compactJSON re-encodes v without whitespace (for token counting).
func compactJSON(v any) []byte { return orderedjson.Compact(v) }

func jsonText(v any) string { return string(orderedjson.Compact(v)) }
