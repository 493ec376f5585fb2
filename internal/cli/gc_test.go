package cli

import (
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent reads the current GOGC setting.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestGCOneShotTurnsCollectionOffAndRestores(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before, limit := gcPercent(), debug.SetMemoryLimit(-1)
	restore := gcOneShot()
	if p := gcPercent(); p != -1 {
		t.Errorf("GOGC during a one-shot command = %d, want -1 (off)", p)
	}
	if l := debug.SetMemoryLimit(-1); l != oneShotHeap {
		t.Errorf("memory limit during a one-shot command = %d, want %d", l, oneShotHeap)
	}
	restore()
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != before || l != limit {
		t.Errorf("after restore: GOGC %d, limit %d; want %d, %d", p, l, before, limit)
	}
}

func TestGCOneShotFallsBackToPacingAtFirstCollection(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	restore := gcOneShot()
	defer restore()
	deadline := time.Now().Add(5 * time.Second)
	for gcPercent() != oneShotGCPerc {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC still %d after collections; want %d once the first one ran", gcPercent(), oneShotGCPerc)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("memory limit after the first collection = %d, want none", l)
	}
}

func TestGCOneShotRespectsEnvironment(t *testing.T) {
	t.Setenv("GOGC", "50")
	before := gcPercent()
	restore := gcOneShot()
	defer restore()
	if p := gcPercent(); p != before {
		t.Errorf("GOGC set in the environment: the one-shot policy changed it from %d to %d", before, p)
	}
}

func TestGCLongLivedDefaultsFlagsAndEnvironment(t *testing.T) {
	before, limit := gcPercent(), debug.SetMemoryLimit(-1)
	defer func() { debug.SetGCPercent(before); debug.SetMemoryLimit(limit) }()
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	restore := gcOneShot() // Run applies it before any command
	defer restore()
	gcLongLived(nil, nil)
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != serveGCPercent || l != math.MaxInt64 {
		t.Errorf("serve's default: GOGC %d, limit %d; want %d, none", p, l, serveGCPercent)
	}
	t.Setenv("GOGC", "150")
	debug.SetGCPercent(150)
	gcLongLived(nil, nil)
	if p := gcPercent(); p != 150 {
		t.Errorf("GOGC=150 in the environment: serve set %d", p)
	}
	pc, lim := 50, int64(64<<20)
	gcLongLived(&pc, &lim)
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != 50 || l != 64<<20 {
		t.Errorf("--gc-percent 50 --memory-limit 64MiB: GOGC %d, limit %d", p, l)
	}
}

func TestParseMemoryLimit(t *testing.T) {
	for in, want := range map[string]int64{"": 0, "1024": 1024, "512MiB": 512 << 20, "2GiB": 2 << 30, "10B": 10, "3KiB": 3 << 10} {
		if got, err := parseMemoryLimit(in); err != nil || got != want {
			t.Errorf("parseMemoryLimit(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"512M", "-1", "0", "MiB", "1.5GiB", "99999999999TiB"} {
		if _, err := parseMemoryLimit(in); err == nil {
			t.Errorf("parseMemoryLimit(%q): no error", in)
		}
	}
}

// collectUntil runs collections until done holds, failing with what()
// after five seconds.
func collectUntil(t *testing.T, done func() bool, what func() string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatal(what())
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

// startBounded applies the one-shot policy and switches it to the bounded
// one, as lint does.
func startBounded(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	t.Cleanup(gcOneShot())
	gcBounded()
}

func TestGCBoundedLowersTheHeapAndThePacing(t *testing.T) {
	startBounded(t)
	if l := debug.SetMemoryLimit(-1); l != boundedHeap {
		t.Errorf("memory limit under the bounded policy = %d, want %d", l, boundedHeap)
	}
	collectUntil(t, func() bool { return gcPercent() == boundedGCPerc }, func() string {
		return fmt.Sprintf("GOGC still %d after collections; want %d once the first one ran", gcPercent(), boundedGCPerc)
	})
	// From the first collection on, the limit follows the live heap and
	// never drops below boundedLimit.
	collectUntil(t, func() bool { return debug.SetMemoryLimit(-1) != boundedHeap }, func() string {
		return "memory limit still boundedHeap after collections"
	})
	if l := debug.SetMemoryLimit(-1); l < boundedLimit || l == math.MaxInt64 {
		t.Errorf("memory limit after the first collection = %d, want at least %d and bounded", l, boundedLimit)
	}
	// Past boundedLimit, the limit is GOGC=100's goal, or the live heap
	// and the rest of the runtime's memory with boundedHeadroom to spare.
	if got := boundedLimitFor(100<<20, 20<<20); got != 200<<20 {
		t.Errorf("boundedLimitFor(100 MiB live, 20 MiB more) = %d, want 200 MiB", got)
	}
	if got := boundedLimitFor(20<<20, 30<<20); got != 50<<20+boundedHeadroom {
		t.Errorf("boundedLimitFor(20 MiB live, 30 MiB more) = %d, want 50 MiB + boundedHeadroom", got)
	}
	if got := boundedLimitFor(1<<20, 10<<20); got != boundedLimit {
		t.Errorf("boundedLimitFor(1 MiB, 10 MiB) = %d, want boundedLimit", got)
	}
}

// TestGCBoundedLimitFollowsLiveHeap keeps 3×boundedLimit live and checks
// that the limit rose to twice that, so collection does not run without
// end.
func TestGCBoundedLimitFollowsLiveHeap(t *testing.T) {
	startBounded(t)
	keep := make([][]byte, 0, 3*boundedLimit>>20)
	for range cap(keep) {
		keep = append(keep, make([]byte, 1<<20))
	}
	collectUntil(t, func() bool { return debug.SetMemoryLimit(-1) >= 2*int64(len(keep))<<20 }, func() string {
		return fmt.Sprintf("memory limit %d with %d MiB live; want at least twice that", debug.SetMemoryLimit(-1), len(keep))
	})
	runtime.KeepAlive(keep)
}

func TestGCBoundedRespectsEnvironment(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "1GiB")
	limit := debug.SetMemoryLimit(-1)
	restore := gcOneShot()
	defer restore()
	gcBounded()
	if l := debug.SetMemoryLimit(-1); l != limit {
		t.Errorf("GOMEMLIMIT set in the environment: the bounded policy changed the limit from %d to %d", limit, l)
	}
}
