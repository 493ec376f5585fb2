package jsonschema

import (
	"strings"

	"github.com/tscg/tscg/compiler/ir"
)

// typeNames maps the values of "type" to kinds: JSON Schema's seven names
// first, then the non-standard names BFCL's data uses, as its converter
// (GORILLA_TO_OPENAPI in bfcl_eval/constants/type_mappings.py) maps them,
// plus the Java and Python spellings of the same types. Keys are lower
// case; lookups fold case, so "String", "HashMap" and "Boolean" match.
//
// One deliberate difference from BFCL: "any" means no type constraint
// (KindAny), where BFCL's converter sends "string" to the model.
var typeNames = map[string]ir.Kind{
	"null": ir.KindNull, "boolean": ir.KindBoolean, "integer": ir.KindInteger,
	"number": ir.KindNumber, "string": ir.KindString, "array": ir.KindArray, "object": ir.KindObject,

	// BFCL's GORILLA_TO_OPENAPI.
	"float": ir.KindNumber, "bool": ir.KindBoolean, "list": ir.KindArray, "dict": ir.KindObject,
	"tuple": ir.KindArray, "any": ir.KindAny, "byte": ir.KindInteger, "short": ir.KindInteger,
	"long": ir.KindInteger, "double": ir.KindNumber, "char": ir.KindString, "arraylist": ir.KindArray,
	"hashmap": ir.KindObject, "hashtable": ir.KindObject, "queue": ir.KindArray, "stack": ir.KindArray,
	"bigint": ir.KindInteger,

	// Java boxed types and collections, Python builtins.
	"int": ir.KindInteger, "character": ir.KindString, "biginteger": ir.KindInteger,
	"bigdecimal": ir.KindNumber, "map": ir.KindObject, "treemap": ir.KindObject,
	"linkedhashmap": ir.KindObject, "set": ir.KindArray, "hashset": ir.KindArray,
	"linkedlist": ir.KindArray, "vector": ir.KindArray, "str": ir.KindString,
}

// standardType reports whether name is one of JSON Schema's own names.
func standardType(name string) bool {
	switch name {
	case "null", "boolean", "integer", "number", "string", "array", "object":
		return true
	}
	return false
}

// lookupType returns the kind a "type" name stands for.
func lookupType(name string) (ir.Kind, bool) {
	if k, ok := typeNames[name]; ok {
		return k, true
	}
	k, ok := typeNames[strings.ToLower(name)]
	return k, ok
}
