package describe

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	fjs "github.com/tscg/tscg/frontends/jsonschema"
	"github.com/tscg/tscg/internal/corpus"
)

// corporaDir is ../shared/corpora seen from this package (or
// $TSCG_CORPORA); tests that need it skip when it is absent.
func corporaDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "corpora")
	if env := os.Getenv("TSCG_CORPORA"); env != "" {
		dir = env
	}
	if _, err := os.Stat(dir); err != nil {
		corpus.Missing(t, "corpora %s absent (%v): these tests need ../shared/corpora", dir, err)
	}
	return dir
}

// corpusCatalogs loads every tool catalog of the corpora, one catalog per
// file, keyed by the file's path relative to the corpora.
func corpusCatalogs(t testing.TB) map[string]*ir.Catalog {
	dir := corporaDir(t)
	var files []string
	for _, pat := range []string{"bfcl/*.json", "bfcl/multi_turn_func_doc/*.json", "bfcl/unused_datasets/question/*.json",
		"mcp-tool-snapshots/*.json", "tau-bench/tools_*.json", "toolbench/data_example/answer/*/*.json"} {
		m, _ := filepath.Glob(filepath.Join(dir, pat))
		files = append(files, m...)
	}
	sort.Strings(files)
	out := map[string]*ir.Catalog{}
	for _, f := range files {
		cat, ds := fjs.Load([]string{f}, fjs.Options{})
		if ds.HasErrors() || len(cat.Tools) == 0 {
			continue // not a tool catalog (the JSON frontend's own tests cover these)
		}
		rel, _ := filepath.Rel(dir, f)
		out[rel] = cat
	}
	if len(out) == 0 {
		corpus.Missing(t, "no tool catalogs found under %s", dir)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
