// Command tool-search shows serve --tool-search with a scripted agent: a
// catalog of ten tools is served the way `tscg serve catalog.json
// --tool-search` serves it (compiler/serve over stdio pipes), with each
// tool running at a small local HTTP backend. The agent, a plain go-sdk
// MCP client following a fixed script instead of a model, sees only
// search_tools, searches for what its task needs, is told its tool list
// changed, and calls the tool it found. Run it with
//
//	go run ./examples/tool-search
package main

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/serve"
	"github.com/tscg/tscg/internal/tokens"
)

//go:embed catalog.json tscg.yaml
var files embed.FS

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tool-search:", err)
		os.Exit(1)
	}
}

// The agent's task and the query its script writes for it.
const (
	task  = "How much is 120 EUR in Japanese yen?"
	query = "convert an amount of money from EUR to JPY"
)

func run(ctx context.Context, out io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	backend, err := startBackend()
	if err != nil {
		return err
	}
	defer backend.Close()
	sess, closeServer, err := serveCatalog(ctx, "http://"+backend.Addr().String())
	if err != nil {
		return err
	}
	defer closeServer()
	return agent(ctx, out, sess)
}

// serveCatalog starts the server as tscg serve --tool-search would, on a
// pair of pipes, and connects a client that reports list changes on
// sess.changed.
func serveCatalog(ctx context.Context, toolsURL string) (*session, func(), error) {
	dir, err := os.MkdirTemp("", "tscg-tool-search-")
	if err != nil {
		return nil, nil, err
	}
	for _, name := range []string{"catalog.json", "tscg.yaml"} {
		b, _ := files.ReadFile(name)
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			os.RemoveAll(dir)
			return nil, nil, err
		}
	}
	os.Setenv("TOOLS_URL", toolsURL)
	cfg, ds := compiler.LoadConfig(filepath.Join(dir, "tscg.yaml"))
	if ds.HasErrors() {
		os.RemoveAll(dir)
		return nil, nil, ds.Err()
	}
	srv, err := serve.New(serve.Options{Config: cfg, Paths: []string{filepath.Join(dir, "catalog.json")}, ToolSearch: true, Stderr: os.Stderr})
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, err
	}
	toServer, clientOut := io.Pipe()
	clientIn, fromServer := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- srv.ServeStdio(ctx, toServer, fromServer)
		fromServer.Close()
	}()
	s := &session{changed: make(chan struct{}, 8)}
	client := sdk.NewClient(&sdk.Implementation{Name: "scripted-agent", Version: "1"}, &sdk.ClientOptions{
		ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) { s.changed <- struct{}{} },
	})
	s.ClientSession, err = client.Connect(ctx, &sdk.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	stop := func() {
		if s.ClientSession != nil {
			s.Close()
		}
		clientOut.Close()
		<-done
		srv.Close()
		os.RemoveAll(dir)
	}
	if err != nil {
		stop()
		return nil, nil, err
	}
	return s, stop, nil
}

type session struct {
	*sdk.ClientSession
	changed chan struct{}
}

// agent is the scripted model: it reads the instructions and the tool
// list, searches when no listed tool fits its task, waits for the list to
// change, and calls the best tool found.
func agent(ctx context.Context, out io.Writer, s *session) error {
	fmt.Fprintf(out, "task: %s\n", task)
	fmt.Fprintf(out, "server instructions: %s\n", s.InitializeResult().Instructions)
	names, cost, err := listTools(ctx, s)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "[0] tools/list: %s (%d tokens)\n", strings.Join(names, ", "), cost)

	text, isErr, err := call(ctx, s, "convert_currency", `{"amount":120,"from":"EUR","to":"JPY"}`)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "[1] call convert_currency before a search -> error=%v: %s\n", isErr, text)

	text, _, err = call(ctx, s, "search_tools", fmt.Sprintf(`{"query":%q,"limit":3}`, query))
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "[2] call search_tools {\"query\": %q, \"limit\": 3}\n%s\n", query, indent(text))
	select {
	case <-s.changed:
		fmt.Fprintln(out, "[3] notifications/tools/list_changed")
	case <-ctx.Done():
		return fmt.Errorf("no notifications/tools/list_changed after the search")
	}
	names, cost, err = listTools(ctx, s)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "[4] tools/list: %s (%d tokens)\n", strings.Join(names, ", "), cost)

	text, isErr, err = call(ctx, s, "convert_currency", `{"amount":120,"from":"EUR","to":"JPY"}`)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "[5] call convert_currency {\"amount\":120,\"from\":\"EUR\",\"to\":\"JPY\"} -> error=%v: %s\n", isErr, text)
	if isErr {
		return fmt.Errorf("the found tool failed: %s", text)
	}
	var r struct {
		Amount   float64 `json:"amount"`
		Currency string  `json:"currency"`
	}
	if err := json.Unmarshal([]byte(text), &r); err != nil {
		return err
	}
	fmt.Fprintf(out, "answer: 120 EUR is %.0f %s.\n", r.Amount, r.Currency)
	return nil
}

// listTools returns the listed tools' names and the o200k_base tokens of
// the list as the client received it.
func listTools(ctx context.Context, s *session) ([]string, int, error) {
	res, err := s.ListTools(ctx, nil)
	if err != nil {
		return nil, 0, err
	}
	var names []string
	for _, t := range res.Tools {
		names = append(names, t.Name)
	}
	b, err := json.Marshal(res.Tools)
	if err != nil {
		return nil, 0, err
	}
	n, err := tokens.Count(tokens.O200kBase, string(b))
	return names, n, err
}

func call(ctx context.Context, s *session, name, args string) (string, bool, error) {
	res, err := s.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		return "", false, err
	}
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*sdk.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return strings.TrimSpace(b.String()), res.IsError, nil
}

func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }

// startBackend serves the tools' HTTP endpoints: convert_currency at
// fixed example rates, every other tool a plain acknowledgement.
func startBackend() (net.Listener, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	perEUR := map[string]float64{"EUR": 1, "JPY": 162.5, "USD": 1.08, "GBP": 0.85}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /convert_currency", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Amount   float64
			From, To string
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || perEUR[in.From] == 0 || perEUR[in.To] == 0 {
			http.Error(w, "unknown currency", http.StatusBadRequest)
			return
		}
		rate := perEUR[in.To] / perEUR[in.From]
		json.NewEncoder(w).Encode(map[string]any{"amount": in.Amount * rate, "currency": in.To, "rate": rate})
	})
	mux.HandleFunc("POST /{tool}", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "tool": r.PathValue("tool")})
	})
	go http.Serve(ln, mux)
	return ln, nil
}
