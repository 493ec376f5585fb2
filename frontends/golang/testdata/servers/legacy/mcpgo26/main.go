// Command mcpgo26 is a golden of ours on mcp-go v0.26.0 (issue 28): before
// v0.27.0 mcp-go's annotation hints were bools with omitempty, so its
// tools/list carries a hint only when it is true — NewTool's defaults
// publish destructiveHint and openWorldHint alone, and a hint set to false
// is not published at all. (v0.26 has WithToolAnnotation, not the
// per-hint options.)
package main

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func main() {
	s := server.NewMCPServer("mcp-go 0.26 golden", "0.1.0")
	s.AddTool(mcp.NewTool("count_seeds",
		mcp.WithDescription("Counts the seeds left in one packet."),
		mcp.WithString("packet", mcp.Required(), mcp.Description("Packet label")),
	), handle)
	s.AddTool(mcp.NewTool("read_label",
		mcp.WithDescription("Reads a packet's label without changing anything."),
		mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: true, DestructiveHint: false, OpenWorldHint: false}),
	), handle)
	s.AddTool(mcp.NewTool("sow_row",
		mcp.WithDescription("Sows one row; sowing the same row twice changes nothing."),
		mcp.WithToolAnnotation(mcp.ToolAnnotation{Title: "Sow a row", DestructiveHint: true, IdempotentHint: true, OpenWorldHint: true}),
		mcp.WithNumber("row", mcp.Required(), mcp.Min(1)),
	), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
