// Command folded is a golden of ours (issue 28): mcp-go tools whose
// strings are built from constants (+, fmt.Sprintf, strings.Join,
// strings.ToLower, a function of the package returning one) and whose
// options come from the project's own helpers (a func(*mcp.Tool) applying
// options, one returning an option), and one tool registered twice with
// the same definition.
package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const product = "Larder"

// Shelf is a named string type without a String method: fmt prints its
// value as it is.
type Shelf string

const topShelf Shelf = "top"

var units = []string{"grams", "cups", "pieces"}

func pantryNote(what string) string {
	return "Reads the " + what + " of the " + product + " pantry."
}

// WithPaging adds the paging parameters every list tool takes.
func WithPaging() mcp.ToolOption {
	return func(t *mcp.Tool) {
		mcp.WithNumber("page", mcp.Description("Page to return, from 1."), mcp.Min(1))(t)
		mcp.WithNumber("perPage", mcp.Description(fmt.Sprintf("Items per page, at most %d.", 50)), mcp.Min(1), mcp.Max(50))(t)
	}
}

func withShelf(desc string) mcp.ToolOption {
	return mcp.WithString("shelf", mcp.Required(), mcp.Description(desc))
}

func listItems() mcp.Tool {
	return mcp.NewTool("list_items",
		mcp.WithDescription(fmt.Sprintf("Lists the items of the %s pantry, %d per page by default.", product, 20)),
		WithPaging(),
		withShelf("Shelf to list, in "+strings.ToLower("ANY")+" case."),
	)
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("folded golden", "0.1.0")
	s.AddTool(listItems(), handle)
	s.AddTool(mcp.NewTool("convert_amount",
		mcp.WithDescription(pantryNote("amounts")+" Units: "+strings.Join(units, ", ")+"."),
		mcp.WithString("unit", mcp.Enum("grams", "cups"), mcp.Description(strings.Join([]string{"Unit", "to", "use"}, " "))),
	), handle)
	s.AddTool(mcp.NewTool("reach_shelf",
		mcp.WithDescription(fmt.Sprintf("Reaches the %s shelf of the %s.", topShelf, product)),
	), handle)
	// Registered again with the same definition: the listing has it once.
	s.AddTool(listItems(), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
