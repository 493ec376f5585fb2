package jsonval

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestInitCost runs this test binary with GODEBUG=inittrace=1 and
// requires this package's init to allocate (next to) nothing. The binary
// links santhosh-tekuri/jsonschema too (the differential tests' reference),
// whose init compiles its meta-schemas: its line shows what the trace
// measures, and what the runtime saves once it moves here.
func TestInitCost(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	line := regexp.MustCompile(`^init (\S+) @\S+ ms, (\S+) ms clock, (\d+) bytes, (\d+) allocs`)
	costs := map[string][2]int{}
	for _, l := range strings.Split(string(out), "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			b, _ := strconv.Atoi(m[3])
			a, _ := strconv.Atoi(m[4])
			costs[m[1]] = [2]int{b, a}
		}
	}
	ref, ok := costs["github.com/santhosh-tekuri/jsonschema/v6"]
	if !ok {
		t.Fatalf("santhosh's init is not in the trace; is the trace read right?\n%s", out)
	}
	ours := costs["github.com/tscg/tscg/internal/jsonval"] // absent: no init work at all
	t.Logf("init: jsonval %d bytes in %d allocs; santhosh v6 %d bytes in %d allocs", ours[0], ours[1], ref[0], ref[1])
	if ours[0] > 256 || ours[1] > 4 {
		t.Errorf("jsonval's init allocates %d bytes in %d allocs; compile nothing at init", ours[0], ours[1])
	}
}
