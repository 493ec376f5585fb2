// Command greeter is a golden of ours: two go-sdk servers in one package,
// typed handlers registered by mcp.AddTool from main and from a helper,
// argument structs declared inside main and at package level, a pointer
// input, an empty structured output (struct{}) and no output (any); beside
// them code that registers no tool: a receiving middleware, a transport of
// its own and a client that calls a tool. With -second it serves the
// second server over its own line transport on stdin/stdout, else the
// first over mcp.StdioTransport.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"io"
	"log"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
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
	first.AddReceivingMiddleware(timing())

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

	var err error
	if *second {
		err = other.Run(context.Background(), &lineTransport{in: bufio.NewReader(os.Stdin), out: os.Stdout})
	} else {
		err = first.Run(context.Background(), &mcp.StdioTransport{})
	}
	if err != nil {
		log.Printf("greeter: %v", err)
	}
}

// timing logs how long each request took.
func timing() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			start := time.Now()
			res, err := next(ctx, method, req)
			log.Printf("%s took %v", method, time.Since(start))
			return res, err
		}
	}
}

// lineTransport carries one JSON-RPC message per line.
type lineTransport struct {
	in  *bufio.Reader
	out io.Writer
}

// Connect implements [mcp.Transport].
func (t *lineTransport) Connect(context.Context) (mcp.Connection, error) {
	return &lineConn{in: t.in, out: t.out}, nil
}

// lineConn is the one connection of a lineTransport.
type lineConn struct {
	in  *bufio.Reader
	out io.Writer
}

func (c *lineConn) Read(context.Context) (jsonrpc.Message, error) {
	line, err := c.in.ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	return jsonrpc.DecodeMessage(line[:len(line)-1])
}

func (c *lineConn) Write(_ context.Context, m jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(m)
	if err != nil {
		return err
	}
	_, err = c.out.Write(append(data, '\n'))
	return err
}

func (c *lineConn) Close() error { return nil }

func (c *lineConn) SessionID() string { return "" }

// askClock is client code: it calls readClock on a server at url. A call
// is no registration.
func askClock(ctx context.Context, url, zone string) (string, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "greeter-client", Version: "0.1.0"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		return "", err
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "readClock", Arguments: map[string]any{"zone": zone}})
	if err != nil {
		return "", err
	}
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			return t.Text, nil
		}
	}
	return "", errors.New("no text")
}
