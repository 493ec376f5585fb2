package main

import (
	"os"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/golden"
)

const (
	startMarker = "<!-- figures: go test ./examples/toolcallscript with TSCG_UPDATE=1 rewrites this block -->\n"
	endMarker   = "<!-- /figures -->"
)

// TestMeasure runs both transcripts (Measure fails if their answers
// differ) and checks the figures committed in README.md are current.
func TestMeasure(t *testing.T) {
	rep, err := Measure()
	if err != nil {
		t.Fatal(err)
	}
	if rep.Files != NumFiles || rep.ScriptToolCalls != NumFiles+1 {
		t.Errorf("files = %d, script tool calls = %d; want %d and %d", rep.Files, rep.ScriptToolCalls, NumFiles, NumFiles+1)
	}
	if rep.Script.InputTokens*10 > rep.Plain.InputTokens {
		t.Errorf("script transcript reads %d tokens, not a tenth of plain calling's %d", rep.Script.InputTokens, rep.Plain.InputTokens)
	}
	if rep.FormalizeRequests < 2 {
		t.Errorf("FORMALIZE made %d requests; the listing should need more than one chunk", rep.FormalizeRequests)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(string(readme), startMarker), strings.Index(string(readme), endMarker)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the figures markers")
	}
	got := "```\n" + rep.Figures() + "```\n"
	cur := string(readme[i+len(startMarker) : j])
	if cur == got {
		return
	}
	if !golden.Updating() {
		t.Fatalf("README.md figures are stale (TSCG_UPDATE=1 rewrites them)\n--- README\n%s--- measured\n%s", cur, got)
	}
	updated := string(readme[:i+len(startMarker)]) + got + string(readme[j:])
	if err := os.WriteFile("README.md", []byte(updated), 0o644); err != nil {
		t.Fatal(err)
	}
}
