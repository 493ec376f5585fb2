// Command goschema is the Go frontend's half of `tscg schema <pkg> --type
// <Name>` (load + render), for whole-process timing until the CLI routes Go
// inputs to the frontend; the bench script prefers tscg itself when it does.
package main

import (
	"fmt"
	"os"

	"github.com/tscg/tscg/compiler/jsonschema"
	"github.com/tscg/tscg/frontends/golang"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: goschema <package> <Type>")
		os.Exit(2)
	}
	cat, ds := golang.Load([]string{os.Args[1]}, golang.Options{})
	ds.Print(os.Stderr)
	n := cat.Type(os.Args[2])
	if n == nil || ds.HasErrors() {
		fmt.Fprintf(os.Stderr, "no type %s\n", os.Args[2])
		os.Exit(2)
	}
	out, err := jsonschema.Named(n, jsonschema.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	os.Stdout.Write(append(out, '\n'))
}
