// Command spread is a golden of ours (issue 28): mcp-go tools whose
// options are built in a slice before mcp.NewTool(name, opts...), the
// shape of Azure/aks-mcp and VictoriaMetrics-Community/mcp-victoriametrics:
// a literal, appends (one of another slice with ...), an if on a method
// of the server's configuration reading a field one literal sets (taken,
// as the server does), an if on an environment variable (read unset: left
// out, with a warning), property options in a slice with a conditional
// Required, and enum values from a function returning a slice.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type settings struct{ shared bool }

// Shared reports whether the pantry is shared between households.
func (s *settings) Shared() bool { return s.shared }

const (
	fresh  = "fresh"
	frozen = "frozen"
)

func storageKinds() []string {
	return []string{fresh, frozen, "dried"}
}

func pagingOptions() []mcp.ToolOption {
	return []mcp.ToolOption{
		mcp.WithNumber("page", mcp.Description("Page to return")),
	}
}

func listTool(s *settings, defaultShelf string) mcp.Tool {
	options := []mcp.ToolOption{
		mcp.WithDescription("Lists what a shelf holds."),
		mcp.WithReadOnlyHintAnnotation(true),
	}
	if s.Shared() {
		options = append(options,
			mcp.WithString("household", mcp.Required(), mcp.Description("Whose part of the pantry")),
		)
	}
	if os.Getenv("PANTRY_SPREAD_AUDIT") != "" {
		options = append(options, mcp.WithBoolean("audit", mcp.Description("Log the read")))
	}
	shelfOpts := []mcp.PropertyOption{mcp.Description("Shelf to list")}
	if defaultShelf == "" {
		shelfOpts = append(shelfOpts, mcp.Required())
	}
	options = append(options,
		mcp.WithString("shelf", shelfOpts...),
		mcp.WithString("storage", mcp.Enum(storageKinds()...)),
	)
	options = append(options, pagingOptions()...)
	return mcp.NewTool("list_shelf", options...)
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("spread golden", "0.1.0")
	s.AddTool(listTool(&settings{shared: true}, ""), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
