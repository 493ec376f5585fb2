package cli

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"
)

func sliceAddr(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// vmaFlags returns the VmFlags of every mapping of this process that
// overlaps [lo, hi), from /proc/self/smaps.
func vmaFlags(t *testing.T, lo, hi uintptr) []string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var flags []string
	overlaps := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if from, to, ok := strings.Cut(strings.Fields(line)[0], "-"); ok && !strings.HasSuffix(line, ":") {
			a, err1 := strconv.ParseUint(from, 16, 64)
			b, err2 := strconv.ParseUint(to, 16, 64)
			if err1 == nil && err2 == nil {
				overlaps = uintptr(a) < hi && uintptr(b) > lo
				continue
			}
		}
		if rest, ok := strings.CutPrefix(line, "VmFlags:"); ok && overlaps {
			flags = append(flags, strings.TrimSpace(rest))
		}
	}
	return flags
}

// The check runs in a fresh process, whose heap is as small as a command's
// at start: in this one, earlier tests leave free holes anywhere.
func TestAdviseHeapMarksTheSpanTheHeapReuses(t *testing.T) {
	if os.Getenv("TSCG_TEST_ADVISE_HEAP") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAdviseHeapMarksTheSpanTheHeapReuses$", "-test.count=1")
		cmd.Env = append(os.Environ(), "TSCG_TEST_ADVISE_HEAP=1")
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "PASS") {
			t.Fatalf("fresh process: %v\n%s", err, out)
		}
		return
	}
	lo, hi, err := adviseHeap(runtime.GC)
	if _, statErr := os.Stat(thpEnabled); statErr != nil {
		// A kernel without transparent huge pages refuses the advice, and
		// then a command must not ask for it.
		if useHugePages() {
			t.Errorf("no %s, yet useHugePages() = true", thpEnabled)
		}
		return
	}
	if err != nil {
		t.Fatalf("adviseHeap: %v", err)
	}
	if hi-lo < hugePageSpan-2*hugePageBytes {
		t.Fatalf("advised %d bytes, want about %d", hi-lo, hugePageSpan)
	}
	flags := vmaFlags(t, lo, hi)
	if len(flags) == 0 {
		t.Fatalf("no mapping covers the advised span %#x-%#x", lo, hi)
	}
	for _, f := range flags {
		if !strings.Contains(" "+f+" ", " hg ") {
			t.Errorf("mapping in the advised span has VmFlags %q, want hg (MADV_HUGEPAGE)", f)
		}
	}
	// The span is free again: the next allocations are carved from it, not
	// from new address space above it.
	b := make([]byte, 8<<20)
	if p := sliceAddr(b); p < lo-heapChunk || p >= hi {
		t.Errorf("an 8 MiB allocation after adviseHeap is at %#x, outside the advised span %#x-%#x", p, lo, hi)
	}
}

// TestPageFaultCost: the probe measures a cost, and it is a page fault's
// (microseconds), not zero (pages already mapped) nor a stall.
func TestPageFaultCost(t *testing.T) {
	for i := 0; i < 3; i++ {
		cost, err := pageFaultCost()
		if err != nil {
			t.Fatal(err)
		}
		if cost <= 0 || cost > time.Second {
			t.Fatalf("pageFaultCost() = %v, want a page fault's cost", cost)
		}
		t.Logf("a first-touch page fault costs %v here (huge pages pay from %v)", cost, faultCostThreshold)
	}
}

func TestHugePagesHonourDisableTHP(t *testing.T) {
	t.Setenv("GODEBUG", "madvdontneed=1,disablethp=1")
	if useHugePages() {
		t.Error("GODEBUG=disablethp=1 asks for no huge pages, yet useHugePages() = true")
	}
}

func TestCollectQuietlyKeepsTheFirstCollectionSwitch(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	restore := gcOneShot()
	defer restore()
	collectQuietly()
	time.Sleep(50 * time.Millisecond) // the finalizer of the first sentinel runs
	if p := gcPercent(); p != -1 {
		t.Fatalf("GOGC after prepareHeap's collection = %d, want -1: it counted as the first collection", p)
	}
	deadline := time.Now().Add(5 * time.Second)
	for gcPercent() != oneShotGCPerc {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC still %d after further collections; the switch was not re-armed", gcPercent())
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

func TestBigInputs(t *testing.T) {
	dir := t.TempDir()
	small, big := filepath.Join(dir, "small.ts"), filepath.Join(dir, "big.ts")
	if err := os.WriteFile(small, make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, make([]byte, bigInputInBytes), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		files []string
		want  bool
	}{
		{[]string{small}, false},
		{[]string{small, filepath.Join(dir, "missing.ts")}, false},
		{[]string{big}, true},
		{[]string{small, dir}, true}, // a Go package
	} {
		if got := bigInputs(c.files); got != c.want {
			t.Errorf("bigInputs(%v) = %v, want %v", c.files, got, c.want)
		}
	}
}
