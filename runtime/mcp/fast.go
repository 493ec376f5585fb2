package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/internal/jsondec"
)

// RunIO serves one session over newline-delimited JSON-RPC on r and w,
// the transport `tscg serve` uses on stdio, until r ends or ctx is done.
// It is StrictIO (the envelope checks, the end of r waiting for the
// answers) with one difference: a plain tools/call of an initialized
// session is answered by tscg itself, without handing the message to the
// go-sdk. The go-sdk decodes a message five times, each time through a
// decoder with a fresh 32 KiB buffer (issue 32: 170 KiB allocated per call
// over stdio); tscg decodes it once, with encoding/json, and answers with
// the go-sdk's own encoder, byte for byte what the go-sdk would send.
//
// Everything else goes to the go-sdk as before: initialize, tools/list,
// ping, notifications, batches, and any tools/call the fast path does not
// fully understand (a params key other than name, arguments and _meta, a
// name that is not a string, _meta of the stateless protocol, a session
// not yet initialized), so its answers, errors included, stay the
// go-sdk's. notifications/cancelled cancels a fast call as the go-sdk
// cancels its own. Receiving middleware added through SDK() does not see
// the calls answered here; use Run with StrictIO for that.
func (s *Server) RunIO(ctx context.Context, r io.Reader, w io.Writer) error {
	lw := &lockedWriter{w: w}
	f := &fastIO{srv: s, w: lw, ready: make(chan struct{})}
	callCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	pr, pw := io.Pipe()
	go func() {
		err := filterLines(r, pw, lw, func(msg []byte) bool { return f.take(callCtx, msg) })
		f.calls.Wait() // the answers to fast calls before the session ends
		pw.CloseWithError(err)
	}()
	ss, err := s.sdk.Connect(ctx, Drain(&sdk.IOTransport{Reader: pr, Writer: nopWriteCloser{lw}}), nil)
	if err != nil {
		pr.Close()
		return err
	}
	f.ss = ss
	close(f.ready)
	closed := make(chan error, 1)
	go func() { closed <- ss.Wait() }()
	select {
	case <-ctx.Done():
		cancel()
		ss.Close()
		<-closed
		return ctx.Err()
	case err := <-closed:
		return err
	}
}

// fastIO answers tools/call messages beside the go-sdk's session.
type fastIO struct {
	srv   *Server
	w     io.Writer
	ready chan struct{} // closed once ss is set
	ss    *sdk.ServerSession
	calls sync.WaitGroup
	live  inflight
}

// take answers msg itself when it is a tools/call the fast path handles,
// and reports whether it did. A notifications/cancelled for a fast call
// cancels it (and still goes to the go-sdk, which ignores an id it does
// not know).
func (f *fastIO) take(ctx context.Context, msg []byte) bool {
	if len(msg) == 0 || msg[0] != '{' {
		return false // a batch, or not JSON: the go-sdk's
	}
	if bytes.Contains(msg, []byte(`"notifications/cancelled"`)) {
		f.live.cancelled(msg)
		return false
	}
	if !bytes.Contains(msg, []byte(`"tools/call"`)) {
		return false
	}
	// msg is the line reader's buffer, overwritten by the next line while
	// this call still runs: the arguments parseFastCall keeps as written
	// must not point into it.
	msg = bytes.Clone(msg)
	id, params, ok := parseFastCall(msg)
	if !ok {
		return false
	}
	select {
	case <-f.ready:
	case <-ctx.Done():
		return false
	}
	if f.ss.InitializeParams() == nil {
		return false // the go-sdk refuses it during initialization
	}
	ctx, cancel := context.WithCancel(ctx)
	if !f.live.add(id, cancel) {
		cancel()
		return false
	}
	f.calls.Add(1)
	go func() {
		defer f.calls.Done()
		defer f.live.done(id)
		data := f.srv.answer(ctx, f.srv.cur.Load(), f.ss, id, params)
		if data == nil {
			return
		}
		if _, err := f.w.Write(append(data, '\n')); err != nil {
			f.srv.log.Warn("tools/call answer not delivered", "error", err)
		}
	}()
	return true
}

