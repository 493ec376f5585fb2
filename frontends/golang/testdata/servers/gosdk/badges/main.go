// Command badges is a golden of ours: go-sdk tools whose listing carries
// what is no part of their schema: icons written in the literal and in a
// package variable, _meta as an mcp.Meta map (nested values, keys out of
// order), an empty Meta and Icons (omitempty: not published), and icons
// from a function call (not readable statically: a warning, the tool
// listed without them).
package main

import (
	"context"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stampIcons are shared by two tools.
var stampIcons = []mcp.Icon{
	{Source: "https://badges.example.net/stamp-light.png", MIMEType: "image/png", Sizes: []string{"16x16", "32x32"}, Theme: mcp.IconThemeLight},
	{Source: "https://badges.example.net/stamp-dark.png", Theme: mcp.IconThemeDark},
}

// PinArgs name the badge to pin.
type PinArgs struct {
	Label string `json:"label" jsonschema:"the text on the badge"`
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "badges", Version: "0.1.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{
		Name:        "pin_badge",
		Description: "Pin a badge to the board",
		Icons:       []mcp.Icon{{Source: "https://badges.example.net/pin.svg", MIMEType: "image/svg+xml", Sizes: []string{"any"}}},
		Meta: mcp.Meta{
			"zeta/rank":   2,
			"alpha/owner": "board team",
			"ui":          map[string]any{"color": "teal", "slots": []string{"top", "left"}, "wide": true},
		},
	}, pin)
	mcp.AddTool(server, &mcp.Tool{Name: "stamp_badge", Description: "Stamp a badge", Icons: stampIcons}, pin)
	mcp.AddTool(server, &mcp.Tool{Name: "copy_badge", Icons: stampIcons, Meta: mcp.Meta{"copies": 3}}, pin)
	mcp.AddTool(server, &mcp.Tool{Name: "plain_badge", Icons: []mcp.Icon{}, Meta: mcp.Meta{}}, pin)
	mcp.AddTool(server, &mcp.Tool{Name: "drawn_badge", Icons: drawnIcons("teal")}, pin)
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Printf("badges: %v", err)
	}
}

// drawnIcons makes an icon at run time.
func drawnIcons(color string) []mcp.Icon {
	return []mcp.Icon{{Source: "https://badges.example.net/" + strings.ToLower(color) + ".png"}}
}

func pin(ctx context.Context, req *mcp.CallToolRequest, args PinArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pinned " + args.Label}}}, nil, nil
}
