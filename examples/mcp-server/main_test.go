package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/examples/agent/weather"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/mcp"
)

// TestServes drives the example's registry with the go-sdk client, as an
// MCP host would.
func TestServes(t *testing.T) {
	reg := runtime.NewRegistry()
	if err := weather.Register(reg, tools{}); err != nil {
		t.Fatal(err)
	}
	ct, st := sdk.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := mcp.NewServer(&mcp.ToolSet{Registry: reg}, mcp.Options{}).Connect(ctx, st); err != nil {
		t.Fatal(err)
	}
	sess, err := sdk.NewClient(&sdk.Implementation{Name: "host", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	list, err := sess.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 4 {
		t.Fatalf("tools/list: %v %v", list, err)
	}
	res, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: "get_weather", Arguments: json.RawMessage(`{"location":"Lima, Peru"}`)})
	if err != nil || res.IsError || res.StructuredContent == nil {
		t.Fatalf("get_weather: %+v %v", res, err)
	}
	res, err = sess.CallTool(ctx, &sdk.CallToolParams{Name: "get_weather", Arguments: json.RawMessage(`{}`)})
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*sdk.TextContent).Text, "location") {
		t.Fatalf("invalid call: %+v %v", res, err)
	}
}
