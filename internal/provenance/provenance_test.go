package provenance

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTreeIsOurs runs the check on this repository.
func TestTreeIsOurs(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := Files(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("git lists %d files under %s; want the whole tree", len(files), root)
	}
	for _, f := range Check(root, files, Known()) {
		t.Errorf("%s", f)
	}
}

// TestCheckRefusesPlantedCopies plants each kind of copy in a scratch tree.
func TestCheckRefusesPlantedCopies(t *testing.T) {
	root := t.TempDir()
	copied := []byte(strings.Repeat("a file somebody else wrote\n", 20))
	sum := sha256.Sum256(copied)
	known := map[string]string{hex.EncodeToString(sum[:8]): "somewhere/upstream.go"}
	plant := map[string][]byte{
		"LICENSE":                         []byte("ours, at the root\n"),
		"main.go":                         []byte("package main\n"),
		"frontends/x/testdata/real.go":    copied,
		"frontends/x/testdata/SOURCE.txt": []byte("repository: …\n"),
		"a/vendor/github.com/b/c/c.go":    []byte("package c\n"),
		"web/node_modules/zod/index.js":   []byte("//\n"),
		"frontends/y/LICENSE.txt":         []byte("MIT\n"),
		"frontends/y/COPYING":             []byte("GPL\n"),
	}
	var files []string
	for f, data := range plant {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	got := map[string]string{}
	for _, f := range Check(root, files, known) {
		got[f.Path] = f.Reason
	}
	want := []string{"frontends/x/testdata/real.go", "frontends/x/testdata/SOURCE.txt", "a/vendor/github.com/b/c/c.go", "web/node_modules/zod/index.js", "frontends/y/LICENSE.txt", "frontends/y/COPYING"}
	for _, f := range want {
		if got[f] == "" {
			t.Errorf("%s not refused", f)
		}
	}
	if len(got) != len(want) {
		t.Errorf("refused %d files, want %d: %v", len(got), len(want), got)
	}
	if !strings.Contains(got["frontends/x/testdata/real.go"], "somewhere/upstream.go") {
		t.Errorf("copy finding does not name the original: %q", got["frontends/x/testdata/real.go"])
	}
}

// TestKnownList reads the embedded list: every removed group is in it.
func TestKnownList(t *testing.T) {
	known := Known()
	groups := map[string]bool{}
	for sum, where := range known {
		if len(sum) != 16 {
			t.Errorf("%s: hash %q is not 16 hex digits", where, sum)
		}
		for _, g := range []string{"golang/testdata/real/vendor/", "golang/testdata/real/go-sdk/", "golang/testdata/real/mcp-go/", "python/testdata/cpython/lib/", "python/testdata/real/", "typescript/testdata/real/", "conformance/real/", "internal/thirdparty/", "santhosh-tekuri/jsonschema/v6@"} {
			if strings.Contains(where, g) {
				groups[g] = true
			}
		}
	}
	if len(groups) != 9 {
		t.Errorf("the list covers %d of the 9 removed groups: %v", len(groups), groups)
	}
}
