// Command environ is a golden of ours (issue 28): mcp-go tools whose
// descriptions and defaults the constructor computes from environment
// variables, with a default when one is unset (tscg reads them as the
// server computes them started with none set, with a warning), and a
// description with a part only a run can tell (a placeholder <…> with a
// warning; the tool is still built).
package main

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const (
	envHost  = "PANTRY_HOST"
	envOwner = "PANTRY_OWNER"
	// defaultHost is where the pantry service listens unless told.
	defaultHost = "http://localhost:7070"
)

var shelves = []string{"top", "middle", "bottom"}

// shelfCount counts in a loop, which tscg does not run.
func shelfCount() int {
	n := 0
	for range shelves {
		n++
	}
	return n
}

func stockTool() mcp.Tool {
	host := os.Getenv(envHost)
	if host == "" {
		host = defaultHost
	}
	owner := os.Getenv(envOwner)
	return mcp.NewTool("check_stock",
		mcp.WithDescription("Checks what the pantry holds."),
		mcp.WithString("item", mcp.Required(), mcp.Description("Item to look for")),
		mcp.WithString("host",
			mcp.Description(fmt.Sprintf("Pantry service (default: %s from %s)", host, envHost)),
			mcp.DefaultString(host),
		),
		mcp.WithString("owner",
			mcp.Description(fmt.Sprintf("Whose pantry (default: %q from %s)", owner, envOwner)),
		),
	)
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("environ golden", "0.1.0")
	s.AddTool(stockTool(), handle)
	s.AddTool(mcp.NewTool("count_shelves",
		mcp.WithDescription("Counts the shelves: "+strconv.Itoa(shelfCount())+" in all."),
		mcp.WithReadOnlyHintAnnotation(true),
	), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
