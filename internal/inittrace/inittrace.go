// Package inittrace measures what each package's initialisation costs: it
// runs the current test binary again, running no test, with
// GODEBUG=inittrace=1, and reads the trace. Tests use it to keep package
// init cheap (Go runs the init of every package linked into a binary, at
// every start of every command).
package inittrace

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// Cost is one package's init: heap bytes and allocations.
type Cost struct {
	Bytes, Allocs int
}

// Measure runs this test binary with no tests under GODEBUG=inittrace=1
// and returns each traced package's cost. A package with no init work is
// not traced: absent means nothing. On error it returns the output too.
func Measure() (map[string]Cost, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%v\n%s", err, out)
	}
	line := regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs`) // here, not at init
	costs := map[string]Cost{}
	for _, l := range strings.Split(string(out), "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			b, _ := strconv.Atoi(m[2])
			a, _ := strconv.Atoi(m[3])
			costs[m[1]] = Cost{b, a}
		}
	}
	if len(costs) == 0 {
		return nil, fmt.Errorf("no package in the init trace; GODEBUG=inittrace=1 output:\n%s", out)
	}
	return costs, nil
}
