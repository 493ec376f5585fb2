package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tscg/tscg/runtime"
)

// httpExchange is one POST's answer as a client sees it.
type httpExchange struct {
	status  int
	header  string // every header but the per-connection and per-session ones
	body    string
	length  int64 // resp.ContentLength: -1 when chunked
	wasFast bool
}

// httpSession starts an HTTP test server for srv and returns a function
// that POSTs one message in the session (after initialize, with its
// Mcp-Session-Id and protocol version) and reads the whole answer.
func httpSessionOf(t *testing.T, srv *Server, opts HTTPOptions) (post func(body string, hdr ...string) httpExchange, session func() string) {
	postTB, session := httpSessionOfTB(t, srv, opts)
	return func(body string, hdr ...string) httpExchange { t.Helper(); return postTB(t, body, hdr...) }, session
}

// httpSessionOfTB is httpSessionOf whose post reports to the test it is
// given (a fuzz target's own t).
func httpSessionOfTB(tb testing.TB, srv *Server, opts HTTPOptions) (post func(t testing.TB, body string, hdr ...string) httpExchange, session func() string) {
	tb.Helper()
	ts := httptest.NewServer(srv.Handler(opts))
	tb.Cleanup(ts.Close)
	var sid string
	post = func(t testing.TB, body string, hdr ...string) httpExchange {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		}
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		before := srv.fastCalls.Load()
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
			sid = id
		}
		var keys []string
		for k, v := range resp.Header {
			switch k {
			case "Date", "Content-Length", "Mcp-Session-Id":
			default:
				keys = append(keys, fmt.Sprintf("%s: %q", k, v))
			}
		}
		slices.Sort(keys)
		return httpExchange{status: resp.StatusCode, header: strings.Join(keys, "\n"), body: string(data),
			length: resp.ContentLength, wasFast: srv.fastCalls.Load() > before}
	}
	return post, func() string { return sid }
}

// TestHTTPAnswersAsTheSDK sends the same session over streamable HTTP to
// a server with the fast path and to one handing every POST to the
// go-sdk: the same status, headers and body for every message, the fast
// path taking the plain calls (not those of a tool an approver asks
// about). The one listed deviation: a fast answer has a Content-Length,
// the go-sdk's is chunked (it flushes the event before the body ends).
func TestHTTPAnswersAsTheSDK(t *testing.T) {
	session := func(fast bool) []httpExchange {
		srv := NewServer(newFixture(t, true).set, Options{MaxConcurrent: 4})
		srv.noFastHTTP = !fast
		post, _ := httpSessionOf(t, srv, HTTPOptions{})
		var out []httpExchange
		for _, l := range fastLines {
			out = append(out, post(l))
		}
		return out
	}
	sdkOut, fastOut := session(false), session(true)
	taken := 0
	for i := range sdkOut {
		s, f := sdkOut[i], fastOut[i]
		if s.wasFast {
			t.Fatalf("message %d: the go-sdk-only server took a fast call", i)
		}
		if s.status != f.status || s.header != f.header || s.body != f.body {
			t.Errorf("answer to %s differs:\n go-sdk: %d\n%s\n%s\n fast:   %d\n%s\n%s", fastLines[i], s.status, s.header, s.body, f.status, f.header, f.body)
		}
		if f.wasFast {
			taken++
			if s.length != -1 || f.length != int64(len(f.body)) {
				t.Errorf("answer to %s: Content-Length %d (go-sdk %d), want the deviation: %d and chunked", fastLines[i], f.length, s.length, len(f.body))
			}
		}
		if strings.Contains(fastLines[i], `"delete_file"`) && f.wasFast {
			t.Errorf("a call of a tool the approver asks about took the fast path")
		}
	}
	if taken != fastTaken-1 { // RunIO's, less delete_file
		t.Errorf("the fast path took %d calls, want %d", taken, fastTaken-1)
	}
	if !strings.Contains(fastOut[3].body, `light rain`) || !strings.HasPrefix(fastOut[3].body, "event: message\ndata: {") {
		t.Errorf("a plain call's answer: %s", fastOut[3].body)
	}
}

