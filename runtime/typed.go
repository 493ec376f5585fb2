package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// Typed adapts fn to a Handler: the validated arguments decode into In, a
// returned error becomes an error result with its text, and Out is sent as
// JSON (a string Out is sent as it is).
func Typed[In, Out any](fn func(ctx context.Context, in In) (Out, error)) Handler {
	return func(ctx context.Context, req *Request) Result {
		var in In
		if err := json.Unmarshal(req.Arguments, &in); err != nil {
			return goTypeError(req.Call.Name, err)
		}
		out, err := fn(ctx, in)
		if err != nil {
			return Result{IsError: true, Content: err.Error()}
		}
		return encodeOutput(out)
	}
}

// goTypeError explains arguments the schema accepted but the Go types
// cannot hold: an integer beyond the parameter's Go integer type names the
// parameter and the range, so the model can correct the call.
func goTypeError(tool string, err error) Result {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && strings.HasPrefix(te.Value, "number") && te.Type != nil {
		if lo, hi, ok := intRange(te.Type); ok {
			at := "/" + strings.ReplaceAll(te.Field, ".", "/")
			v := Violation{Pointer: at, Keyword: "range",
				Message: fmt.Sprintf("expected an integer from %s to %s (the tool's Go %s), got %s", lo, hi, te.Type, strings.TrimPrefix(te.Value, "number "))}
			return Result{IsError: true, Meta: map[string]any{"errors": []Violation{v}},
				Content: FormatViolations(tool, []Violation{v}, 0)}
		}
	}
	return Result{IsError: true, Content: fmt.Sprintf("arguments do not fit the tool's Go types: %v", err)}
}

// intRange is the range of a Go integer type, as decimal text.
func intRange(t reflect.Type) (lo, hi string, ok bool) {
	switch k := t.Kind(); {
	case k >= reflect.Int && k <= reflect.Int64:
		bits := t.Bits()
		return strconv.FormatInt(-1<<(bits-1), 10), strconv.FormatInt(1<<(bits-1)-1, 10), true
	case k >= reflect.Uint && k <= reflect.Uintptr:
		return "0", strconv.FormatUint(math.MaxUint64>>(64-t.Bits()), 10), true
	}
	return "", "", false
}

func encodeOutput(out any) Result {
	if s, ok := out.(string); ok {
		return Result{Content: s, Text: true}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return Result{IsError: true, Content: fmt.Sprintf("tool result could not be encoded: %v", err)}
	}
	return Result{Content: string(b)}
}

// Func builds a Tool for a hand-written Go function: the input and output
// schemas are inferred from In and Out (see SchemaFor), so code written
// without the compiler gets the same validation. A string Out has no
// output schema.
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

// SchemaFor infers a JSON Schema (draft 2020-12, as a JSON-ready map) for
// a Go type with the rules of tscg's Go frontend, so a struct gets the
// same schema whether the compiler reads its source or Func reflects it:
//
//   - fields and names follow encoding/json: json tag names, "-" skipped,
//     "-," named "-", untagged embedded structs flattened with its
//     dominance rules, ",string" numbers and booleans as strings;
//   - a field is required unless its json tag has omitempty or omitzero
//     (`jsonschema:"required"` overrides); a pointer by itself makes a
//     field neither optional nor nullable, `jsonschema:"nullable"` adds
//     null; objects are closed;
//   - `jsonschema:"…"` tags have invopop/jsonschema's meaning: title,
//     description, type, oneof_type/anyof_type, enum (repeated:
//     enum=a,enum=b), default, example, minimum, maximum,
//     exclusiveMinimum, exclusiveMaximum, multipleOf, minLength,
//     maxLength, pattern, format, readOnly, writeOnly, and on arrays
//     minItems, maxItems, uniqueItems and default, the other keys
//     applying to the items; "\," escapes a comma; a tag that is not a
//     key=value list is a description (google/jsonschema-go's style).
//     jsonschema_description, jsonschema_extras and `description:"…"`
//     are read too;
//   - time.Time is a date-time string, []byte a base64 string, a fixed
//     array has minItems = maxItems = its length, unsigned integers have
//     minimum 0, maps with integer keys constrain the key's form, a type
//     with its own MarshalJSON accepts any value, one with MarshalText is
//     a string; a type that contains itself goes to "$defs".
//
// What reflection cannot see is left out: doc comments (the compiler's
// descriptions) and enums declared as a const block of a named type.
func SchemaFor(t reflect.Type) map[string]any {
	r := newReflector()
	s := r.schema(t)
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	if len(r.defs) > 0 {
		s["$defs"] = r.defs
	}
	return s
}
