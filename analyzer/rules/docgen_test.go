package rules

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tscg/tscg/internal/ruledb"

	// The other stages' rules register when linked; docs/rules.md lists
	// them all (the test binary is not bound by internal/deps' edges).
	_ "github.com/tscg/tscg/analyzer/breaking"
	_ "github.com/tscg/tscg/frontends/python"
	_ "github.com/tscg/tscg/frontends/workflow"
	_ "github.com/tscg/tscg/runtime/skills"
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

// TestEveryStageInDoc: the rules of every stage are in the registry and
// the doc, under their contracted ids.
func TestEveryStageInDoc(t *testing.T) {
	doc := string(Markdown())
	for _, id := range []string{"name-collision", "lint-directive", "tool-removed", "result-field-added",
		"workflow-cycle", "workflow-unused-step", "skill-body-too-long", "skill-load"} {
		if _, ok := ruledb.Lookup(id); !ok {
			t.Errorf("rule %s is not registered", id)
		}
		if !bytes.Contains([]byte(doc), []byte("\n## "+id+"\n")) {
			t.Errorf("rule %s has no section in docs/rules.md", id)
		}
	}
	for _, r := range ruledb.All() {
		if !bytes.Contains([]byte(doc), []byte("| ["+r.ID+"](#"+r.ID+") | "+r.DefaultSeverity.String()+" | "+r.Category+" |")) {
			t.Errorf("rule %s is not in the table", r.ID)
		}
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
		if m, ok := ruledb.Lookup(r.ID); !ok || m != r.Meta {
			t.Errorf("rule %q is not registered as declared", r.ID)
		}
	}
}
