package cli

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
)

// tscg is mostly a short-lived process: it allocates its inputs' trees,
// writes outputs and exits, and collecting garbage it will never reuse is
// wasted work: with it off, `tscg schema` on a 1 MB TypeScript file runs
// about 10% faster end to end than at GOGC=400, because there are no
// collections and no write barriers. So a one-shot command runs
// with the collector off until the heap reaches oneShotHeap; the first
// collection there switches to ordinary pacing (GOGC=400), so a huge input
// is collected normally instead of thrashing at a fixed limit. esbuild's
// CLI makes the same choice. Long-lived commands (serve) call
// gcLongLived. A GOGC or GOMEMLIMIT in the environment is the user's
// choice and is left alone.
//
// oneShotHeap is sized to cover real inputs (a 1 MB TypeScript file's
// whole `schema` run peaks at ~75 MB of RSS, lint of all of BFCL at
// ~160 MB) while keeping the peak of larger runs near what GOGC=400 alone
// gave, so a small CI container is not pushed toward its memory limit.
const (
	oneShotHeap   = 256 << 20
	oneShotGCPerc = 400
)

// gcState is the process-wide policy; Run may be called in-process (tests)
// and, in principle, concurrently: the first one-shot Run in applies the
// policy and the last one out restores what was there before.
var gcState struct {
	sync.Mutex
	active     int
	generation int   // tells a finalizer armed by an earlier Run that it is stale
	armed      bool  // a first-collection switch is waiting
	after      int   // GOGC the first collection switches to
	afterLimit int64 // memory limit from then on (boundedLimit), 0 for none
	saved      struct {
		percent int
		limit   int64
	}
}

// heapPrepared makes prepareHeap run once per process: Run may be called
// many times in-process (tests), and the advice lasts.
var heapPrepared sync.Once

// prepareHeap advises the heap a compile is about to fill for huge pages,
// where that saves page faults and small-page faults are costly enough
// for it to pay (hugepages_linux.go says why). Only compiles
// call it (serve, which runs for days, does not compile this way and keeps
// the runtime's choice), and only for inputs big enough to pay for it.
func prepareHeap() {
	heapPrepared.Do(func() {
		if useHugePages() && hugePagesPay() {
			_, _, _ = adviseHeap(collectQuietly) // advice only: without it the heap is as before
		}
	})
}

// bigInputInBytes is the input size from which prepareHeap pays: its
// collection and the metadata it touches cost ~250 page faults, and a
// compile allocates ~25 (TypeScript interfaces) to ~100 (zod) bytes per
// input byte, so below ~32 KiB of input the heap grows too little to win.
const bigInputInBytes = 32 << 10

// bigInputs reports whether compiling files is worth prepareHeap. A
// directory is a Go package, which go/packages loads with its
// dependencies' types: megabytes whatever its size.
func bigInputs(files []string) bool {
	var n int64
	for _, f := range files {
		st, err := os.Stat(f)
		switch {
		case err != nil:
		case st.IsDir():
			return true
		default:
			n += st.Size()
		}
		if n >= bigInputInBytes {
			return true
		}
	}
	return false
}

// collectQuietly runs one collection (prepareHeap's) that does not count
// as the first collection of a one-shot command: the switch to ordinary
// pacing stays armed for the next one.
func collectQuietly() {
	gcState.Lock()
	armed := gcState.armed
	gcState.generation++ // the sentinel armed before dies in this collection
	gen := gcState.generation
	gcState.Unlock()
	runtime.GC()
	if !armed {
		return
	}
	gcState.Lock()
	defer gcState.Unlock()
	if gcState.generation == gen {
		armFirstGC(gen)
	}
}

