package compiler

import (
	"testing"

	"github.com/tscg/tscg/compiler/ir"
)

func planTool(name, group string, props int) *ir.Tool {
	obj := &ir.Type{Kind: ir.KindObject}
	for i := 0; i < props; i++ {
		obj.Properties = append(obj.Properties, &ir.Property{Name: string(rune('a'+i)) + "_param", Type: &ir.Type{Kind: ir.KindString, Description: "A parameter."}})
	}
	return &ir.Tool{Name: name, Group: group, Description: "Does " + name + ".", Params: obj}
}

func TestPlanLoading(t *testing.T) {
	cat := &ir.Catalog{Tools: []*ir.Tool{planTool("big", "x", 8), planTool("small", "y", 1), planTool("mid", "x", 3)}}
	all, err := PlanLoading(cat, 1<<30, nil)
	if err != nil || len(all.Deferred) != 0 || all.EagerTokens != all.AllTokens || all.AllTokens == 0 {
		t.Fatalf("unbounded budget: %+v, %v", all, err)
	}
	// A budget of the smallest tool alone: the cheapest stays eager.
	p, _ := PlanLoading(cat, all.Tokens["small"], nil)
	if p.Deferred["small"] || !p.Deferred["big"] || !p.Deferred["mid"] || p.EagerTokens != all.Tokens["small"] {
		t.Errorf("tight budget: deferred %v, eager %d", p.Deferred, p.EagerTokens)
	}
	// Usage puts the called tool first, even when it costs more.
	p, _ = PlanLoading(cat, all.Tokens["big"], map[string]int{"big": 3})
	if p.Deferred["big"] || !p.Deferred["mid"] {
		t.Errorf("usage: deferred %v", p.Deferred)
	}
	// Nothing fits: one tool stays eager all the same.
	p, _ = PlanLoading(cat, 1, nil)
	if len(p.Deferred) != 2 {
		t.Errorf("budget 1: deferred %v, want all but one", p.Deferred)
	}
	// A tool declared deferred stays so, even when called most and
	// within budget; where every tool is declared so, one stays eager.
	cat.Tools[1].DeferLoading = true
	p, _ = PlanLoading(cat, 1<<30, map[string]int{"small": 9})
	if !p.Deferred["small"] || len(p.Deferred) != 1 {
		t.Errorf("declared deferred: deferred %v, want small alone", p.Deferred)
	}
	for _, tl := range cat.Tools {
		tl.DeferLoading = true
	}
	p, _ = PlanLoading(cat, 1<<30, nil)
	if len(p.Deferred) != 2 {
		t.Errorf("all declared deferred: deferred %v, want all but one", p.Deferred)
	}
}

func TestReadUsage(t *testing.T) {
	u, err := ReadUsage("m", []byte("# TYPE x counter\ntscg_tool_calls_total{tool=\"a\\\"b\",outcome=\"ok\"} 2\ntscg_tool_calls_total{tool=\"a\\\"b\",outcome=\"error\"} 1\nother 5\n"))
	if err != nil || u[`a"b`] != 3 || len(u) != 1 {
		t.Errorf("got %v, %v", u, err)
	}
	for _, bad := range []string{"", "tscg_tool_calls_total{outcome=\"ok\"} 1\n", "tscg_tool_calls_total{tool=\"a\"} x\n", "tscg_tool_calls_total{tool=\"a} 1\n"} {
		if _, err := ReadUsage("m", []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzReadUsage(f *testing.F) {
	f.Add([]byte("tscg_tool_calls_total{tool=\"a\",outcome=\"ok\"} 2\n"))
	f.Add([]byte("tscg_tool_calls_total{tool=\"a\\\\\",outcome=\"ok\"} 1e3\n"))
	f.Add([]byte("tscg_tool_calls_total{tool=\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		u, err := ReadUsage("f", data)
		if err == nil && len(u) == 0 {
			t.Fatal("no error and no usage")
		}
		for _, n := range u {
			if n < 0 {
				t.Fatalf("negative count %d", n)
			}
		}
	})
}
