package mcp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serveLoopback serves srv on 127.0.0.1 and returns its base URL.
func serveLoopback(t *testing.T, srv *Server, opts HTTPOptions) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = srv.Serve(ctx, ln, opts); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return "http://" + ln.Addr().String()
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

func post(t *testing.T, url, body string, hdr map[string]string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	return resp.StatusCode, string(b)
}

func get(t *testing.T, url string, hdr map[string]string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestHTTPGuard: Origin is checked on every endpoint (/metrics skipped
// the Host check and nothing checked Origin), a bearer token guards all
// of them when set, and a JSON-RPC envelope with a duplicate key is
// refused ("name":"echo","name":"busy" ran busy).
func TestHTTPGuard(t *testing.T) {
	f := newFixture(t, false)
	srv := NewServer(f.set, Options{})
	base := serveLoopback(t, srv, HTTPOptions{Metrics: f.metrics})
	for _, path := range []string{"/mcp", "/metrics"} {
		if code := get(t, base+path, map[string]string{"Origin": "https://evil.example"}); code != http.StatusForbidden {
			t.Errorf("%s with a foreign Origin: %d", path, code)
		}
		if code := get(t, base+path, map[string]string{"Host": "evil.example"}); code != http.StatusForbidden {
			t.Errorf("%s with a foreign Host on loopback: %d", path, code)
		}
	}
	if code := get(t, base+"/metrics", map[string]string{"Origin": "http://localhost:3000"}); code != http.StatusOK {
		t.Errorf("/metrics from a loopback origin: %d", code)
	}
	if code, body := post(t, base+"/mcp", initBody, nil); code != http.StatusOK {
		t.Errorf("initialize: %d %s", code, body)
	}
	dup := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_weather","name":"slow","arguments":{}}}`
	if code, body := post(t, base+"/mcp", dup, nil); code != http.StatusBadRequest || !strings.Contains(body, "more than once") {
		t.Errorf("duplicate key in the envelope: %d %s", code, body)
	}

	authed := serveLoopback(t, NewServer(f.set, Options{}), HTTPOptions{Metrics: f.metrics, AuthToken: "tok"})
	if code := get(t, authed+"/metrics", nil); code != http.StatusUnauthorized {
		t.Errorf("/metrics without the token: %d", code)
	}
	if code, _ := post(t, authed+"/mcp", initBody, map[string]string{"Authorization": "Bearer nope"}); code != http.StatusUnauthorized {
		t.Errorf("initialize with a wrong token: %d", code)
	}
	if code := get(t, authed+"/metrics", map[string]string{"Authorization": "Bearer tok"}); code != http.StatusOK {
		t.Errorf("/metrics with the token: %d", code)
	}
}

// TestHTTPSessionLimit: 20,000 initialize calls leaked 315 MB; sessions
// are now bounded (and idle ones time out).
func TestHTTPSessionLimit(t *testing.T) {
	f := newFixture(t, false)
	base := serveLoopback(t, NewServer(f.set, Options{}), HTTPOptions{MaxSessions: 3})
	for i := 0; i < 3; i++ {
		if code, body := post(t, base+"/mcp", initBody, nil); code != http.StatusOK {
			t.Fatalf("session %d: %d %s", i, code, body)
		}
	}
	if code, body := post(t, base+"/mcp", initBody, nil); code != http.StatusServiceUnavailable || !strings.Contains(body, "sessions open") {
		t.Errorf("a session over the limit: %d %s", code, body)
	}
}

// TestHTTPStalledUpload: 300 stalled 4 MB uploads took the server from
// 24 MB to 3 GB. A body must now arrive within ReadTimeout, and only
// MaxInFlight are read at once; the others are told the server is busy.
func TestHTTPStalledUpload(t *testing.T) {
	f := newFixture(t, false)
	base := serveLoopback(t, NewServer(f.set, Options{}), HTTPOptions{ReadTimeout: 300 * time.Millisecond, MaxInFlight: 2})
	addr := strings.TrimPrefix(base, "http://")
	stall := func() (*bufio.Reader, net.Conn) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n{\"jsonrpc\":", addr, 4<<20)
		return bufio.NewReader(c), c
	}
	var conns []net.Conn
	var readers []*bufio.Reader
	for i := 0; i < 3; i++ {
		r, c := stall()
		conns, readers = append(conns, c), append(readers, r)
		defer c.Close()
	}
	statuses := map[int]int{}
	for i, r := range readers {
		_ = conns[i].SetReadDeadline(time.Now().Add(20 * time.Second)) // a bound for the test, not an assertion
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("stalled upload %d got no answer: %v", i, err)
		}
		statuses[resp.StatusCode]++
	}
	if statuses[http.StatusServiceUnavailable] != 1 || statuses[http.StatusBadRequest] != 2 {
		t.Errorf("statuses = %v, want two cut off (400) and one refused as busy (503)", statuses)
	}
}
