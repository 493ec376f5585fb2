// Command shapes is a golden of ours: one lookup tool written five ways —
// mcp.AddTool with schemas inferred from its types, Server.AddTool with
// package-level *jsonschema.Schema values and a method value handler,
// Server.AddTool with a json.RawMessage schema, mcp.AddTool with its input
// schema given, and mcp.AddTool with a schema built at run time (which a
// static reader must refuse).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Query is the input of every lookup.
type Query struct {
	Term string `json:"term" jsonschema:"the word to look up"`
}

// Answer is the structured output of a lookup.
//
// Not every tool here has one.
type Answer struct {
	Meaning string `json:"meaning" jsonschema:"what the word means"`
}

// lookup is a typed handler.
func lookup(_ context.Context, _ *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Answer, error) {
	return nil, Answer{"the meaning of " + q.Term}, nil
}

// manualLookup checks its input and output itself, so it keeps their
// resolved schemas.
type manualLookup struct {
	in, out *jsonschema.Resolved
}

func (m *manualLookup) look(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	fail := func(format string, args ...any) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}}, IsError: true}
	}
	var raw map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &raw); err != nil {
		return fail("bad input: %v", err), nil
	}
	if err := m.in.Validate(raw); err != nil {
		return fail("invalid input: %v", err), nil
	}
	var q Query
	if err := json.Unmarshal(req.Params.Arguments, &q); err != nil {
		return fail("bad input: %v", err), nil
	}
	a := Answer{Meaning: "the meaning of " + q.Term}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: a.Meaning}}, StructuredContent: a}, nil
}

var (
	querySchema = &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"term": {Type: "string", MaxLength: jsonschema.Ptr(24)},
			// A list of type names is published as that list.
			"weight": {Types: []string{"string", "number", "boolean"}, Description: "how much the term counts"},
		},
	}
	answerSchema = &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"meaning": {Type: "string"},
		},
	}
)

func newManualLookup() (*manualLookup, error) {
	in, err := querySchema.Resolve(nil)
	if err != nil {
		return nil, err
	}
	out, err := answerSchema.Resolve(nil)
	if err != nil {
		return nil, err
	}
	return &manualLookup{in: in, out: out}, nil
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "shapes"}, nil)

	mcp.AddTool(server, &mcp.Tool{Name: "inferred lookup"}, lookup)

	m, err := newManualLookup()
	if err != nil {
		log.Fatal(err)
	}
	server.AddTool(&mcp.Tool{
		Name:         "manual lookup",
		InputSchema:  querySchema,
		OutputSchema: answerSchema,
	}, m.look)

	server.AddTool(&mcp.Tool{
		Name:        "raw lookup",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"word":{"type":"string"}}}`),
	}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args struct{ Word string }
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "looked up " + args.Word}}}, nil
	})

	mcp.AddTool(server, &mcp.Tool{
		Name:        "given lookup 1",
		InputSchema: querySchema,
	}, lookup)

	built, err := jsonschema.For[Query](nil)
	if err != nil {
		log.Fatal(err)
	}
	built.Properties["term"].MaxLength = jsonschema.Ptr(24)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "given lookup 2",
		InputSchema: built,
	}, lookup)

	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Printf("shapes: %v", err)
	}
}
