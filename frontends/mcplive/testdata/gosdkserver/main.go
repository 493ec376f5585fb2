// Command gosdkserver is an MCP server on the go-sdk for mcplive's tests:
// -tools N tools registered with mcp.AddTool, served -page at a time.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type searchIn struct {
	Query string `json:"query" jsonschema:"words to look for"`
	Limit int    `json:"limit,omitempty" jsonschema:"most results to return"`
}

type searchOut struct {
	Hits []string `json:"hits"`
}

func main() {
	tools := flag.Int("tools", 3, "number of tools")
	page := flag.Int("page", 0, "tools per tools/list page (0: the SDK's default)")
	flag.Parse()
	s := mcp.NewServer(&mcp.Implementation{Name: "gosdk-test", Version: "1.2.3"}, &mcp.ServerOptions{PageSize: *page})
	for i := range *tools {
		tool := &mcp.Tool{Name: fmt.Sprintf("search_%03d", i), Description: fmt.Sprintf("Search index %d.", i),
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}
		mcp.AddTool(s, tool, func(context.Context, *mcp.CallToolRequest, searchIn) (*mcp.CallToolResult, searchOut, error) {
			return nil, searchOut{}, nil
		})
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
