// Package shelf holds the tools of the gated golden (issue 28), each a
// package variable built with mcp.NewTool, and their handlers.
package shelf

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ListJarsTool lists the jars; read only.
var ListJarsTool = mcp.NewTool("list_jars",
	mcp.WithDescription("Lists the jars on a shelf."),
	mcp.WithString("shelf", mcp.Description("Shelf to list"), mcp.Required()),
)

// FindJarTool finds one jar; read only.
var FindJarTool = mcp.NewTool("find_jar",
	mcp.WithDescription("Finds a jar by its label."),
	mcp.WithString("label", mcp.Description("Label to look for"), mcp.Required()),
)

// FillJarTool writes.
var FillJarTool = mcp.NewTool("fill_jar",
	mcp.WithDescription("Fills a jar."),
	mcp.WithString("label", mcp.Description("Jar to fill"), mcp.Required()),
	mcp.WithNumber("grams", mcp.Description("How much to add")),
)

// EmptyJarTool writes.
var EmptyJarTool = mcp.NewTool("empty_jar",
	mcp.WithDescription("Empties a jar."),
	mcp.WithString("label", mcp.Description("Jar to empty"), mcp.Required()),
)

// AuditTool is registered by a helper that returns early unless enabled.
var AuditTool = mcp.NewTool("read_audit",
	mcp.WithDescription("Reads the audit log of the pantry."),
)

// WeighTool is registered by the same helper with a value known only at
// run time.
var WeighTool = mcp.NewTool("weigh_jar",
	mcp.WithDescription("Weighs a jar."),
	mcp.WithString("label", mcp.Description("Jar to weigh"), mcp.Required()),
)

// Handle answers every tool of the golden.
func Handle() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("done"), nil
	}
}
