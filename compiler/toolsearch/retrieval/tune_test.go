package retrieval

import (
	"fmt"
	"os"
	"testing"

	"github.com/tscg/tscg/compiler/toolsearch"
)

// TestTune searches the ranking's weights on the tuning sets only (BFCL's
// non-live, multi-turn and executable categories, ToolBench and
// tau-bench), by coordinate ascent from toolsearch.Default, and prints
// the best it finds and its figures on the tuning sets (the objective
// weighs the wide non-live questions and the executable ones 1, the
// multi-turn turns and tau-bench's customers 0.5, ToolBench 0.2; the
// multi-turn variants, mostly the base turns reworded, are printed as a
// check and are no part of it);
// TestRetrieval prints the held-out figures of Default.
// It runs only with TSCG_TUNE=1 (go test -run TestTune
// ./compiler/toolsearch/retrieval).
func TestTune(t *testing.T) {
	if os.Getenv("TSCG_TUNE") != "1" {
		t.Skip("set TSCG_TUNE=1 to search the ranking's weights")
	}
	s := load(t)
	objective := func(p toolsearch.Params) float64 {
		a := s.tuneWide.Evaluate(s.tuneWide.Index(p))
		b := s.toolbench.Evaluate(s.toolbench.Index(p))
		m := s.multiTurn.Evaluate(s.multiTurn.Index(p))
		e := s.exec.Evaluate(s.exec.Index(p))
		c := s.tau.Evaluate(s.tau.Index(p))
		return a.R1 + a.R5 + a.MRR + 0.2*(b.R1+b.R5+b.MRR) + 0.5*(m.R1+m.R5+m.MRR) + e.R1 + e.R5 + e.MRR + 0.5*(c.R1+c.R5+c.MRR)
	}
	best := toolsearch.Default
	score := objective(best)
	knobs := []struct {
		name string
		ptr  func(p *toolsearch.Params) *float64
		unit bool // a 0..1 value, stepped by adding
	}{{"K1", func(p *toolsearch.Params) *float64 { return &p.K1 }, false},
		{"Coverage", func(p *toolsearch.Params) *float64 { return &p.Coverage }, false},
		{"Bigram", func(p *toolsearch.Params) *float64 { return &p.Bigram }, false},
		{"Numeric", func(p *toolsearch.Params) *float64 { return &p.Numeric }, false},
		{"Required", func(p *toolsearch.Params) *float64 { return &p.Required }, false},
		{"Query", func(p *toolsearch.Params) *float64 { return &p.Query }, false},
		{"Prefix", func(p *toolsearch.Params) *float64 { return &p.Prefix }, false},
		{"Described", func(p *toolsearch.Params) *float64 { return &p.Described }, false},
		{"Clauses", func(p *toolsearch.Params) *float64 { return &p.Clauses }, false},
		{"Synonym", func(p *toolsearch.Params) *float64 { return &p.Synonym }, false},
		{"Compound", func(p *toolsearch.Params) *float64 { return &p.Compound }, false},
		{"NoNumber", func(p *toolsearch.Params) *float64 { return &p.NoNumber }, false},
		{"Kinds", func(p *toolsearch.Params) *float64 { return &p.Kinds }, false},
		{"Likelihood", func(p *toolsearch.Params) *float64 { return &p.Likelihood }, false},
		{"Mu", func(p *toolsearch.Params) *float64 { return &p.Mu }, false},
		{"Unneeded", func(p *toolsearch.Params) *float64 { return &p.Unneeded }, false}}
	for f := toolsearch.Field(0); f < toolsearch.NumFields; f++ {
		knobs = append(knobs, struct {
			name string
			ptr  func(p *toolsearch.Params) *float64
			unit bool
		}{"W." + f.String(), func(p *toolsearch.Params) *float64 { return &p.Weight[f] }, false},
			struct {
				name string
				ptr  func(p *toolsearch.Params) *float64
				unit bool
			}{"B." + f.String(), func(p *toolsearch.Params) *float64 { return &p.B[f] }, true})
	}
	for round := 0; round < 2; round++ {
		improved := false
		for _, k := range knobs {
			v := *k.ptr(&best)
			var tries []float64
			if k.unit {
				tries = []float64{v - 0.25, v - 0.1, v + 0.1, v + 0.25}
			} else {
				tries = []float64{0, v * 0.5, v * 0.75, v * 1.33, v * 2, v + 0.25}
			}
			for _, x := range tries {
				if x < 0 || k.unit && x > 1 {
					continue
				}
				p := best
				*k.ptr(&p) = x
				if sc := objective(p); sc > score+1e-9 {
					score, best, improved = sc, p, true
					t.Logf("round %d: %s = %.3f → %.4f", round, k.name, x, sc)
				}
			}
		}
		if !improved {
			break
		}
	}
	fmt.Printf("best: %+v\n", best)
	for _, set := range []*Set{s.tuneWide, s.tuneBFCL, s.toolbench, s.multiTurn, s.variants, s.exec, s.tau} {
		fmt.Printf("%s: %v\n", set.Name, set.Evaluate(set.Index(best)))
	}
}
