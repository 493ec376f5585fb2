package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tscg/tscg/runtime/workflow"
)

// TestDescribePlanLoads checks that describe --plan prints the plan the
// runtime loads: the example workflow's output reads back with LoadPlan
// and runs its steps in dependency order.
func TestDescribePlanLoads(t *testing.T) {
	var out, errOut bytes.Buffer
	args := []string{"describe", "--plan", "--tool", "quarterly_report", "../../examples/workflows"}
	if code := Run(args, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	p, err := workflow.LoadPlan(out.Bytes())
	if err != nil {
		t.Fatalf("LoadPlan(describe --plan): %v\n%s", err, out.String())
	}
	var steps []string
	for _, s := range p.Steps {
		steps = append(steps, s.Name+"="+s.Tool)
	}
	want := "search=search_documents targets=get_targets extract=extract_figures analyse=analyse_trends report=format_report"
	if got := strings.Join(steps, " "); got != want {
		t.Errorf("steps %q, want %q", got, want)
	}
	if p.Steps[2].ForEach != "${steps.search.result.items}" || p.MaxParallel != 3 {
		t.Errorf("plan lost its loop or parallelism: for_each %q, max_parallel %d", p.Steps[2].ForEach, p.MaxParallel)
	}
}
