// Command dive is a golden of ours (issue 28): a tool whose handler
// registers another (deep_dive, added while start_dive runs, as servers
// that unlock tools on request do). The server's tools/list at start has
// start_dive alone, and so has tscg's listing, with a warning at
// deep_dive's registration.
package main

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func addDeepDive(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("deep_dive",
		mcp.WithDescription("Reads one level deeper into the archive."),
		mcp.WithString("level", mcp.Required(), mcp.Description("The level to open")),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("opened"), nil
	})
}

func main() {
	s := server.NewMCPServer("dive golden", "0.1.0", server.WithToolCapabilities(true))
	s.AddTool(mcp.NewTool("start_dive",
		mcp.WithDescription("Unlocks deep_dive for this server."),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		addDeepDive(s)
		return mcp.NewToolResultText("deep_dive is now listed"), nil
	})
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
