package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/skills"
)

// call runs one tools/call through the registry. Every failure, an
// unknown tool included, is an isError result the model can read: the
// runtime's refusal names the closest tools, which a protocol error would
// hide from the model.
func (s *Server) call(ctx context.Context, req *sdk.CallToolRequest) *sdk.CallToolResult {
	return s.callIn(ctx, s.cur.Load(), req)
}

// callIn is call against snap, the tool set the caller looked at.
func (s *Server) callIn(ctx context.Context, snap *snapshot, req *sdk.CallToolRequest) *sdk.CallToolResult {
	s.active.Add(1)
	defer s.active.Add(-1)
	p := req.Params
	c := runtime.Call{Name: p.Name, Arguments: p.Arguments}
	if len(c.Arguments) == 0 || string(c.Arguments) == "null" {
		c.Arguments = json.RawMessage("{}")
	}
	ctx = context.WithValue(ctx, sessionKey{}, req.Session)
	sk := s.skillSession(req.Session, snap)
	if sk != nil {
		ctx = skills.NewContext(ctx, sk)
	}
	// The registry asks the same gate again; refusing here first keeps a
	// locked tool's call out of that tool's queue.
	if err := runtime.Allowed(ctx, p.Name); err != nil {
		return render(runtime.Result{IsError: true, Content: err.Error(), Meta: map[string]any{"refusal": runtime.RefusalNotActive}}, false)
	}
	// --timeout is the time the caller waits, from receipt: the wait for
	// a slot counts against it (it waited up to the timeout, then ran up
	// to the timeout again). The registry's own deadline, set when
	// Dispatch starts, can only be later, so this one holds.
	if d := snap.set.Registry.CallTimeout(); d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	release, err := snap.queues[p.Name].acquire(ctx, s.opts.maxQueue(), s.opts.queueTimeout())
	if errors.Is(err, context.DeadlineExceeded) {
		return render(runtime.Result{IsError: true, Meta: map[string]any{"timeout": snap.set.Registry.CallTimeout().String()},
			Content: fmt.Sprintf("tool %q did not start within %s: every slot stayed busy; it may be retried later", p.Name, snap.set.Registry.CallTimeout())}, false)
	}
	if err != nil {
		return render(runtime.Result{IsError: true, Meta: map[string]any{"refusal": "busy"},
			Content: fmt.Sprintf("tool %q is busy (%v); retry later", p.Name, err)}, false)
	}
	defer release()
	var before []string
	if sk != nil {
		before = sk.ActiveTools()
	}
	res := snap.set.Registry.Dispatch(ctx, c)
	if sk != nil && req.Session != nil && !slices.Equal(before, sk.ActiveTools()) {
		s.notify(req.Session)
	}
	return render(res, snap.structured[p.Name])
}

// queue is one tool's slots and the calls waiting for one.
type queue struct {
	slots   chan struct{}
	waiting atomic.Int64
}

// acquire takes a slot (a nil queue is unbounded). At most maxWaiting
// calls wait, each at most wait: a tool that cannot keep up answers
// "busy" at once instead of queueing without bound.
func (q *queue) acquire(ctx context.Context, maxWaiting int, wait time.Duration) (func(), error) {
	if q == nil {
		return func() {}, nil
	}
	select {
	case q.slots <- struct{}{}:
		return func() { <-q.slots }, nil
	default:
	}
	if q.waiting.Add(1) > int64(maxWaiting) {
		q.waiting.Add(-1)
		return nil, fmt.Errorf("%d calls running and %d waiting, the limits", cap(q.slots), maxWaiting)
	}
	defer q.waiting.Add(-1)
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case q.slots <- struct{}{}:
		return func() { <-q.slots }, nil
	case <-t.C:
		return nil, fmt.Errorf("no free slot within %s", wait)
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("the request ended before a slot was free")
	}
}

// metaKeys are the Result.Meta entries passed on to the client, under
// "tscg/<key>"; the others (panic values, stacks, tracebacks) stay on the
// server.
var metaKeys = []string{"refusal", "errors", "repairs", "suggestions", "truncated", "timeout", "output_errors"}

// render turns a runtime result into a CallToolResult: the text always,
// the JSON value as structuredContent when the tool has an outputSchema
// and the call succeeded.
func render(res runtime.Result, structured bool) *sdk.CallToolResult {
	out := &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: res.Content}}, IsError: res.IsError}
	if structured && !res.IsError && isJSONObject(res.Content) {
		out.StructuredContent = json.RawMessage(res.Content)
	}
	for _, k := range metaKeys {
		if v, ok := res.Meta[k]; ok {
			if out.Meta == nil {
				out.Meta = sdk.Meta{}
			}
			out.Meta["tscg/"+k] = v
		}
	}
	return out
}

// isJSONObject reports a JSON object: valid JSON (as json.Unmarshal
// checks it) whose first byte is '{'; decoding it into a map only to
// throw the map away cost 0.8 KiB per call.
func isJSONObject(s string) bool {
	t := strings.TrimLeft(s, " \t\r\n")
	return len(t) > 0 && t[0] == '{' && json.Valid([]byte(s))
}

// sessionState is one MCP session's skills, tied to the snapshot they
// were resolved against.
type sessionState struct {
	snap *snapshot
	sk   *skills.Session
}

// skillSession returns the session's skills.Session for snap, or nil when
// exposure is not session-driven (no skills, no Always list). After a
// Swap the session is rebuilt against the new registry with the same
// skills loaded and the same tools unlocked.
func (s *Server) skillSession(ss *sdk.ServerSession, snap *snapshot) *skills.Session {
	if snap.set.Skills == nil && snap.set.Always == nil {
		return nil
	}
	cfg := skills.Config{Set: snap.set.Skills, Registry: snap.set.Registry, Groups: snap.set.Groups, Always: snap.set.Always, Search: snap.set.Search}
	if ss == nil {
		return skills.NewSession(cfg)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st, known := s.sessions[ss]
	if st != nil && st.snap == snap {
		return st.sk
	}
	sk := skills.NewSession(cfg)
	if st != nil {
		for _, name := range st.sk.Loaded() {
			_, _ = sk.Load(name) // a skill gone from the new set stays unloaded
		}
		sk.Unlock(st.sk.Unlocked()...)
	}
	s.sessions[ss] = &sessionState{snap: snap, sk: sk}
	if !known {
		go s.forget(ss)
	}
	return sk
}

// forget drops a session's state when it ends.
func (s *Server) forget(ss *sdk.ServerSession) {
	_ = ss.Wait()
	s.mu.Lock()
	delete(s.sessions, ss)
	s.mu.Unlock()
}
