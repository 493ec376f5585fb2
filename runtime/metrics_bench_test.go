package runtime

import (
	"fmt"
	"io"
	"testing"
	"time"
)

// BenchmarkObserveCall is the per-call cost metrics add to a dispatch.
func BenchmarkObserveCall(b *testing.B) {
	m := NewMemoryMetrics()
	b.ReportAllocs()
	for b.Loop() {
		m.ObserveCall("search", OutcomeSuccess, 3*time.Millisecond)
	}
}

// BenchmarkWritePrometheus is one scrape of /metrics for 50 tools with
// calls, violations and repairs.
func BenchmarkWritePrometheus(b *testing.B) {
	m := NewMemoryMetrics()
	for i := range 50 {
		tool := fmt.Sprintf("tool_%02d", i)
		for j := range 20 {
			m.ObserveCall(tool, OutcomeSuccess, time.Duration(j)*time.Millisecond)
		}
		m.ObserveCall(tool, OutcomeInvalid, time.Millisecond)
		m.ObserveViolation(tool, "/properties/q/minLength")
		m.ObserveRepair(tool, "string-to-number")
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := m.WritePrometheus(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
