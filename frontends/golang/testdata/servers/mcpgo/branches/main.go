// Command branches is a golden of ours (issue 28): a tool name defined
// twice, once per branch of an if statement, so that the server registers
// one of them: directly in the two arms, and through two constructor
// functions the arms call, the condition read from an environment
// variable through a helper with a fallback (unset when the listing is
// recorded: the default configuration).
package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// envOr is the value of an environment variable, or fallback when unset.
func envOr(key, fallback string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return fallback
}

func writesEnabled() bool {
	mode := envOr("PANTRY_GOLDEN_WRITES", "off")
	return strings.ToLower(mode) == "on"
}

// restockSafe is the tool without the destructive option.
func restockSafe() mcp.Tool {
	return mcp.NewTool("restock",
		mcp.WithDescription("Restocks a shelf of the pantry."),
		mcp.WithDestructiveHintAnnotation(false),
		mcp.WithString("shelf", mcp.Required(), mcp.Description("Shelf to restock")),
	)
}

// restockFull may also empty the shelf first.
func restockFull() mcp.Tool {
	return mcp.NewTool("restock",
		mcp.WithDescription("Restocks a shelf of the pantry, emptying it first on request."),
		mcp.WithString("shelf", mcp.Required(), mcp.Description("Shelf to restock")),
		mcp.WithBoolean("empty_first", mcp.Description("Throw away what is on the shelf first")),
	)
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("branches golden", "0.1.0")
	var restock mcp.Tool
	if writesEnabled() {
		restock = restockFull()
	} else {
		restock = restockSafe()
	}
	s.AddTool(restock, handle)
	if os.Getenv("PANTRY_GOLDEN_VERBOSE") != "" {
		s.AddTool(mcp.NewTool("count_items",
			mcp.WithDescription("Counts the items of a shelf, with a line per item."),
			mcp.WithString("shelf", mcp.Description("Shelf to count")),
			mcp.WithBoolean("per_item", mcp.Description("One line per item")),
		), handle)
	} else {
		s.AddTool(mcp.NewTool("count_items",
			mcp.WithDescription("Counts the items of a shelf."),
			mcp.WithString("shelf", mcp.Description("Shelf to count")),
		), handle)
	}
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
