package retrieval

import (
	"fmt"
	"os"
	"testing"

	"github.com/tscg/tscg/compiler/toolsearch"
)

// TestMisses prints, for one tuning set, each wanted function that tscg's
// ranking does not put first: the request, the wanted function's
// description and the three tools ranked first. It runs only with
// TSCG_MISSES set to wide, exec, multiturn, variants, toolbench or tau; the held-out set
// is not offered, so that nobody tunes on it by reading its misses.
func TestMisses(t *testing.T) {
	which := os.Getenv("TSCG_MISSES")
	if which == "" {
		t.Skip("set TSCG_MISSES=wide|exec|multiturn|variants|toolbench|tau to list a tuning set's misses")
	}
	s := load(t)
	set := map[string]*Set{"wide": s.tuneWide, "exec": s.exec, "multiturn": s.multiTurn, "variants": s.variants, "toolbench": s.toolbench, "tau": s.tau}[which]
	if set == nil {
		t.Fatalf("TSCG_MISSES=%q: want wide, exec, multiturn, variants, toolbench or tau", which)
	}
	ix := set.Index(toolsearch.Default)
	first := map[string]int{}
	for i := len(set.Tools) - 1; i >= 0; i-- {
		first[set.Tools[i].Name] = i
	}
	for _, q := range set.Queries {
		res := ix.Search(q.Text, 10)
		for _, w := range q.Want {
			rank := 0 // not in the top 10
			for i, r := range res {
				if r.Name == w {
					rank = i + 1
				}
			}
			if rank == 1 {
				continue
			}
			desc := "(not in the catalog)"
			if i, ok := first[w]; ok {
				desc = set.Tools[i].Description
			}
			fmt.Printf("=== %s: %s at %d (0: not in the top 10)\nrequest: %.300s\nwanted: %.200s\n", q.ID, w, rank, q.Text, desc)
			for i, r := range res[:min(3, len(res))] {
				fmt.Printf("  %d %.2f %s: %.150s\n", i+1, r.Score, r.Name, set.Tools[r.Index].Description)
			}
		}
	}
}
