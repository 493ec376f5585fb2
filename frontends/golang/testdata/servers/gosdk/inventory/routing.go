package main

import (
	"maps"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// routingParams are the input properties a proxy routes by, and the
// header each is projected onto.
var routingParams = map[string]string{"shelf": "Shelf", "to": "Destination"}

// annotateRouting marks the tool's routing properties with
// "x-routing-header", on copies: the definition's schema is shared.
func annotateRouting(tool *mcp.Tool) {
	schema, ok := tool.InputSchema.(*jsonschema.Schema)
	if !ok || schema == nil {
		return
	}
	var marked []string
	for prop := range routingParams {
		if ps := schema.Properties[prop]; ps != nil {
			if _, done := ps.Extra["x-routing-header"]; !done {
				marked = append(marked, prop)
			}
		}
	}
	if len(marked) == 0 {
		return
	}
	schemaCopy := *schema
	schemaCopy.Properties = maps.Clone(schema.Properties)
	for _, prop := range marked {
		propCopy := *schemaCopy.Properties[prop]
		extra := make(map[string]any, len(propCopy.Extra)+1)
		maps.Copy(extra, propCopy.Extra)
		extra["x-routing-header"] = routingParams[prop]
		propCopy.Extra = extra
		schemaCopy.Properties[prop] = &propCopy
	}
	tool.InputSchema = &schemaCopy
}
