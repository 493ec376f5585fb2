package cli

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A one-shot command fills a fresh heap, and every 4 KiB page it touches
// for the first time is a page fault. On the shared VMs tscg is measured
// on a fault costs ~20 µs of CPU (a loop touching 32 MiB page by page:
// 180 ms; the same with huge pages: 2.5 ms), and a whole-process `tscg
// schema` on the 200-schema zod file of bench/zod-vs-node.sh took ~3,400
// heap faults, over a third of its CPU time. With transparent huge pages
// in "madvise" mode (the common default) the kernel backs a region the
// process advised with 2 MiB pages, one fault each, but the Go runtime no
// longer advises its heap (Go 1.21.1 dropped that: in long-lived
// processes its scavenger then fought khugepaged). So a one-shot command
// advises the memory its heap is about to use: hugePageSpan of address
// space is taken by one allocation that is never written (fresh heap
// memory is already zero, so nothing touches it), advised, and given back
// with one collection of the still tiny heap; the allocations that follow
// reuse it, lowest addresses first. The chunk the heap started in is
// advised too, for its untouched part. The cost: one collection of the
// start-up heap and the runtime metadata it touches (~250 faults), so
// only compiles of inputs big enough to pay for it do this (prepareHeap).
//
// Not every machine pays for small pages that much. On another VM (issue
// 19's second round) a fault cost ~1.3 µs, and huge pages were a loss: every
// 2 MiB page is zeroed whole, and one the host had not backed yet took
// 4-6 ms (the bench's compile then ran 8-20 ms instead of a steady 8).
// So the advice is given only where a probe measures small-page faults
// at faultCostThreshold or more (pageFaultCost).
const (
	hugePageSpan  = 64 << 20
	hugePageBytes = 2 << 20
	heapChunk     = 4 << 20 // the Go heap grows in 4 MiB-aligned chunks
)

// faultCostThreshold is the median cost of a first-touch 4 KiB fault from
// which huge pages pay: well above the ~1.3 µs of a machine where they
// were a loss, well below the ~20 µs of one where they saved a third of
// a compile's CPU.
const faultCostThreshold = 5 * time.Microsecond

// probePages is how many fresh pages pageFaultCost touches: enough for a
// median that one preemption or page-table allocation does not move,
// few enough to cost nothing where faults are cheap (~20 µs in all) and
// little where they are not (~350 µs, against tens of milliseconds
// saved).
const probePages = 16

// thpEnabled is the kernel's transparent huge page setting.
const thpEnabled = "/sys/kernel/mm/transparent_hugepage/enabled"

// useHugePages reports whether advising the heap changes anything: only in
// "madvise" mode ("always" backs it with huge pages already, "never" not
// at all), and not when GODEBUG=disablethp=1 asks the runtime for none.
// It does not say whether the advice pays; hugePagesPay does.
func useHugePages() bool {
	mode, err := os.ReadFile(thpEnabled)
	if err != nil || !strings.Contains(string(mode), "[madvise]") {
		return false
	}
	for _, s := range strings.Split(os.Getenv("GODEBUG"), ",") {
		if strings.TrimSpace(s) == "disablethp=1" {
			return false
		}
	}
	return true
}

// hugePagesPay reports whether small-page faults cost enough here for the
// advice to pay (see faultCostThreshold).
func hugePagesPay() bool {
	cost, err := pageFaultCost()
	return err == nil && cost >= faultCostThreshold
}

// pageFaultCost measures what touching a fresh page costs on this
// machine: probePages pages of a new anonymous mapping, outside the Go
// heap, are written one at a time, and the median time of one is
// returned.
func pageFaultCost() (time.Duration, error) {
	size := os.Getpagesize()
	b, err := unix.Mmap(-1, 0, probePages*size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return 0, err
	}
	var ds [probePages]time.Duration
	for i := range ds {
		t := time.Now()
		b[i*size] = 1
		ds[i] = time.Since(t)
	}
	if err := unix.Munmap(b); err != nil {
		return 0, err
	}
	slices.Sort(ds[:])
	return ds[probePages/2], nil
}

// adviseHeap advises the heap's next hugePageSpan bytes and the chunk it
// started in for huge pages, and returns the advised span (for tests).
// collect runs the one collection that gives the span back.
func adviseHeap(collect func()) (lo, hi uintptr, err error) {
	start := uintptr(unsafe.Pointer(new([64]byte)))
	b := make([]byte, hugePageSpan)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo, hi = (p+hugePageBytes-1)&^(hugePageBytes-1), (p+hugePageSpan)&^(hugePageBytes-1)
	err = madviseHuge(lo, hi)
	chunk := start &^ (heapChunk - 1)
	if e := madviseHuge(chunk, chunk+heapChunk); err == nil {
		err = e
	}
	runtime.KeepAlive(b)
	b = nil
	collect()
	return lo, hi, err
}

// madviseHuge advises [lo, hi), heap memory the runtime has mapped. It
// takes addresses rather than a slice: the start chunk is no Go object.
func madviseHuge(lo, hi uintptr) error {
	if lo >= hi {
		return nil
	}
	if _, _, e := unix.Syscall(unix.SYS_MADVISE, lo, hi-lo, unix.MADV_HUGEPAGE); e != 0 {
		return e
	}
	return nil
}

// prefaultSpan and prefaultStep bound prefaultHeap: the runtime maps its
// heap a few MiB (a 4 MiB chunk) ahead of what it has handed out, and a
// Go load's work after go list allocates ~4 MiB (200 structs).
const (
	prefaultSpan = 8 << 20
	prefaultStep = 256 << 10
	heapArena    = 64 << 20 // the runtime's heapArenaBytes on 64-bit Linux
)

// prefaultSink keeps prefaultHeap's probe allocation on the heap.
var prefaultSink []byte

// prefaultHeap faults in the memory the heap has mapped but not yet
// handed out, from a fresh allocation up to prefaultSpan, step by step
// until the kernel says a step is not mapped: zero pages, as the runtime
// expects fresh memory to be (MADV_POPULATE_WRITE writes nothing, it
// only backs the pages), so that the allocations that follow do not
// fault them in one by one. It returns how many bytes it populated (0
// on kernels before Linux 5.14, which lack the advice) from where.
func prefaultHeap() (from uintptr, n int) {
	prefaultSink = make([]byte, 64<<10) // a span of its own, at the heap's frontier
	page := uintptr(os.Getpagesize())
	start := (uintptr(unsafe.Pointer(unsafe.SliceData(prefaultSink))) + uintptr(len(prefaultSink)) + page - 1) &^ (page - 1)
	prefaultSink = nil
	// Never past the 64 MiB arena the heap is in (the runtime reserves
	// its heap arena by arena): no other mapping is touched.
	span := min(prefaultSpan, int((start|(heapArena-1))+1-start))
	for n+prefaultStep <= span {
		if _, _, e := unix.Syscall(unix.SYS_MADVISE, start+uintptr(n), prefaultStep, unix.MADV_POPULATE_WRITE); e != 0 {
			break
		}
		n += prefaultStep
	}
	return start, n
}
