package mcplive

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/corpus"
)

// The TypeScript SDK the node test server runs on, installed from npm
// once into the user cache directory.
var tsPackages = []string{"@modelcontextprotocol/sdk@1.32.2", "zod@3.25.76"}

// tsSDK returns a directory with node_modules holding tsPackages,
// installing them on first use; without node or npm, or when the
// install fails (no registry), the test is skipped (fails in CI).
func tsSDK(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			corpus.Missing(t, "%s not on PATH: the TypeScript SDK server needs it", tool)
		}
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		corpus.Missing(t, "no user cache directory for the npm install: %v", err)
	}
	dir := filepath.Join(cache, "tscg-test", "mcp-ts-"+strings.NewReplacer("@", "", "/", "-").Replace(strings.Join(tsPackages, "_")))
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err == nil {
		return dir
	}
	// Install beside the final place and rename, so a concurrent or
	// interrupted run never sees half an install.
	tmp := fmt.Sprintf("%s.tmp%d", dir, os.Getpid())
	defer os.RemoveAll(tmp)
	args := append([]string{"install", "--prefix", tmp, "--no-save", "--no-audit", "--no-fund", "--no-package-lock"}, tsPackages...)
	if out, err := exec.Command("npm", args...).CombinedOutput(); err != nil {
		corpus.Missing(t, "npm install %s: %v\n%s", strings.Join(tsPackages, " "), err, out)
	}
	if err := os.Rename(tmp, dir); err != nil && !exists(dir) {
		t.Fatalf("install the TypeScript SDK: %v", err)
	}
	return dir
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// tsServer puts testdata/tsserver.mjs where node resolves the SDK from.
func tsServer(t *testing.T) string {
	src, err := os.ReadFile("testdata/tsserver.mjs")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.CreateTemp(tsSDK(t), "tsserver-*.mjs")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(f.Name()) })
	if _, err := f.Write(src); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return f.Name()
}

// TestTypeScriptSDK: a server on the MCP TypeScript SDK (zod schemas,
// titles, output schemas, its own extra keys such as execution) is read,
// sorted, and compiles without a diagnostic.
func TestTypeScriptSDK(t *testing.T) {
	s, err := take(t, Server{Command: []string{"node", tsServer(t), "4"}}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(names(s), " "); got != "convert_000 convert_001 convert_002 convert_003" || s.Name != "ts-test" {
		t.Errorf("%s: tools %s", s.Name, got)
	}
	cat, ds := jsonschema.LoadBytes("ts.json", s.JSON(), jsonschema.Options{})
	if len(ds) > 0 || len(cat.Tools) != 4 || cat.Tools[0].Title != "Convert 0" || cat.Tools[0].Result == nil {
		t.Errorf("JSON frontend: %d tools, diagnostics %v", len(cat.Tools), ds)
	}
}
