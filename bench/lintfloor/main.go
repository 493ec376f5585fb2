// Command lintfloor is the parse-only floor for bench/lint.sh: it reads
// each catalog file given and decodes every JSON value in it (a BFCL file
// holds one per line) with encoding/json, keeping nothing, so its peak
// memory and CPU are what reading the same inputs costs at the least.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

func main() {
	n := 0
	for _, path := range os.Args[1:] {
		c, err := decodeFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "lintfloor:", err)
			os.Exit(2)
		}
		n += c
	}
	fmt.Println(n, "values")
}

// decodeFile decodes every JSON value in path and returns how many.
func decodeFile(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReader(f))
	n := 0
	for {
		var v any
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			return n, nil
		} else if err != nil {
			return n, fmt.Errorf("%s: %w", path, err)
		}
		n++
	}
}
