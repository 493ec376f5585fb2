// Command tables is a golden of ours (issue 28): properties an option
// helper's closure sets from a package table, the shape of Azure/aks-mcp's
// Inspektor Gadget tool: a slice of struct literals holding maps of
// parameter definitions and a func field (not read, not used), a helper
// collecting them into one map in nested range loops (continue past a
// nil map, keys prefixed with the entry's name), and a closure that
// ranges over that map, reads each definition with comma-ok type
// assertions and sets t.InputSchema.Properties[key]; a switch in the
// loop whose break ends only the switch.
package main

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const (
	sowing  = "sowing"
	harvest = "harvest"
)

type task struct {
	Name   string
	Params map[string]any
	Prep   func(in map[string]any) string
}

var tasks = []task{
	{
		Name: sowing,
		Params: map[string]any{
			"depth": map[string]any{"type": "number", "description": "Depth in centimetres"},
			"row":   map[string]any{"description": "Row to sow"},
		},
		Prep: func(in map[string]any) string { return fmt.Sprint(in["depth"]) },
	},
	{Name: "weeding"},
	{
		Name: harvest,
		Params: map[string]any{
			"ripe_only": map[string]any{"type": "boolean", "description": "Only what is ripe"},
			"note":      "not a definition",
		},
	},
}

func taskParams() map[string]any {
	params := make(map[string]any)
	for _, t := range tasks {
		if t.Params == nil {
			continue
		}
		for key, value := range t.Params {
			params[t.Name+"."+key] = value
		}
	}
	return params
}

func withTaskParams() mcp.ToolOption {
	return func(t *mcp.Tool) {
		for key, value := range taskParams() {
			def, ok := value.(map[string]any)
			if !ok {
				continue
			}
			desc := ""
			if d, ok := def["description"].(string); ok {
				desc = d
			}
			typ := "string"
			if tp, ok := def["type"].(string); ok {
				typ = tp
			}
			switch typ {
			case "boolean":
				desc += " (yes or no)"
				break
			case "number":
				desc += " (a number)"
			}
			t.InputSchema.Properties[key] = map[string]any{
				"type":        typ,
				"description": desc,
			}
		}
	}
}

func gardenTool() mcp.Tool {
	return mcp.NewTool("garden_task",
		mcp.WithDescription("Runs a garden task."),
		mcp.WithString("task", mcp.Required(), mcp.Description("Task to run")),
		withTaskParams(),
	)
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("tables golden", "0.1.0")
	s.AddTool(gardenTool(), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
