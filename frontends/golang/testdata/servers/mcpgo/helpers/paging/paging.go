// Package paging is a helper package of the golden mcpgo/helpers: an
// option helper of another package of the project (issue 28).
package paging

import "github.com/mark3labs/mcp-go/mcp"

// WithPaging adds the paging parameters to a tool.
func WithPaging() mcp.ToolOption {
	return func(tool *mcp.Tool) {
		mcp.WithNumber("page",
			mcp.Description("Page number, from 1"),
			mcp.Min(1),
		)(tool)
		mcp.WithNumber("perPage",
			mcp.Description("Rows per page (1 to 50)"),
			mcp.Min(1),
			mcp.Max(50),
		)(tool)
	}
}
