package retrieval

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tscg/tscg/compiler/toolsearch"
	"github.com/tscg/tscg/internal/corpus"
)

func corpora(t testing.TB, name string) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "..", "shared", "corpora", name)
	if env := os.Getenv("TSCG_CORPORA"); env != "" {
		dir = filepath.Join(env, name) // a checkout elsewhere than beside ../shared
	}
	if _, err := os.Stat(dir); err != nil {
		corpus.Missing(t, "corpus %s absent: %v", dir, err)
	}
	return dir
}

type sets struct{ tuneBFCL, tuneWide, toolbench, multiTurn, variants, exec, tau, heldOut *Set }

func load(t testing.TB) sets {
	bfcl := corpora(t, "bfcl")
	var s sets
	var err error
	if s.tuneBFCL, err = BFCL(bfcl, NonLive, NonLive); err != nil {
		t.Fatal(err)
	}
	if s.tuneWide, err = BFCL(bfcl, NonLiveWide, NonLiveWide); err != nil {
		t.Fatal(err)
	}
	if s.heldOut, err = BFCL(bfcl, Live, append(append([]string(nil), NonLive...), Live...)); err != nil {
		t.Fatal(err)
	}
	if s.toolbench, err = ToolBench(corpora(t, "toolbench")); err != nil {
		t.Fatal(err)
	}
	if s.multiTurn, err = MultiTurn(bfcl); err != nil {
		t.Fatal(err)
	}
	if s.variants, err = MultiTurnVariants(bfcl); err != nil {
		t.Fatal(err)
	}
	if s.exec, err = BFCLExec(bfcl, NonLiveWide); err != nil {
		t.Fatal(err)
	}
	if s.tau, err = TauBench(corpora(t, "tau-bench"), bfcl); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRetrieval(t *testing.T) {
	s := load(t)
	for _, c := range []struct {
		set    *Set
		r1, r5 float64 // floors for tscg's ranking
	}{
		{s.tuneBFCL, 0.61, 0.935},
		{s.tuneWide, 0.68, 0.945},
		{s.toolbench, 0.2, 0.55},
		{s.multiTurn, 0.44, 0.76},
		{s.variants, 0.34, 0.705},
		{s.exec, 0.54, 0.825},
		{s.tau, 0.125, 0.51},
		{s.heldOut, 0.70, 0.90},
	} {
		base := c.set.Evaluate(c.set.Index(toolsearch.BM25))
		params := c.set.Evaluate(c.set.Index(toolsearch.BM25Params))
		ours := c.set.Evaluate(c.set.Index(toolsearch.Default))
		t.Logf("%-45s %4d tools  bm25: %v\n%-56s bm25+params: %v\n%-56s        tscg: %v", c.set.Name, len(c.set.Tools), base, "", params, "", ours)
		if ours.R1 < c.r1 || ours.R5 < c.r5 {
			t.Errorf("%s: tscg's ranking fell to %v, floors R@1 %.3f R@5 %.3f", c.set.Name, ours, c.r1, c.r5)
		}
		if ours.R1 < params.R1 || ours.R5 < params.R5 || ours.MRR <= params.MRR {
			t.Errorf("%s: tscg's ranking %v does not beat BM25 over names, descriptions and parameters %v", c.set.Name, ours, params)
		}
	}
}

func TestToolCallNames(t *testing.T) {
	for _, c := range []struct {
		in   any
		want []string
	}{
		{`[{'function': {'arguments': '{"user_id":"u_1"}', 'name': 'get_user_details'}, 'id': 'call_1', 'type': 'function'}, {'function': {'arguments': '{}', 'name': 'list_all_airports'}, 'id': 'call_2'}]`, []string{"get_user_details", "list_all_airports"}},
		{[]any{map[string]any{"function": map[string]any{"name": "book_reservation", "arguments": "{}"}}}, []string{"book_reservation"}},
		{"None", nil},
		{`'name': '`, nil},
	} {
		if got := toolCallNames(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("toolCallNames(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestMultiTurnVariants checks that the variants repeat no base turn
// and no stretch of their own, word for word.
func TestMultiTurnVariants(t *testing.T) {
	s := load(t)
	seen := map[string]string{}
	for _, q := range s.multiTurn.Queries {
		seen[wordsOf(q.Text)] = q.ID
	}
	for _, q := range s.variants.Queries {
		if id, ok := seen[wordsOf(q.Text)]; ok {
			t.Errorf("variant %s repeats %s: %q", q.ID, id, q.Text)
		}
		seen[wordsOf(q.Text)] = q.ID
	}
	if len(s.variants.Queries) < 500 {
		t.Errorf("%d variants, want the ~600 stretches miss_param and composite add", len(s.variants.Queries))
	}
	if got, want := wordsOf("Move 'final_report.pdf' to\n/tmp, OK?"), "move final report pdf to tmp ok"; got != want {
		t.Errorf("wordsOf = %q, want %q", got, want)
	}
}
