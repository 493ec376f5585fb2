package goexec

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/runtime"
)

// shapeKind is how a type is represented in Go.
type shapeKind uint8

const (
	sString shapeKind = iota
	sInt
	sNum
	sBool
	sStruct
	sSlice
	// sRaw keeps the value as json.RawMessage; its checks are the generic
	// validator's, on a schema embedded for it (none for "any value").
	sRaw
)

// shape is the Go side of one IR type node.
type shape struct {
	kind  shapeKind
	t     *ir.Type // the resolved node
	named string   // Go name of a declared type (struct, or named scalar)
	elem  *shape   // items of a slice
	// fields of a struct, in declaration order.
	fields []*field
	closed bool
	// desc is the "expected …" phrase for this node.
	desc string
	// check names the generated function (anonymous scalars and slices)
	// holding the node's value checks; "" when there are none.
	check string
	// schemaVar names the embedded schema of a raw node ("" accepts any).
	schemaVar  string
	enumConsts []enumConst
	recursive  bool // a named struct that refers to itself
}

type enumConst struct{ name, value string }

// field is one struct field.
type field struct {
	json, goName string
	doc          string
	required     bool
	s            *shape
	missing      string // message for a missing required property
	def          ir.Value
}

// pointer reports whether the field is held through a pointer: optional
// scalars and structs (so absence differs from a zero value) and
// references to recursive types.
func (f *field) pointer() bool {
	switch f.s.kind {
	case sSlice, sRaw:
		return false
	case sStruct:
		return !f.required || f.s.recursive
	}
	return !f.required
}

// schemaDoc is one rendered schema document and its compiled form, so a
// node's message text can be asked of the runtime at generation time.
type schemaDoc struct {
	json []byte
	sch  *runtime.Schema
}

func (g *gen) compileDoc(name string, t *ir.Type) (*schemaDoc, error) {
	doc, err := jsonschema.Type(t, g.opts.Schema)
	if err != nil {
		return nil, fmt.Errorf("render schema for %s: %w", name, err)
	}
	sch, err := runtime.CompileSchema(name, doc)
	if err != nil {
		return nil, fmt.Errorf("compile schema for %s: %w", name, err)
	}
	return &schemaDoc{json: doc, sch: sch}, nil
}

func (d *schemaDoc) describe(ptr string) string {
	s, ok := d.sch.Describe(ptr)
	if !ok {
		return "a valid value"
	}
	return s
}

// validationKeywords are keywords the IR keeps in Extra that change what
// validates; a node carrying one is left to the generic validator.
var validationKeywords = map[string]bool{
	"not": true, "if": true, "then": true, "else": true, "contains": true, "minContains": true,
	"maxContains": true, "dependentRequired": true, "dependentSchemas": true, "dependencies": true,
	"patternProperties": true, "propertyNames": true, "unevaluatedProperties": true,
	"unevaluatedItems": true, "$dynamicRef": true, "$recursiveRef": true, "additionalItems": true,
	"$id": true, "$anchor": true, "$dynamicAnchor": true, "$vocabulary": true, "contentSchema": true,
}

// native reports whether the generator checks t itself; anything else is
// kept raw and checked by the generic validator.
func native(t *ir.Type) bool {
	if t.Nullable || t.Untyped || len(t.AllOf) > 0 || len(t.Variants) > 0 {
		return false
	}
	for _, k := range t.Extra {
		if validationKeywords[k.Name] {
			return false
		}
	}
	switch t.Kind {
	case ir.KindString:
		// A pattern Go's regexp (RE2) refuses — a lookahead, a
		// backreference — is ECMAScript the runtime's validator compiles
		// with its backtracking engine, under a match timeout.
		return stringValues(t.Enum) && (t.Const == nil || stringValues([]ir.Value{t.Const})) && compilesAsRE2(t.Pattern)
	case ir.KindInteger, ir.KindNumber, ir.KindBoolean:
		return t.Enum == nil && t.Const == nil
	case ir.KindArray:
		return t.Enum == nil && t.Const == nil && len(t.PrefixItems) == 0
	case ir.KindObject:
		return t.Enum == nil && t.Const == nil && t.MinProperties == nil && t.MaxProperties == nil &&
			t.Additional != ir.AdditionalTyped
	}
	return false
}

func stringValues(vs []ir.Value) bool {
	for _, v := range vs {
		var s string
		if json.Unmarshal(v, &s) != nil {
			return false
		}
	}
	return true
}

func stringOf(v ir.Value) string {
	var s string
	_ = json.Unmarshal(v, &s)
	return s
}

// goName turns a tool, type or property name into an exported Go
// identifier: get_weather → GetWeather.
func goName(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			if up {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			up = false
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	out := b.String()
	switch {
	case out == "":
		return "X"
	case out[0] >= '0' && out[0] <= '9':
		return "X" + out
	}
	return commonInitialisms(out)
}

// commonInitialisms spells a few initialisms the Go way (ID, URL).
func commonInitialisms(s string) string {
	for _, w := range []string{"Id", "Url", "Uri", "Json", "Http", "Api"} {
		if strings.HasSuffix(s, w) {
			s = s[:len(s)-len(w)] + strings.ToUpper(w)
		}
	}
	return s
}

func compilesAsRE2(pattern string) bool {
	_, err := regexp.Compile(pattern)
	return err == nil
}
