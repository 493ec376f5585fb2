// Command greeter is a golden of ours: two go-sdk servers in one package,
// typed handlers registered by mcp.AddTool from main and from a helper,
// argument structs declared inside main and at package level, a pointer
// input, an empty structured output (struct{}) and no output (any).
// With -second it serves the second server over stdio, else the first.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// WaveArgs is what the wave tool takes.
type WaveArgs struct {
	Person string `json:"person" mcp:"who to wave at"`
}

// Wave answers with text and an empty structured result.
func Wave(ctx context.Context, req *mcp.CallToolRequest, args WaveArgs) (*mcp.CallToolResult, struct{}, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "*waves at " + args.Person + "*"}}}, struct{}{}, nil
}

type NodArgs struct {
	Person string `json:"person"`
}

func nod(ctx context.Context, req *mcp.CallToolRequest, args NodArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "*nods at " + args.Person + "*"}}}, nil, nil
}

// ClockArgs names the clock the readClock tool reads.
type ClockArgs struct {
	Zone string `json:"zone" jsonschema:"Zone to read (utc or local)"`
}

// readClock takes its arguments by pointer.
func readClock(ctx context.Context, req *mcp.CallToolRequest, args *ClockArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "noon in " + args.Zone}}}, nil, nil
}

// addClock registers the clock tool outside main.
func addClock(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{
		Name:        "readClock",
		Description: "Read the clock of one zone: utc or local",
	}, readClock)
}

func main() {
	second := flag.Bool("second", false, "serve the second server")
	flag.Parse()

	first := mcp.NewServer(&mcp.Implementation{Name: "greeter-one"}, nil)

	// The salute tool's arguments, declared where they are used; the
	// jsonschema tag is the description.
	type salute struct {
		Rank string `json:"rank" jsonschema:"the rank to salute"`
	}
	mcp.AddTool(first, &mcp.Tool{
		Name:        "salute",
		Description: "salute an officer",
	}, func(ctx context.Context, req *mcp.CallToolRequest, args salute) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "salutes the " + args.Rank}}}, nil, nil
	})
	mcp.AddTool(first, &mcp.Tool{Name: "wave", Description: "wave at someone"}, Wave)
	addClock(first)
	mcp.AddTool(first, &mcp.Tool{Name: "nod1", Description: "nod once"}, nod)

	other := mcp.NewServer(&mcp.Implementation{Name: "greeter-two"}, nil)
	mcp.AddTool(other, &mcp.Tool{Name: "nod2", Description: "nod twice"}, nod)

	s := first
	if *second {
		s = other
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Printf("greeter: %v", err)
	}
}
