package mcpgo

import (
	"context"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Args is a typed input.
type Args struct {
	Owner string `json:"owner"`
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func register(s *server.MCPServer, extra []mcp.ToolOption, n string) {
	s.AddTool(mcp.NewTool("search",
		mcp.WithDescription("Search issues."),
		mcp.WithToolTitle("Search"),
		mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithString("query", mcp.Required(), mcp.Description("What to find"), mcp.MinLength(1), mcp.Pattern("^[a-z]+$")),
		mcp.WithNumber("limit", mcp.Min(1), mcp.Max(100), mcp.DefaultNumber(10)),
		mcp.WithString("state", mcp.Enum("open", "closed")),
		mcp.WithArray("labels", mcp.WithStringItems(mcp.MinLength(1))),
		mcp.WithObject("filter", mcp.Properties(map[string]any{"author": map[string]any{"type": "string"}})),
		mcp.WithBoolean("draft", mcp.DefaultBool(false)),
	), handle)
	s.AddTool(mcp.NewTool("typed", mcp.WithInputSchema[Args](), mcp.WithOutputSchema[Args]()), handle)
	s.AddTool(mcp.Tool{
		Name:        "literal",
		Description: "A literal tool.",
		InputSchema: mcp.ToolInputSchema{Type: "object", Properties: map[string]any{"x": map[string]any{"type": "string"}}, Required: []string{"x"}},
	}, handle)
	s.AddTool(mcp.NewTool(n), handle)
	s.AddTool(mcp.NewTool("spread", extra...), handle)
	s.AddTool(mcp.NewTool("helper", myOption()), handle)
	// time.Duration formats through its String method: not folded.
	s.AddTool(mcp.NewTool("waits", mcp.WithDescription(fmt.Sprintf("Waits %v.", 2*time.Second))), handle)
	// A loop that skips elements (continue) is not followed: refused.
	s.AddTool(mcp.NewTool("skips", mcp.WithString("kind", mcp.Enum(kinds()...))), handle)
}

var allKinds = []string{"a", "", "b"}

func kinds() []string {
	var out []string
	for _, k := range allKinds {
		if k == "" {
			continue
		}
		out = append(out, k)
	}
	return out
}

func myOption() mcp.ToolOption { return mcp.WithDescription("x") }

// newHookedServer registers late_hooked only when a session registers
// (an mcp-go session hook): tscg lists it with a warning naming the hook.
func newHookedServer() *server.MCPServer {
	hooks := &server.Hooks{}
	var s *server.MCPServer
	hooks.AddOnRegisterSession(func(ctx context.Context, session server.ClientSession) {
		s.AddTool(mcp.NewTool("late_hooked", mcp.WithDescription("Added when a session registers.")), handle)
	})
	s = server.NewMCPServer("hooked", "1.0.0", server.WithHooks(hooks))
	return s
}

// readyNotifier is told when a session is ready; tokenShelf adds its
// tool the first time, as servers that add tools once a session has
// credentials do. A hook reaches it through the interface and a tool's
// handler directly: tscg lists late_token with a warning naming the hook.
type readyNotifier interface{ SessionReady(id string) }

type tokenShelf struct {
	s     *server.MCPServer
	added bool
}

func (t *tokenShelf) SessionReady(id string) {
	if !t.added {
		t.addTokenTools()
	}
}

func (t *tokenShelf) addTokenTools() {
	t.added = true
	t.s.AddTool(mcp.NewTool("late_token", mcp.WithDescription("Added once a session is ready.")), handle)
}

var notifier readyNotifier

func newTokenServer() *server.MCPServer {
	hooks := &server.Hooks{}
	s := server.NewMCPServer("tokens", "1.0.0", server.WithHooks(hooks))
	shelf := &tokenShelf{s: s}
	notifier = shelf
	hooks.AddBeforeListTools(func(ctx context.Context, id any, req *mcp.ListToolsRequest) {
		notifier.SessionReady(fmt.Sprint(id))
	})
	s.AddTool(mcp.NewTool("ready_check", mcp.WithDescription("Checks the session.")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		shelf.SessionReady("check")
		return nil, nil
	})
	return s
}

// newDiveServer adds deep_dive only while start_dive runs (a tool's
// handler registering another): not in the server's tools/list at
// start, so tscg leaves it out with a warning.
func newDiveServer() *server.MCPServer {
	s := server.NewMCPServer("dive", "1.0.0")
	s.AddTool(mcp.NewTool("start_dive", mcp.WithDescription("Starts a dive.")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		addDive(s)
		return nil, nil
	})
	return s
}

func addDive(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("deep_dive", mcp.WithDescription("Goes deeper.")), handle)
}
