package script

import (
	"context"
	"sort"
	"testing"
	"time"
)

// BenchmarkTrivialScript compares a trivial script with one tool call in
// process and in a warm worker; p50 and p99 are reported per mode, and the
// worker's added latency is the difference.
//
//	go test ./runtime/script -run '^$' -bench TrivialScript -benchtime 500x
func BenchmarkTrivialScript(b *testing.B) {
	reg := testRegistry(b)
	src := `const r = await TOOL_CALL("echo", {text: "hi"}); return r + "!"`
	for _, mode := range []struct {
		name string
		pool func(testing.TB) *Pool
	}{{"inprocess", func(testing.TB) *Pool { return nil }}, {"worker", testPool}} {
		b.Run(mode.name, func(b *testing.B) {
			opts := Options{Registry: reg, Pool: mode.pool(b)}
			if _, err := Run(context.Background(), src, opts); err != nil {
				b.Fatal(err)
			}
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				if _, err := Run(context.Background(), src, opts); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(start))
			}
			b.StopTimer()
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
		})
	}
}
