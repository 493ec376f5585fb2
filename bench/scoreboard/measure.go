package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tscg/tscg/internal/orderedjson"
)

// result is one entry measured.
type result struct {
	entry    string // relative to ROOT
	built    bool
	buildErr string     // tscg's stderr tail when the build failed
	tools    []toolDiff // one per tool of the captured listing or of tscg's
}

// toolDiff is one tool compared: what differs (nil: listing-exact) and
// whether a model would see it the same way.
type toolDiff struct {
	name    string
	classes []string
	model   bool
}

// buildTscg builds ./cmd/tscg (run from the repository root) into a
// temporary directory.
func buildTscg() (string, error) {
	dir, err := os.MkdirTemp("", "scoreboard")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "tscg")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/tscg")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("go build ./cmd/tscg (run from the repository root): %w", err)
	}
	return bin, nil
}

// measure builds the entry of one listing with tscg and compares.
func measure(bin, root, listing string) result {
	entry := strings.TrimSuffix(listing, ".tools-list.json")
	r := result{entry: mustRel(root, entry)}
	want, err := readListing(listing)
	if err != nil {
		r.buildErr = err.Error()
		return r
	}
	got, stderr, err := build(bin, entry, functionTools(want))
	r.built = err == nil
	if err != nil {
		r.buildErr = tail(stderr, 5)
		if r.buildErr == "" {
			r.buildErr = err.Error()
		}
	}
	r.tools = compareListings(want, got)
	return r
}

// functionTools reports whether a captured listing is a function-tool
// listing (an agent framework's tools as it sends them to the model, with
// their "strict" flag: OpenAI Agents JS) rather than an MCP tools/list.
func functionTools(want map[string]*orderedjson.Object) bool {
	for _, t := range want {
		if _, ok := t.Get("strict"); ok {
			return true
		}
	}
	return false
}

// build runs `tscg build ENTRY` in the entry's directory (so a tscg.yaml of
// the real project, not this repository's, is the one found) and returns
// the tools of its MCP listing, possibly partial when the build failed;
// with functions, the tools of its OpenAI strict function listing
// (providers/openai.chat.strict.json, each tool's "function" object), the
// form a function-tool listing is compared with.
func build(bin, entry string, functions bool) (map[string]*orderedjson.Object, string, error) {
	out, err := os.MkdirTemp("", "scoreboard-out")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(out)
	abs, _ := filepath.Abs(entry)
	cmd := exec.Command(bin, "build", abs, "-o", filepath.Join(out, "o"))
	cmd.Dir = filepath.Dir(abs)
	var stderr bytes.Buffer
	cmd.Stdout = io.Discard
	cmd.Stderr = &stderr
	runErr := cmd.Run()
	listing := filepath.Join(out, "o", "providers", "mcp.tools-list.json")
	if functions {
		listing = filepath.Join(out, "o", "providers", "openai.chat.strict.json")
	}
	got, readErr := readListing(listing)
	if runErr == nil && readErr != nil {
		runErr = readErr
	}
	return got, stderr.String(), runErr
}

// readListing reads a listing in any of the shapes the package doc names
// into tools by name; a tool's input schema may be called inputSchema,
// parameters or schema.
func readListing(path string) (map[string]*orderedjson.Object, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := orderedjson.Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	tools := map[string]*orderedjson.Object{}
	collect(doc, tools)
	return tools, nil
}

// collect adds the tools in v: an array of tool objects, or an object
// whose array values hold them ({"tools": …}, {"mcp": …, "ai": …}).
func collect(v any, into map[string]*orderedjson.Object) {
	switch v := v.(type) {
	case []any:
		for _, t := range v {
			if t, ok := t.(*orderedjson.Object); ok {
				if fn, ok := t.Val("function").(*orderedjson.Object); ok && t.Val("type") == "function" {
					t = fn // {"type": "function", "function": {…}}: OpenAI Chat's wrapper
				}
				if name, ok := t.Val("name").(string); ok {
					into[name] = canonicalTool(t)
				}
			}
		}
	case *orderedjson.Object:
		keys := v.Keys()
		sort.Strings(keys)
		for _, k := range keys {
			if a, ok := v.Val(k).([]any); ok {
				collect(a, into)
			}
		}
	}
}

// canonicalTool names the input schema inputSchema whatever the framework
// calls it, drops $schema from the schemas and empty annotations (mcp-go
// writes "annotations": {}; they say nothing).
func canonicalTool(t *orderedjson.Object) *orderedjson.Object {
	out := orderedjson.NewObject()
	for _, k := range t.Keys() {
		v := t.Val(k)
		if k == "parameters" || k == "schema" {
			k = "inputSchema"
		}
		if s, ok := v.(*orderedjson.Object); ok && (k == "inputSchema" || k == "outputSchema") {
			c := orderedjson.NewObject()
			for _, sk := range s.Keys() {
				if sk != "$schema" {
					c.Set(sk, s.Val(sk))
				}
			}
			v = c
		}
		if a, ok := v.(*orderedjson.Object); ok && k == "annotations" && a.Len() == 0 {
			continue
		}
		out.Set(k, v)
	}
	return out
}

// tail returns the last n non-empty lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append([]string{fmt.Sprintf("… (%d lines before)", len(lines)-n)}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}
