package rules

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestRulesDoc keeps docs/rules.md in step with the registry;
// TSCG_UPDATE=1 rewrites it.
func TestRulesDoc(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "rules.md")
	want := Markdown()
	if os.Getenv("TSCG_UPDATE") != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run TSCG_UPDATE=1 go test ./analyzer/rules)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("docs/rules.md is stale: run TSCG_UPDATE=1 go test ./analyzer/rules")
	}
}

func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range All() {
		if r.ID == "" || r.Summary == "" || r.Category == "" || r.Since == "" || r.Doc == "" || r.Run == nil {
			t.Errorf("rule %q has incomplete metadata", r.ID)
		}
		if seen[r.ID] {
			t.Errorf("rule %q registered twice", r.ID)
		}
		seen[r.ID] = true
		if Lookup(r.ID) != r {
			t.Errorf("Lookup(%q) does not return the rule", r.ID)
		}
	}
}
