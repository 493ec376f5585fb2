// Command environ is a golden of ours (issue 28): mcp-go tools whose
// descriptions and defaults the constructor computes from environment
// variables, with a default when one is unset (tscg reads them as the
// server computes them started with none set, with a warning), counts
// computed in loops (a range loop over a package slice, a three-clause
// loop with constant bounds: run by tscg's evaluator), and a description
// with a part only a run can tell, a loop running past the evaluator's
// step limit (a placeholder <…> with warnings naming the loop and the
// part; the tool is still built).
package main

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const (
	envHost  = "PANTRY_HOST"
	envOwner = "PANTRY_OWNER"
	// defaultHost is where the pantry service listens unless told.
	defaultHost = "http://localhost:7070"
)

var shelves = []string{"top", "middle", "bottom"}

// shelfCount counts in a range loop.
func shelfCount() int {
	n := 0
	for range shelves {
		n++
	}
	return n
}

// binCount counts in a three-clause loop.
func binCount() int {
	n := 0
	for i := 0; i < 2*len(shelves); i++ {
		if i > 1 {
			n++
		}
	}
	return n
}

// jarCount loops longer than tscg evaluates.
func jarCount() int {
	n := 0
	for i := 0; i < 100000; i++ {
		n++
	}
	return n
}

func stockTool() mcp.Tool {
	host := os.Getenv(envHost)
	if host == "" {
		host = defaultHost
	}
	owner := os.Getenv(envOwner)
	return mcp.NewTool("check_stock",
		mcp.WithDescription("Checks what the pantry holds."),
		mcp.WithString("item", mcp.Required(), mcp.Description("Item to look for")),
		mcp.WithString("host",
			mcp.Description(fmt.Sprintf("Pantry service (default: %s from %s)", host, envHost)),
			mcp.DefaultString(host),
		),
		mcp.WithString("owner",
			mcp.Description(fmt.Sprintf("Whose pantry (default: %q from %s)", owner, envOwner)),
		),
	)
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("done"), nil
}

func main() {
	s := server.NewMCPServer("environ golden", "0.1.0")
	s.AddTool(stockTool(), handle)
	s.AddTool(mcp.NewTool("count_shelves",
		mcp.WithDescription("Counts the shelves: "+strconv.Itoa(shelfCount())+" in all, "+strconv.Itoa(binCount())+" bins."),
		mcp.WithReadOnlyHintAnnotation(true),
	), handle)
	s.AddTool(mcp.NewTool("count_jars",
		mcp.WithDescription("Counts the jars: "+strconv.Itoa(jarCount())+" at most."),
	), handle)
	if err := server.ServeStdio(s); err != nil {
		fmt.Println(err)
	}
}
