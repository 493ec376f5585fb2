// Command toolcallscript runs the fmisc article's ToolCallScript case
// offline: count the lines and words of 100 files, once the way plain
// tool calling does it (every file passes through the model's context)
// and once as one ToolCallScript using FORMALIZE, and prints what each
// transcript costs in tokens, measured with the o200k_base tokenizer.
//
//	go run ./examples/toolcallscript
package main

import (
	"fmt"
	"os"
)

func main() {
	rep, err := Measure()
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolcallscript:", err)
		os.Exit(1)
	}
	fmt.Print(rep.Figures())
}
