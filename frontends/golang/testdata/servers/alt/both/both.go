// Package both registers tools through both SDKs (issue 28): two
// alternative servers, one per SDK, chosen by a flag, that share a tool
// name; and one name defined twice on the same server, outside any
// branch, which stays a duplicate.
package both

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type shelfIn struct {
	Shelf string `json:"shelf" jsonschema:"the shelf to read"`
}

func readShelf(ctx context.Context, req *gosdk.CallToolRequest, in shelfIn) (*gosdk.CallToolResult, any, error) {
	return nil, nil, nil
}

// Official is the go-sdk server, one tool.
func Official() *gosdk.Server {
	s := gosdk.NewServer(&gosdk.Implementation{Name: "both", Version: "0.1.0"}, nil)
	gosdk.AddTool(s, &gosdk.Tool{Name: "read_shelf", Description: "Reads a shelf (go-sdk server)."}, readShelf)
	return s
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

// Classic is the mcp-go server, the one most tools are registered on.
func Classic() *server.MCPServer {
	s := server.NewMCPServer("both", "0.1.0")
	s.AddTool(mcp.NewTool("read_shelf", mcp.WithDescription("Reads a shelf."), mcp.WithString("shelf", mcp.Required())), handle)
	s.AddTool(mcp.NewTool("count_shelf", mcp.WithDescription("Counts a shelf.")), handle)
	s.AddTool(mcp.NewTool("count_shelf", mcp.WithDescription("Counts a shelf, again.")), handle)
	return s
}
