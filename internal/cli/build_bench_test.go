package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tscg/tscg/compiler"
)

// BenchmarkBuildExample is a whole `tscg build` of the weather example
// (its tscg.yaml found and checked, inputs compiled, every output
// rendered and written), and reports what share of it reading and
// checking the configuration costs (issue 15: it was 27 % when the
// config's JSON Schema and meta-schemas were compiled on every run).
func BenchmarkBuildExample(b *testing.B) {
	dir, err := filepath.Abs("../../examples/weather")
	if err != nil {
		b.Fatal(err)
	}
	// The configuration's cost, timed over as many loads as builds
	// (testing.Benchmark cannot run inside a benchmark).
	cfgTime := func(n int) time.Duration {
		start := time.Now()
		for range n {
			if _, ds := compiler.LoadConfig(filepath.Join(dir, "tscg.yaml")); ds.HasErrors() {
				b.Fatal(ds)
			}
		}
		return time.Since(start)
	}
	out := b.TempDir()
	wd := chdir(b, dir)
	defer wd()
	b.ReportAllocs()
	for b.Loop() {
		var errOut strings.Builder
		if code := Run([]string{"build", "-o", filepath.Join(out, "o")}, strings.NewReader(""), io.Discard, &errOut); code != 0 {
			b.Fatalf("build exit %d: %s", code, errOut.String())
		}
	}
	build := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.StopTimer()
	cfg := float64(cfgTime(b.N).Nanoseconds()) / float64(b.N)
	b.ReportMetric(cfg, "config-ns/op")
	b.ReportMetric(100*cfg/build, "config-%")
}

// chdir enters dir and returns the function that goes back.
func chdir(tb testing.TB, dir string) func() {
	tb.Helper()
	wd, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		tb.Fatal(err)
	}
	return func() { _ = os.Chdir(wd) }
}
