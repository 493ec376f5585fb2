package runtime

import "github.com/tscg/tscg/internal/gotags"

// The struct tags SchemaFor reads have invopop/jsonschema's meaning, the
// same meaning tscg's Go frontend gives them when it reads the source, so
// a struct gets one schema whether it is compiled or reflected: both use
// the parsers of internal/gotags (standard library only).
type (
	jsonTag   = gotags.JSONTag
	schemaTag = gotags.SchemaTag
	tagPair   = gotags.Pair
)

var (
	parseJSONTag   = gotags.ParseJSON
	parseSchemaTag = gotags.ParseSchema
)

// tagExtras reads `jsonschema_extras:"k=v,…"` (values as gotags.ExtraValue);
// a repeated key collects its values in a list.
func tagExtras(tag string) (keys []string, vals map[string]any) {
	if tag == "" {
		return nil, nil
	}
	lists := map[string][]any{}
	for _, p := range gotags.ParseExtras(tag) {
		k, v := p.Key, p.Value
		if _, seen := lists[k]; !seen {
			keys = append(keys, k)
		}
		lists[k] = append(lists[k], gotags.ExtraValue(v))
	}
	vals = map[string]any{}
	for k, l := range lists {
		if len(l) == 1 {
			vals[k] = l[0]
		} else {
			vals[k] = l
		}
	}
	return keys, vals
}
