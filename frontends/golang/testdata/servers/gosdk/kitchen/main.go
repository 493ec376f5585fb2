// Command kitchen is a golden of ours: go-sdk tools with names that are
// not identifiers, tools without a description, icons, a title and
// annotations, pointer inputs and outputs, a handler made by a function
// call, and handlers that take any.
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	icons := kitchenIcons()
	server := mcp.NewServer(&mcp.Implementation{Name: "kitchen", Icons: icons}, &mcp.ServerOptions{Instructions: "A kitchen of tools."})

	mcp.AddTool(server, &mcp.Tool{Name: "order", Description: "order a dish"}, orderTool)
	mcp.AddTool(server, &mcp.Tool{Name: "order (structured)"}, plateTool)               // structured output
	mcp.AddTool(server, &mcp.Tool{Name: "order (with Icons)", Icons: icons}, plateTool) // icons on the tool
	mcp.AddTool(server, &mcp.Tool{Name: "order (as link)"}, menuLinkTool(icons))        // handler from a call
	mcp.AddTool(server, &mcp.Tool{Name: "bell"}, bellTool)                              // any input
	mcp.AddTool(server, &mcp.Tool{Name: "shout"}, shoutTool)                            // any input
	mcp.AddTool(server, &mcp.Tool{Name: "taste (ask)"}, tasteTool)                      // any input
	mcp.AddTool(server, &mcp.Tool{
		Name:        "clean_up",
		Title:       "Clean the kitchen",
		Description: "Wipe every bench; safe to repeat",
		Annotations: &mcp.ToolAnnotations{
			IdempotentHint:  true,
			DestructiveHint: jsonschema.Ptr(true),
			OpenWorldHint:   jsonschema.Ptr(false),
		},
	}, cleanTool)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "read_menu",
		Description: "Read today's menu",
		Annotations: &mcp.ToolAnnotations{Title: "Menu", ReadOnlyHint: true},
	}, orderTool)

	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Printf("kitchen: %v", err)
	}
}

type dish struct {
	Name string `json:"name" jsonschema:"the dish to order"`
}

// orderTool answers with content only.
//
// Its output type is any, so no output schema.
func orderTool(ctx context.Context, req *mcp.CallToolRequest, d dish) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "one " + d.Name}}}, nil, nil
}

// menuLinkTool makes a handler that answers with a link.
func menuLinkTool(icons []mcp.Icon) func(ctx context.Context, req *mcp.CallToolRequest, d dish) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, req *mcp.CallToolRequest, d dish) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ResourceLink{
			Name: "menu", Title: "The menu", MIMEType: "text/plain", URI: "data:text/plain," + d.Name, Icons: icons,
		}}}, nil, nil
	}
}

type plate struct {
	Served string `json:"served" jsonschema:"what was served"`
}

// plateTool takes and returns pointers.
func plateTool(ctx context.Context, req *mcp.CallToolRequest, d *dish) (*mcp.CallToolResult, *plate, error) {
	return nil, &plate{Served: "a plate of " + d.Name}, nil
}

func bellTool(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if err := req.Session.Ping(ctx, nil); err != nil {
		return nil, nil, fmt.Errorf("bell: %v", err)
	}
	return nil, nil, nil
}

func shoutTool(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "YES CHEF"}}}, nil, nil
}

func tasteTool(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "salty"}}}, nil, nil
}

func cleanTool(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "clean"}}}, nil, nil
}

func kitchenIcons() []mcp.Icon {
	return []mcp.Icon{{
		Source:   "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='8' height='8'/%3E",
		MIMEType: "image/svg+xml",
		Sizes:    []string{"8x8"},
		Theme:    mcp.IconThemeDark,
	}}
}
