package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestREADME runs the example and checks that the README shows exactly
// its output, token figures included.
func TestREADME(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "```\n"+out.String()+"```\n") {
		t.Errorf("README.md is stale; its output block should be:\n%s", out.String())
	}
	for _, want := range []string{"[0] call load_skill", "[1] call forecast", "saved: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q", want)
		}
	}
}
