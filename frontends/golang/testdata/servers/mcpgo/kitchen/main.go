// Command kitchen is a golden of ours: mcp-go tools registered by a
// constructor that wraps the server, named by typed string constants
// (string(NAME)), with and without options: WithToolIcons, DefaultNumber,
// DefaultString, a description split over lines, titles, annotation hints,
// Enum, MinLength, Pattern, WithStringItems, WithInteger; handlers that
// are package functions, function literals and made by a factory; beside
// them hooks, a prompt, a resource and a resource template.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type ToolName string

const (
	SHOUT       ToolName = "shout"
	SUM         ToolName = "sum"
	SLOW_TASK   ToolName = "slowTask"
	TINY_SKETCH ToolName = "tinySketch"
)

// Kitchen wraps the server, as a constructor may return it.
type Kitchen struct {
	server *server.MCPServer
}

// NewKitchen builds the server and registers every tool.
func NewKitchen() *Kitchen {
	hooks := &server.Hooks{}
	hooks.AddBeforeAny(func(ctx context.Context, id any, method mcp.MCPMethod, message any) {
		fmt.Fprintf(os.Stderr, "before %s\n", method)
	})
	hooks.AddAfterCallTool(func(ctx context.Context, id any, message *mcp.CallToolRequest, result any) {
		fmt.Fprintf(os.Stderr, "called %s\n", message.Params.Name)
	})
	s := server.NewMCPServer("kitchen golden", "0.1.0",
		server.WithToolCapabilities(true),
		server.WithResourceCapabilities(true, true),
		server.WithPromptCapabilities(true),
		server.WithLogging(),
		server.WithHooks(hooks),
	)

	s.AddResource(mcp.NewResource("kitchen://menu", "Menu",
		mcp.WithResourceDescription("Today's menu"),
		mcp.WithMIMEType("text/plain"),
	), func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, MIMEType: "text/plain", Text: "soup"}}, nil
	})
	s.AddResourceTemplate(mcp.NewResourceTemplate("kitchen://dish/{name}", "Dish",
		mcp.WithTemplateDescription("One dish"),
	), func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: "a dish"}}, nil
	})
	s.AddPrompt(mcp.NewPrompt("order_prompt",
		mcp.WithPromptDescription("Order a dish"),
		mcp.WithArgument("dish", mcp.ArgumentDescription("The dish to order"), mcp.RequiredArgument()),
	), func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return mcp.NewGetPromptResult("order", []mcp.PromptMessage{
			mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("Order "+req.Params.Arguments["dish"])),
		}), nil
	})

	s.AddTool(mcp.NewTool(string(SHOUT),
		mcp.WithDescription("Shouts the words back"),
		mcp.WithString("words",
			mcp.Description("Words to shout"),
			mcp.Required(),
		),
		mcp.WithToolIcons(mcp.Icon{Src: "https://example.org/megaphone.png", Sizes: []string{"24x24"}}),
	), handleShout)

	s.AddTool(
		mcp.NewTool("beep"),
		handleBeep,
	)

	s.AddTool(mcp.NewTool("boop"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(fmt.Sprintf("boop %v", req.GetArguments()["times"])), nil
	})

	s.AddTool(mcp.NewTool(string(SUM),
		mcp.WithDescription("Sums two numbers"),
		mcp.WithNumber("x",
			mcp.Description("First addend"),
			mcp.Required(),
		),
		mcp.WithNumber("y",
			mcp.Description("Second addend"),
			mcp.Required(),
		),
	), handleSum)

	s.AddTool(mcp.NewTool(
		string(SLOW_TASK),
		mcp.WithDescription(
			"Runs a slow task and reports progress along the way",
		),
		mcp.WithNumber("seconds",
			mcp.Description("How long the task runs"),
			mcp.DefaultNumber(4),
		),
		mcp.WithNumber("ticks",
			mcp.Description("How many progress reports"),
			mcp.DefaultNumber(2),
		),
	), handleSlowTask)

	s.AddTool(mcp.NewTool(string(TINY_SKETCH),
		mcp.WithDescription("Returns a tiny sketch"),
	), handleSketch)

	s.AddTool(mcp.NewTool("link_to",
		mcp.WithDescription("Returns a link to a sample file"),
		mcp.WithString("kind",
			mcp.Description("Kind of file to link to"),
			mcp.DefaultString("sheet")),
	), handleLink)

	s.AddTool(mcp.NewTool("find_tickets",
		mcp.WithDescription("Find tickets by text and state"),
		mcp.WithToolTitle("Find tickets"),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithOpenWorldHintAnnotation(false),
		mcp.WithString("text", mcp.Required(), mcp.Description("Text to find"), mcp.MinLength(2), mcp.Pattern("^[a-z ]+$")),
		mcp.WithString("state", mcp.Enum("new", "held", "closed")),
		mcp.WithInteger("page", mcp.Min(1), mcp.DefaultNumber(1)),
		mcp.WithArray("tags", mcp.WithStringItems(mcp.MinLength(1))),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("no tickets for " + req.GetString("text", "")), nil
	})

	s.AddTool(mcp.NewTool("close_ticket",
		mcp.WithDescription("Close one ticket"),
		mcp.WithTitleAnnotation("Close a ticket"),
		mcp.WithDestructiveHintAnnotation(false),
		mcp.WithIdempotentHintAnnotation(true),
		mcp.WithString("id", mcp.Required(), mcp.Description("Ticket ID")),
	), confirmHandler("closed"))

	s.AddTool(mcp.NewTool("check_text",
		mcp.WithDescription("Returns a fixed text")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("fixed text"), nil
		})

	return &Kitchen{server: s}
}

func handleShout(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	w, err := req.RequireString("words")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(w + "!"), nil
}

func handleBeep(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("beep"), nil
}

func handleSum(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	x, y := req.GetFloat("x", 0), req.GetFloat("y", 0)
	return mcp.NewToolResultText(fmt.Sprint(x + y)), nil
}

func handleSlowTask(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func handleSketch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("(a sketch)"), nil
}

func handleLink(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	kind := req.GetString("kind", "sheet")
	return &mcp.CallToolResult{Content: []mcp.Content{
		mcp.NewResourceLink("file:///samples/"+kind, "Sample "+kind, "a sample", "text/plain"),
	}}, nil
}

// confirmHandler makes a handler that answers with one word.
func confirmHandler(word string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(word), nil
	}
}

func main() {
	k := NewKitchen()
	if err := server.ServeStdio(k.server); err != nil {
		fmt.Printf("kitchen: %v\n", err)
	}
}
