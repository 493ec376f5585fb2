package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler"

	"github.com/tscg/tscg/internal/inittrace"
)

// maxInitBytes bounds what any tscg package may allocate in its init.
// Package initialisation runs at every start of every command, used or
// not, so regexps, schema compiles and tables belong behind sync.Once or
// lazyre (see bench/README.md, "Round 3").
const maxInitBytes = 32 << 10

// TestPackageInitIsCheap runs this test binary (which links every package
// the tscg command does) with GODEBUG=inittrace=1 and checks each tscg
// package's init allocations.
func TestPackageInitIsCheap(t *testing.T) {
	costs, err := inittrace.Measure()
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for pkg, c := range costs {
		if !strings.HasPrefix(pkg, "github.com/tscg/tscg/") {
			continue
		}
		seen++
		if c.Bytes > maxInitBytes {
			t.Errorf("%s allocates %d bytes (%d allocs) in init; over %d: make it lazy", pkg, c.Bytes, c.Allocs, maxInitBytes)
		}
	}
	if seen == 0 {
		t.Fatalf("no tscg package in the init trace: %v", costs)
	}
}

// TestConfigSchemaID keeps the $schema line init writes and the $id the
// schema is published under the same address.
func TestConfigSchemaID(t *testing.T) {
	var doc struct {
		ID string `json:"$id"`
	}
	if err := json.Unmarshal(compiler.ConfigSchema, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.ID != ConfigSchemaID {
		t.Errorf("compiler/tscg.schema.json $id = %q; init writes $schema=%q", doc.ID, ConfigSchemaID)
	}
	d := &detection{found: map[string][]string{}, inputs: []string{"tools.ts"}}
	if first, _, _ := strings.Cut(d.configText(), "\n"); first != "# yaml-language-server: $schema="+ConfigSchemaID {
		t.Errorf("init's first line = %q", first)
	}
}