// gcEnvSet reports whether the user chose the collector's settings.
func gcEnvSet() bool { return os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" }

// gcOneShot applies the one-shot policy; call the returned func when the
// command is done.
func gcOneShot() (restore func()) {
	if gcEnvSet() {
		return func() {}
	}
	gcState.Lock()
	defer gcState.Unlock()
	gcState.active++
	if gcState.active == 1 {
		gcState.saved.percent = debug.SetGCPercent(-1)
		gcState.saved.limit = debug.SetMemoryLimit(oneShotHeap)
		gcState.after = oneShotGCPerc
		gcState.afterLimit = 0
		armFirstGC(gcState.generation)
	}
	return func() {
		gcState.Lock()
		defer gcState.Unlock()
		gcState.active--
		if gcState.active == 0 {
			gcState.generation++
			gcState.armed = false
			debug.SetGCPercent(gcState.saved.percent)
			debug.SetMemoryLimit(gcState.saved.limit)
		}
	}
}

// lint keeps what it reads only until it has checked it, and a CI job
// runs it beside other work, so its heap is bounded where a one-shot
// compile's is not: collection off until boundedHeap, then ordinary
// pacing at boundedGCPerc. On all of BFCL (bench/lint.md) the unbounded
// policy let the heap reach oneShotHeap (270 MiB of RSS); bounded, the
// run also takes less CPU, as fewer fresh pages are faulted in and
// cleared than the collections cost.
const (
	boundedHeap   = 24 << 20
	boundedGCPerc = 100
)

// gcBounded switches a running one-shot policy to the bounded one (no-op
// when the environment set GOGC or GOMEMLIMIT, or when the heap has
// already been collected once).
func gcBounded() {
	if gcEnvSet() {
		return
	}
	gcState.Lock()
	defer gcState.Unlock()
	if gcState.active == 0 || !gcState.armed {
		return
	}
	gcState.after = boundedGCPerc
	gcState.afterLimit = boundedLimit
	debug.SetMemoryLimit(boundedHeap)
}

// boundedLimit is the bounded policy's memory limit once collection is on:
// GOGC=100 alone lets a heap with 12–15 MB live (lint of all of BFCL) peak
// at ~26 MB in use whenever the live heap spikes; the limit caps those
// peaks (bench/lint.md, Steps 7 and 9). After every collection the limit
// is set again from the live heap, so that a bigger input is not collected
// without end as its live heap nears a fixed limit: at least twice the
// live heap (GOGC=100's goal), and at least boundedHeadroom more than
// the live heap plus everything else the runtime holds (spans' unused
// space, GC metadata: ~13 MiB beside 12 MB live on BFCL), which a limit
// counts too. The base was 28 MiB while the JSON frontend allocated a
// heap node per parsed value; with a record's tree reused (Step 9) a run
// allocates half as much, and at 25 MiB it collects 10 -> 14 times for
// ~2.5 MiB less peak RSS (24 MiB: no lower, +30 ms).
const (
	boundedLimit    = 25 << 20
	boundedHeadroom = 1 << 20
)

// boundedLimitFor is the limit for a live heap of live bytes when the
// runtime holds overhead bytes more.
func boundedLimitFor(live, overhead uint64) int64 {
	return max(gcState.afterLimit, 2*int64(live), int64(overhead+live)+boundedHeadroom)
}

// heapNow reads the heap the last collection marked live and the rest of
// the memory the runtime holds (mapped and not returned to the system).
func heapNow() (live, overhead uint64) {
	s := []metrics.Sample{
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	metrics.Read(s)
	for _, x := range s {
		if x.Value.Kind() != metrics.KindUint64 {
			return 0, 0
		}
	}
	live = s[0].Value.Uint64()
	if held := s[1].Value.Uint64() - s[2].Value.Uint64(); held > live {
		overhead = held - live
	}
	return live, overhead
}

// armLimitTracker sets the memory limit from the live heap after each
// collection, for as long as generation gen lasts: a finalizer re-armed
// every cycle. Call it with gcState locked.
func armLimitTracker(gen int) {
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		gcState.Lock()
		defer gcState.Unlock()
		if gcState.generation != gen || gcState.afterLimit == 0 {
			return
		}
		debug.SetMemoryLimit(boundedLimitFor(heapNow()))
		armLimitTracker(gen)
	})
}

// serveGCPercent is serve's default GOGC. A server's live heap is small
// (the compiled tool set, a few MiB) and what it allocates per call is
// short-lived garbage (most of it the go-sdk's 32 KiB JSON decoder
// buffers, five or six per tools/call: BenchmarkCallHTTP and
// BenchmarkCallStdio in runtime/mcp), so at GOGC=100 it collects every few
// dozen calls to keep a heap of a few MiB. At 400 it collects a quarter as
// often for ~16 MiB more heap. --gc-percent overrides it, --memory-limit
// adds a soft limit (GOMEMLIMIT's syntax) for a container; GOGC or
// GOMEMLIMIT in the environment win over the default, a flag over both.
const serveGCPercent = 400

// gcLongLived gives a long-running command its pacing: GOGC from percent
// when the user gave --gc-percent (nil: the environment's GOGC, else
// serveGCPercent) and the soft memory limit from limit when they gave
// --memory-limit (nil: the environment's GOMEMLIMIT, else none).
func gcLongLived(percent *int, limit *int64) {
	gcState.Lock()
	defer gcState.Unlock()
	gcState.generation++ // the first-collection switch no longer applies
	gcState.armed = false
	switch {
	case percent != nil:
		debug.SetGCPercent(*percent)
	case os.Getenv("GOGC") == "":
		debug.SetGCPercent(serveGCPercent)
	}
	switch {
	case limit != nil:
		debug.SetMemoryLimit(*limit)
	case os.Getenv("GOMEMLIMIT") == "":
		debug.SetMemoryLimit(math.MaxInt64)
	}
}

// parseMemoryLimit reads a size in GOMEMLIMIT's syntax: a number of bytes
// with an optional unit B, KiB, MiB, GiB or TiB ("512MiB"); "" is none.
func parseMemoryLimit(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	units := []struct {
		suffix string
		mult   int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}
	num, mult := s, int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			num, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("%q is not a size: write bytes, optionally with a unit B, KiB, MiB, GiB or TiB (e.g. 512MiB)", s)
	}
	return n * mult, nil
}

// armFirstGC switches from "no collection below oneShotHeap" to ordinary
// pacing at the first collection: a finalizer runs once a cycle has found
// its object unreachable.
// Call it with gcState locked.
func armFirstGC(gen int) {
	gcState.armed = true
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		gcState.Lock()
		defer gcState.Unlock()
		if gcState.generation == gen {
			gcState.armed = false
			debug.SetGCPercent(gcState.after)
			if gcState.afterLimit == 0 {
				debug.SetMemoryLimit(math.MaxInt64)
				return
			}
			debug.SetMemoryLimit(boundedLimitFor(heapNow()))
			armLimitTracker(gen)
		}
	})
}
