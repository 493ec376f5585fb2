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