// blockingServer is the fixture's server plus a tool "block" that runs
// until a value arrives on the returned channel (answering "released")
// or its context ends; running, for waitFor, whether a call of it runs.
func blockingServer(t *testing.T, fast bool) (srv *Server, release chan struct{}, running func() (bool, string)) {
	t.Helper()
	f := newFixture(t, false)
	release = make(chan struct{})
	var n atomic.Int64
	must(t, f.reg.Register(runtime.Tool{Name: "block", Description: "Wait for the test.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
		Handler: func(ctx context.Context, _ *runtime.Request) runtime.Result {
			n.Add(1)
			defer n.Add(-1)
			select {
			case <-release:
				return runtime.Result{Content: "released"}
			case <-ctx.Done():
				return runtime.Result{IsError: true, Content: "ended: " + ctx.Err().Error()}
			}
		}}))
	srv = NewServer(f.set, Options{})
	srv.noFastHTTP = !fast
	return srv, release, func() (bool, string) { return n.Load() > 0, "no call of block running" }
}

const blockCall = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"block","arguments":{}}}`

// TestHTTPInFlight: a call whose id is in flight in the session is
// refused with the go-sdk's answer, whichever path holds the first one
// and whichever the second would take; notifications/cancelled cancels
// a fast call.
func TestHTTPInFlight(t *testing.T) {
	again := []string{blockCall, `{"jsonrpc":"2.0","id":7,"method":"ping"}`}
	refusals := func(fast bool) []httpExchange {
		srv, release, running := blockingServer(t, fast)
		post, _ := httpSessionOf(t, srv, HTTPOptions{})
		post(initBody)
		post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		var out []httpExchange
		for _, second := range again {
			first := make(chan httpExchange, 1)
			go func() { first <- post(blockCall) }()
			waitFor(t, "the blocking call", running)
			out = append(out, post(second))
			release <- struct{}{}
			if got := <-first; !strings.Contains(got.body, "released") || got.wasFast != fast {
				t.Errorf("fast=%v: the first call's answer (fast %v): %s", fast, got.wasFast, got.body)
			}
		}
		return out
	}
	sdkOut, fastOut := refusals(false), refusals(true)
	for i := range sdkOut {
		s, f := sdkOut[i], fastOut[i]
		if s.status != http.StatusBadRequest || !strings.Contains(s.body, "duplicate in-flight request ID 7") {
			t.Fatalf("the go-sdk's refusal of %s: %d %s", again[i], s.status, s.body)
		}
		if s.status != f.status || s.header != f.header || s.body != f.body {
			t.Errorf("refusal of %s differs:\n go-sdk: %d %s %s\n fast:   %d %s %s", again[i], s.status, s.header, s.body, f.status, f.header, f.body)
		}
	}

	srv, _, running := blockingServer(t, true)
	post, _ := httpSessionOf(t, srv, HTTPOptions{})
	post(initBody)
	post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	first := make(chan httpExchange, 1)
	go func() { first <- post(blockCall) }()
	waitFor(t, "the blocking call", running)
	if got := post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`); got.status != http.StatusAccepted {
		t.Fatalf("notifications/cancelled: %d %s", got.status, got.body)
	}
	if got := <-first; !got.wasFast || !strings.Contains(got.body, "ended: context canceled") {
		t.Fatalf("the cancelled call's answer (fast %v): %s", got.wasFast, got.body)
	}
}

