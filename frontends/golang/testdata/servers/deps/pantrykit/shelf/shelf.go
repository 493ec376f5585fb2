// Package shelf is a dependency module of ours for the golden
// mcpgo/depends (issue 28): it builds a tool a server of another module
// registers, as Azure/mcp-kubernetes builds the helm tool Azure/aks-mcp
// registers.
package shelf

import "github.com/mark3labs/mcp-go/mcp"

const kind = "shelf"

// LabelTool is the tool that prints a shelf label.
func LabelTool() mcp.Tool {
	return mcp.NewTool("print_label",
		mcp.WithDescription("Prints a label for a "+kind+"."),
		mcp.WithString("text", mcp.Required(), mcp.Description("Label text")),
	)
}

// SizedTool takes an argument: tscg does not read it.
func SizedTool(max int) mcp.Tool {
	return mcp.NewTool("size_label", mcp.WithNumber("width", mcp.Max(float64(max))))
}
