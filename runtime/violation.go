package runtime

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/tscg/tscg/internal/jsondec"
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

// renderer turns santhosh's error tree into violations.
type renderer struct {
	schema   *Schema
	instance any
	out      []Violation
}

func (r *renderer) add(loc []string, keyword, msg string) {
	r.out = append(r.out, Violation{Pointer: jsondec.PointerOf(loc), Message: msg, Keyword: keyword})
}

func (r *renderer) walk(ve *jsonschema.ValidationError) {
	sch := r.schema.byLocation[ve.SchemaURL]
	loc := ve.InstanceLocation
	switch k := ve.ErrorKind.(type) {
	case *kind.Group, *kind.Schema, *kind.Reference, *kind.AllOf:
		for _, c := range ve.Causes {
			r.walk(c)
		}
	case *kind.AnyOf, *kind.OneOf:
		if one := r.onlyPlausible(ve); one != nil {
			r.walk(one)
			return
		}
		if oo, ok := k.(*kind.OneOf); ok && len(oo.Subschemas) > 1 {
			r.add(loc, "oneOf", fmt.Sprintf("matches alternatives %v at once; expected exactly one of: %s", oo.Subschemas, describe(sch)))
			return
		}
		r.expected(loc, keywordOf(ve), sch)
	case *kind.Required:
		for _, m := range k.Missing {
			r.add(append(loc[:len(loc):len(loc)], m), "required",
				"missing required property; expected "+describe(propertySchema(sch, m)))
		}
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			r.add(append(loc[:len(loc):len(loc)], p), "additionalProperties", unknownProperty(sch, p))
		}
	case *kind.FalseSchema:
		r.add(loc, "false", "no value is allowed here; remove it")
	case *kind.Type, *kind.Enum, *kind.Const, *kind.Minimum, *kind.Maximum, *kind.ExclusiveMinimum,
		*kind.ExclusiveMaximum, *kind.MultipleOf, *kind.MinLength, *kind.MaxLength, *kind.Pattern,
		*kind.Format, *kind.MinItems, *kind.MaxItems, *kind.MinProperties, *kind.MaxProperties:
		r.expected(loc, keywordOf(ve), sch)
	case *kind.UniqueItems:
		r.add(loc, "uniqueItems", fmt.Sprintf("items %d and %d are equal; items must be unique", k.Duplicates[0], k.Duplicates[1]))
	case *kind.DependentRequired:
		r.add(loc, "dependentRequired", fmt.Sprintf("property %q requires %s too", k.Prop, msg.QuoteList(k.Missing)))
	case *kind.Dependency:
		r.add(loc, "dependencies", fmt.Sprintf("property %q requires %s too", k.Prop, msg.QuoteList(k.Missing)))
	default:
		r.add(loc, keywordOf(ve), ve.ErrorKind.LocalizedString(printer)+"; expected "+describe(sch))
	}
}

var printer = message.NewPrinter(language.English)

func keywordOf(ve *jsonschema.ValidationError) string {
	if p := ve.ErrorKind.KeywordPath(); len(p) > 0 {
		return p[0]
	}
	return ""
}

// onlyPlausible picks the one alternative of an anyOf/oneOf whose failure
// is not a plain type mismatch: for {"anyOf": [{"type": "string",
// "maxLength": 3}, {"type": "null"}]} and "abcd", the useful message is the
// string's, not "expected a string or null".
func (r *renderer) onlyPlausible(ve *jsonschema.ValidationError) *jsonschema.ValidationError {
	var pick *jsonschema.ValidationError
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

func isTypeMismatch(ve *jsonschema.ValidationError) bool {
	switch ve.ErrorKind.(type) {
	case *kind.Type:
		return true
	case *kind.Group, *kind.Schema, *kind.Reference:
		for _, c := range ve.Causes {
			if isTypeMismatch(c) && len(c.InstanceLocation) == len(ve.InstanceLocation) {
				return true
			}
		}
	}
	return false
}

// expected renders "expected <what the schema wants>, got <what was sent>".
func (r *renderer) expected(loc []string, keyword string, sch *jsonschema.Schema) {
	r.add(loc, keyword, "expected "+describe(sch)+", got "+msg.Show(valueAt(r.instance, loc)))
}

func propertySchema(sch *jsonschema.Schema, name string) *jsonschema.Schema {
	for i := 0; sch != nil && i < 8; i++ {
		if p, ok := sch.Properties[name]; ok {
			return p
		}
		sch = sch.Ref
	}
	return nil
}

func unknownProperty(sch *jsonschema.Schema, name string) string {
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
