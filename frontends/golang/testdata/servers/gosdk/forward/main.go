// Command forward is a golden of ours (issue 28): go-sdk tools registered
// through a generic helper of the project that wraps the handler and
// calls mcp.AddTool with the tool it is given (the shape of
// GoogleCloudPlatform/gke-mcp's registry.RegisterTool), next to a direct
// registration; tscg reads each call of the helper as a registration,
// with In and Out as the caller instantiates them.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type options struct{ dryRun bool }

// register wraps every handler so that a dry run answers without acting.
func register[In, Out any](s *mcp.Server, o *options, tool *mcp.Tool, h func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) {
	mcp.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		if o.dryRun {
			var zero Out
			return &mcp.CallToolResult{}, zero, nil
		}
		return h(ctx, req, in)
	})
}

type restockArgs struct {
	Item  string `json:"item" jsonschema:"the item to restock"`
	Count int    `json:"count,omitempty" jsonschema:"how many to add"`
}

type restockResult struct {
	Total int `json:"total"`
}

type peekArgs struct {
	Shelf string `json:"shelf"`
}

func restock(ctx context.Context, req *mcp.CallToolRequest, in restockArgs) (*mcp.CallToolResult, restockResult, error) {
	return nil, restockResult{Total: in.Count}, nil
}

func peek(ctx context.Context, req *mcp.CallToolRequest, in peekArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{}, nil, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "forward golden", Version: "0.1.0"}, nil)
	o := &options{}
	register(s, o, &mcp.Tool{
		Name:        "restock",
		Description: "Adds items to the pantry.",
		Annotations: &mcp.ToolAnnotations{IdempotentHint: false},
	}, restock)
	register(s, o, &mcp.Tool{Name: "peek", Description: "Looks at a shelf."}, peek)
	mcp.AddTool(s, &mcp.Tool{Name: "tidy", Description: "Tidies the pantry."}, func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
