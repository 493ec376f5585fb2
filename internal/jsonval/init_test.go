package jsonval

import (
	"testing"

	"github.com/tscg/tscg/internal/inittrace"
)

// TestInitCost requires this package's init to allocate (next to)
// nothing. The test binary links santhosh-tekuri/jsonschema too (the
// differential tests' reference), whose init compiles its meta-schemas:
// its cost shows what the trace measures, and what the runtime saves once
// it moves here.
func TestInitCost(t *testing.T) {
	costs, err := inittrace.Measure()
	if err != nil {
		t.Fatal(err)
	}
	ref, ok := costs["github.com/santhosh-tekuri/jsonschema/v6"]
	if !ok {
		t.Fatalf("santhosh's init is not in the trace; is the trace read right? %v", costs)
	}
	ours := costs["github.com/tscg/tscg/internal/jsonval"] // absent: no init work at all
	t.Logf("init: jsonval %d bytes in %d allocs; santhosh v6 %d bytes in %d allocs", ours.Bytes, ours.Allocs, ref.Bytes, ref.Allocs)
	if ours.Bytes > 256 || ours.Allocs > 4 {
		t.Errorf("jsonval's init allocates %d bytes in %d allocs; compile nothing at init", ours.Bytes, ours.Allocs)
	}
}
