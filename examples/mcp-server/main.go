// Command mcp-server serves a Go agent's tscg-generated executors (the
// weather package of examples/agent) as an MCP server on stdin/stdout:
// the registry validates every call, and runtime/mcp renders tools/list
// and tools/call from it. Try it with any MCP host, or by hand:
//
//	go run ./examples/mcp-server
//
// then write JSON-RPC lines (initialize, notifications/initialized,
// tools/list, tools/call) to its stdin. With -http ADDR it serves
// streamable HTTP instead, with /metrics.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/examples/agent/weather"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/mcp"
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on ADDR instead of stdio")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *addr); err != nil {
		fmt.Fprintln(os.Stderr, "mcp-server:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, addr string) error {
	metrics := runtime.NewMemoryMetrics()
	reg := runtime.NewRegistry(runtime.WithMetrics(metrics))
	reg.Use(runtime.Recover())
	if err := weather.Register(reg, tools{}); err != nil {
		return err
	}
	srv := mcp.NewServer(&mcp.ToolSet{Registry: reg}, mcp.Options{Name: "weather", MaxConcurrent: 8})
	if addr == "" {
		return srv.Run(ctx, mcp.Drain(&sdk.StdioTransport{}))
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return srv.Serve(ctx, ln, mcp.HTTPOptions{Metrics: metrics})
}