// TestHTTPIdleTimeout: a session used only through the fast path stays
// open past SessionTimeout, and one running a call longer than it too; a
// session idle for longer is closed (its next POST: 404, as the go-sdk
// answers an unknown session).
func TestHTTPIdleTimeout(t *testing.T) {
	const idle = 600 * time.Millisecond
	srv, release, running := blockingServer(t, true)
	post, session := httpSessionOf(t, srv, HTTPOptions{SessionTimeout: idle})
	post(initBody)
	post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	call := `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Oslo"}}}`
	for i := range 10 { // 10 × 100ms of use: more than the timeout
		if got := post(fmt.Sprintf(call, i+10)); got.status != http.StatusOK || !got.wasFast {
			t.Fatalf("call %d after %v of use: %d (fast %v) %s", i, time.Duration(i)*100*time.Millisecond, got.status, got.wasFast, got.body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// A call that outlives the timeout: its session stays while it runs.
	first := make(chan httpExchange, 1)
	go func() { first <- post(blockCall) }()
	waitFor(t, "the blocking call", running)
	time.Sleep(3 * idle)
	open := false
	for ss := range srv.sdk.Sessions() {
		open = open || ss.ID() == session()
	}
	if !open {
		t.Fatalf("the session was closed as idle during a call of %v", 3*idle)
	}
	release <- struct{}{}
	if got := <-first; !got.wasFast || !strings.Contains(got.body, "released") {
		t.Fatalf("the long call's answer (fast %v): %s", got.wasFast, got.body)
	}
	time.Sleep(3 * idle)
	if got := post(fmt.Sprintf(call, 99)); got.status != http.StatusNotFound || got.wasFast {
		t.Fatalf("after %v idle: %d (fast %v) %s, want 404", 3*idle, got.status, got.wasFast, got.body)
	}
}

// TestAcceptsBoth: the fast path's Accept rule never takes what the
// go-sdk's refuses.
func TestAcceptsBoth(t *testing.T) {
	for _, c := range []struct {
		accept []string
		want   bool
	}{
		{[]string{"application/json, text/event-stream"}, true},
		{[]string{"application/json", "text/event-stream"}, true},
		{[]string{"*/*"}, true},
		{[]string{" Application/JSON ;q=0.9 , TEXT/*"}, true},
		{[]string{"application/*,text/event-stream;charset=utf-8"}, true},
		{[]string{"application/json"}, false},
		{[]string{"text/event-stream"}, false},
		{[]string{"application/json text/event-stream"}, false},
		{[]string{"application/jsonx, text/event-stream"}, false},
		{[]string{"application/json, text/event-ſtream"}, false}, // ſ folds to s in Unicode, not in the go-sdk's ToLower
		{nil, false},
	} {
		if got := acceptsBoth(c.accept); got != c.want {
			t.Errorf("acceptsBoth(%q) = %v, want %v", c.accept, got, c.want)
		}
	}
}

// FuzzAcceptsBoth: what the fast path's Accept rule takes, the go-sdk's
// rule takes too (comma-separated ranges, parameters dropped, trimmed,
// lower-cased with strings.ToLower).
func FuzzAcceptsBoth(f *testing.F) {
	for _, s := range []string{"application/json, text/event-stream", "*/*", "TEXT/*;q=1,application/*", "text/event-ſtream,application/json", "\u212a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, accept string) {
		if !acceptsBoth([]string{accept}) {
			return
		}
		var jsonOK, streamOK bool
		for _, tok := range strings.Split(accept, ",") {
			base, _, _ := strings.Cut(strings.TrimSpace(tok), ";")
			switch strings.ToLower(strings.TrimSpace(base)) {
			case "application/json", "application/*":
				jsonOK = true
			case "text/event-stream", "text/*":
				streamOK = true
			case "*/*":
				jsonOK, streamOK = true, true
			}
		}
		if !jsonOK || !streamOK {
			t.Fatalf("taken, but the go-sdk's rule refuses %q", accept)
		}
	})
}

// FuzzIsJSONObject: isJSONObject says what decoding into a map says (a
// non-nil map, no error), without building the map.
func FuzzIsJSONObject(f *testing.F) {
	for _, s := range []string{`{}`, ` {"a":1}`, `null`, `[]`, `{`, `{"a":1} x`, `"{}"`, "\t\n{\"a\":\"\xff\"}\r", `{"a":1,"a":2}`, ``} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var m map[string]json.RawMessage
		want := json.Unmarshal([]byte(s), &m) == nil && m != nil
		if got := isJSONObject(s); got != want {
			t.Fatalf("isJSONObject(%q) = %v, decoding says %v", s, got, want)
		}
	})
}

