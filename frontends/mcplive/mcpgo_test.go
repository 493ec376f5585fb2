package mcplive

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/corpus"
)

// TestMCPGo: a server on mark3labs/mcp-go (its own module in testdata,
// built from the module cache or the Go proxy) paginates two tools a
// page; all four come back sorted and compile without a diagnostic.
func TestMCPGo(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "mcpgoserver")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = "testdata/mcpgoserver"
	if out, err := build.CombinedOutput(); err != nil {
		corpus.Missing(t, "build the mcp-go server (mcp-go v1.2.1 from the module cache or the Go proxy): %v\n%s", err, out)
	}
	s, err := take(t, Server{Command: []string{bin}}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	// mcp-go gives a cursor with every full page: 2 + 2, then an empty third.
	if got := strings.Join(names(s), " "); got != "to_feet to_meters to_miles to_yards" || s.Version != "7.8.9" || s.Pages != 3 {
		t.Errorf("%s %s: tools %s in %d pages", s.Name, s.Version, got, s.Pages)
	}
	cat, ds := jsonschema.LoadBytes("mcpgo.json", s.JSON(), jsonschema.Options{})
	if len(ds) > 0 || len(cat.Tools) != 4 {
		t.Errorf("JSON frontend: %d tools, diagnostics %v", len(cat.Tools), ds)
	}
}
