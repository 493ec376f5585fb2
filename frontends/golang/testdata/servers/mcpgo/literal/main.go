// Command literal is a golden of ours: mcp-go tools written as mcp.Tool
// literals with an mcp.ToolInputSchema (an empty Properties map, and
// properties with Required), registered on one server.
package main

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("literal golden", "0.1.0")

	s.AddTool(mcp.Tool{
		Name:        "list_folders",
		Description: "Lists the folders the client shared",
		InputSchema: mcp.ToolInputSchema{
			Type:       "object",
			Properties: map[string]any{},
		},
	}, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("no folders"), nil
	})

	s.AddTool(mcp.Tool{
		Name:        "ask_model",
		Description: "Ask the client's model a question",
		InputSchema: mcp.ToolInputSchema{
			Type: "object",
			Properties: map[string]any{
				"question": map[string]any{
					"type":        "string",
					"description": "The question for the model",
				},
				"persona": map[string]any{
					"type":        "string",
					"description": "Optional persona for the model to take",
				},
			},
			Required: []string{"question"},
		},
	}, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		q, err := req.RequireString("question")
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("asked: " + q), nil
	})

	s.AddTool(mcp.Tool{
		Name:        "welcome",
		Description: "Welcome a visitor",
		InputSchema: mcp.ToolInputSchema{
			Type: "object",
			Properties: map[string]any{
				"visitor": map[string]any{
					"type":        "string",
					"description": "Name of the visitor",
				},
			},
			Required: []string{"visitor"},
		},
	}, handleWelcome)

	if err := server.ServeStdio(s); err != nil {
		fmt.Printf("literal: %v\n", err)
	}
}

func handleWelcome(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("welcome, " + req.GetString("visitor", "visitor")), nil
}
