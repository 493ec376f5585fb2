package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tscg/tscg/runtime"
)

// TestQueueBounded: the per-tool queue was unbounded and outside
// --timeout. A call now waits for a slot at most QueueTimeout, behind at
// most MaxQueue others, and is otherwise refused as busy.
func TestQueueBounded(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 4)
	reg := runtime.NewRegistry()
	if err := reg.Register(runtime.Tool{Name: "block", InputSchema: json.RawMessage(`{"type":"object"}`),
		Handler: func(ctx context.Context, _ *runtime.Request) runtime.Result {
			started <- struct{}{}
			select {
			case <-release:
			case <-ctx.Done():
			}
			return runtime.Result{Content: "done"}
		}}); err != nil {
		t.Fatal(err)
	}
	srv := NewServer(&ToolSet{Registry: reg}, Options{MaxConcurrent: 1, MaxQueue: 1, QueueTimeout: 300 * time.Millisecond})
	sess, _, _ := connect(t, srv)
	first := make(chan string, 1)
	go func() { _, text := callTool(t, sess, "block", `{}`); first <- text }()
	<-started
	// Two more calls: one waits in the queue (which holds one) until
	// QueueTimeout, the other is refused at once, in either order.
	more := make(chan string, 2)
	for i := 0; i < 2; i++ {
		go func() { _, text := callTool(t, sess, "block", `{}`); more <- text }()
	}
	got := <-more + "\n" + <-more
	if !strings.Contains(got, "waiting, the limits") || !strings.Contains(got, "no free slot within") {
		t.Errorf("the calls over the limits:\n%s", got)
	}
	close(release)
	if text := <-first; text != "done" {
		t.Errorf("the running call: %s", text)
	}
}

// TestTimeoutFromReceipt: with --max-concurrent 1 --timeout 3s a call
// queued behind another answered after 5.7 s: it waited up to the
// timeout, then ran up to the timeout. The deadline now starts at
// receipt: the queued call's handler sees a deadline before the moment
// the slot was released plus the timeout (it arrived before that; before,
// its clock started when it left the queue, after that). No timing
// threshold: the order of events decides, and the timeout is a minute.
func TestTimeoutFromReceipt(t *testing.T) {
	const d = time.Minute
	release := make(chan struct{})
	deadlines := make(chan time.Time, 2)
	reg := runtime.NewRegistry(runtime.WithTimeout(d))
	if err := reg.Register(runtime.Tool{Name: "block", InputSchema: json.RawMessage(`{"type":"object"}`),
		Handler: func(ctx context.Context, _ *runtime.Request) runtime.Result {
			dl, _ := ctx.Deadline()
			deadlines <- dl
			<-release
			return runtime.Result{Content: "done"}
		}}); err != nil {
		t.Fatal(err)
	}
	srv := NewServer(&ToolSet{Registry: reg}, Options{MaxConcurrent: 1, QueueTimeout: time.Hour})
	sess, _, _ := connect(t, srv)
	first := make(chan string, 1)
	go func() { _, text := callTool(t, sess, "block", `{}`); first <- text }()
	<-deadlines
	second := make(chan string, 1)
	go func() { _, text := callTool(t, sess, "block", `{}`); second <- text }()
	q := srv.cur.Load().queues["block"]
	for q.waiting.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	released := time.Now()
	release <- struct{}{}
	if text := <-first; text != "done" {
		t.Fatalf("first call: %s", text)
	}
	if dl := <-deadlines; !dl.Before(released.Add(d)) {
		t.Errorf("the queued call's deadline is %s after the slot was released plus the timeout: the queue was outside --timeout", dl.Sub(released.Add(d)))
	}
	close(release)
	if text := <-second; text != "done" {
		t.Fatalf("second call: %s", text)
	}
}
