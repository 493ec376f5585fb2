// Command tscg is the tool-schema compiler for LLM agents.
package main

import (
	"os"

	"github.com/tscg/tscg/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
