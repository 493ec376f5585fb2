package script

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/tscg/tscg/runtime"
)

// ServeWorker is the body of a script worker process: it runs the scripts
// a Pool sends on in, one at a time, and writes their tool calls,
// FORMALIZE requests and outcomes to out. Tools and models stay in the
// host; the worker holds only the VM. A host program exposes it as a
// hidden subcommand (tscg's is `tscg __script-worker`) and points
// PoolConfig.Command at it. It returns when in ends, or with an error
// when the host broke the protocol.
//
// Before serving, the worker limits itself: its address space to what it
// uses at start plus the budget the host set (TSCG_SCRIPT_MAX_MEMORY
// bytes), its stack, and, per run, its CPU time to the run's timeout plus
// a second. A script that hits a limit ends the worker; the host reports
// that to the caller and starts another.
func ServeWorker(in io.Reader, out io.Writer) error {
	limitWorker()
	_, _ = transpile("return 1") // esbuild's first transform is slow: pay it before ready
	c := &workerConn{enc: json.NewEncoder(out), waiting: map[int]chan message{}}
	if err := c.send(message{Op: "ready"}); err != nil {
		return err
	}
	runs := make(chan message, 1)
	errc := make(chan error, 1)
	go func() { errc <- c.read(bufio.NewReaderSize(in, 1<<20), runs) }()
	for {
		select {
		case m := <-runs:
			if err := c.serve(m); err != nil {
				return err
			}
		case err := <-errc:
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// workerConn is the worker's end of the protocol.
type workerConn struct {
	smu sync.Mutex
	enc *json.Encoder

	mu      sync.Mutex
	current int64 // the run being served, 0 between runs
	last    int64 // the latest run started
	waiting map[int]chan message
	// asking counts requests of the current run being sent: its outcome
	// waits for them, so nothing of a run follows its "done".
	asking sync.WaitGroup
}

func (c *workerConn) send(m message) error {
	c.smu.Lock()
	defer c.smu.Unlock()
	return c.enc.Encode(m)
}

// read dispatches the host's messages: runs to the serving loop, replies
// to the calls waiting for them.
func (c *workerConn) read(r *bufio.Reader, runs chan<- message) error {
	for {
		m, err := readMessage(r)
		if err != nil {
			return err
		}
		if err := c.route(m, runs); err != nil {
			return err
		}
	}
}

func (c *workerConn) route(m message, runs chan<- message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch m.Op {
	case "run":
		if c.current != 0 || m.ID <= c.last || m.Limits == nil {
			return fmt.Errorf("script worker: run %d sent while run %d is active", m.ID, c.current)
		}
		c.current, c.last = m.ID, m.ID
		runs <- m
	case "result", "formalized":
		if m.ID != c.last {
			return fmt.Errorf("script worker: reply for run %d, expected run %d", m.ID, c.last)
		}
		// A reply to a call the run gave up on (or to a finished run,
		// sent before the host saw done) has no one waiting: dropped.
		if ch := c.waiting[m.Seq]; ch != nil && m.ID == c.current {
			delete(c.waiting, m.Seq)
			ch <- m
		}
	default:
		return fmt.Errorf("script worker: unknown message %q", m.Op)
	}
	return nil
}

// serve runs one script and reports its outcome.
func (c *workerConn) serve(m message) error {
	limitRun(m.Limits.Timeout)
	declared := map[string]bool{}
	for _, n := range m.Declared {
		declared[n] = true
	}
	h := &remoteHost{c: c, id: m.ID, tools: m.Tools, formalizeOK: m.Formalize, declaredTools: declared}
	out, err := runIn(context.Background(), m.Source, h, *m.Limits, m.Parallel, nil)
	var e *Error
	if err != nil && !errors.As(err, &e) {
		e = &Error{Kind: KindRuntime, Message: err.Error()}
	}
	c.mu.Lock()
	c.current = 0
	c.waiting = map[int]chan message{}
	c.mu.Unlock()
	// A call the script started but did not await (300 TOOL_CALLs over
	// the limit of 200) may still be sending: once current is 0 no new
	// one is sent, and "done" waits for those under way. Before, their
	// "call" messages followed "done" and reached the host during
	// another session's run, which then failed as a broken protocol.
	c.asking.Wait()
	return c.send(message{Op: "done", ID: m.ID, Outcome: &out, Error: e})
}

// ask sends a request of the current run and waits for its reply.
func (c *workerConn) ask(ctx context.Context, m message) (message, bool) {
	ch := make(chan message, 1)
	c.mu.Lock()
	if c.current != m.ID { // the run is over: nothing of it is sent any more
		c.mu.Unlock()
		return message{}, false
	}
	c.waiting[m.Seq] = ch
	c.asking.Add(1)
	c.mu.Unlock()
	err := c.send(m)
	c.asking.Done()
	if err != nil {
		return message{}, false
	}
	select {
	case r := <-ch:
		return r, true
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.waiting, m.Seq)
		c.mu.Unlock()
		return message{}, false
	}
}

// remoteHost is a run's host inside a worker: calls go to the process
// that holds the tools.
type remoteHost struct {
	c             *workerConn
	id            int64
	tools         bool
	formalizeOK   bool
	declaredTools map[string]bool
}

func (h *remoteHost) hasTools() bool            { return h.tools }
func (h *remoteHost) declared(name string) bool { return h.declaredTools[name] }
func (h *remoteHost) canFormalize() bool        { return h.formalizeOK }

func (h *remoteHost) call(ctx context.Context, seq int, name string, args json.RawMessage) runtime.Result {
	r, ok := h.c.ask(ctx, message{Op: "call", ID: h.id, Seq: seq, Name: name, Args: args})
	if !ok {
		return runtime.Result{IsError: true, Content: fmt.Sprintf("tool %q: the run ended before the call returned", name)}
	}
	return r.Result.result()
}

func (h *remoteHost) formalize(ctx context.Context, seq int, text, typeSrc string) formalizeReply {
	r, ok := h.c.ask(ctx, message{Op: "formalize", ID: h.id, Seq: seq, Text: text, Type: typeSrc})
	if !ok || r.Reply == nil {
		return formalizeReply{ErrName: "FormalizeError", Err: "FORMALIZE: the run ended before the model answered"}
	}
	return *r.Reply
}
