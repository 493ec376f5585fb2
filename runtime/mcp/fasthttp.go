package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// httpSessions is tscg's side of the streamable HTTP sessions one Handler
// serves, and its fast path for tools/call (issue 32). The go-sdk decodes
// a POSTed message six times, each through a decoder with a fresh 32 KiB
// buffer (~210 KiB allocated per call); a plain tools/call of an
// initialized session is answered here instead, decoded once, with the
// go-sdk's own encoder and SSE framing. Everything else (initialize,
// notifications, tools/list, batches, GET and DELETE, any call the fast
// path does not fully understand) goes to the go-sdk's handler as before.
//
// What the go-sdk's handler keeps per session and a bypass would skip is
// kept here for every POST, whichever path answers it:
//   - the idle timer: the go-sdk's is off (a session used only through
//     the fast path would be closed as idle); this one pauses while a
//     POST is being answered and closes the session after timeout
//     without one, as the go-sdk's does;
//   - the calls in flight: a call whose id is in flight in the session,
//     on either path, is refused as the go-sdk refuses a duplicate;
//     notifications/cancelled cancels a fast call;
//   - a session that closes while a call runs: the call runs on and its
//     answer is dropped (the POST ends without it), as the go-sdk does.
//
// A fast call's answer is the go-sdk's byte for byte (TestHTTPAnswersAsTheSDK);
// the one difference is that it is written whole, with a Content-Length,
// where the go-sdk flushes the event and ends the body chunked.
type httpSessions struct {
	srv     *Server
	timeout time.Duration
	fast    bool // false: every POST goes to the go-sdk (tests compare both)

	mu   sync.Mutex
	byID map[string]*httpSession
}

// httpSession is one session's idle timer and fast calls.
type httpSession struct {
	ss   *sdk.ServerSession
	ctx  context.Context // ends with the session
	live inflight        // fast calls, and (with no cancel) the go-sdk's calls being answered

	idle  time.Duration // the idle timeout
	mu    sync.Mutex
	posts int         // POSTs being answered
	timer *time.Timer // nil when there is no timeout or the session ended
}

func newHTTPSessions(s *Server, timeout time.Duration) *httpSessions {
	return &httpSessions{srv: s, timeout: timeout, fast: !s.noFastHTTP, byID: map[string]*httpSession{}}
}

// wrap puts the session bookkeeping and the fast path in front of the
// go-sdk's handler. A POST's body is the one strictEnvelope read.
func (h *httpSessions) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			hw := &sessionHook{ResponseWriter: w, h: h}
			next.ServeHTTP(hw, r)
			hw.hook()
			return
		}
		h.mu.Lock()
		hs := h.byID[id]
		h.mu.Unlock()
		body, ok := r.Body.(*checkedBody)
		if hs == nil || !ok {
			next.ServeHTTP(w, r) // the go-sdk answers an unknown session
			return
		}
		hs.startPOST()
		defer hs.endPOST()
		if h.fast && h.serveFast(w, r, hs, body.data) {
			return
		}
		calls, dup := hs.sdkCalls(body.data)
		if dup.IsValid() {
			writeDuplicate(w, dup)
			return
		}
		defer func() {
			for _, c := range calls {
				hs.live.done(c)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// serveFast answers a plain tools/call and reports whether it did. The
// request must be one the go-sdk would hand to the session as it stands:
// the media types it requires, no Last-Event-ID, a protocol version of a
// session (the go-sdk's header checks apply from 2026-07-28 only, which
// a session refuses), no token info to match against the session's user,
// an initialized session. A call of a tool runtime.Approval asks about
// goes to the go-sdk too: an approver may ask the client (elicitation),
// and only the go-sdk can send that question on the call's own stream.
func (h *httpSessions) serveFast(w http.ResponseWriter, r *http.Request, hs *httpSession, body []byte) bool {
	if !fastHeaders(r.Header) || auth.TokenInfoFromContext(r.Context()) != nil {
		return false
	}
	id, params, ok := parseFastCall(body)
	if !ok || hs.ss.InitializeParams() == nil {
		return false
	}
	snap := h.srv.cur.Load()
	if snap.asks[params.Name] {
		return false
	}
	// Not a child of hs.ctx: the go-sdk lets a call run on when its
	// session closes (and drops the answer), and so does the fast path.
	ctx, cancel := context.WithCancel(context.Background())
	if !hs.live.add(id, cancel) {
		cancel()
		writeDuplicate(w, id)
		return true
	}
	defer hs.live.done(id)
	data := h.srv.answer(ctx, snap, hs.ss, id, params)
	if data == nil {
		http.Error(w, "the answer could not be encoded", http.StatusInternalServerError)
		return true
	}
	hdr := w.Header()
	hdr.Set("Cache-Control", "no-cache, no-transform")
	hdr.Set("Content-Type", "text/event-stream")
	hdr.Set("Connection", "keep-alive")
	if hs.ctx.Err() != nil {
		return true // the session ended: the go-sdk ends the stream without the answer
	}
	event := make([]byte, 0, len(sseHead)+len(data)+2)
	event = append(append(append(event, sseHead...), data...), "\n\n"...)
	if _, err := w.Write(event); err != nil {
		h.srv.log.Warn("tools/call answer not delivered", "error", err)
	}
	return true
}

// sseHead starts the go-sdk's SSE event for a message (no event id: the
// server keeps no event store).
const sseHead = "event: message\ndata: "

// fastHeaders reports the headers of a POST the go-sdk would pass on to
// the session: Content-Type application/json, an Accept of both JSON and
// an event stream, no Last-Event-ID, no protocol version or one the
// server speaks. Stricter than the go-sdk where that is simpler (one
// exact Content-Type; ASCII case folding): whatever fails goes to it.
func fastHeaders(h http.Header) bool {
	if ct := h["Content-Type"]; len(ct) != 1 || ct[0] != "application/json" {
		return false
	}
	if len(h["Last-Event-Id"]) > 0 {
		return false
	}
	if v := h.Get("Mcp-Protocol-Version"); v != "" && !slices.Contains(protocolVersions, v) {
		return false
	}
	return acceptsBoth(h["Accept"])
}

// acceptsBoth is the go-sdk's Accept rule for a POST (streamableAccepts):
// the comma-separated media ranges, parameters ignored, must cover
// application/json and text/event-stream.
func acceptsBoth(values []string) bool {
	var jsonOK, streamOK bool
	for _, v := range values {
		for rest, more := v, true; more; {
			var tok string
			tok, rest, more = strings.Cut(rest, ",")
			base, _, _ := strings.Cut(strings.TrimSpace(tok), ";")
			switch base = strings.TrimSpace(base); {
			case asciiFold(base, "application/json"), asciiFold(base, "application/*"):
				jsonOK = true
			case asciiFold(base, "text/event-stream"), asciiFold(base, "text/*"):
				streamOK = true
			case base == "*/*":
				jsonOK, streamOK = true, true
			}
		}
	}
	return jsonOK && streamOK
}

// asciiFold compares s with lower-case ASCII want, folding only A-Z in s.
func asciiFold(s, want string) bool {
	if len(s) != len(want) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != want[i] {
			return false
		}
	}
	return true
}

// writeDuplicate is the go-sdk's answer to a call whose id is already in
// flight in the session.
func writeDuplicate(w http.ResponseWriter, id jsonrpc.ID) {
	resp := &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest,
		Message: fmt.Sprintf("duplicate in-flight request ID %v", id.Raw())}}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	if data, err := jsonrpc.EncodeMessage(resp); err == nil {
		_, _ = w.Write(data)
	}
}

