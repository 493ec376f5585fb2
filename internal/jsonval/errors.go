package jsonval

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/tscg/tscg/internal/jsondec"
)

// Kind names what failed: a keyword, or a group of failures under one.
type Kind uint8

// The kinds of Error. Group kinds (KindSchema … KindDynamicRef) carry
// their failures in Causes; the others are leaves.
const (
	KindSchema Kind = iota // a schema with several failures; the root of every tree
	KindRef                // "$ref" (and 2019-09's "$recursiveRef")
	KindDynamicRef
	KindAllOf
	KindAnyOf
	KindOneOf // Causes when none matched; Indices when several did
	KindNot
	KindFalse // the false schema
	KindType
	KindEnum
	KindConst
	KindMinimum
	KindMaximum
	KindExclusiveMinimum
	KindExclusiveMaximum
	KindMultipleOf
	KindMinLength
	KindMaxLength
	KindPattern
	KindFormat
	KindMinItems
	KindMaxItems
	KindUniqueItems
	KindContains
	KindMinContains
	KindMaxContains
	KindMinProperties
	KindMaxProperties
	KindRequired
	KindDependentRequired // also draft-07 "dependencies" with a list
	KindAdditionalProperties
	KindPropertyNames
	KindUnevaluatedProperties
	KindUnevaluatedItems
	KindAdditionalItems // draft-07 "additionalItems": false, "items": false after "prefixItems"
	KindCycle           // a reference cycle that makes no progress
)

var kindKeywords = [...]string{"", "$ref", "$dynamicRef", "allOf", "anyOf", "oneOf", "not", "false", "type",
	"enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
	"minLength", "maxLength", "pattern", "format", "minItems", "maxItems", "uniqueItems", "contains",
	"minContains", "maxContains", "minProperties", "maxProperties", "required", "dependentRequired",
	"additionalProperties", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "items", "$ref"}

// Keyword is the keyword a kind stands for ("" for KindSchema).
func (k Kind) Keyword() string {
	if int(k) < len(kindKeywords) {
		return kindKeywords[k]
	}
	return "?"
}

func (k Kind) String() string {
	if k == KindSchema {
		return "schema"
	}
	if k == KindCycle {
		return "cycle"
	}
	return k.Keyword()
}

// Error is a validation failure and, for group kinds, the failures under
// it. Validate returns the root, a KindSchema group.
type Error struct {
	Kind Kind
	// InstanceLocation is the JSON pointer of the failing value, as
	// tokens. For "required" it is the object; the missing names are in
	// Properties.
	InstanceLocation []string
	// KeywordLocation is the path of keywords followed to the failing
	// keyword, through references ("/properties/a/$ref/maximum").
	KeywordLocation string
	// SchemaLocation is the Location of the schema holding the keyword.
	SchemaLocation string
	// Want is what the keyword asks: Types for type; []any for enum; the
	// value for const; *big.Rat for minimum … multipleOf; int for the
	// length and count keywords; the pattern's string; the format's name.
	Want any
	// Got is what the value has: its type name ("integer" for a number
	// with a zero fraction); its length or count; the number; for format
	// the checker's error.
	Got any
	// Properties names the properties that are missing (required,
	// dependentRequired) or not allowed (additionalProperties,
	// unevaluatedProperties).
	Properties []string
	// Property is the property that has dependents (dependentRequired)
	// or the name that failed propertyNames.
	Property string
	// Indices are the duplicate items (uniqueItems) or the alternatives
	// that matched (oneOf).
	Indices []int
	Causes  []*Error
}

// Error renders the tree, one failure per line.
func (e *Error) Error() string {
	var b strings.Builder
	e.write(&b, 0)
	return strings.TrimSuffix(b.String(), "\n")
}

func (e *Error) write(b *strings.Builder, depth int) {
	if e.Kind != KindSchema || depth == 0 {
		fmt.Fprintf(b, "%s%s: %s (%s)\n", strings.Repeat("  ", depth), jsondec.DisplayPointer(jsondec.PointerOf(e.InstanceLocation)), e.Message(), e.KeywordLocation)
		depth++
	}
	for _, c := range e.Causes {
		c.write(b, depth)
	}
}

