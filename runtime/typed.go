package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"
)

// Typed adapts fn to a Handler: the validated arguments decode into In, a
// returned error becomes an error result with its text, and Out is sent as
// JSON (a string Out is sent as it is).
func Typed[In, Out any](fn func(ctx context.Context, in In) (Out, error)) Handler {
	return func(ctx context.Context, req *Request) Result {
		var in In
		if err := json.Unmarshal(req.Arguments, &in); err != nil {
			return Result{IsError: true, Content: fmt.Sprintf("arguments do not fit the tool's Go types: %v", err)}
		}
		out, err := fn(ctx, in)
		if err != nil {
			return Result{IsError: true, Content: err.Error()}
		}
		return encodeOutput(out)
	}
}

func encodeOutput(out any) Result {
	if s, ok := out.(string); ok {
		return Result{Content: s}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return Result{IsError: true, Content: fmt.Sprintf("tool result could not be encoded: %v", err)}
	}
	return Result{Content: string(b)}
}

// Func builds a Tool for a hand-written Go function: the input and output
// schemas are inferred from In and Out, so code written without the
// compiler gets the same validation. Struct fields follow encoding/json
// names; a field is required unless its json tag has omitempty or
// omitzero; objects are closed. Tags: `description:"…"` and
// `jsonschema:"enum=a|b,minimum=1,maximum=50,pattern=^x,minLength=1,maxLength=9"`.
// A string Out has no output schema.
func Func[In, Out any](name, description string, fn func(ctx context.Context, in In) (Out, error)) (Tool, error) {
	in, err := json.Marshal(SchemaFor(reflect.TypeFor[In]()))
	if err != nil {
		return Tool{}, fmt.Errorf("func %s: input schema: %w", name, err)
	}
	t := Tool{Name: name, Description: description, InputSchema: in, Handler: Typed(fn)}
	if ot := reflect.TypeFor[Out](); ot.Kind() != reflect.String {
		if t.OutputSchema, err = json.Marshal(SchemaFor(ot)); err != nil {
			return Tool{}, fmt.Errorf("func %s: output schema: %w", name, err)
		}
	}
	return t, nil
}

// SchemaFor infers a JSON Schema (as a JSON-ready map) for a Go type with
// the rules documented on Func.
func SchemaFor(t reflect.Type) map[string]any {
	s := schemaOfType(t, map[reflect.Type]bool{})
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	return s
}

var timeType = reflect.TypeFor[time.Time]()
var rawType = reflect.TypeFor[json.RawMessage]()

func schemaOfType(t reflect.Type, seen map[reflect.Type]bool) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t == rawType:
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		return map[string]any{"type": "array", "items": schemaOfType(t.Elem(), seen)}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": schemaOfType(t.Elem(), seen)}
	case reflect.Struct:
		if seen[t] {
			return map[string]any{"type": "object"} // recursive type: checked one level deep
		}
		seen[t] = true
		defer delete(seen, t)
		return structSchema(t, seen)
	}
	return map[string]any{}
}

func structSchema(t reflect.Type, seen map[reflect.Type]bool) map[string]any {
	props := map[string]any{}
	required := []string{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		p := schemaOfType(f.Type, seen)
		if d := f.Tag.Get("description"); d != "" {
			p["description"] = d
		}
		applyTag(p, f.Tag.Get("jsonschema"))
		props[name] = p
		if !strings.Contains(","+opts+",", ",omitempty,") && !strings.Contains(","+opts+",", ",omitzero,") {
			required = append(required, name)
		}
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}

// applyTag reads `jsonschema:"key=value,…"`; enum values are separated by |.
func applyTag(p map[string]any, tag string) {
	for _, kv := range strings.Split(tag, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		switch k {
		case "enum":
			vals := []any{}
			for _, e := range strings.Split(v, "|") {
				vals = append(vals, e)
			}
			p["enum"] = vals
		case "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems":
			p[k] = json.Number(v)
		case "pattern", "format":
			p[k] = v
		}
	}
}
