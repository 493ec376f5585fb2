package analyzer

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

// TestAloneRunsAfterTheOthers: an Alone rule starts once every other
// rule has finished, its findings are kept, and its panic is an error.
func TestAloneRunsAfterTheOthers(t *testing.T) {
	var done atomic.Int32
	var seen int32 = -1
	other := func(id string) *Rule {
		return &Rule{Meta: Meta{ID: id}, Run: func(p *Pass) { done.Add(1) }}
	}
	alone := &Rule{Meta: Meta{ID: "alone"}, Alone: true, Run: func(p *Pass) {
		seen = done.Load()
		p.Report(ir.Pos{File: "f", Line: 1}, "", "found")
	}}
	cat := &ir.Catalog{}
	found, err := Run(cat, []*Rule{other("a"), alone, other("b"), other("c")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if seen != 3 {
		t.Errorf("the alone rule saw %d of 3 other rules finished", seen)
	}
	if len(found) != 1 || found[0].Message != "found" {
		t.Errorf("findings = %+v, want the alone rule's one", found)
	}
	boom := &Rule{Meta: Meta{ID: "boom"}, Alone: true, Run: func(p *Pass) { panic("bang") }}
	if _, err := Run(cat, []*Rule{other("a"), boom}, nil); err == nil || !strings.Contains(err.Error(), "rule boom: internal error: bang") {
		t.Errorf("err = %v, want the alone rule's panic", err)
	}
}
