// Package jsonval is tscg's JSON Schema validator: draft 2020-12 (the
// default when a document has no "$schema"), draft-07 and the keywords of
// draft 2019-09, in pure Go, written for tscg.
//
// It exists because santhosh-tekuri/jsonschema v6, which validated for
// tscg until now, compiles five drafts' meta-schemas in its package init:
// about 22M instructions at every start of every tscg command, most of
// which never validate (issue 25). This package does nothing at init: it
// holds no meta-schema (a document's "$schema" names a dialect, and a
// schema is not checked against its meta-schema; a malformed keyword is a
// compile error), no package-level map or regexp, and its format checks
// are chosen by a switch. TestInitCost measures it with GODEBUG=inittrace=1.
//
// # Use
//
//	c := jsonval.NewCompiler()            // DefaultDraft 2020-12, Go regexp, nothing fetched
//	c.Regexp = myEngine                    // optional: another pattern engine
//	doc, _ := jsonval.Unmarshal(schemaJSON) // json.Number numbers
//	_ = c.AddResource("urn:tool:x", doc)
//	s, err := c.Compile("urn:tool:x")
//	err = s.Validate(value)                // nil or *jsonval.Error
//
// References resolve within the added resources ("$ref", "$id",
// "$anchor", "$dynamicRef"/"$dynamicAnchor", 2019-09's "$recursiveRef").
// A reference to any other document is a compile error unless
// Compiler.Load is set: nothing is fetched. A reference cycle that makes
// no progress (the same schema reached again at the same instance
// location) fails validation with KindCycle instead of recursing.
//
// Numbers are compared exactly (math/big): 1.0 equals 1 and is an
// integer, big numbers keep every digit. "format" is an annotation in
// 2019-09 and 2020-12 unless Compiler.AssertFormat is set or a custom
// meta-schema enables the format-assertion vocabulary; in draft-07 it is
// asserted, as santhosh v6 does and the runtime has always done. Known
// formats: date-time, date, time, duration, email, hostname, ipv4, ipv6,
// uri, uri-reference, iri, iri-reference, uri-template, uuid, regex,
// json-pointer, relative-json-pointer; others are annotations.
//
// # Errors
//
// Validate returns an *Error tree: the root is a KindSchema group; group
// kinds (KindSchema, KindRef, KindDynamicRef, KindAllOf, KindAnyOf,
// KindOneOf) hold their failures in Causes, one cause per failed
// alternative of anyOf/oneOf. Each node has InstanceLocation (pointer
// tokens), KeywordLocation (the keywords followed, through references),
// SchemaLocation (the Location of the schema holding the keyword), its
// Kind, and Want/Got, Properties, Property and Indices as the kind needs
// (see Error).
//
// A value that fails "type", "const" or "enum" is reported by that
// failure alone: the schema's other keywords would only add noise.
//
// # From santhosh v6
//
// Everything in tscg validates with this package: the runtime, the
// examples-valid lint rule and the checks of tscg's own YAML files
// (internal/schemacheck). santhosh v6 is linked into no tscg binary; it
// stays a test-only reference (the differential tests here and in
// runtime). What runtime/schema.go, violation.go, describe.go, lenient.go
// and integers.go read of santhosh, and the counterpart here:
//
//	jsonschema.UnmarshalJSON(r)                   Decode(r) / Unmarshal(b)
//	NewCompiler, DefaultDraft(Draft2020)          NewCompiler (2020-12 is the default)
//	UseLoader(noLoader{})                         leave Compiler.Load nil
//	UseRegexpEngine(f) (jsonschema.Regexp)        Compiler.Regexp (Regexp: MatchString, String)
//	AddResource, Compile                          AddResource, Compile
//	*ValidationError                              *Error
//	  .SchemaURL                                  .SchemaLocation
//	  .InstanceLocation, .Causes                  .InstanceLocation, .Causes
//	  .ErrorKind.KeywordPath()[0]                 .Kind.Keyword()
//	  .ErrorKind.LocalizedString(p)               .Message() (other words than santhosh's)
//	kind.Group, kind.Schema                       KindSchema
//	kind.Reference                                KindRef, KindDynamicRef
//	kind.AllOf, kind.AnyOf                        KindAllOf, KindAnyOf
//	kind.OneOf{Subschemas}                        KindOneOf, .Indices (matched alternatives)
//	kind.Required{Missing}                        KindRequired, .Properties
//	kind.AdditionalProperties{Properties}         KindAdditionalProperties, .Properties
//	kind.FalseSchema                              KindFalse (also each item under "items": false after prefixItems: KindAdditionalItems)
//	kind.Type{Got, Want}                          KindType, .Got (type name; "integer" for a whole number, where santhosh says "number"), .Want (Types)
//	kind.Enum, Const, Minimum … MaxProperties     KindEnum … KindMaxProperties, .Want/.Got
//	kind.Format                                   KindFormat, .Want (name), .Got (the check's error)
//	kind.UniqueItems{Duplicates}                  KindUniqueItems, .Indices
//	kind.DependentRequired{Prop, Missing}         KindDependentRequired, .Property, .Properties
//	kind.Dependency (draft-07)                    KindDependentRequired, KeywordLocation ends in "dependencies"
//	(no counterpart)                              KindCycle: a reference cycle without progress
//	*jsonschema.Schema                            *Schema
//	  .Location, .Bool, .Ref, .RecursiveRef       same
//	  .DynamicRef.Ref                             .DynamicRef (static target)
//	  .Types (*Types; ToStrings, IsEmpty)         .Types (Types; Strings, == 0)
//	  .Const, .Default (*any)                     same
//	  .Enum.Values                                .Enum ([]any, nil when absent)
//	  .Minimum … .MultipleOf (*big.Rat)           same
//	  .MinLength … .MaxProperties (*int)          same
//	  .Pattern (Regexp), .UniqueItems, .Required  same
//	  .Format.Name                                .Format (string)
//	  .AllOf/.AnyOf/.OneOf/.Not/.If/.Then/.Else   same
//	  .Properties, .PropertyNames                 same
//	  .PatternProperties (map[Regexp]*Schema)     .PatternProperties ([]PatternSchema, sorted by pattern)
//	  .AdditionalProperties (bool or *Schema)     .AdditionalProperties (*Schema; false is a Bool schema)
//	  .DependentSchemas, .Dependencies            .DependentSchemas, .DependentRequired (draft-07 "dependencies" split into both)
//	  .PrefixItems, .Items2020                    .PrefixItems, .Items
//	  .Items ([]*Schema or *Schema), .AdditionalItems (draft-07)
//	                                              .PrefixItems (array form), .Items (object form, or additionalItems after an array)
//	  .Contains, .UnevaluatedProperties/Items     same
//	  .ContentSchema                              not kept (content keywords are annotations)
//
// Not supported: draft-04/06 specifics beyond draft-04's boolean
// exclusiveMinimum/exclusiveMaximum (such documents are read as
// draft-07), content assertions, and IDNA rules in the hostname formats. Patterns are Go regexp (RE2) unless Compiler.Regexp
// says otherwise; the JSON-Schema-Test-Suite's ECMA-262-only cases need
// the runtime's engine.
package jsonval
