package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// stdioSession runs srv over StrictIO on pipes and returns a function
// that sends one line and reads the next answer line.
func stdioSession(t *testing.T, srv *Server) func(line string) string {
	t.Helper()
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = srv.Run(ctx, StrictIO(sr, sw)); close(done) }()
	t.Cleanup(func() {
		cw.Close()
		cancel()
		sw.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("the stdio session did not end")
		}
	})
	answers := bufio.NewScanner(cr)
	answers.Buffer(nil, 1<<20)
	return func(line string) string {
		t.Helper()
		if _, err := io.WriteString(cw, line+"\n"); err != nil {
			t.Fatal(err)
		}
		if !answers.Scan() {
			t.Fatalf("no answer to %s: %v", line, answers.Err())
		}
		return answers.Text()
	}
}

// badIDs are ids the go-sdk coerced: 1.5 ran the tool and answered under
// 1, 9007199254740993 under …992, a 23-digit id under the smallest int64.
var badIDs = []struct{ id, echo string }{
	{"1.5", "1.5"},
	{"9007199254740993", "9007199254740993"},
	{"12345678901234567890123", "12345678901234567890123"},
	{"-9007199254740992", "-9007199254740992"},
	{"1e3", "1e3"},
	{"1.0", "1.0"},
	{"true", "null"},
	{`{"a":1}`, "null"},
	{"[1]", "null"},
}

// TestEnvelopeIDs: a request id that is not a string or an exact integer
// is refused with -32600 under its exact text before anything runs, over
// stdio and HTTP; the ids that survive the go-sdk's float64 are answered
// under themselves.
func TestEnvelopeIDs(t *testing.T) {
	f := newFixture(t, false)
	send := stdioSession(t, NewServer(f.set, Options{}))
	if a := send(initBody); !strings.Contains(a, `"id":1,"result"`) {
		t.Fatalf("initialize: %s", a)
	}
	const call = `{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"Oslo"}}}`
	for _, c := range badIDs {
		a := send(strings.Replace(call, "%s", c.id, 1))
		if !strings.Contains(a, `"id":`+c.echo+`,"error":{"code":-32600`) {
			t.Errorf("stdio id %s: %s", c.id, a)
		}
	}
	if n := f.metrics.Snapshot("get_weather").Calls; n != 0 {
		t.Errorf("the tool ran %d times for refused ids", n)
	}
	for _, id := range []string{`"x-1.5"`, "9007199254740991", "-9007199254740991", "0", "7"} {
		if a := send(strings.Replace(call, "%s", id, 1)); !strings.Contains(a, `"id":`+id+`,"result"`) {
			t.Errorf("stdio id %s: %s", id, a)
		}
	}
	if n := f.metrics.Snapshot("get_weather").Calls; n != 5 {
		t.Errorf("the tool ran %d times for 5 good ids", n)
	}

	base := serveLoopback(t, NewServer(f.set, Options{}), HTTPOptions{})
	for _, c := range badIDs {
		code, body := post(t, base+"/mcp", strings.Replace(call, "%s", c.id, 1), nil)
		if code != http.StatusBadRequest || !strings.Contains(body, `"id":`+c.echo+`,"error":{"code":-32600`) {
			t.Errorf("HTTP id %s: %d %s", c.id, code, body)
		}
	}
	if code, body := post(t, base+"/mcp", strings.Replace(initBody, `"id":1`, `"id":1.5`, 1), nil); code != http.StatusBadRequest ||
		!strings.Contains(body, `"id":1.5`) {
		t.Errorf("HTTP initialize with id 1.5: %d %s", code, body)
	}
	if n := f.metrics.Snapshot("get_weather").Calls; n != 5 {
		t.Errorf("the tool ran for refused HTTP ids (%d calls)", n)
	}
}

// FuzzEnvelopeIDs: whatever the id, checkEnvelope never panics; a
// message that is JSON goes on exactly when its id is absent, null, a
// string or an integer the go-sdk answers under the same text (no
// fraction, exponent or -0, within ±MaxExactID); a refusal is one JSON-RPC
// error carrying the id's text when it is a number.
func FuzzEnvelopeIDs(f *testing.F) {
	for _, s := range []string{"1", "1.5", `"a"`, "null", "9007199254740993", "-0", "1e3", "true", "{}", `"\u0000"`, "00", "-", "9007199254740991", "-9007199254740991", "1 ", " 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		msg := `{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`
		refusal := checkEnvelope([]byte(msg))
		var env struct{ ID any }
		d := json.NewDecoder(strings.NewReader(msg))
		d.UseNumber()
		if d.Decode(&env) != nil || d.More() {
			return // not JSON: the go-sdk refuses it as it always did
		}
		want := true
		switch v := env.ID.(type) {
		case nil, string:
		case json.Number:
			n, err := strconv.ParseInt(string(v), 10, 64)
			want = err == nil && string(v) != "-0" && n <= MaxExactID && n >= -MaxExactID
		default:
			want = false
		}
		if want != (refusal == nil) {
			t.Fatalf("id %s: accepted %v, refusal %s", id, refusal == nil, refusal)
		}
		if refusal == nil {
			return
		}
		var out struct {
			ID    json.RawMessage
			Error struct{ Code int }
		}
		if err := json.Unmarshal(refusal, &out); err != nil || out.Error.Code != -32600 {
			t.Fatalf("refusal %s: %v", refusal, err)
		}
		if _, num := env.ID.(json.Number); num && string(out.ID) != strings.TrimSpace(id) {
			t.Fatalf("refusal of id %s carries id %s", id, out.ID)
		}
	})
}

// TestOneHostRule: Host: LOCALHOST was refused on /mcp (the go-sdk's
// check) and accepted on /metrics (guard's); one rule now answers both,
// and a foreign Host is refused on both.
func TestOneHostRule(t *testing.T) {
	f := newFixture(t, false)
	base := serveLoopback(t, NewServer(f.set, Options{}), HTTPOptions{Metrics: f.metrics})
	for host, want := range map[string]int{"LOCALHOST": http.StatusOK, "LocalHost:1": http.StatusOK, "127.0.0.1": http.StatusOK,
		"evil.example": http.StatusForbidden, "localhost.evil.example": http.StatusForbidden} {
		code, body := post(t, base+"/mcp", initBody, map[string]string{"Host": host})
		if code != want {
			t.Errorf("/mcp with Host %s: %d %s, want %d", host, code, body, want)
		}
		if code := get(t, base+"/metrics", map[string]string{"Host": host}); code != want {
			t.Errorf("/metrics with Host %s: %d, want %d", host, code, want)
		}
	}
}
