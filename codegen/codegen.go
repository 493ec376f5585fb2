// Package codegen turns the IR into output files. Each sub-package renders
// one kind of output; none of them touches the disk: they return Files, and
// only the CLI writes them, so `tscg build --check` is a plain comparison.
package codegen

import (
	"fmt"
	"sort"

	"github.com/tscg/tscg/internal/lazyre"
)

// File is one generated output, with a slash-separated path relative to
// the output directory.
type File struct {
	Path     string
	Contents []byte
}

// Sort orders files by path, so every listing of outputs is deterministic.
func Sort(files []File) {
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
}

var unsafeFileChars = lazyre.New(`[^A-Za-z0-9._-]`)

// FileNames maps names (tool or type names) to file-name stems that are
// safe on every file system and unique even when names differ only in case
// or in characters that had to be replaced. The result is deterministic for
// a given list, whatever its order.
func FileNames(names []string) map[string]string {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	out := make(map[string]string, len(names))
	taken := map[string]bool{}
	for _, n := range sorted {
		if _, ok := out[n]; ok {
			continue
		}
		stem := unsafeFileChars.ReplaceAllString(n, "_")
		if stem == "" || stem[0] == '.' {
			stem = "_" + stem
		}
		cand := stem
		for i := 2; taken[lower(cand)]; i++ {
			cand = fmt.Sprintf("%s_%d", stem, i)
		}
		taken[lower(cand)] = true
		out[n] = cand
	}
	return out
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
