package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/internal/corpus"
)

const corpora = "../../../shared/corpora"

// corpusInputs lists the definition files of each corpus: BFCL (all but
// format_sensitivity, which is not a tool catalog), the MCP snapshots,
// tau-bench's tool files and ToolBench's examples.
func corpusInputs(t testing.TB) map[string][]string {
	if _, err := os.Stat(corpora); err != nil {
		corpus.Missing(t, "corpora not found at %s (%v): the corpus lint test needs ../shared/corpora", corpora, err)
	}
	glob := func(pattern string) []string {
		fs, _ := filepath.Glob(filepath.Join(corpora, pattern))
		var out []string
		for _, f := range fs {
			if !strings.Contains(f, "format_sensitivity") {
				out = append(out, f)
			}
		}
		return out
	}
	toolbench, _ := compiler.Collect([]string{filepath.Join(corpora, "toolbench")})
	return map[string][]string{
		"bfcl":      append(glob("bfcl/BFCL_v4_*.json"), glob("bfcl/multi_turn_func_doc/*.json")...),
		"mcp":       glob("mcp-tool-snapshots/*.json"),
		"tau-bench": glob("tau-bench/tools_*.json"),
		"toolbench": toolbench,
	}
}

func loadCorpus(files []string) *ir.Catalog {
	cat, _ := compiler.Compile(files, &compiler.Config{})
	return cat
}

// TestCorpora lints every definition of the corpora with all rules and
// every target: no rule may fail internally, and each corpus must yield
// tools and findings.
func TestCorpora(t *testing.T) {
	s := analyzer.Defaults()
	s.Targets = []string{"openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "mcp"}
	for name, files := range corpusInputs(t) {
		t.Run(name, func(t *testing.T) {
			cat := loadCorpus(files)
			if len(cat.Tools) == 0 {
				t.Fatalf("no tools loaded from %d files", len(files))
			}
			found, err := analyzer.Run(cat, All(), s)
			if err != nil {
				t.Fatalf("internal error: %v", err)
			}
			counts := map[string]int{}
			for _, f := range found {
				counts[f.RuleID]++
			}
			t.Logf("%s: %d tools, %d findings %v", name, len(cat.Tools), len(found), counts)
			if len(found) == 0 {
				t.Errorf("no findings at all on %s: the rules are not running", name)
			}
		})
	}
}
