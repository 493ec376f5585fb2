// Command switched is a golden of ours (issue 28): descriptions a tool
// constructor picks in a switch, the shape of Azure/aks-mcp's
// call_kubectl (Azure/mcp-kubernetes): a switch on a constant tag (tscg
// takes the matching case), one on an environment variable (read unset:
// the default case, with a warning), one without a tag whose cases are
// conditions (the first true one), the description declared with var
// before the switch; and a switch on a method of the server's
// configuration reading a field one literal sets (tscg takes that value).
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const (
	edition  = "community"
	envMode  = "GARDEN_SWITCH_MODE"
	maxPlots = 4
	kinds    = "bean, pea, kale"
)

type config struct{ access string }

// Access is how much the server may change.
func (c *config) Access() string { return c.access }

func plantTool() mcp.Tool {
	var description string
	switch edition {
	case "pro", "team":
		description = fmt.Sprintf("Plants any seed (%s and more).", kinds)
	case "community":
		description = fmt.Sprintf("Plants one of: %s.", kinds)
	default:
		description = "Plants nothing."
	}
	return mcp.NewTool("plant_seed",
		mcp.WithDescription(description),
		mcp.WithString("kind", mcp.Required()),
	)
}

func weedTool() mcp.Tool {
	desc := "Pulls weeds"
	switch mode := os.Getenv(envMode); mode {
	case "gentle":
		desc += " by hand."
	case "thorough":
		desc += " with a hoe."
	default:
		desc += " the usual way."
	}
	return mcp.NewTool("pull_weeds", mcp.WithDescription(desc))
}

func plotTool() mcp.Tool {
	var size string
	switch {
	case maxPlots > 8:
		size = "large"
	case edition == "community":
		size = "small"
	default:
		size = "medium"
	}
	return mcp.NewTool("count_plots",
		mcp.WithDescription("Counts the plots of a "+size+" garden."),
	)
}

func fenceTool(c *config) mcp.Tool {
	var desc string
	switch c.Access() {
	case "readonly":
		desc = "Shows the fence."
	default:
		desc = "Mends the fence."
	}
	return mcp.NewTool("mend_fence", mcp.WithDescription("Fence: "+desc))
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("switched golden", "0.1.0")
	s.AddTool(plantTool(), handle)
	s.AddTool(weedTool(), handle)
	s.AddTool(plotTool(), handle)
	s.AddTool(fenceTool(&config{access: "readonly"}), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
