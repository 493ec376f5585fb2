package script

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/tscg/tscg/runtime"
)

const trivialScript = `const r = await TOOL_CALL("echo", { text: "hi" }); return r;`

// BenchmarkRunTrivial is the start-to-finish overhead of a script:
// transpile, fresh VM, one TOOL_CALL through the Registry, result.
func BenchmarkRunTrivial(b *testing.B) {
	opts := Options{Registry: testRegistry(b)}
	for b.Loop() {
		if _, err := Run(context.Background(), trivialScript, opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTranspile is the esbuild share of BenchmarkRunTrivial.
func BenchmarkTranspile(b *testing.B) {
	for b.Loop() {
		if _, err := transpile(trivialScript); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDispatchOnly is the same tool call without a script, the
// baseline the script's overhead is measured against.
func BenchmarkDispatchOnly(b *testing.B) {
	reg := testRegistry(b)
	call := runtime.Call{Name: "echo", Arguments: json.RawMessage(`{"text":"hi"}`)}
	for b.Loop() {
		if res := reg.Dispatch(context.Background(), call); res.IsError {
			b.Fatal(res.Content)
		}
	}
}

// BenchmarkTimeoutStop measures how long past a 20 ms deadline a busy
// loop runs before Interrupt stops it (reported as ms-past-deadline).
func BenchmarkTimeoutStop(b *testing.B) {
	var worst time.Duration
	for b.Loop() {
		start := time.Now()
		_, err := Run(context.Background(), "while (true) {}", Options{Limits: Limits{Timeout: 20 * time.Millisecond}})
		if err == nil {
			b.Fatal("busy loop was not stopped")
		}
		if d := time.Since(start) - 20*time.Millisecond; d > worst {
			worst = d
		}
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "ms-past-deadline")
}