// Message says what failed, in a short phrase of its own (the runtime
// writes longer ones from the schema).
func (e *Error) Message() string {
	switch e.Kind {
	case KindSchema:
		return "does not match the schema"
	case KindRef, KindDynamicRef, KindAllOf:
		return "does not match " + e.Kind.Keyword()
	case KindAnyOf:
		return "matches none of the alternatives of anyOf"
	case KindOneOf:
		if len(e.Indices) > 1 {
			return fmt.Sprintf("matches alternatives %v of oneOf, where exactly one must match", e.Indices)
		}
		return "matches none of the alternatives of oneOf"
	case KindNot:
		return "matches the schema under not, which it must not"
	case KindFalse:
		return "no value is allowed here"
	case KindRequired:
		return "missing required " + plural(e.Properties, "property", "properties")
	case KindDependentRequired:
		return fmt.Sprintf("property %q requires %s", e.Property, plural(e.Properties, "property", "properties"))
	case KindAdditionalProperties, KindUnevaluatedProperties:
		return plural(e.Properties, "property", "properties") + " not allowed"
	case KindPropertyNames:
		return fmt.Sprintf("property name %q does not match propertyNames", e.Property)
	case KindUniqueItems:
		return fmt.Sprintf("items %d and %d are equal; items must be unique", e.Indices[0], e.Indices[1])
	case KindContains:
		return "no item matches the schema under contains"
	case KindUnevaluatedItems:
		return fmt.Sprintf("items %v are not allowed", e.Indices)
	case KindAdditionalItems:
		return fmt.Sprintf("at most %v items are allowed, got %v", e.Want, e.Got)
	case KindCycle:
		return fmt.Sprintf("reference cycle without progress at %v: the value cannot be decided", e.Want)
	}
	return e.bound()
}

// bound phrases the failures of keywords with a wanted value.
func (e *Error) bound() string {
	want, got := show(e.Want), show(e.Got)
	switch e.Kind {
	case KindType:
		return fmt.Sprintf("must be %v, got %s", e.Want, got)
	case KindEnum, KindConst, KindMinimum, KindMaximum, KindExclusiveMinimum, KindExclusiveMaximum, KindMultipleOf:
		return "must be " + relations[e.Kind-KindEnum] + " " + want + ", got " + got
	case KindPattern:
		return fmt.Sprintf("must match the pattern %s, got %q", want, got)
	case KindFormat:
		return fmt.Sprintf("is not in %s format: %s", want, got)
	case KindMinContains:
		return fmt.Sprintf("%s items match contains; at least %s must", got, want)
	case KindMaxContains:
		return fmt.Sprintf("%s items match contains; at most %s may", got, want)
	}
	return e.count(want, got)
}

// relations say how a value must relate to the wanted one, for KindEnum
// to KindMultipleOf in order (an array: static data, nothing at init).
var relations = [...]string{"one of", "exactly", "at least", "at most", "greater than", "less than", "a multiple of"}

// count phrases the failures of the length and count keywords.
func (e *Error) count(want, got string) string {
	var bound, unit string
	switch e.Kind {
	case KindMinLength, KindMinItems, KindMinProperties:
		bound = "at least"
	default:
		bound = "at most"
	}
	switch e.Kind {
	case KindMinLength, KindMaxLength:
		unit = "characters"
	case KindMinItems, KindMaxItems:
		unit = "items"
	default:
		unit = "properties"
	}
	return fmt.Sprintf("must have %s %s %s, has %s", bound, want, unit, got)
}

func plural(names []string, one, many string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = fmt.Sprintf("%q", n)
	}
	if len(names) == 1 {
		return one + " " + quoted[0]
	}
	return many + " " + strings.Join(quoted, ", ")
}

func show(v any) string {
	if r, ok := v.(*big.Rat); ok {
		return r.RatString()
	}
	return showNumber(v)
}

// Leaves lists the failures at the bottom of the tree, in order.
func (e *Error) Leaves() []*Error {
	if len(e.Causes) == 0 {
		return []*Error{e}
	}
	var out []*Error
	for _, c := range e.Causes {
		out = append(out, c.Leaves()...)
	}
	return out
}
