package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type gardenShelf struct{}

func (g *gardenShelf) Name() string { return "garden" }

// SeedArgs names a seed packet.
type SeedArgs struct {
	Seed string `json:"seed" jsonschema:"the seed to sow"`
}

func sowSeeds(ctx context.Context, req *mcp.CallToolRequest, args SeedArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "sown: " + args.Seed}}}, nil, nil
}

func (g *gardenShelf) Stock(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "sow_seeds", Description: "Sows seeds in the garden."}, sowSeeds)
}

func init() {
	Register(&gardenShelf{})
}
