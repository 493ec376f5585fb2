// Command gen records the tools/list each server of the corpus publishes:
// it builds the server as its authors wrote it (unchanged main package),
// runs it, connects with the MCP go-sdk's client (over stdio, or over
// HTTP for servers that only serve HTTP), lists its tools and writes the
// raw tools/list result, as the server sent it, to <server>.tools-list.json
// (beside the server's directory, so a build of the directory does not read
// it as a catalog).
//
// Run it from testdata/real: go run ./gen. The tests never run it; they
// compare tscg's build of each server with the stored output.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// server is one corpus entry and how to reach it.
type server struct {
	dir  string
	args []string
	env  []string
	// urls are the HTTP endpoints to list (several when one process
	// serves several MCP servers); none means stdio.
	urls []string
	sse  bool
	// calls are tool calls whose structured results are stored too, as
	// <server>.results/<tool>.json: what the server really writes.
	calls []call
}

type call struct {
	tool string
	args map[string]any
}

var servers = []server{
	{dir: "go-sdk/everything"},
	{dir: "go-sdk/hello"},
	{dir: "go-sdk/memory", calls: []call{{"read_graph", map[string]any{}}, {"search_nodes", map[string]any{"query": "nothing"}}, {"open_nodes", map[string]any{"names": []string{}}}}},
	{dir: "go-sdk/sequentialthinking"},
	{dir: "go-sdk/toolschemas"},
	{dir: "go-sdk/custom-transport"},
	{dir: "go-sdk/conformance-everything-server"},
	{dir: "go-sdk/http", args: []string{"-port", "18301", "server"}, urls: []string{"http://localhost:18301"}},
	{dir: "go-sdk/sse", args: []string{"-port", "18302"}, urls: []string{"http://localhost:18302/greeter1", "http://localhost:18302/greeter2"}, sse: true},
	{dir: "mcp-go/custom_context"},
	{dir: "mcp-go/elicitation"},
	{dir: "mcp-go/everything"},
	{dir: "mcp-go/roots_server"},
	{dir: "mcp-go/sampling_server"},
	{dir: "mcp-go/structured_input_and_output", calls: []call{{"get_user_profile", map[string]any{"userId": "1"}}, {"get_assets", map[string]any{"category": "stock"}}}},
	{dir: "mcp-go/typed_tools"},
	{dir: "mcp-go/conformance", env: []string{"CONFORMANCE_ADDR=127.0.0.1:18303"}, urls: []string{"http://127.0.0.1:18303/mcp"}},
	{dir: "mcp-go/dynamic_path", args: []string{"-addr", ":18304"}, urls: []string{"http://localhost:18304/api/tscg/sse"}, sse: true},
	{dir: "mcp-go/roots_http_server", urls: []string{"http://localhost:8080/mcp"}},
	{dir: "mcp-go/sampling_http_server", urls: []string{"http://localhost:8080/mcp"}},
}

func main() {
	bin, err := os.MkdirTemp("", "tscg-gen")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(bin)
	failed := false
	for _, s := range servers {
		if err := record(s, bin); err != nil {
			log.Printf("%s: %v", s.dir, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

func record(s server, bin string) error {
	exe := filepath.Join(bin, filepath.Base(s.dir))
	if out, err := exec.Command("go", "build", "-o", exe, "./"+s.dir).CombinedOutput(); err != nil {
		return fmt.Errorf("build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var tools []json.RawMessage
	if len(s.urls) == 0 {
		cmd := exec.Command(exe, s.args...)
		cmd.Dir = s.dir
		cmd.Env = append(os.Environ(), s.env...)
		t, err := list(ctx, &mcp.CommandTransport{Command: cmd}, s)
		if err != nil {
			return err
		}
		tools = t
	} else {
		cmd := exec.CommandContext(ctx, exe, s.args...)
		cmd.Dir = s.dir
		cmd.Env = append(os.Environ(), s.env...)
		if err := cmd.Start(); err != nil {
			return err
		}
		defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
		for _, u := range s.urls {
			t, err := listHTTP(ctx, u, s)
			if err != nil {
				return err
			}
			tools = append(tools, t...)
		}
	}
	return write(s.dir+".tools-list.json", tools)
}

// listHTTP retries while the server starts listening.
func listHTTP(ctx context.Context, url string, s server) ([]json.RawMessage, error) {
	var last error
	for i := 0; i < 50; i++ {
		var t mcp.Transport = &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1}
		if s.sse {
			t = &mcp.SSEClientTransport{Endpoint: url}
		}
		tools, err := list(ctx, t, s)
		if err == nil {
			return tools, nil
		}
		last = err
		time.Sleep(200 * time.Millisecond)
	}
	return nil, last
}

// list connects, pages through tools/list and returns each tool as the
// server wrote it on the wire.
func list(ctx context.Context, t mcp.Transport, s server) ([]json.RawMessage, error) {
	rec := &recorder{Transport: t}
	client := mcp.NewClient(&mcp.Implementation{Name: "tscg-gen", Version: "1"}, nil)
	cs, err := client.Connect(ctx, rec, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	for _, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
	}
	for _, c := range s.calls {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			return nil, fmt.Errorf("call %s: %v", c.tool, err)
		}
		if res.IsError || res.StructuredContent == nil {
			return nil, fmt.Errorf("call %s: no structured result", c.tool)
		}
		data, err := json.MarshalIndent(res.StructuredContent, "", "  ")
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(s.dir+".results", 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(s.dir+".results", c.tool+".json"), append(data, '\n'), 0o644); err != nil {
			return nil, err
		}
	}
	return rec.tools()
}

// recorder keeps the raw results the server sends.
type recorder struct {
	mcp.Transport
	mu      sync.Mutex
	results []json.RawMessage
}

func (r *recorder) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := r.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &recConn{Connection: c, r: r}, nil
}

type recConn struct {
	mcp.Connection
	r *recorder
}

func (c *recConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	m, err := c.Connection.Read(ctx)
	if resp, ok := m.(*jsonrpc.Response); ok && resp.Result != nil {
		c.r.mu.Lock()
		c.r.results = append(c.r.results, append(json.RawMessage(nil), resp.Result...))
		c.r.mu.Unlock()
	}
	return m, err
}

func (r *recorder) tools() ([]json.RawMessage, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []json.RawMessage
	for _, res := range r.results {
		var page struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if json.Unmarshal(res, &page) == nil && page.Tools != nil {
			out = append(out, page.Tools...)
		}
	}
	return out, nil
}

// write stores {"tools": […]} indented, tools sorted by name so a server
// that lists from a map still gives the same file.
func write(path string, tools []json.RawMessage) error {
	name := func(raw json.RawMessage) string {
		var t struct{ Name string }
		_ = json.Unmarshal(raw, &t)
		return t.Name
	}
	sort.SliceStable(tools, func(i, j int) bool { return name(tools[i]) < name(tools[j]) })
	var buf bytes.Buffer
	buf.WriteString("{\"tools\": [")
	for i, t := range tools {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n")
		if err := json.Indent(&buf, t, "  ", "  "); err != nil {
			return err
		}
	}
	buf.WriteString("\n]}\n")
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
