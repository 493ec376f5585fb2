// Command conformance is a golden of ours in the shape of a conformance
// server: tools registered by a helper called from main, handlers that
// take any, typed inputs with jsonschema tags and omitempty fields, raw
// json.RawMessage schemas that use 2020-12 keywords ($defs, $anchor,
// allOf/anyOf, if/then/else, const, enum) and an x- extension keyword, a
// json.RawMessage input type, handler factories typed
// mcp.ToolHandlerFor[any, any], and a tool that only a tool call adds;
// prompts with titles, registered by a helper of their own.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "conformance", Version: "0.1.0"}, nil)
	registerTools(server)
	registerPrompts(server)
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Printf("conformance: %v", err)
	}
}

func registerTools(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{
		Name:        "check_plain_text",
		Description: "Checks a plain text answer",
	}, plainTextHandler)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "check_failure",
		Description: "Checks that a failing tool is reported as a tool error",
	}, failureHandler)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "check_echo",
		Description: "Checks arguments that carry a description from a jsonschema tag",
	}, echoHandler)

	// A schema with 2020-12 keywords must reach tools/list unchanged.
	mcp.AddTool(server, &mcp.Tool{
		Name:        "check_schema_2020_12",
		Description: "Checks a schema with 2020-12 keywords (conformance of the listing)",
		InputSchema: json.RawMessage(`{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"type": "object",
			"$defs": {
				"parcel": {
					"$anchor": "parcelDef",
					"type": "object",
					"properties": {
						"weight": { "type": "number" },
						"label": { "type": "string" }
					}
				}
			},
			"properties": {
				"sender": { "type": "string" },
				"parcel": { "$ref": "#/$defs/parcel" },
				"delivery": { "type": "string", "enum": ["post", "courier"] },
				"postcode": { "type": "string" },
				"courierId": { "type": "string" }
			},
			"allOf": [
				{ "anyOf": [{ "required": ["postcode"] }, { "required": ["courierId"] }] }
			],
			"if": {
				"properties": { "delivery": { "const": "courier" } },
				"required": ["delivery"]
			},
			"then": { "required": ["courierId"] },
			"else": { "required": ["postcode"] },
			"additionalProperties": false
		}`),
	}, rawInputHandler)

	// An extension keyword on a property.
	mcp.AddTool(server, &mcp.Tool{
		Name:        "check_header_param",
		Description: "Checks a parameter mirrored into a request header",
		InputSchema: json.RawMessage(`{
			"type": "object",
			"properties": {
				"tenant": { "type": "string", "description": "mirrored into X-Tenant", "x-mcp-header": "Tenant" },
				"depth": { "type": "integer", "description": "not mirrored" }
			}
		}`),
	}, headerHandler)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "check_list_change",
		Description: "Adds a tool, so that the server announces a changed tool list",
	}, makeListChangeHandler(server))

	mcp.AddTool(server, &mcp.Tool{
		Name:        "check_closure",
		Description: "Checks a handler made by a function returning mcp.ToolHandlerFor",
	}, makeClosureHandler("closure"))
}

func plainTextHandler(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "plain text"}}}, nil, nil
}

func failureHandler(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	return nil, nil, fmt.Errorf("this tool always fails")
}

type echoInput struct {
	Words string `json:"words" jsonschema:"The words to send back"`
}

func echoHandler(ctx context.Context, req *mcp.CallToolRequest, in echoInput) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Words}}}, nil, nil
}

func rawInputHandler(ctx context.Context, req *mcp.CallToolRequest, in json.RawMessage) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "got " + string(in)}}}, nil, nil
}

type headerInput struct {
	Tenant string `json:"tenant,omitempty"`
	Depth  int    `json:"depth,omitempty"`
}

func headerHandler(ctx context.Context, req *mcp.CallToolRequest, in headerInput) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "tenant " + in.Tenant}}}, nil, nil
}

// makeListChangeHandler returns a handler that registers a tool of its
// own: the server lists it only after a call.
func makeListChangeHandler(server *mcp.Server) mcp.ToolHandlerFor[any, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
		mcp.AddTool(server, &mcp.Tool{
			Name:        "added_by_a_call",
			Description: "A tool that a call to check_list_change adds",
		}, func(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{}, nil, nil
		})
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "tool list changed"}}}, nil, nil
	}
}

// makeClosureHandler returns a handler that answers with a fixed word.
func makeClosureHandler(word string) mcp.ToolHandlerFor[any, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: word}}}, nil, nil
	}
}

func registerPrompts(server *mcp.Server) {
	server.AddPrompt(&mcp.Prompt{
		Name:        "check_plain_prompt",
		Title:       "Plain Check Prompt",
		Description: "A prompt without arguments",
	}, plainPrompt)
	server.AddPrompt(&mcp.Prompt{
		Name:        "check_prompt_arguments",
		Title:       "Check Prompt With Arguments",
		Description: "A prompt with two required arguments",
		Arguments: []*mcp.PromptArgument{
			{Name: "left", Description: "First argument", Required: true},
			{Name: "right", Description: "Second argument", Required: true},
		},
	}, plainPrompt)
}

func plainPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "check"}}}}, nil
}
