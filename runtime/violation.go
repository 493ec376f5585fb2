package runtime

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/tscg/tscg/internal/jsondec"
	"github.com/tscg/tscg/internal/jsonval"
	"github.com/tscg/tscg/runtime/internal/msg"
)

// Violation is one reason a call's arguments were rejected.
type Violation struct {
	// Pointer is the RFC 6901 JSON pointer of the offending value ("" is
	// the arguments object itself). For a missing or unknown property it
	// points at that property.
	Pointer string `json:"pointer"`
	// Message says what was expected and what was sent, written so a
	// model can correct the call.
	Message string `json:"message"`
	// Keyword names the failed constraint ("type", "required",
	// "duplicate-key", …), for metrics and tests.
	Keyword string `json:"keyword,omitempty"`
	// Schema is the JSON pointer, in the tool's input schema, of the
	// keyword that failed ("/properties/city/maxLength"; an unknown
	// property is "/additionalProperties" of its object, not its name).
	// Unlike Pointer it holds none of the caller's keys, so metrics label
	// by it. Empty for a failure found before the schema was consulted.
	Schema string `json:"-"`
}

// String renders the violation as one line: "/max_results: expected …".
func (v Violation) String() string { return jsondec.DisplayPointer(v.Pointer) + ": " + v.Message }

// ValidationErrors is every violation found in one call's arguments.
type ValidationErrors struct {
	Violations []Violation
}

func (e *ValidationErrors) Error() string {
	lines := make([]string, len(e.Violations))
	for i, v := range e.Violations {
		lines[i] = v.String()
	}
	return strings.Join(lines, "; ")
}

// FormatViolations renders violations for a model, one per line, within
// maxChars (whole lines only; a final line says how many were left out).
func FormatViolations(tool string, vs []Violation, maxChars int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "invalid arguments for tool %q (%d problem%s); fix them and call the tool again:", tool, len(vs), msg.Plural(len(vs)))
	for i, v := range vs {
		line := "\n" + v.String()
		if maxChars > 0 && b.Len()+len(line) > maxChars-40 && i > 0 {
			fmt.Fprintf(&b, "\n… and %d more", len(vs)-i)
			break
		}
		if maxChars > 0 && len(line) > maxChars-40 {
			line = msg.TruncateRunes(line, maxChars-40) + "…"
		}
		b.WriteString(line)
	}
	return b.String()
}

// renderer turns jsonval's error tree into violations.
type renderer struct {
	schema   *Schema
	instance any
	out      []Violation
	at       string // the schema location of the error being rendered
}

func (r *renderer) add(loc []string, keyword, msg string) {
	_, ptr, _ := strings.Cut(r.at, "#")
	r.out = append(r.out, Violation{Pointer: jsondec.PointerOf(loc), Message: msg, Keyword: keyword, Schema: ptr + "/" + keyword})
}

func (r *renderer) walk(ve *jsonval.Error) {
	r.at = ve.SchemaLocation
	sch := r.schema.byLocation[ve.SchemaLocation]
	loc := ve.InstanceLocation
	switch ve.Kind {
	case jsonval.KindSchema, jsonval.KindRef, jsonval.KindDynamicRef, jsonval.KindAllOf:
		for _, c := range ve.Causes {
			r.walk(c)
		}
	case jsonval.KindAnyOf, jsonval.KindOneOf:
		if one := r.onlyPlausible(ve); one != nil {
			r.walk(one)
			return
		}
		if ve.Kind == jsonval.KindOneOf && len(ve.Indices) > 1 {
			r.add(loc, "oneOf", fmt.Sprintf("matches alternatives %v at once; expected exactly one of: %s", ve.Indices, describe(sch)))
			return
		}
		r.expected(loc, keywordOf(ve), sch)
	case jsonval.KindRequired:
		for _, m := range ve.Properties {
			r.add(append(loc[:len(loc):len(loc)], m), "required",
				"missing required property; expected "+describe(propertySchema(sch, m)))
		}
	case jsonval.KindAdditionalProperties:
		for _, p := range ve.Properties {
			r.add(append(loc[:len(loc):len(loc)], p), "additionalProperties", unknownProperty(sch, p))
		}
	case jsonval.KindFalse:
		r.add(loc, "false", "no value is allowed here; remove it")
	case jsonval.KindType, jsonval.KindEnum, jsonval.KindConst, jsonval.KindMinimum, jsonval.KindMaximum, jsonval.KindExclusiveMinimum,
		jsonval.KindExclusiveMaximum, jsonval.KindMultipleOf, jsonval.KindMinLength, jsonval.KindMaxLength, jsonval.KindPattern,
		jsonval.KindFormat, jsonval.KindMinItems, jsonval.KindMaxItems, jsonval.KindMinProperties, jsonval.KindMaxProperties:
		r.expected(loc, keywordOf(ve), sch)
	case jsonval.KindUniqueItems:
		r.add(loc, "uniqueItems", fmt.Sprintf("items %d and %d are equal; items must be unique", ve.Indices[0], ve.Indices[1]))
	case jsonval.KindDependentRequired:
		key := "dependentRequired"
		if strings.HasSuffix(ve.KeywordLocation, "/dependencies") {
			key = "dependencies"
		}
		r.add(loc, key, fmt.Sprintf("property %q requires %s too", ve.Property, msg.QuoteList(ve.Properties)))
	default:
		r.add(loc, keywordOf(ve), ve.Message()+"; expected "+describe(sch))
	}
}

func keywordOf(ve *jsonval.Error) string {
	return ve.Kind.Keyword()
}

// onlyPlausible picks the one alternative of an anyOf/oneOf whose failure
// is not a plain type mismatch: for {"anyOf": [{"type": "string",
// "maxLength": 3}, {"type": "null"}]} and "abcd", the useful message is the
// string's, not "expected a string or null".
func (r *renderer) onlyPlausible(ve *jsonval.Error) *jsonval.Error {
	var pick *jsonval.Error
	for _, c := range ve.Causes {
		if isTypeMismatch(c) {
			continue
		}
		if pick != nil {
			return nil
		}
		pick = c
	}
	return pick
}

func isTypeMismatch(ve *jsonval.Error) bool {
	switch ve.Kind {
	case jsonval.KindType:
		return true
	case jsonval.KindSchema, jsonval.KindRef, jsonval.KindDynamicRef:
		for _, c := range ve.Causes {
			if isTypeMismatch(c) && len(c.InstanceLocation) == len(ve.InstanceLocation) {
				return true
			}
		}
	}
	return false
}

// expected renders "expected <what the schema wants>, got <what was sent>".
func (r *renderer) expected(loc []string, keyword string, sch *jsonval.Schema) {
	r.add(loc, keyword, "expected "+describe(sch)+", got "+msg.Show(valueAt(r.instance, loc)))
}

func propertySchema(sch *jsonval.Schema, name string) *jsonval.Schema {
	for i := 0; sch != nil && i < 8; i++ {
		if p, ok := sch.Properties[name]; ok {
			return p
		}
		sch = sch.Ref
	}
	return nil
}

func unknownProperty(sch *jsonval.Schema, name string) string {
	var known []string
	if sch != nil {
		known = slices.Sorted(maps.Keys(sch.Properties))
	}
	return msg.UnknownProperty(name, known)
}

func valueAt(v any, loc []string) any {
	for _, tok := range loc {
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}
