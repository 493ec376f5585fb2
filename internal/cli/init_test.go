package cli

import (
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/inittrace"
)

// maxInitBytes bounds what any tscg package may allocate in its init.
// Package initialisation runs at every start of every command, used or
// not, so regexps, schema compiles and tables belong behind sync.Once or
// lazyre (see bench/README.md, "Round 3").
const maxInitBytes = 32 << 10

// TestPackageInitIsCheap runs this test binary (which links every package
// the tscg command does) with GODEBUG=inittrace=1 and checks each tscg
// package's init allocations.
func TestPackageInitIsCheap(t *testing.T) {
	costs, err := inittrace.Measure()
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for pkg, c := range costs {
		if !strings.HasPrefix(pkg, "github.com/tscg/tscg/") {
			continue
		}
		seen++
		if c.Bytes > maxInitBytes {
			t.Errorf("%s allocates %d bytes (%d allocs) in init; over %d: make it lazy", pkg, c.Bytes, c.Allocs, maxInitBytes)
		}
	}
	if seen == 0 {
		t.Fatalf("no tscg package in the init trace: %v", costs)
	}
}
