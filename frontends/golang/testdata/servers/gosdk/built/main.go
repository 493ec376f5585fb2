// Command built is a golden of ours (issue 28): a go-sdk tool made by a
// tool constructor (a function of the package returning *mcp.Tool, whose
// body defines the hint values before the literal), registered in a
// method; and tools whose annotations a helper of the package builds
// from its arguments (writeHints(true, false), the shape of
// c0tton-fluff/caido-mcp-server's writeAnn).
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ShelfArgs picks a shelf.
type ShelfArgs struct {
	Shelf string `json:"shelf" jsonschema:"the shelf's label"`
	Depth int8   `json:"depth,omitempty"`
}

func countTool() *mcp.Tool {
	yes := true
	no := false
	return &mcp.Tool{
		Name:        "count_books",
		Description: "Counts the books on one shelf.",
		Annotations: &mcp.ToolAnnotations{
			Title:           "Count books",
			ReadOnlyHint:    yes,
			OpenWorldHint:   &no,
			DestructiveHint: &no,
		},
	}
}

func flagOf(b bool) *bool { return &b }

// writeHints are the hints of a tool that writes.
func writeHints(destructive, idempotent bool) *mcp.ToolAnnotations {
	return &mcp.ToolAnnotations{
		DestructiveHint: flagOf(destructive),
		IdempotentHint:  idempotent,
		OpenWorldHint:   flagOf(false),
	}
}

func count(ctx context.Context, req *mcp.CallToolRequest, args ShelfArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: args.Shelf}}}, nil, nil
}

type library struct{ s *mcp.Server }

func (l *library) register() {
	mcp.AddTool(l.s, countTool(), count)
	mcp.AddTool(l.s, &mcp.Tool{Name: "shelve_book", Description: "Puts a book on a shelf.", Annotations: writeHints(false, true)}, count)
	mcp.AddTool(l.s, &mcp.Tool{Name: "burn_book", Description: "Removes a book for good.", Annotations: writeHints(true, false)}, count)
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "built golden", Version: "0.1.0"}, nil)
	(&library{s: s}).register()
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
