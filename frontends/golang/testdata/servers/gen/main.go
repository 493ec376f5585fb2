// Command gen records the tools/list each golden server of this module
// publishes: it builds the server (our own code, a main package under
// gosdk/ or mcpgo/), runs it, connects with the MCP go-sdk's client over
// stdio, lists its tools and writes the raw tools/list result, as the
// server sent it, to <server>.tools-list.json (beside the server's
// directory, so a build of the directory does not read it as a catalog).
// The go-sdk and mcp-go that answer are the module's own dependencies.
//
// Run it from this directory: go run ./gen (or go run ./gen DIR… for
// those servers alone). The tests never run it; they
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

// server is one golden server and how to list it.
type server struct {
	dir string
	// runs are the argument lists to start it with, one run each (a
	// package with several MCP servers serves one per run); none means
	// one run without arguments.
	runs [][]string
	// calls are tool calls (made in the first run) whose structured
	// results are stored too: what the SDK really writes.
	calls []call
}

// call is one tool call; its result is stored as <server>.results/<file>.json,
// file being the tool's name or the tool's name and a suffix.
type call struct {
	file string
	tool string
	args map[string]any
}

var servers = []server{
	{dir: "gosdk/apps"},
	{dir: "gosdk/badges"},
	{dir: "gosdk/bounds"},
	{dir: "gosdk/built"},
	{dir: "gosdk/conformance"},
	{dir: "gosdk/convert"},
	{dir: "gosdk/edited"},
	{dir: "gosdk/folded"},
	{dir: "gosdk/forward"},
	{dir: "gosdk/greeter", runs: [][]string{nil, {"-second"}}},
	{dir: "gosdk/inventory"},
	{dir: "gosdk/kitchen"},
	{dir: "gosdk/notes", calls: []call{
		{"show_index", "show_index", map[string]any{}},
		{"find_cards", "find_cards", map[string]any{"text": "nothing"}},
		{"pick_cards", "pick_cards", map[string]any{"titles": []string{}}},
	}},
	{dir: "gosdk/planner"},
	{dir: "gosdk/relisted"},
	{dir: "gosdk/shapes"},
	{dir: "gosdk/shelves"},
	{dir: "mcpgo/badges"},
	{dir: "mcpgo/branches"},
	{dir: "mcpgo/depends"},
	{dir: "mcpgo/dive"},
	{dir: "mcpgo/environ"},
	{dir: "mcpgo/flagnames"},
	{dir: "mcpgo/gated"},
	{dir: "mcpgo/folded"},
	{dir: "mcpgo/helpers"},
	{dir: "mcpgo/kitchen"},
	{dir: "mcpgo/literal"},
	{dir: "mcpgo/loops"},
	{dir: "mcpgo/modes"},
	{dir: "mcpgo/spread"},
	{dir: "mcpgo/switched"},
	{dir: "mcpgo/tables"},
	{dir: "mcpgo/toolsets"},
	{dir: "mcpgo/structured", calls: []call{
		{"get_member", "get_member", map[string]any{"memberId": "1"}},
		{"get_member.nil-labels", "get_member", map[string]any{"memberId": "2"}},
		{"list_coins", "list_coins", map[string]any{"max": 2}},
	}},
	{dir: "mcpgo/typed"},
}

func main() {
	bin, err := os.MkdirTemp("", "tscg-gen")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(bin)
	only := map[string]bool{}
	for _, dir := range os.Args[1:] {
		only[dir] = true // go run ./gen mcpgo/environ records that one alone
	}
	failed := false
	for _, s := range servers {
		if len(only) > 0 && !only[s.dir] {
			continue
		}
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
	exe := filepath.Join(bin, filepath.Base(filepath.Dir(s.dir))+"-"+filepath.Base(s.dir))
	if out, err := exec.Command("go", "build", "-o", exe, "./"+s.dir).CombinedOutput(); err != nil {
		return fmt.Errorf("build: %v\n%s", err, out)
	}
	runs := s.runs
	if len(runs) == 0 {
		runs = [][]string{nil}
	}
	var tools []json.RawMessage
	for i, args := range runs {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		cmd := exec.Command(exe, args...)
		cmd.Dir = s.dir
		var calls []call
		if i == 0 {
			calls = s.calls
		}
		t, err := list(ctx, &mcp.CommandTransport{Command: cmd}, s.dir, calls)
		cancel()
		if err != nil {
			return err
		}
		tools = append(tools, t...)
	}
	return write(s.dir+".tools-list.json", tools)
}

// list connects, pages through tools/list and returns each tool as the
// server wrote it on the wire.
func list(ctx context.Context, t mcp.Transport, dir string, calls []call) ([]json.RawMessage, error) {
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
	for _, c := range calls {
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
		if err := os.MkdirAll(dir+".results", 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir+".results", c.file+".json"), append(data, '\n'), 0o644); err != nil {
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