// answer runs a fast call and encodes its answer as the go-sdk would
// (jsonrpc.EncodeMessage, the result without HTML escaping); nil when it
// cannot be encoded, which is logged.
func (s *Server) answer(ctx context.Context, snap *snapshot, ss *sdk.ServerSession, id jsonrpc.ID, params *sdk.CallToolParamsRaw) []byte {
	s.fastCalls.Add(1)
	res := s.callIn(ctx, snap, &sdk.CallToolRequest{Session: ss, Params: params})
	var resp *jsonrpc.Response
	if raw, err := marshalNoEscape(res); err != nil {
		resp = &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "rendering the result: " + err.Error()}}
	} else {
		resp = &jsonrpc.Response{ID: id, Result: raw}
	}
	data, err := jsonrpc.EncodeMessage(resp)
	if err != nil {
		s.log.Error("tools/call answer not encoded", "error", err)
		return nil
	}
	return data
}

// inflight are the fast calls running in one session, by id, each with
// the cancel of its context. The zero value is ready to use.
type inflight struct {
	mu    sync.Mutex
	calls map[jsonrpc.ID]context.CancelFunc
}

// add registers a call; false when its id is already in flight.
func (l *inflight) add(id jsonrpc.ID, cancel context.CancelFunc) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, dup := l.calls[id]; dup {
		return false
	}
	if l.calls == nil {
		l.calls = map[jsonrpc.ID]context.CancelFunc{}
	}
	l.calls[id] = cancel
	return true
}

