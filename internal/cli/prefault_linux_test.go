package cli

import (
	"os"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestPrefaultHeap: prefaultHeap backs part of the heap's mapped reserve
// (resident afterwards, by mincore), and the objects the heap hands out
// next (from it) are still zero, as the runtime assumes of fresh memory.
func TestPrefaultHeap(t *testing.T) {
	from, n := prefaultHeap()
	if n == 0 {
		// Only a kernel without MADV_POPULATE_WRITE (before 5.14) may
		// populate nothing: say which.
		b, err := unix.Mmap(-1, 0, 1<<16, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
		if err != nil {
			t.Fatal(err)
		}
		defer unix.Munmap(b)
		if err := unix.Madvise(b, unix.MADV_POPULATE_WRITE); err == nil {
			t.Fatal("prefaultHeap populated nothing where the kernel has MADV_POPULATE_WRITE")
		}
		t.Fatalf("this kernel lacks MADV_POPULATE_WRITE: prefaultHeap is a no-op here")
	}
	if n%prefaultStep != 0 || n > prefaultSpan {
		t.Errorf("populated %d bytes: want whole steps of %d, at most %d", n, prefaultStep, prefaultSpan)
	}
	page := os.Getpagesize()
	vec := make([]byte, n/page)
	if _, _, e := unix.Syscall(unix.SYS_MINCORE, from, uintptr(n), uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
		t.Fatalf("mincore of the populated %d bytes at %#x: %v", n, from, e)
	}
	for i, v := range vec {
		if v&1 == 0 {
			t.Fatalf("page %d of the %d populated is not resident", i, len(vec))
		}
	}
	// Fresh pointer-free objects of a page each: those the populated
	// pages back must read as zero (the runtime does not clear memory it
	// got fresh from the kernel).
	var objs [][]byte
	for range (n + 4<<20) / page {
		b := make([]byte, page)
		objs = append(objs, b)
		for i, c := range b {
			if c != 0 {
				t.Fatalf("a fresh object holds %#x at %d", c, i)
			}
		}
	}
	_ = objs
}
