package jsonval

import (
	"math/big"
	"strings"
)

// Draft is a JSON Schema dialect.
type Draft int

// The dialects the compiler reads. A document without "$schema" is read
// as Compiler.DefaultDraft (Draft2020 unless set).
const (
	Draft7    Draft = 7
	Draft2019 Draft = 2019
	Draft2020 Draft = 2020
)

func (d Draft) String() string {
	switch d {
	case Draft7:
		return "draft-07"
	case Draft2019:
		return "draft 2019-09"
	}
	return "draft 2020-12"
}

// draftOf is the dialect a "$schema" value (without "#") names; a switch,
// since a map literal would be built at package init.
func draftOf(u string) (Draft, bool) {
	switch u {
	case "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema",
		"http://json-schema.org/draft-06/schema", "http://json-schema.org/draft-04/schema":
		return Draft7, true
	case "https://json-schema.org/draft/2019-09/schema":
		return Draft2019, true
	case "https://json-schema.org/draft/2020-12/schema":
		return Draft2020, true
	}
	return 0, false
}

// Types is a set of JSON types, as the "type" keyword names them.
type Types uint8

// The JSON types.
const (
	TypeNull Types = 1 << iota
	TypeBoolean
	TypeObject
	TypeArray
	TypeNumber
	TypeString
	TypeInteger
)

var typeNames = []string{"null", "boolean", "object", "array", "number", "string", "integer"}

func typeOfName(s string) Types {
	for i, n := range typeNames {
		if n == s {
			return 1 << i
		}
	}
	return 0
}

// Strings lists the types in the order of the constants.
func (t Types) Strings() []string {
	var out []string
	for i, n := range typeNames {
		if t&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

func (t Types) String() string { return strings.Join(t.Strings(), " or ") }

// allows reports whether a value of JSON type name (typeName's) is one of t.
func (t Types) allows(name string) bool {
	if name == "integer" && t&TypeNumber != 0 {
		return true
	}
	return t&typeOfName(name) != 0
}

// Regexp is a compiled pattern. *regexp.Regexp is one; Compiler.Regexp
// can supply another engine.
type Regexp interface {
	MatchString(string) bool
	String() string
}

// PatternSchema is one entry of "patternProperties".
type PatternSchema struct {
	Pattern Regexp
	Schema  *Schema
}

// Schema is a compiled (sub)schema. Its exported fields are the keywords
// it declares, so a caller can describe what it wants; nil (or zero) means
// absent. Schemas form a graph: $ref cycles point back at their targets.
type Schema struct {
	// Location is the schema's absolute location: its resource's URI and
	// a JSON pointer fragment ("urn:x#/properties/a").
	Location string
	Draft    Draft
	// Bool is set for a boolean schema (true accepts all, false nothing).
	Bool *bool

	Ref        *Schema
	DynamicRef *Schema // the static target; the dynamic one is found while validating
	// RecursiveRef is draft 2019-09's "$recursiveRef" (static target).
	RecursiveRef *Schema

	Types Types
	Const *any
	Enum  []any // nil when absent

	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf *big.Rat

	MinLength, MaxLength *int
	Pattern              Regexp
	Format               string

	MinItems, MaxItems       *int
	UniqueItems              bool
	MinContains, MaxContains *int

	MinProperties, MaxProperties *int
	Required                     []string
	DependentRequired            map[string][]string

	AllOf, AnyOf, OneOf []*Schema
	Not                 *Schema
	If, Then, Else      *Schema

	Properties           map[string]*Schema
	PatternProperties    []PatternSchema
	AdditionalProperties *Schema
	PropertyNames        *Schema
	DependentSchemas     map[string]*Schema // draft-07 "dependencies" with a schema value too

	// PrefixItems are the schemas of the first items ("prefixItems", or
	// draft-07's array form of "items"); Items applies to every item
	// after them ("items", or draft-07's "additionalItems" after an array
	// "items").
	PrefixItems []*Schema
	Items       *Schema
	Contains    *Schema

	UnevaluatedProperties, UnevaluatedItems *Schema

	Default     *any
	Title       string
	Description string

	bounds       floatBounds     // the range bounds as float64, when that is exact
	format       func(any) error // set when formats are asserted
	dynamicName  string          // the anchor name of a $dynamicRef that may go dynamic
	recursive    bool            // "$recursiveAnchor": true (2019-09)
	res          *resource       // the schema resource this schema belongs to
	itemsArray   bool            // draft-07 array "items": name keywords accordingly
	dependencies bool            // draft-07: DependentRequired/Schemas came from "dependencies"
	needsEval    bool            // has unevaluatedProperties/Items: track evaluated members
}

// resource is a schema resource: a document or a subschema with "$id".
// Dynamic anchors are looked up by resource along the dynamic scope.
type resource struct {
	uri            string
	dynamicAnchors map[string]*Schema
	recursive      *Schema // the root, when it has "$recursiveAnchor": true
}
