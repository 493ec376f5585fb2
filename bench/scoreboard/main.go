// Command scoreboard measures tscg on real code kept outside the
// repository (issue 25): for every captured listing under ROOT it builds
// the entry beside it with tscg, as written, and compares tscg's MCP
// listing with the captured one, tool by tool.
//
//	go run ./bench/scoreboard [-tscg BIN] [-v] [ROOT]   (ROOT: realcode)
//
// ROOT is git-ignored and never committed. Each captured listing is
// ROOT/<group>/…/<entry>.tools-list.json, where <entry> (beside it) is what
// tscg builds: a directory (a Go package, a server's source folder) or a
// file (a .py or .ts tool file). The listing is what the framework itself
// published, captured by hand (`tscg snapshot`, or the framework's own
// listing): a tools/list result {"tools": […]}, a bare array of tools, or
// an object of such arrays (one per framework). A listing whose tools carry
// "strict" is an agent framework's function tools as it sends them to the
// model (OpenAI Agents JS), compared with tscg's
// providers/openai.chat.strict.json instead of its MCP listing. This program only runs
// tscg and compares; it never installs, builds or starts what it measures.
//
// It prints, per group (the first directory under ROOT) and in all:
//
//	built as written B/N        entries tscg builds with exit status 0
//	tools listing-exact E/T     tools whose listing equals the captured one
//	                            ($schema, key order, an empty required
//	                            list and empty annotations aside)
//	model-equivalent M/T        tools a model sees the same way: name,
//	                            description and input schema, with titles
//	                            and the $defs layout aside
//
// and the classes of the differences found (what differs, e.g.
// inputSchema.required, description, missing tool), counted in tools.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	bin := flag.String("tscg", "", "tscg binary to measure (default: build ./cmd/tscg into a temporary directory)")
	verbose := flag.Bool("v", false, "print each entry and each differing tool")
	flag.Parse()
	root := "realcode"
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	if err := run(root, *bin, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "scoreboard:", err)
		os.Exit(2)
	}
}

func run(root, bin string, verbose bool) error {
	listings, err := findListings(root)
	if err != nil {
		return err
	}
	if len(listings) == 0 {
		return fmt.Errorf("no *.tools-list.json under %s: fetch the real code and capture its listings there first (bench/README.md, Scoreboard)", root)
	}
	if bin == "" {
		if bin, err = buildTscg(); err != nil {
			return err
		}
		defer os.RemoveAll(filepath.Dir(bin))
	}
	all := &score{classes: map[string]int{}}
	groups := map[string]*score{}
	for _, l := range listings {
		g := strings.Split(filepath.ToSlash(mustRel(root, l)), "/")[0]
		if groups[g] == nil {
			groups[g] = &score{classes: map[string]int{}}
		}
		r := measure(bin, root, l)
		groups[g].add(r)
		all.add(r)
		if verbose {
			r.print(os.Stdout)
		}
	}
	names := make([]string, 0, len(groups))
	for g := range groups {
		names = append(names, g)
	}
	sort.Strings(names)
	for _, g := range names {
		groups[g].print(os.Stdout, g)
	}
	all.print(os.Stdout, "all")
	return nil
}

// findListings returns every captured listing under root, sorted.
func findListings(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "vendor" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".tools-list.json") {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

func mustRel(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return rel
}
