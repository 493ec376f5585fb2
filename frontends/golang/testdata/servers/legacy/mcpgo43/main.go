// Command mcpgo43 is a golden of ours on mcp-go v0.43.2 (issue 28): from
// v0.39.0 to v0.43.x mcp-go's ToolInputSchema was written by its struct
// tags, which leave an empty properties map out, so a tool without
// parameters lists {"type": "object"} (the shape of
// VictoriaMetrics-Community/mcp-victoriametrics's cloud tools).
package main

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("mcpgo43 golden", "0.1.0")
	s.AddTool(mcp.NewTool("list_regions",
		mcp.WithDescription("Lists the regions a pantry ships to."),
		mcp.WithReadOnlyHintAnnotation(true),
	), handle)
	s.AddTool(mcp.NewTool("ship_box",
		mcp.WithDescription("Ships a box."),
		mcp.WithString("region", mcp.Required(), mcp.Description("Where to")),
	), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
