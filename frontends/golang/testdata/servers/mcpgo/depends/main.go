// Command depends is a golden of ours (issue 28): an mcp-go server that
// registers tools a dependency module builds (tscg.test/pantrykit, a
// module of ours replaced by a directory): one returned by a constructor
// without arguments (read in the dependency's source), one by a
// constructor with an argument (not read: an error naming it).
package main

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"tscg.test/pantrykit/shelf"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("depends golden", "0.1.0")
	label := shelf.LabelTool()
	s.AddTool(label, handle)
	s.AddTool(shelf.SizedTool(40), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