// TestHTTPSessionClosedDuringCall: a session closed while its call runs
// ends that call's POST as the go-sdk ends it: the call runs on (it is
// not cancelled), and its answer is dropped when it returns.
func TestHTTPSessionClosedDuringCall(t *testing.T) {
	ended := func(fast bool) httpExchange {
		srv, release, running := blockingServer(t, fast)
		post, session := httpSessionOf(t, srv, HTTPOptions{})
		post(initBody)
		post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		first := make(chan httpExchange, 1)
		go func() { first <- post(blockCall) }()
		waitFor(t, "the blocking call", running)
		closed := make(chan struct{})
		go func() { // Close waits for the session's calls (the go-sdk's; the fast path's are not its own)
			defer close(closed)
			for ss := range srv.sdk.Sessions() {
				if ss.ID() == session() {
					_ = ss.Close()
				}
			}
		}()
		t.Cleanup(func() { <-closed })
		select {
		case got := <-first:
			t.Fatalf("fast=%v: the POST ended before its call: %d %q", fast, got.status, got.body)
		case <-time.After(50 * time.Millisecond):
		}
		release <- struct{}{} // the call was not cancelled: it is still there to take it
		return <-first
	}
	s, f := ended(false), ended(true)
	if s.status != f.status || s.header != f.header || s.body != f.body {
		t.Errorf("a call whose session closed:\n go-sdk: %d\n%s\n%q\n fast:   %d\n%s\n%q", s.status, s.header, s.body, f.status, f.header, f.body)
	}
	if s.status != http.StatusOK || s.body != "" {
		t.Errorf("the go-sdk's answer changed: %d %q (the test expects the stream ended without the answer)", s.status, s.body)
	}
}

// FuzzEnvelopeID: the id checkEnvelope reads is the one a map decoding
// reads.
func FuzzEnvelopeID(f *testing.F) {
	for _, l := range fastLines {
		f.Add([]byte(l))
	}
	for _, s := range []string{`{"id":1,"id":"x"}`, "{\"id\":\"\xff\",\"a\":1}", `{"id" : 2 } `, `{"a":{"id":3}}`, `[{"id":1}]`, `{"id":1}x`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, m []byte) {
		var env map[string]json.RawMessage
		wantOK := json.Unmarshal(m, &env) == nil
		want, found := env["id"]
		got, ok := envelopeID(m)
		if ok != (wantOK && found) || !bytes.Equal(got, want) {
			t.Fatalf("envelopeID(%q) = %q %v, the map says %q %v", m, got, ok, want, wantOK && found)
		}
	})
}

// FuzzHTTPAnswersAsTheSDK: any body POSTed in an initialized session gets
// the same status, headers and body from a server with the fast path as
// from one handing every POST to the go-sdk (the listed framing
// deviation aside: the comparison leaves Content-Length out).
func FuzzHTTPAnswersAsTheSDK(f *testing.F) {
	for _, l := range fastLines {
		f.Add([]byte(l))
	}
	f.Add([]byte(`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Lima","unit":"kelvin"}}}`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"Lima"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`))
	open := func(fast bool) func(testing.TB, string, ...string) httpExchange {
		srv := NewServer(newFixture(f, false).set, Options{MaxConcurrent: 4})
		srv.noFastHTTP = !fast
		post, _ := httpSessionOfTB(f, srv, HTTPOptions{})
		post(f, initBody)
		post(f, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		return post
	}
	viaSDK, viaFast := open(false), open(true)
	f.Fuzz(func(t *testing.T, body []byte) {
		s, fa := viaSDK(t, string(body)), viaFast(t, string(body))
		if s.status != fa.status || s.header != fa.header || s.body != fa.body {
			t.Fatalf("answer to %q differs:\n go-sdk: %d\n%s\n%s\n fast:   %d\n%s\n%s", body, s.status, s.header, s.body, fa.status, fa.header, fa.body)
		}
	})
}

// TestHTTPBurst: concurrent fast calls in one session each see their own
// arguments (the fast path keeps raw spans of the request body).
func TestHTTPBurst(t *testing.T) {
	srv := NewServer(newFixture(t, false).set, Options{MaxConcurrent: 16})
	post, _ := httpSessionOf(t, srv, HTTPOptions{})
	post(initBody)
	post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	const n = 64
	got := make(chan string, n)
	for i := range n {
		go func() {
			got <- post(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"City-%03d"}}}`, 100+i, i)).body
		}()
	}
	seen := map[string]bool{}
	for range n {
		body := <-got
		var id int
		if _, err := fmt.Sscanf(body[strings.Index(body, `"id":`)+5:], "%d", &id); err != nil {
			t.Fatalf("no id in %s", body)
		}
		want := fmt.Sprintf("City-%03d", id-100)
		if !strings.Contains(body, want) || seen[want] {
			t.Errorf("the answer to call %d: %s", id, body)
		}
		seen[want] = true
	}
	if srv.fastCalls.Load() != n {
		t.Errorf("%d of %d calls took the fast path", srv.fastCalls.Load(), n)
	}
}
