package main

import "testing"

func TestTestedTool(t *testing.T) {
	if tool := testedTool("tested_label"); tool.Name != "tested_label" {
		t.Fatalf("name %q", tool.Name)
	}
}
