package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRun runs the example end to end: the first call succeeds (which
// needs the for_each calls to overlap, see fakes.extract), the second
// reports the failing step by name and what it cancelled.
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	if err := run(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		`"report":"# Sales report Q3 2024\n\nRevenue 14.9M across 3 regions (target 14.0M, +6.4%); margin 28.2%."`,
		`"sources":["EMEA sales Q3","Americas sales Q3","APAC sales Q3"]`,
		`failed at step "extract" (tool extract_figures): item 1: document q4-amer-scan is a scanned image`,
		"cancelled: analyse, report",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
