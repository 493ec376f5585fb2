// Command badges is a golden of ours: mcp-go tools whose listing carries
// what is no part of their schema: WithToolIcons (one icon, two, none),
// WithTaskSupport, and mcp.Tool literals with Icons, Execution and Meta
// (&mcp.Meta{…} with a progress token and additional fields,
// mcp.NewMetaFromMap, an empty &mcp.Meta{}), WithDeferLoading (true and
// false) and DeferLoading in a literal, and a tool variable whose Icons,
// Meta and DeferLoading are assigned after mcp.NewTool.
package main

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var ribbon = mcp.Icon{Src: "https://badges.example.net/ribbon.png", MIMEType: "image/png", Sizes: []string{"48x48"}}

func main() {
	s := server.NewMCPServer("badges", "0.1.0", server.WithToolCapabilities(false))

	s.AddTool(mcp.NewTool("pin_badge",
		mcp.WithDescription("Pin a badge to the board"),
		mcp.WithToolIcons(ribbon, mcp.Icon{Src: "https://badges.example.net/pin.svg", Theme: mcp.IconThemeDark}),
		mcp.WithTaskSupport(mcp.TaskSupportOptional),
		mcp.WithDeferLoading(true),
		mcp.WithString("label", mcp.Required(), mcp.Description("the text on the badge")),
	), answer)
	s.AddTool(mcp.NewTool("count_badges",
		mcp.WithDescription("Count the badges on the board"),
		mcp.WithToolIcons(),
		mcp.WithTaskSupport(mcp.TaskSupportForbidden),
		mcp.WithDeferLoading(false),
	), answer)
	s.AddTool(mcp.Tool{
		Name:        "show_badge",
		Description: "Show one badge",
		InputSchema: mcp.ToolInputSchema{Type: "object", Properties: map[string]any{"label": map[string]any{"type": "string"}}},
		Icons:       []mcp.Icon{ribbon},
		Execution:   &mcp.ToolExecution{TaskSupport: mcp.TaskSupportRequired},
		Meta:        &mcp.Meta{ProgressToken: "show", AdditionalFields: map[string]any{"zeta": 1, "alpha": map[string]any{"b": true, "a": "x"}}},
	}, answer)
	s.AddTool(mcp.Tool{
		Name:         "hide_badge",
		InputSchema:  mcp.ToolInputSchema{Type: "object"},
		Meta:         mcp.NewMetaFromMap(map[string]any{"owner": "board team", "hidden": true}),
		DeferLoading: true,
	}, answer)
	s.AddTool(mcp.Tool{
		Name:        "blank_badge",
		InputSchema: mcp.ToolInputSchema{Type: "object"},
		Meta:        &mcp.Meta{},
		Execution:   &mcp.ToolExecution{},
	}, answer)

	polish := mcp.NewTool("polish_badge", mcp.WithDescription("Polish a badge"))
	polish.Icons = []mcp.Icon{ribbon}
	polish.Meta = mcp.NewMetaFromMap(map[string]any{"shine": "high"})
	polish.DeferLoading = true
	s.AddTool(polish, answer)

	if err := server.ServeStdio(s); err != nil {
		log.Printf("badges: %v", err)
	}
}

func answer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}
