package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tscg/tscg/runtime"
)

// Dir is the directory the example's tools serve.
const Dir = "/data"

// file is one generated file.
type file struct {
	Name    string
	Created string
	Content string
}

var vocabulary = strings.Fields(`the model writes one script that calls tools in a loop and returns only
its result while plain tool calling sends every intermediate result back through the context window
token budget file line word count directory listing schema type value error retry chunk summary`)

// generateFiles makes n files of pseudo-random text, the same on every
// run (a linear congruential generator, no global randomness).
func generateFiles(n int) []file {
	seed := uint32(7)
	next := func(m int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % m
	}
	files := make([]file, n)
	for i := range files {
		var b strings.Builder
		lines := 20 + next(40)
		for l := 0; l < lines; l++ {
			words := 4 + next(12)
			for w := 0; w < words; w++ {
				if w > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(vocabulary[next(len(vocabulary))])
			}
			b.WriteByte('\n')
		}
		files[i] = file{
			Name:    fmt.Sprintf("notes_%03d.txt", i+1),
			Created: fmt.Sprintf("2023-%02d-%02d", 1+i%12, 1+i%28),
			Content: b.String(),
		}
	}
	return files
}

// listing is what list_dir returns: unstructured lines, as the article's
// file tool did.
func listing(files []file) string {
	var b strings.Builder
	for _, f := range files {
		fmt.Fprintf(&b, "- %s | Create on %s | Size: %dKB\n", f.Name, f.Created, (len(f.Content)+1023)/1024)
	}
	return b.String()
}

// newRegistry registers list_dir and read_file over files.
func newRegistry(files []file) (*runtime.Registry, error) {
	byPath := map[string]string{}
	for _, f := range files {
		byPath[Dir+"/"+f.Name] = f.Content
	}
	pathArg := json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"Absolute path."}},"required":["path"],"additionalProperties":false}`)
	reg := runtime.NewRegistry()
	err := reg.Register(runtime.Tool{
		Name: "list_dir", Description: "List a directory: one line per file with its creation date and size.",
		InputSchema: pathArg,
		Handler: func(_ context.Context, req *runtime.Request) runtime.Result {
			if path(req) != Dir {
				return runtime.Result{IsError: true, Content: "no such directory: " + path(req)}
			}
			return runtime.Result{Content: listing(files)}
		},
	})
	if err != nil {
		return nil, err
	}
	err = reg.Register(runtime.Tool{
		Name: "read_file", Description: "Read a text file.",
		InputSchema: pathArg,
		Handler: func(_ context.Context, req *runtime.Request) runtime.Result {
			c, ok := byPath[path(req)]
			if !ok {
				return runtime.Result{IsError: true, Content: "no such file: " + path(req)}
			}
			return runtime.Result{Content: c}
		},
	})
	return reg, err
}

func path(req *runtime.Request) string {
	var in struct{ Path string }
	_ = json.Unmarshal(req.Arguments, &in)
	return in.Path
}

// counts is the task's answer for one file.
type counts struct {
	File  string `json:"file"`
	Lines int    `json:"lines"`
	Words int    `json:"words"`
}

// count is how the model of transcript (a) counts a file it has read.
func count(name, content string) counts {
	lines := 0
	for _, l := range strings.Split(content, "\n") {
		if l != "" {
			lines++
		}
	}
	return counts{File: name, Lines: lines, Words: len(strings.Fields(content))}
}

// table is the final answer both transcripts end with.
func table(cs []counts) string {
	var b strings.Builder
	b.WriteString("| file | lines | words |\n|---|---|---|\n")
	for _, c := range cs {
		fmt.Fprintf(&b, "| %s | %d | %d |\n", c.File, c.Lines, c.Words)
	}
	return b.String()
}
