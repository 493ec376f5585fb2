package diffstructs

import "github.com/invopop/jsonschema"

// Schema methods invopop calls while reflecting: tscg reads the literal
// ones (TestSchemaMethods) and warns at the others.

// Currency is a currency code.
type Currency string

// JSONSchema gives invopop the whole schema.
func (Currency) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "string",
		Pattern:     "^[A-Z]{3}$",
		Description: "An ISO 4217 currency code.",
		Examples:    []any{"EUR", "USD"},
		Extras:      map[string]any{"x-unit": "iso4217"},
	}
}

// Price uses a type with a JSONSchema method.
type Price struct {
	Amount   float64  `json:"amount"`
	Currency Currency `json:"currency"`
}

// Money is extended by its method.
type Money struct {
	Units int64 `json:"units"`
	Nanos int32 `json:"nanos,omitempty"`
}

// JSONSchemaExtend edits what invopop reflected.
func (Money) JSONSchemaExtend(s *jsonschema.Schema) {
	s.Title = "Money"
	s.Description = "An amount of money."
	s.Examples = []any{map[string]any{"units": 5}}
}

// Computed builds its schema step by step, which tscg does not run.
type Computed struct {
	A string `json:"a"`
}

// JSONSchema is not a literal.
func (Computed) JSONSchema() *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object"}
	return s
}

// Tweaked calls a function in its extension, which tscg does not run.
type Tweaked struct {
	B string `json:"b"`
}

// JSONSchemaExtend is not a literal.
func (Tweaked) JSONSchemaExtend(s *jsonschema.Schema) {
	s.Properties.Delete("b")
}
