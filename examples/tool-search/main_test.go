package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestREADME runs the example: the agent must find convert_currency
// through search_tools and call it, and the README must show exactly the
// output.
func TestREADME(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"[0] tools/list: search_tools (",
		"[1] call convert_currency before a search -> error=true",
		"(convert_currency); it is callable now",
		"[3] notifications/tools/list_changed",
		"[4] tools/list: convert_currency, search_tools (",
		"answer: 120 EUR is 19500 JPY.",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "```\n"+out.String()+"```\n") {
		t.Errorf("README.md is stale; its output block should be:\n%s", out.String())
	}
}
