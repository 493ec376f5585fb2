package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/tscg/tscg/examples/agent/weather"
	"github.com/tscg/tscg/runtime"
)

// benchServer is what `tscg serve` runs for one Go tool: a registry with
// metrics, the generated weather tools, the MCP server over it.
func benchServer(b *testing.B) *Server {
	b.Helper()
	reg := runtime.NewRegistry(runtime.WithMetrics(runtime.NewMemoryMetrics()))
	reg.Use(runtime.Recover())
	must(b, weather.Register(reg, weatherImpl{}))
	return NewServer(&ToolSet{Registry: reg}, Options{MaxConcurrent: 16})
}

const benchCall = `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Paris","unit":"celsius"}}}`

// BenchmarkCallHTTP is one tools/call through the streamable HTTP
// endpoint on loopback, one session (issue 32: 208 KiB allocated per call).
// The allocations counted include the client's side (a plain net/http
// POST, ~5 KiB); -memprofile says which are the server's.
func BenchmarkCallHTTP(b *testing.B) {
	srv := benchServer(b)
	ts := httptest.NewServer(srv.Handler(HTTPOptions{}))
	defer ts.Close()
	client := ts.Client()
	post := func(session, body string) (*http.Response, []byte) {
		req, _ := http.NewRequest("POST", ts.URL+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
			req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		}
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			b.Fatal(err)
		}
		return resp, data
	}
	resp, data := post("", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
	session := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || session == "" {
		b.Fatalf("initialize: %d %s", resp.StatusCode, data)
	}
	post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	id := 1
	check := func() {
		_, data := post(session, fmt.Sprintf(benchCall, id))
		if !bytes.Contains(data, []byte(`light rain`)) || bytes.Contains(data, []byte(`"isError":true`)) {
			b.Fatalf("call: %s", data)
		}
		id++
	}
	check()
	loop(b, check)
}

// BenchmarkCallStdio is one tools/call through the stdio transport
// `tscg serve` uses (RunIO: the envelope check, then tscg's fast path for
// tools/call; the in-process pipes cost nothing per call).
func BenchmarkCallStdio(b *testing.B) {
	benchStdio(b, func(srv *Server, ctx context.Context, r io.Reader, w io.Writer) error { return srv.RunIO(ctx, r, w) })
}

// BenchmarkCallStdioSDK is the same through StrictIO: every message
// handed to the go-sdk's newline-delimited transport.
func BenchmarkCallStdioSDK(b *testing.B) {
	benchStdio(b, func(srv *Server, ctx context.Context, r io.Reader, w io.Writer) error {
		return srv.Run(ctx, StrictIO(r, w))
	})
}

func benchStdio(b *testing.B, run func(*Server, context.Context, io.Reader, io.Writer) error) {
	srv := benchServer(b)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(srv, ctx, inR, outW) }()
	defer func() { cancel(); inW.Close(); outR.Close(); <-done }()
	out := bufio.NewReader(outR)
	send := func(line string, reply bool) []byte {
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			b.Fatal(err)
		}
		if !reply {
			return nil
		}
		data, err := out.ReadBytes('\n')
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	data := send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`, true)
	if !json.Valid(data) {
		b.Fatalf("initialize: %s", data)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, false)
	id := 1
	check := func() {
		data := send(fmt.Sprintf(benchCall, id), true)
		if !bytes.Contains(data, []byte(`light rain`)) || bytes.Contains(data, []byte(`"isError":true`)) {
			b.Fatalf("call: %s", data)
		}
		id++
	}
	check()
	loop(b, check)
}

// loop runs call b.N times and reports, beside allocations, the
// collections per 1,000 calls (GOGC decides it; tscg serve runs at 400).
func loop(b *testing.B, call func()) {
	var before, after goruntime.MemStats
	goruntime.ReadMemStats(&before)
	b.ReportAllocs()
	for b.Loop() {
		call()
	}
	b.StopTimer()
	goruntime.ReadMemStats(&after)
	b.ReportMetric(float64(after.NumGC-before.NumGC)*1000/float64(b.N), "gc/1kcalls")
}