// sdkCalls registers the ids of the calls in a body bound for the
// go-sdk (the caller releases them with live.done), or returns the first
// one already in flight, registering none. A notifications/cancelled in
// the body cancels the fast call it names.
func (hs *httpSession) sdkCalls(body []byte) (calls []jsonrpc.ID, dup jsonrpc.ID) {
	var msgs []json.RawMessage
	if json.Unmarshal(body, &msgs) != nil {
		msgs = []json.RawMessage{body}
	}
	for _, m := range msgs {
		var env map[string]json.RawMessage
		if json.Unmarshal(m, &env) != nil {
			continue
		}
		if method, ok := env["method"]; ok && string(method) == `"notifications/cancelled"` {
			hs.live.cancelled(m)
		}
		raw, hasID := env["id"]
		var idv any
		if _, ok := env["method"]; !ok || !hasID || json.Unmarshal(raw, &idv) != nil {
			continue
		}
		if id, err := jsonrpc.MakeID(idv); err == nil && id.IsValid() && !slices.Contains(calls, id) {
			calls = append(calls, id)
		}
	}
	if dup, ok := hs.live.addAll(calls); !ok {
		return nil, dup
	}
	return calls, jsonrpc.ID{}
}

// startPOST pauses the idle timer while a POST is answered.
func (hs *httpSession) startPOST() {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	if hs.timer != nil && hs.posts == 0 {
		hs.timer.Stop()
	}
	hs.posts++
}

// endPOST restarts the idle timer when the last POST is answered.
func (hs *httpSession) endPOST() {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	hs.posts--
	if hs.timer != nil && hs.posts == 0 {
		hs.timer.Reset(hs.idle)
	}
}

// opened starts tracking the session the go-sdk just created under id.
func (h *httpSessions) opened(id string) {
	for ss := range h.srv.sdk.Sessions() {
		if ss.ID() != id {
			continue
		}
		ctx, cancel := context.WithCancel(context.Background())
		hs := &httpSession{ss: ss, ctx: ctx, idle: h.timeout}
		if h.timeout > 0 {
			hs.timer = time.AfterFunc(h.timeout, func() { _ = ss.Close() })
		}
		h.mu.Lock()
		h.byID[id] = hs
		h.mu.Unlock()
		go func() {
			_ = ss.Wait()
			hs.mu.Lock()
			if hs.timer != nil {
				hs.timer.Stop()
				hs.timer = nil
			}
			hs.mu.Unlock()
			cancel()
			h.mu.Lock()
			delete(h.byID, id)
			h.mu.Unlock()
		}()
		return
	}
}

// sessionHook tracks the session an initialize creates as soon as the
// go-sdk's answer (carrying its Mcp-Session-Id) starts, before the
// client can send the session's next request.
type sessionHook struct {
	http.ResponseWriter
	h    *httpSessions
	done bool
}

func (w *sessionHook) hook() {
	if !w.done {
		w.done = true
		if id := w.Header().Get("Mcp-Session-Id"); id != "" {
			w.h.opened(id)
		}
	}
}

func (w *sessionHook) WriteHeader(code int) { w.hook(); w.ResponseWriter.WriteHeader(code) }

func (w *sessionHook) Write(p []byte) (int, error) { w.hook(); return w.ResponseWriter.Write(p) }

// Unwrap lets http.ResponseController reach the connection (the go-sdk
// flushes its events through it).
func (w *sessionHook) Unwrap() http.ResponseWriter { return w.ResponseWriter }
