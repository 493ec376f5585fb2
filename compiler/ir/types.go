package ir

import (
	"bytes"
	"encoding/json"
)

// Kind is the shape of a Type.
type Kind uint8

// Kinds of types.
const (
	// KindAny accepts any JSON value (TS unknown/any, JSON Schema true or {}).
	KindAny Kind = iota
	// KindNever accepts nothing (JSON Schema false).
	KindNever
	KindNull
	KindBoolean
	KindInteger
	KindNumber
	KindString
	// KindArray is a list (Items) or a tuple (PrefixItems, with Items as the
	// rest element type, nil for a closed tuple; optional trailing elements
	// are expressed with MinItems).
	KindArray
	KindObject
	// KindUnion accepts a value that matches any of Variants.
	KindUnion
	// KindRef refers to a named type.
	KindRef
)

var kindNames = [...]string{"any", "never", "null", "boolean", "integer", "number", "string", "array", "object", "union", "ref"}

// String returns the lower-case name of the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Additional says what an object accepts beyond its declared properties.
type Additional uint8

// Additional property policies.
const (
	// AdditionalDefault leaves the choice to the output's configuration
	// (closed unless configured otherwise).
	AdditionalDefault Additional = iota
	// AdditionalClosed rejects unknown properties.
	AdditionalClosed
	// AdditionalOpen accepts any unknown property.
	AdditionalOpen
	// AdditionalTyped accepts unknown properties whose values match
	// Type.AdditionalType (an index signature or Record<string, V>).
	AdditionalTyped
)

// UnionStyle records how a union is to be matched.
type UnionStyle uint8

// Union styles.
const (
	// AnyOf matches when at least one variant matches.
	AnyOf UnionStyle = iota
	// OneOf matches when exactly one variant matches.
	OneOf
)

// Value is a JSON value kept as its compact encoding, so numbers stay
// exact and the IR stays comparable byte for byte.
type Value = json.RawMessage

// Number is a JSON number kept as its literal text.
type Number = json.Number

// Type is a node of the type graph.
type Type struct {
	// The one-byte fields come first, together, so that they pack into
	// one word: a large catalog has a Type per type expression.
	Kind Kind
	// Untyped is set by the JSON frontend when the source schema had no
	// "type" keyword: Kind was inferred from other keywords, and outputs
	// must not add a type constraint the source did not have.
	Untyped bool
	// PropertiesKept makes an object without properties say
	// "properties": {} even when it is open, as zod's converters write
	// z.object({}).
	PropertiesKept bool
	// PropertiesOmitted makes a closed object without properties leave
	// "properties" out, as fastmcp lists a map it closed (z.record).
	PropertiesOmitted bool
	// OpenWritten makes an open object say "additionalProperties": true,
	// as zod-to-json-schema writes .passthrough().
	OpenWritten bool
	// Nullable additionally accepts null.
	Nullable bool
	// NullInOutput additionally accepts null in a tool's result, not in
	// its input: Go's encoding/json writes a nil slice, map or pointer as
	// null, but a caller need not send one.
	NullInOutput bool
	Deprecated   bool
	ReadOnly     bool
	WriteOnly    bool
	UniqueItems  bool       // array constraint
	Additional   Additional // object constraint; see AdditionalType
	UnionStyle   UnionStyle // for Variants
	// TypeList marks a union read from a list of type names ("type":
	// ["string", "number"]); it is written back as that list when its
	// variants carry nothing but their kinds, so that a listing keeps
	// the form its source wrote. It matches as AnyOf does.
	TypeList bool

	Pos Pos

	Title       string
	Description string
	Default     Value
	Examples    []Value

	// Pointer, when set, is the whole schema: {"$ref": Pointer}, a JSON
	// pointer into the document being written, as zod-to-json-schema
	// refers to a schema it already wrote ("#/properties/home"). Only in
	// an MCP listing (Tool.ListingParams).
	Pointer string

	Enum  []Value
	Const Value

	// String constraints.
	MinLength *int64
	MaxLength *int64
	Pattern   string
	Format    string
	// ContentMediaType and ContentSchema describe a string that holds a
	// document: pydantic's Json[T] is application/json with T's schema.
	// Both are annotations (JSON Schema does not assert them).
	ContentMediaType string
	ContentSchema    *Type

	// Number and integer constraints.
	Minimum          *Number
	Maximum          *Number
	ExclusiveMinimum *Number
	ExclusiveMaximum *Number
	MultipleOf       *Number

	// Array constraints.
	Items       *Type
	PrefixItems []*Type
	MinItems    *int64
	MaxItems    *int64

	// Object constraints.
	Properties     []*Property
	AdditionalType *Type
	MinProperties  *int64
	MaxProperties  *int64

	// Union.
	Variants      []*Type
	Discriminator string // property whose const value tells variants apart

	// AllOf holds further schemas the value must match (JSON inputs whose
	// allOf could not be merged).
	AllOf []*Type

	// Beside marks an AllOf entry that is its parent's own anyOf or oneOf
	// in the JSON input, written there next to the parent's other keywords
	// ({"type": "object", "oneOf": […]}): the schema writer puts it back
	// there rather than inside an allOf, so the document reads as written.
	Beside bool

	// Ref is the named type a KindRef node refers to.
	Ref *Named

	// Extra keeps JSON Schema keywords the IR does not model (from JSON
	// inputs), in source order, so they survive a round trip.
	Extra []Keyword
}

