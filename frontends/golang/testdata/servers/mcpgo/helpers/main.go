// Command helpers is a golden of ours (issue 28): mcp-go tools built with
// an option helper of another package (paging.WithPaging()), a tool
// constructor whose body defines locals before returning mcp.NewTool, an
// object parameter without properties (mcp-go publishes "properties": {}),
// a tool registered from a constructor in a method, and a raw-schema tool
// whose Annotations and Description are assigned after it is made.
package main

import (
	"context"
	"encoding/json"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"tscg.test/servers/mcpgo/helpers/paging"
)

const area = "orchard"

func listTrees() mcp.Tool {
	verb := "List"
	return mcp.NewTool("list_trees",
		mcp.WithDescription(verb+" the trees of the "+area+"."),
		mcp.WithString("row", mcp.Description("Row to list"), mcp.Required()),
		paging.WithPaging(),
	)
}

func plantTree() mcp.Tool {
	return mcp.NewTool("plant_tree",
		mcp.WithDescription("Plant a tree."),
		mcp.WithObject("options", mcp.Description("Free-form planting options")),
		mcp.WithObject("spot", mcp.Description("Where"), mcp.Properties(map[string]any{
			"row": map[string]any{"type": "integer"},
		})),
	)
}

type orchard struct{ s *server.MCPServer }

func (o *orchard) register() {
	o.s.AddTool(listTrees(), handle)
	o.s.AddTool(plantTree(), handle)
	readOnly := mcp.ToolAnnotation{
		Title:          "Count fruit",
		ReadOnlyHint:   mcp.ToBoolPtr(true),
		IdempotentHint: mcp.ToBoolPtr(true),
	}
	countFruit := mcp.NewToolWithRawSchema("count_fruit", "Counts fruit.", json.RawMessage(`{
		"type": "object",
		"properties": {"tree": {"type": "string", "description": "the tree's tag"}},
		"required": []
	}`))
	countFruit.Annotations = readOnly
	countFruit.Description = "Counts the fruit on one tree."
	o.s.AddTool(countFruit, handle)
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func main() {
	s := server.NewMCPServer("helpers golden", "0.1.0")
	(&orchard{s: s}).register()
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
