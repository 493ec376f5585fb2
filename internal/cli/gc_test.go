package cli

import (
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
