package targets

import "github.com/tscg/tscg/internal/lazyre"

// The name patterns leave the length to MaxNameLength (ValidName checks
// both): a bounded repetition ({1,128}) compiles to as many copies of its
// class, and compiling the four was ~3 % of `tscg build` on a small input.
// Their classes are ASCII, so a byte length is the character count the
// providers' own patterns bound (TestNamePatterns holds the two equal).
var (
	openAIName    = lazyre.New(`^[A-Za-z0-9_-]+$`)
	anthropicName = lazyre.New(`^[a-zA-Z0-9_-]+$`)
	geminiName    = lazyre.New(`^[A-Za-z_][A-Za-z0-9_.:-]*$`)
	mcpName       = lazyre.New(`^[A-Za-z0-9_.-]+$`)
)

// openAIStrictFormats are the string formats structured outputs accept.
var openAIStrictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

var mcpAnnotations = []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

var all = []*Target{
	{
		Name: "openai.chat", Aliases: []string{"openai"}, Provider: "openai", Title: "OpenAI Chat Completions function calling",
		NamePattern: openAIName, NameRule: "1-64 characters of [A-Za-z0-9_-]", MaxNameLength: 64,
		MaxTools: 128, MaxMinItems: -1,
		HasOutputSchema: false,
	},
	{
		// The Responses API's function tools follow Chat Completions' rules;
		// tscg writes them with strict: false, as for openai.chat.
		Name: "openai.responses", Provider: "openai", Title: "OpenAI Responses function tools",
		NamePattern: openAIName, NameRule: "1-64 characters of [A-Za-z0-9_-]", MaxNameLength: 64,
		MaxTools: 128, MaxMinItems: -1,
		HasOutputSchema: false,
	},
	{
		Name: "openai.chat.strict", Aliases: []string{"openai-strict"}, Provider: "openai", Strict: true, Title: "OpenAI Chat Completions function calling (strict)",
		NamePattern: openAIName, NameRule: "1-64 characters of [A-Za-z0-9_-]", MaxNameLength: 64,
		MaxTools:    128,
		Unsupported: []string{"allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"},
		Supported: []string{"type", "properties", "required", "additionalProperties", "enum", "const", "anyOf",
			"$defs", "$ref", "pattern", "format", "multipleOf", "minimum", "maximum", "exclusiveMinimum",
			"exclusiveMaximum", "minItems", "maxItems", "items", "description"},
		Formats:          openAIStrictFormats,
		RootMustBeObject: true, AllRequired: true, ClosedObjects: true, MaxMinItems: -1,
		MaxProperties: 5000, MaxNesting: 10, MaxEnumValues: 1000, MaxTotalStringChars: 120000,
		LargeEnumThreshold: 250, LargeEnumMaxChars: 15000,
	},
	{
		Name: "anthropic", Provider: "anthropic", Title: "Anthropic tool use",
		NamePattern: anthropicName, NameRule: "1-128 characters of [a-zA-Z0-9_-]", MaxNameLength: 128,
		MaxMinItems: -1,
	},
	{
		Name: "anthropic.strict", Aliases: []string{"anthropic-strict"}, Provider: "anthropic", Strict: true, Title: "Anthropic tool use (strict)",
		NamePattern: anthropicName, NameRule: "1-128 characters of [a-zA-Z0-9_-]", MaxNameLength: 128,
		MaxStrictTools: 20,
		Unsupported: []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
			"minLength", "maxLength", "maxItems"},
		ClosedObjects: true, NoRecursion: true, NoNumericConstraints: true, NoLengthConstraints: true,
		MaxMinItems: 1, RegexRestricted: true, MaxOptionalParams: 24, MaxUnionParams: 16,
	},
	{
		Name: "gemini", Provider: "gemini", Title: "Gemini function calling",
		NamePattern: geminiName, NameRule: "a letter or '_' then [A-Za-z0-9_.:-], at most 128 characters", MaxNameLength: 128,
		Unsupported: []string{"$ref", "$defs", "allOf", "not", "if", "then", "else", "oneOf",
			"patternProperties", "dependentRequired", "dependentSchemas", "const"},
		NoRefs: true, StringOnlyEnums: true, UpperCaseTypes: true, MaxMinItems: -1,
	},
	{
		Name: "mcp.tools-list", Aliases: []string{"mcp"}, Provider: "mcp", Title: "Model Context Protocol (tools/list)",
		NamePattern: mcpName, NameRule: "1-128 characters of [A-Za-z0-9_.-]", MaxNameLength: 128,
		RootMustBeObject: true, MaxMinItems: -1, Annotations: mcpAnnotations, HasOutputSchema: true,
	},
}
