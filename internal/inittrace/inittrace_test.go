package inittrace

import "testing"

func TestMeasureReadsTheTrace(t *testing.T) {
	costs, err := Measure()
	if err != nil {
		t.Fatal(err)
	}
	// os and regexp/syntax do work at init in every Go binary.
	if _, ok := costs["os"]; !ok {
		t.Errorf("package os not in the trace: %v", costs)
	}
}
