package goexec

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/golden"
)

// agentPackage is the generated weather package examples/agent runs on.
var agentPackage = filepath.Join("..", "..", "examples", "agent", "weather", "tools.go")

// benchPackage is the generated search package the benchmarks run on.
var benchPackage = filepath.Join("internal", "searchbench", "tools.go")

// TestCommittedPackagesUpToDate keeps the committed generated packages
// equal to what the generator produces now (TSCG_UPDATE=1 rewrites them).
func TestCommittedPackagesUpToDate(t *testing.T) {
	upToDate(t, agentPackage, weatherCatalog(t), "weather")
	upToDate(t, benchPackage, searchTool(t), "searchbench")
}

func upToDate(t *testing.T, path string, cat *ir.Catalog, pkg string) {
	files, err := Generate(cat, Options{Package: pkg})
	must(t, err)
	got := files[0].Contents
	want, err := os.ReadFile(path)
	if bytes.Equal(got, want) {
		return
	}
	if golden.Updating() {
		must(t, os.WriteFile(path, got, 0o644))
		return
	}
	t.Errorf("%s is stale (err %v); run TSCG_UPDATE=1 go test ./codegen/goexec", path, err)
}
