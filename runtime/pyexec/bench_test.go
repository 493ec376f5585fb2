package pyexec

import (
	"context"
	"encoding/json"
	"testing"
)

// BenchmarkCall compares the per-call latency of spawn-per-call with a
// warm worker pool on a trivial tool (add). Compare the two ns/op lines:
// the pool is expected to be well over 20× faster.
func BenchmarkCall(b *testing.B) {
	args := json.RawMessage(`{"a": 1, "b": 2}`)
	for _, mode := range []struct {
		name    string
		workers int
	}{{"spawn", 0}, {"pool", 1}} {
		b.Run(mode.name, func(b *testing.B) {
			e := newExec(b, Config{Workers: mode.workers})
			if err := e.Warm(); err != nil {
				b.Fatal(err)
			}
			if _, err := e.Call(context.Background(), cases, "add", args); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := e.Call(context.Background(), cases, "add", args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