// Property is one declared object property.
type Property struct {
	Name     string
	Type     *Type
	Required bool
	// OmittedInOutput makes a required property optional in a tool's
	// result: Go's encoding/json leaves out an omitempty field's empty
	// value (even one tagged required) and the fields of a nil embedded
	// pointer.
	OmittedInOutput bool
	// SourceName is the parameter a tool argument is passed to, where it
	// is published under another name (a Python parameter with
	// Field(alias="from")); empty otherwise. Executors rename the
	// argument back before calling the function.
	SourceName string
	Pos        Pos
}

// Keyword is a JSON Schema keyword kept verbatim.
type Keyword struct {
	Name  string
	Value Value
}

// Prop returns the property with the given name, or nil.
func (t *Type) Prop(name string) *Property {
	for _, p := range t.Properties {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Resolve follows Ref nodes to the first non-reference type. It stops on
// a reference cycle and returns the last node seen.
func (t *Type) Resolve() *Type {
	seen := map[*Named]bool{}
	for t != nil && t.Kind == KindRef && t.Ref != nil && !seen[t.Ref] {
		seen[t.Ref] = true
		t = t.Ref.Type
	}
	return t
}

// MarshalValue encodes v as a compact Value; it panics on values that
// cannot be encoded, which only a programming error produces.
func MarshalValue(v any) Value {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("ir.MarshalValue: " + err.Error())
	}
	return Value(bytes.TrimRight(buf.Bytes(), "\n"))
}

// CompactValue returns raw in compact form, or an error if it is not JSON.
func CompactValue(raw []byte) (Value, error) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, err
	}
	return Value(buf.Bytes()), nil
}

// Int64 returns a pointer to n, for the optional integer constraints.
func Int64(n int64) *int64 { return &n }

// Bool returns a pointer to b, for the tri-state annotations.
func Bool(b bool) *bool { return &b }

// Num returns a pointer to the number with the given literal text.
func Num(s string) *Number { n := Number(s); return &n }

// ValuesKind is the kind shared by all enum values, for the scalar kinds (any when they differ,
// or for null, arrays and objects).
func ValuesKind(values []Value) Kind {
	kind := KindAny
	for i, v := range values {
		var k Kind
		switch {
		case len(v) > 0 && v[0] == '"':
			k = KindString
		case string(v) == "true" || string(v) == "false":
			k = KindBoolean
		case len(v) > 0 && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9')):
			k = KindNumber
		default:
			return KindAny
		}
		if i > 0 && k != kind {
			return KindAny
		}
		kind = k
	}
	return kind
}
