package golang

import "github.com/tscg/tscg/internal/gotags"

// The tag parsers are shared with the runtime's reflection path, so a
// struct's tags mean the same whether it is compiled or reflected.
type (
	jsonTag   = gotags.JSONTag
	schemaTag = gotags.SchemaTag
	tagPair   = gotags.Pair
)

var (
	parseJSONTag   = gotags.ParseJSON
	parseSchemaTag = gotags.ParseSchema
	parseExtras    = gotags.ParseExtras
	splitUnescaped = gotags.SplitUnescaped
	knownKeys      = gotags.KnownKeys
)
