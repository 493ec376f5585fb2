package gosdk

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// In is the input.
type In struct {
	City  string   `json:"city" jsonschema:"the city"`
	Days  int      `json:"days,omitempty"`
	Words []string `json:"words"`
}

// Out is the output.
type Out struct {
	Lines []string `json:"lines"`
}

const prefix = "get_"

func handler(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func untyped(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// Forecast returns the forecast.
//
//tscg:tool
//tscg:readonly
func Forecast(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func name() string { return "dynamic" }

func register(s *mcp.Server, desc string) {
	mcp.AddTool(s, &mcp.Tool{
		Name:        prefix + "weather",
		Title:       "Weather",
		Description: "Get the weather.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: jsonschema.Ptr(false)},
	}, handler)
	tool := &mcp.Tool{Name: "ping", Description: "Ping."}
	mcp.AddTool(s, tool, untyped)
	s.AddTool(&mcp.Tool{
		Name:        "raw",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`),
	}, raw)
	s.AddTool(&mcp.Tool{
		Name: "schema_literal",
		InputSchema: &jsonschema.Schema{
			Type:       "object",
			Properties: map[string]*jsonschema.Schema{"n": {Type: "integer", Minimum: jsonschema.Ptr(1.0)}},
		},
	}, raw)
	mcp.AddTool(s, &mcp.Tool{Name: name()}, handler)
	mcp.AddTool(s, &mcp.Tool{Name: "described", Description: desc}, handler)
	s.AddTool(&mcp.Tool{Name: "no_schema"}, raw)
	s.AddTool(&mcp.Tool{Name: "bad_json", InputSchema: json.RawMessage(`{"type":`)}, raw)
}

// Note is a type no tool uses, listed in the catalog. Its jsonschema tags
// mean what google/jsonschema-go reads in them, as the package imports
// the go-sdk and not invopop: the whole tag is the description, commas
// and "required," included; nothing is an invopop key.
type Note struct {
	Text string `json:"text" jsonschema:"required,the note, e.g. buy milk, eggs"`
	Pin  bool   `json:"pin,omitempty" jsonschema:"pin it on top, first, always"`
}

// listRewriter changes what tools/list returns for some sessions only:
// tscg cannot run it (the session is known when a client calls), a
// warning at its use names it.
func listRewriter() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if method == listMethod {
				if l, ok := res.(*mcp.ListToolsResult); ok && len(l.Tools) > 0 && req.GetSession().ID() != "" {
					l.Tools = l.Tools[1:]
				}
			}
			return res, err
		}
	}
}

const listMethod = "tools/list"

// counted does not look at tools/list: no warning.
func counted(next mcp.MethodHandler) mcp.MethodHandler {
	calls := 0
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		calls++
		return next(ctx, method, req)
	}
}

func addMiddleware(s *mcp.Server) {
	s.AddReceivingMiddleware(listRewriter(), counted)
}

// newSessionServer registers late_tool only when a client's session
// starts, and only when what it was built with says so: tscg lists the
// tool with a warning naming the handler.
func newSessionServer(appsOn bool) *mcp.Server {
	var s *mcp.Server
	s = mcp.NewServer(&mcp.Implementation{Name: "session"}, &mcp.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			if appsOn {
				addLate(s)
			}
		},
	})
	return s
}

func addLate(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "late_tool", Description: "Added when a session starts."}, handler)
}
