// Command mcpgoserver is an MCP server on mark3labs/mcp-go for mcplive's
// tests: four tools declared with mcp.NewTool, served two a page. It is
// its own module, so tscg's go.mod does not depend on mcp-go.
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("mcpgo-test", "7.8.9", server.WithToolCapabilities(false), server.WithPaginationLimit(2))
	for _, unit := range []string{"meters", "feet", "miles", "yards"} {
		tool := mcp.NewTool("to_"+unit,
			mcp.WithDescription(fmt.Sprintf("Convert a length to %s.", unit)),
			mcp.WithNumber("length", mcp.Required(), mcp.Description("the length to convert"), mcp.Min(0)),
			mcp.WithString("from", mcp.Enum("meters", "feet"), mcp.Description("its unit")),
		)
		s.AddTool(tool, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("0"), nil
		})
	}
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
