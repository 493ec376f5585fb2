// Command skills shows progressive disclosure with tscg's runtime: two
// built-in skills and a user skill, the catalog the system prompt carries,
// a scripted conversation in which the model loads one skill and calls its
// tool, and per round the tokens of the system prompt plus the tool list
// with and without progressive disclosure, counted with the o200k_base
// tokenizer. Run it with
//
//	go run ./examples/skills
package main

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"os"
)

//go:embed builtin
var builtinFiles embed.FS

func main() {
	dir, err := os.MkdirTemp("", "tscg-skills-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "skills:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	if err := run(context.Background(), os.Stdout, dir); err != nil {
		fmt.Fprintln(os.Stderr, "skills:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
}

func builtin() fs.FS {
	sub, err := fs.Sub(builtinFiles, "builtin")
	if err != nil {
		panic(err) // the embedded directory is always there
	}
	return sub
}

// userSkill is what a user would type into the agent's skill editor.
const userSkill = `---
name: trip-budget
title: Trip budget
description: Convert prices between currencies and total a travel budget.
tools: [convert_currency]
---

# Trip budget

Convert every price to the user's home currency with convert_currency
before adding anything up; round totals to whole units.
`
