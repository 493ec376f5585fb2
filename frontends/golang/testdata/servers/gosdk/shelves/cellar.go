package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type cellarShelf struct{}

func (c *cellarShelf) Name() string { return "cellar" }

// BottleArgs names a bottle.
type BottleArgs struct {
	Bottle string `json:"bottle" jsonschema:"the bottle to find"`
}

func findBottle(ctx context.Context, req *mcp.CallToolRequest, args BottleArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "rack 2: " + args.Bottle}}}, nil, nil
}

func (c *cellarShelf) Stock(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "find_bottle", Description: "Finds a bottle in the cellar."}, findBottle)
	mcp.AddTool(s, &mcp.Tool{Name: "list_racks", Description: "Lists the racks of the cellar."}, findBottle)
}

func init() {
	Register(&cellarShelf{})
}
