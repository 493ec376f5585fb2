// Command typed is a golden of ours: one mcp-go tool built with
// mcp.NewTool and a parameter of each kind (WithString, WithNumber with
// Min and Max, WithBoolean with DefaultBool, WithArray with Items,
// WithObject with Properties, WithAny), served by a typed handler whose
// argument struct has an anonymous nested struct.
package main

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// IntroArgs are the typed arguments of the introduce tool.
type IntroArgs struct {
	Nickname string   `json:"nickname"`
	Height   int      `json:"height"`
	IsAdmin  bool     `json:"is_admin"`
	Hobbies  []string `json:"hobbies"`
	Address  struct {
		Street string `json:"street"`
		Town   string `json:"town"`
	} `json:"address"`
	Extra any `json:"extra"`
}

// main serves the introduce tool over stdio.
//
// The tool's schema is spelled with mcp-go's options; the handler reads
// the same fields from IntroArgs.
func main() {
	s := server.NewMCPServer("Typed golden", "0.1.0", server.WithToolCapabilities(false))

	tool := mcp.NewTool("introduce",
		mcp.WithDescription("Introduce a person to the group"),
		mcp.WithString("nickname",
			mcp.Required(),
			mcp.Description("What the person likes to be called"),
		),
		mcp.WithNumber("height",
			mcp.Description("Height in centimetres"),
			mcp.Min(30),
			mcp.Max(272),
		),
		mcp.WithBoolean("is_admin",
			mcp.Description("Whether the person runs the group"),
			mcp.DefaultBool(false),
		),
		mcp.WithArray("hobbies",
			mcp.Description("What the person does for fun"),
			mcp.Items(map[string]any{"type": "string"}),
		),
		mcp.WithObject("address",
			mcp.Description("Where the person lives"),
			mcp.Properties(map[string]any{
				"street": map[string]any{
					"type":        "string",
					"description": "Street and number",
				},
				"town": map[string]any{
					"type":        "string",
					"description": "Town",
				},
			}),
		),
		mcp.WithAny("extra",
			mcp.Description("Anything else, of any type"),
		),
	)
	s.AddTool(tool, mcp.NewTypedToolHandler(introduce))

	if err := server.ServeStdio(s); err != nil {
		fmt.Printf("typed: %v\n", err)
	}
}

// introduce greets the person described by args.
func introduce(ctx context.Context, request mcp.CallToolRequest, args IntroArgs) (*mcp.CallToolResult, error) {
	if args.Nickname == "" {
		return mcp.NewToolResultError("nickname is required"), nil
	}
	msg := "Everyone, meet " + args.Nickname + "."
	if args.IsAdmin {
		msg += " They run the group."
	}
	if len(args.Hobbies) > 0 {
		msg += fmt.Sprintf(" Hobbies: %v.", args.Hobbies)
	}
	if args.Address.Town != "" {
		msg += " From " + args.Address.Town + "."
	}
	return mcp.NewToolResultText(msg), nil
}
