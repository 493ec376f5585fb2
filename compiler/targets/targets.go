// Package targets holds what tscg knows about the LLM providers it emits
// tool definitions for: name rules, request limits, the JSON Schema
// keywords each accepts, and the extra rules of their strict modes.
//
// The facts come from the providers' SDK sources and documentation (see
// issue 4). The analyzer's provider-limits rule checks a catalog against
// them and the provider manifest generators lower schemas with them, so
// both agree on what a provider accepts. A zero limit means "no known
// limit".
package targets

import (
	"slices"
	"sort"

	"github.com/tscg/tscg/internal/lazyre"
)

// Target is one provider output a catalog can be compiled for.
type Target struct {
	// Name is the target's one name, the same everywhere: config, lint
	// --targets, describe --target and build's providers/<Name>.json:
	// "openai.chat", "openai.chat.strict", "openai.responses",
	// "anthropic", "anthropic.strict", "gemini", "mcp.tools-list".
	Name string
	// Aliases are older spellings ("openai-strict", "mcp", …) that keep
	// working wherever a target is named.
	Aliases []string
	// Provider groups the strict and non-strict variants:
	// "openai", "anthropic", "gemini", "mcp".
	Provider string
	// Strict is set for the strict (structured outputs) variants.
	Strict bool
	// Title is a human-readable name for messages and docs.
	Title string

	// NamePattern is the full-match pattern a tool name must satisfy
	// (length included).
	NamePattern *lazyre.Regexp
	// NameRule describes NamePattern in words, for messages.
	NameRule string
	// MaxNameLength is the longest accepted tool name in bytes.
	MaxNameLength int

	// MaxTools is the most tools one request may carry (0: no limit).
	MaxTools int
	// MaxStrictTools is the most strict tools one request may carry.
	MaxStrictTools int

	// Unsupported lists JSON Schema keywords the provider rejects or
	// ignores; a schema using them needs lowering or fails at run time.
	Unsupported []string
	// Supported lists keywords known to be accepted (informative; a
	// keyword in neither list is of unknown support).
	Supported []string
	// Formats lists the string formats accepted (nil: any format).
	Formats []string

	// RootMustBeObject: the parameters root must be a plain object
	// schema (not anyOf/oneOf or a $ref).
	RootMustBeObject bool
	// AllRequired: every property must be listed in required (optional
	// ones become a union with null).
	AllRequired bool
	// ClosedObjects: every object needs additionalProperties: false.
	ClosedObjects bool
	// NoRecursion: recursive ($ref cycle) schemas are rejected.
	NoRecursion bool
	// NoRefs: $ref/$defs are not accepted (schemas must be inlined).
	NoRefs bool
	// NoNumericConstraints: minimum/maximum/multipleOf and exclusive forms
	// are rejected.
	NoNumericConstraints bool
	// NoLengthConstraints: minLength/maxLength (and maxItems) are rejected.
	NoLengthConstraints bool
	// MaxMinItems is the largest accepted minItems (-1: any).
	MaxMinItems int64
	// RegexRestricted: patterns may not use backreferences, lookaround or
	// \b.
	RegexRestricted bool
	// StringOnlyEnums: enum values must be strings (OpenAPI 3.0 subset).
	StringOnlyEnums bool
	// UpperCaseTypes: the native schema dialect spells types in upper case
	// (Gemini's OpenAPI subset); informative for lowering.
	UpperCaseTypes bool

	// MaxProperties is the most object properties in total across a
	// schema.
	MaxProperties int
	// MaxNesting is the deepest allowed object nesting.
	MaxNesting int
	// MaxEnumValues is the most enum values in total across a schema.
	MaxEnumValues int
	// MaxTotalStringChars bounds the characters of all property names,
	// enum values and consts in a schema.
	MaxTotalStringChars int
	// LargeEnumThreshold and LargeEnumMaxChars: an enum with more than
	// LargeEnumThreshold values may hold at most LargeEnumMaxChars
	// characters.
	LargeEnumThreshold int
	LargeEnumMaxChars  int
	// MaxOptionalParams and MaxUnionParams bound optional and union-typed
	// parameters across all strict schemas of a request.
	MaxOptionalParams int
	MaxUnionParams    int

	// Annotations lists the behaviour hints the target can carry.
	Annotations []string
	// HasOutputSchema: the target can declare a tool's result schema.
	HasOutputSchema bool
}

// ValidName reports whether name is an acceptable tool name for t.
func (t *Target) ValidName(name string) bool {
	return len(name) <= t.MaxNameLength && t.NamePattern.MatchString(name)
}

// SupportsKeyword reports whether keyword is not in t's unsupported list.
func (t *Target) SupportsKeyword(keyword string) bool {
	for _, k := range t.Unsupported {
		if k == keyword {
			return false
		}
	}
	return true
}

// SupportsFormat reports whether the string format is accepted.
func (t *Target) SupportsFormat(format string) bool {
	if t.Formats == nil {
		return true
	}
	for _, f := range t.Formats {
		if f == format {
			return true
		}
	}
	return false
}

// All returns every known target, sorted by name. The slice is new; the
// targets are shared and must not be modified.
func All() []*Target {
	out := make([]*Target, len(all))
	copy(out, all)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns the names of all targets, sorted.
func Names() []string {
	var out []string
	for _, t := range All() {
		out = append(out, t.Name)
	}
	return out
}

// Lookup returns the target with the given name or alias, or nil.
func Lookup(name string) *Target {
	for _, t := range all {
		if t.Name == name || slices.Contains(t.Aliases, name) {
			return t
		}
	}
	return nil
}

// RegexHasRestrictedSyntax reports whether a pattern uses a construct the
// strict Anthropic dialect rejects: a backreference, lookaround or \b.
func RegexHasRestrictedSyntax(pattern string) bool {
	return restrictedRegex.MatchString(pattern)
}

var restrictedRegex = lazyre.New(`\\[1-9]|\\k<|\(\?[=!<]|\\b`)
