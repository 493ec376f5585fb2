// Command mcpvsts is bench/mcp-vs-ts.sh's Go side: the bare go-sdk server
// and the tscg runtime server of one tool (get_weather) over streamable
// HTTP, and the load driver that calls any of them, the TypeScript SDK's
// server too, and reports the server's CPU per call.
//
//	mcpvsts gosdk ADDR        serve get_weather with the go-sdk alone
//	mcpvsts tscg ADDR         serve it with runtime/mcp (what tscg serve --http runs, GOGC=400)
//	mcpvsts load -url U -pid P -c C -n N   C sessions, N calls in all; prints one line
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/examples/agent/weather"
	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/mcp"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: mcpvsts gosdk|tscg ADDR | load -url U -pid P -c C -n N")
	}
	switch os.Args[1] {
	case "gosdk":
		serveGoSDK(arg(2))
	case "tscg":
		serveTSCG(arg(2))
	case "load":
		load(os.Args[2:])
	default:
		fail("unknown mode " + os.Args[1])
	}
}

func arg(i int) string {
	if len(os.Args) <= i {
		fail("missing ADDR")
	}
	return os.Args[i]
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "mcpvsts:", msg)
	os.Exit(2)
}

type weatherIn struct {
	Location string `json:"location" jsonschema:"City and country, e.g. Beijing, China."`
	Unit     string `json:"unit,omitempty" jsonschema:"Temperature unit."`
}

type weatherOut struct {
	Location    string  `json:"location"`
	Temperature float64 `json:"temperature"`
	Unit        string  `json:"unit"`
	Conditions  string  `json:"conditions"`
}

func serveGoSDK(addr string) {
	s := sdk.NewServer(&sdk.Implementation{Name: "bare", Version: "1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "get_weather", Description: "Get the current weather for a location."},
		func(_ context.Context, _ *sdk.CallToolRequest, in weatherIn) (*sdk.CallToolResult, weatherOut, error) {
			u := in.Unit
			if u == "" {
				u = "celsius"
			}
			return nil, weatherOut{Location: in.Location, Temperature: 21.5, Unit: u, Conditions: "light rain"}, nil
		})
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil)
	listen(addr, func(ctx context.Context, ln net.Listener) error {
		hs := &http.Server{Handler: h}
		go func() { <-ctx.Done(); _ = hs.Close() }()
		return hs.Serve(ln)
	})
}

type weatherImpl struct{}

func (weatherImpl) GetWeather(_ context.Context, in *weather.GetWeatherParams) (*weather.Weather, error) {
	u := weather.UnitCelsius
	if in.Unit != nil {
		u = *in.Unit
	}
	return &weather.Weather{Location: in.Location, Temperature: 21.5, Unit: u, Conditions: "light rain"}, nil
}

func serveTSCG(addr string) {
	debug.SetGCPercent(400) // tscg serve's default (internal/cli/gc.go)
	metrics := runtime.NewMemoryMetrics()
	reg := runtime.NewRegistry(runtime.WithMetrics(metrics))
	reg.Use(runtime.Recover())
	if err := reg.Register(weather.GetWeatherTool(weatherImpl{})); err != nil {
		fail(err.Error())
	}
	srv := mcp.NewServer(&mcp.ToolSet{Registry: reg}, mcp.Options{MaxConcurrent: 16})
	listen(addr, func(ctx context.Context, ln net.Listener) error {
		return srv.Serve(ctx, ln, mcp.HTTPOptions{Metrics: metrics})
	})
}

func listen(addr string, serve func(context.Context, net.Listener) error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fail(err.Error())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, ln); err != nil && ctx.Err() == nil {
		fail(err.Error())
	}
}

// load runs c sessions calling get_weather, n calls in all after a
// warm-up of one call per session, and prints the server's CPU per call
// (utime+stime of -pid, from /proc) and the calls per second.
func load(args []string) {
	fs := flag.NewFlagSet("load", flag.ExitOnError)
	url := fs.String("url", "", "MCP endpoint")
	pid := fs.Int("pid", 0, "server process")
	c := fs.Int("c", 1, "concurrent sessions")
	n := fs.Int("n", 2000, "calls in all")
	_ = fs.Parse(args)
	if *url == "" || *pid == 0 {
		fail("load needs -url and -pid")
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *c + 4, MaxConnsPerHost: *c + 4}, Timeout: 30 * time.Second}
	sessions := make([]string, *c)
	for i := range sessions {
		sessions[i] = initialize(client, *url)
		call(client, *url, sessions[i], 0) // warm-up
	}
	cpu0 := cpuTicks(*pid)
	start := time.Now()
	var left atomic.Int64
	left.Store(int64(*n))
	var wg sync.WaitGroup
	var failed atomic.Value
	for i := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := 1; left.Add(-1) >= 0; id++ {
				if err := call(client, *url, sessions[i], id); err != nil {
					failed.Store(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	cpu := cpuTicks(*pid) - cpu0
	if err, _ := failed.Load().(error); err != nil {
		fail(err.Error())
	}
	tick := 1e6 / 100.0 // µs per clock tick (USER_HZ is 100 on Linux)
	fmt.Printf("c=%d calls=%d cpu_us_per_call=%.1f calls_per_s=%.0f\n", *c, *n, float64(cpu)*tick/float64(*n), float64(*n)/wall.Seconds())
}

func post(client *http.Client, url, session, body string) (*http.Response, []byte, error) {
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp, data, err
}

func initialize(client *http.Client, url string) string {
	resp, data, err := post(client, url, "", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"mcpvsts","version":"1"}}}`)
	if err != nil {
		fail(err.Error())
	}
	session := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || session == "" {
		fail(fmt.Sprintf("initialize: %d %s", resp.StatusCode, data))
	}
	if _, _, err := post(client, url, session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
		fail(err.Error())
	}
	return session
}

func call(client *http.Client, url, session string, id int) error {
	resp, data, err := post(client, url, session, `{"jsonrpc":"2.0","id":`+strconv.Itoa(id)+`,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Paris, France","unit":"celsius"}}}`)
	if err != nil {
		return err
	}
	if resp.StatusCode != 200 || !bytes.Contains(data, []byte("light rain")) || bytes.Contains(data, []byte(`"isError":true`)) {
		return fmt.Errorf("call: %d %s", resp.StatusCode, data)
	}
	return nil
}

// cpuTicks is the process's utime+stime in clock ticks (/proc/PID/stat
// fields 14 and 15, after the parenthesised command name).
func cpuTicks(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		fail(err.Error())
	}
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+2:]))
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		fail("cannot read " + string(data))
	}
	return u + s
}
