// Command tscg is the tool-schema compiler for LLM agents.
package main

import (
	"os"
	"runtime"

	"github.com/tscg/tscg/internal/cli"
)

func main() {
	// Nothing in tscg writes a heap profile, so allocations are not
	// sampled for one: the samples' stack buckets were 1.4 MiB of lint's
	// memory on BFCL (bench/lint.md, Step 7).
	runtime.MemProfileRate = 0
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
