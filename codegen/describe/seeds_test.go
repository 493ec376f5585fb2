package describe_test

import (
	"path/filepath"
	"testing"

	"github.com/tscg/tscg/codegen/describe"
	"github.com/tscg/tscg/codegen/skills"
	"github.com/tscg/tscg/frontends/python"
	"github.com/tscg/tscg/internal/golden"
)

// TestGoldenSeeds: the wordy renderings of tools shaped like the seeds'
// (seed 003 §6.1: an enum parameter by its type name; seed 000: Python
// docstrings with Returns:), in Chinese and English. The verbose text and
// SKILL.md state the enum and constant values, the result's shape, and
// the Returns: text once; example calls take the descriptions' samples.
func TestGoldenSeeds(t *testing.T) {
	cat, ds := python.Load([]string{filepath.Join("testdata", "seeds", "notes.py")}, python.Options{})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds)
	}
	ar := golden.Open(t, filepath.Join("testdata", "seeds.txtar"))
	ar.Check(t, "llm/verbose.md", describe.Verbose(cat))
	files, err := skills.Generate(cat, skills.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		ar.Check(t, f.Path, f.Contents)
	}
	ar.Close(t)
}
