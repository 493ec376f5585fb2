// Command kitchen is a golden of ours: go-sdk tools with names that are
// not identifiers, tools without a description, icons (from an embedded
// file), a title and annotations, pointer inputs and outputs, a handler
// made by a function call, and handlers that take any; beside them a
// prompt, a resource, a resource template and a completion handler.
package main

import (
	"context"
	_ "embed"
	"fmt"
	"log"
	"net/url"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	icons := kitchenIcons()
	opts := &mcp.ServerOptions{
		Instructions:      "A kitchen of tools.",
		CompletionHandler: complete,
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "kitchen", Icons: icons}, opts)

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

	server.AddPrompt(&mcp.Prompt{Name: "order", Icons: icons}, prompt)
	server.AddResource(&mcp.Resource{Name: "menu", MIMEType: "text/plain", URI: "kitchen:menu", Icons: icons}, menu)
	server.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "dish card",
		MIMEType:    "text/plain",
		URITemplate: "kitchen:dish/{name}",
	}, menu)

	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Printf("kitchen: %v", err)
	}
}

func prompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{
		Description: "order prompt",
		Messages: []*mcp.PromptMessage{
			{Role: "user", Content: &mcp.TextContent{Text: "Order " + req.Params.Arguments["dish"]}},
		},
	}, nil
}

func menu(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	u, err := url.Parse(req.Params.URI)
	if err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
		{URI: req.Params.URI, MIMEType: "text/plain", Text: "today: " + u.Opaque},
	}}, nil
}

func complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{
		Total:  1,
		Values: []string{req.Params.Argument.Value + " soup"},
	}}, nil
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

//go:embed icon.svg
var iconSVG string

func kitchenIcons() []mcp.Icon {
	return []mcp.Icon{{
		Source:   "data:image/svg+xml," + url.PathEscape(iconSVG),
		MIMEType: "image/svg+xml",
		Sizes:    []string{"8x8"},
		Theme:    mcp.IconThemeDark,
	}}
}
