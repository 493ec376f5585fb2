package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	goruntime "runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/tscg/tscg/internal/corpus"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLoad runs N concurrent clients over streamable HTTP on loopback,
// each calling a Python tool and a Go tool in turn. It is bounded (calls
// per client) and stops by itself; it asserts no errors and that no
// goroutine or Python worker outlives the server. Latencies are logged,
// never asserted: TSCG_MCP_LOAD=clients,calls scales it up for bench/mcp.md.
func TestLoad(t *testing.T) {
	clients, calls := 8, 20
	if v := os.Getenv("TSCG_MCP_LOAD"); v != "" {
		_, err := fmt.Sscanf(v, "%d,%d", &clients, &calls)
		must(t, err)
	}
	baseGoroutines := goruntime.NumGoroutine()
	f := newFixture(t, false)
	if f.py == nil {
		corpus.Missing(t, "python3 not on PATH: the load test calls a Python tool")
	}
	srv := NewServer(f.set, Options{MaxConcurrent: 16})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln, HTTPOptions{ShutdownGrace: 5 * time.Second}) }()
	tr := &http.Transport{MaxIdleConnsPerHost: clients * 2}
	hc := &http.Client{Transport: tr}

	lat := map[string][]time.Duration{}
	var mu sync.Mutex
	var errs []string
	var wg sync.WaitGroup
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sess, err := newClient(make(chan struct{}, 1)).Connect(ctx,
				&sdk.StreamableClientTransport{Endpoint: "http://" + ln.Addr().String() + "/mcp", HTTPClient: hc}, nil)
			if err != nil {
				mu.Lock()
				errs = append(errs, err.Error())
				mu.Unlock()
				return
			}
			defer sess.Close()
			for i := range calls {
				name, args := "get_weather", `{"location":"Paris, France"}`
				if i%2 == 1 {
					name, args = "py_add", `{"a":`+strconv.Itoa(c)+`,"b":`+strconv.Itoa(i)+`}`
				}
				t0 := time.Now()
				res, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
				d := time.Since(t0)
				mu.Lock()
				switch {
				case err != nil:
					errs = append(errs, err.Error())
				case res.IsError:
					errs = append(errs, fmt.Sprintf("%s: %v", name, res.Content))
				default:
					lat[name] = append(lat[name], d)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if len(errs) > 0 {
		t.Fatalf("%d errors, first: %s", len(errs), errs[0])
	}
	total := clients * calls
	t.Logf("%d clients x %d calls = %d calls in %v: %.0f calls/s", clients, calls, total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds())
	for _, name := range []string{"get_weather", "py_add"} {
		p50, p99 := percentiles(lat[name])
		t.Logf("%-12s n=%d p50=%v p99=%v", name, len(lat[name]), p50, p99)
	}

	cancel()
	must(t, <-done)
	tr.CloseIdleConnections()
	must(t, f.py.Close())
	waitFor(t, "goroutines back to baseline", func() (bool, string) {
		n := goruntime.NumGoroutine()
		return n <= baseGoroutines+2, fmt.Sprintf("%d goroutines, %d before", n, baseGoroutines)
	})
	waitFor(t, "no Python worker left", func() (bool, string) {
		n, ok := childProcs()
		return !ok || n == 0, fmt.Sprintf("%d child processes", n)
	})
}

func percentiles(ds []time.Duration) (p50, p99 time.Duration) {
	if len(ds) == 0 {
		return 0, 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)*50/100], s[min(len(s)-1, len(s)*99/100)]
}

// waitFor polls cond for up to 5s: goroutines and processes end shortly
// after the calls that close them return.
func waitFor(t *testing.T, what string, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		ok, state := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%s: %s\n%s", what, state, buf[:goruntime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}
