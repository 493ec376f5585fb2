// Package testfiles walks the repository's testdata files for tests that
// compare two implementations on real inputs (the token splitter with the
// tokenizer library, token-budget's OpenAI form with encoding/json).
package testfiles

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Each calls fn with every file under root (the repository, from a test's
// package directory) that lies in a testdata folder, has one of exts and
// holds at most maxSize bytes, skipping .git and node_modules; keep, when
// not nil, further filters the contents. It fails the test when fewer than
// min files were given to fn, so a moved tree cannot make the test pass
// on nothing.
func Each(t testing.TB, root string, exts []string, maxSize, min int, keep func([]byte) bool, fn func(path string, b []byte)) {
	t.Helper()
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !slices.Contains(exts, filepath.Ext(path)) || !strings.Contains(path, "testdata") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || len(b) > maxSize || (keep != nil && !keep(b)) {
			return nil
		}
		fn(path, b)
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < min {
		t.Fatalf("compared %d testdata files, want at least %d", n, min)
	}
}

// Tree writes files (slash-separated path → contents) under a new
// temporary directory of the test and returns the directory.
func Tree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