// done removes a finished call and releases its context.
func (l *inflight) done(id jsonrpc.ID) {
	l.mu.Lock()
	cancel := l.calls[id]
	delete(l.calls, id)
	l.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// addAll registers calls without a cancel (calls the go-sdk answers),
// all or none: false and the first id already in flight.
func (l *inflight) addAll(ids []jsonrpc.ID) (jsonrpc.ID, bool) {
	if len(ids) == 0 {
		return jsonrpc.ID{}, true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, id := range ids {
		if _, dup := l.calls[id]; dup {
			return id, false
		}
	}
	if l.calls == nil {
		l.calls = map[jsonrpc.ID]context.CancelFunc{}
	}
	for _, id := range ids {
		l.calls[id] = nil
	}
	return jsonrpc.ID{}, true
}

// cancelled cancels the fast call a notifications/cancelled names.
func (l *inflight) cancelled(msg []byte) {
	var n struct {
		Method string `json:"method"`
		Params struct {
			RequestID any `json:"requestId"`
		} `json:"params"`
	}
	if json.Unmarshal(msg, &n) != nil || n.Method != "notifications/cancelled" {
		return
	}
	id, err := jsonrpc.MakeID(n.Params.RequestID)
	if err != nil || !id.IsValid() {
		return
	}
	l.mu.Lock()
	cancel := l.calls[id]
	l.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// parseFastCall reads a tools/call request the fast path answers: an
// object with exactly jsonrpc "2.0", an id that is a string or a number,
// method "tools/call" and params holding a string name, optional
// arguments and an optional _meta without the stateless protocol's keys.
// Keys are matched exactly (the go-sdk matches them case-sensitively;
// encoding/json's struct decoding would not), each at most once. The
// message is read with tscg's strict scanner, values skipped rather than
// built (a map per object cost ~2 KiB per call), so what it refuses
// (invalid UTF-8, nesting deeper than the go-sdk's 1,000 levels, a
// number out of range) is not taken either. Anything else is not taken.
func parseFastCall(msg []byte) (jsonrpc.ID, *sdk.CallToolParamsRaw, bool) {
	var none jsonrpc.ID
	const (
		hasVersion = 1 << iota
		hasID
		hasMethod
		hasParams
	)
	var seen int
	var rawID, params []byte
	d := jsondec.New(msg, sdkMaxDepth)
	ok := members(&d, func(key string, raw []byte) bool {
		bit := 0
		switch key {
		case "jsonrpc":
			v, ok := jsonString(raw)
			bit = hasVersion * boolInt(ok && v == "2.0")
		case "method":
			v, ok := jsonString(raw)
			bit = hasMethod * boolInt(ok && v == "tools/call")
		case "id":
			rawID, bit = raw, hasID
		case "params":
			params, bit = raw, hasParams*boolInt(raw[0] == '{')
		}
		if bit == 0 || seen&bit != 0 {
			return false
		}
		seen |= bit
		return true
	})
	if !ok || seen != hasVersion|hasID|hasMethod|hasParams {
		return none, nil, false
	}
	id, ok := fastID(rawID)
	if !ok {
		return none, nil, false
	}
	p, ok := fastParams(params)
	if !ok {
		return none, nil, false
	}
	return id, p, true
}

// sdkMaxDepth is the go-sdk's nesting limit (internal/json's
// defaultMaxDepth), counted as jsondec counts: the outer object is 1.
const sdkMaxDepth = 1000

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fastID reads an id that is a string or a number, as the go-sdk makes
// it (a number through float64).
func fastID(raw []byte) (jsonrpc.ID, bool) {
	var idv any
	if raw[0] == '"' {
		s, ok := jsonString(raw)
		if !ok {
			return jsonrpc.ID{}, false
		}
		idv = s
	} else if raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9' {
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return jsonrpc.ID{}, false
		}
		idv = f
	} else {
		return jsonrpc.ID{}, false
	}
	id, err := jsonrpc.MakeID(idv)
	return id, err == nil && id.IsValid()
}

// fastParams reads tools/call params: a string name, optional arguments
// (kept as written), optional _meta without the stateless protocol's
// keys; no other key, none twice.
func fastParams(raw []byte) (*sdk.CallToolParamsRaw, bool) {
	p := &sdk.CallToolParamsRaw{}
	var seen int
	d := jsondec.New(raw, sdkMaxDepth)
	ok := members(&d, func(key string, v []byte) bool {
		bit := 0
		switch key {
		case "name":
			name, ok := jsonString(v)
			p.Name, bit = name, 1*boolInt(ok)
		case "arguments":
			p.Arguments, bit = v, 2
		case "_meta":
			var meta map[string]any
			if v[0] != '{' || json.Unmarshal(v, &meta) != nil {
				return false
			}
			for mk := range meta {
				if strings.HasPrefix(mk, "io.modelcontextprotocol/") {
					return false
				}
			}
			p.Meta, bit = meta, 4
		}
		if bit == 0 || seen&bit != 0 {
			return false
		}
		seen |= bit
		return true
	})
	return p, ok && seen&1 != 0
}

// members reads the object at d's position to its end and the end of the
// input, calling fn with each key and the raw text of its value; false
// when the text is not one well-formed object or fn returns false.
func members(d *jsondec.Decoder, fn func(key string, raw []byte) bool) bool {
	d.SkipSpace()
	if d.Pos >= len(d.Data) || d.Data[d.Pos] != '{' {
		return false
	}
	d.Pos++
	d.SkipSpace()
	if d.Pos < len(d.Data) && d.Data[d.Pos] == '}' {
		d.Pos++
		return atEnd(d)
	}
	for {
		if d.Pos >= len(d.Data) || d.Data[d.Pos] != '"' {
			return false
		}
		key, err := d.Str()
		if err != nil {
			return false
		}
		d.SkipSpace()
		if d.Pos >= len(d.Data) || d.Data[d.Pos] != ':' {
			return false
		}
		d.Pos++
		d.SkipSpace()
		start := d.Pos
		if d.Skip(1) != nil || !fn(key, d.Data[start:d.Pos]) {
			return false
		}
		d.SkipSpace()
		if d.Pos >= len(d.Data) {
			return false
		}
		switch d.Data[d.Pos] {
		case ',':
			d.Pos++
			d.SkipSpace()
		case '}':
			d.Pos++
			return atEnd(d)
		default:
			return false
		}
	}
}

func atEnd(d *jsondec.Decoder) bool {
	d.SkipSpace()
	return d.Pos == len(d.Data)
}

// jsonString is the value of a JSON string already read by jsondec
// (valid, its escapes well-formed); false when raw is not a string.
func jsonString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]), true
	}
	var s string
	return s, json.Unmarshal(raw, &s) == nil
}

// marshalNoEscape is the go-sdk's result encoding: encoding/json without
// HTML escaping, no trailing newline.
func marshalNoEscape(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
