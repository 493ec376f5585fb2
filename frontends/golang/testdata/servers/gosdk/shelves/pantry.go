package main

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type pantryShelf struct{}

func (pantryShelf) Name() string { return "pantry" }

// JarArgs names a jar.
type JarArgs struct {
	Jar string `json:"jar" jsonschema:"the jar to count"`
}

func countJars(ctx context.Context, req *mcp.CallToolRequest, args JarArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "3 jars of " + args.Jar}}}, nil, nil
}

func (pantryShelf) Stock(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "count_jars", Description: "Counts the jars of the pantry."}, countJars)
}

func init() {
	Register(pantryShelf{})
}
