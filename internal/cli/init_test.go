package cli

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// maxInitBytes bounds what any tscg package may allocate in its init.
// Package initialisation runs at every start of every command, used or
// not, so regexps, schema compiles and tables belong behind sync.Once or
// lazyre (see bench/README.md, "Round 3").
const maxInitBytes = 32 << 10

var initLine = regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs`)

// TestPackageInitIsCheap runs this test binary (which links every package
// the tscg command does) with GODEBUG=inittrace=1 and checks each tscg
// package's init allocations.
func TestPackageInitIsCheap(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	seen := 0
	for _, line := range strings.Split(string(out), "\n") {
		m := initLine.FindStringSubmatch(line)
		if m == nil || !strings.HasPrefix(m[1], "github.com/tscg/tscg/") {
			continue
		}
		seen++
		if n, _ := strconv.Atoi(m[2]); n > maxInitBytes {
			t.Errorf("%s allocates %d bytes (%s allocs) in init; over %d: make it lazy", m[1], n, m[3], maxInitBytes)
		}
	}
	if seen == 0 {
		t.Fatalf("no tscg package in the init trace; GODEBUG=inittrace=1 output:\n%s", out)
	}
}
