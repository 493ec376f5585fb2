//go:build !linux

package cli

// Transparent huge pages are a Linux feature; elsewhere the heap is left
// as the runtime maps it.
func useHugePages() bool { return false }

func hugePagesPay() bool { return false }

func adviseHeap(func()) (lo, hi uintptr, err error) { return 0, 0, nil }

func prefaultHeap() (uintptr, int) { return 0, 0 }
