package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func exposition(t *testing.T, m *MemoryMetrics) string {
	t.Helper()
	var b bytes.Buffer
	must(t, m.WritePrometheus(&b))
	return b.String()
}

// TestMetricsBounded: 300 calls naming 300 made-up 2,000-character tools
// and 300 calls each with another unknown argument name added 600 series
// (7.9 MB) to /metrics. Now unknown tools count under "(unknown)" and
// violations under the schema pointer of the failed keyword, so the
// exposition after 300 of each is the size it had after one of each.
func TestMetricsBounded(t *testing.T) {
	m := NewMemoryMetrics()
	r := NewRegistry(WithMetrics(m))
	must(t, r.Register(Tool{Name: "closed", Handler: echo,
		InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"object","properties":{"n":{"type":"integer"}}}},"additionalProperties":false}`)}))
	round := func(i int) {
		dispatch(t, r, fmt.Sprintf("%04d%s", i, strings.Repeat("x", 2000)), `{}`)
		dispatch(t, r, "closed", fmt.Sprintf(`{"unknown_%d_%s":1}`, i, strings.Repeat("k", 500)))
		dispatch(t, r, "closed", fmt.Sprintf(`{"a":{"n":"x","m%d":{}}}`, i))
		dispatch(t, r, "closed", fmt.Sprintf(`{"a":{"n":1},"a":{"n%d":2}}`, i)) // a duplicate key, found by the decoder
	}
	round(0)
	before := exposition(t, m)
	for i := 1; i < 300; i++ {
		round(i)
	}
	dispatch(t, r, strings.Repeat("y", 4<<20), `{}`) // a 4 MiB name
	after := exposition(t, m)
	// The same series; only the counts' digits grow.
	if strings.Count(after, "\n") != strings.Count(before, "\n") || len(after) > len(before)+300 {
		t.Errorf("/metrics grew from %d to %d bytes:\n%s", len(before), len(after), after)
	}
	for _, want := range []string{
		`tscg_tool_calls_total{tool="(unknown)",outcome="unknown_tool"} 301`,
		`tscg_tool_calls_total{tool="closed",outcome="invalid"} 900`,
		`tscg_tool_validation_failures_total{tool="closed",pointer="/additionalProperties"} 300`,
		`tscg_tool_validation_failures_total{tool="closed",pointer="/properties/a/properties/n/type"} 300`,
		`tscg_tool_validation_failures_total{tool="closed",pointer="(duplicate-key)"} 300`,
	} {
		if !strings.Contains(after, want) {
			t.Errorf("exposition lacks %q:\n%s", want, after)
		}
	}
	if strings.Contains(after, "xxxx") || strings.Contains(after, "unknown_1") {
		t.Errorf("a caller's name reached a label:\n%.2000s", after)
	}
}

// TestMemoryMetricsCaps: whatever a caller of Metrics passes, MemoryMetrics
// keeps at most MaxTools tools, MaxLabelValues pointers per tool,
// MaxSeries series and MaxLabelBytes per value; the rest count under
// "(other)", so no observation is lost.
func TestMemoryMetricsCaps(t *testing.T) {
	m := NewMemoryMetrics()
	for i := 0; i < 2000; i++ {
		tool := fmt.Sprintf("t%d", i%400)
		m.ObserveCall(tool, OutcomeInvalid, 0)
		m.ObserveViolation(tool, fmt.Sprintf("/p%d", i))
		m.ObserveRepair("t0", fmt.Sprintf("kind%d", i))
	}
	m.ObserveCall(strings.Repeat("z", MaxLabelBytes+1), OutcomeSuccess, 0)
	m.ObserveViolation("t1", strings.Repeat("/q", MaxLabelBytes))
	out := exposition(t, m)
	series, calls := 0, 0
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "tscg_tool_calls_total{") || strings.HasPrefix(line, "tscg_tool_validation_failures_total{") ||
			strings.HasPrefix(line, "tscg_tool_repairs_total{") {
			series++
		}
		if strings.HasPrefix(line, "tscg_tool_calls_total{") {
			var n int
			fmt.Sscanf(line[strings.LastIndexByte(line, ' ')+1:], "%d", &n)
			calls += n
		}
		if i := strings.Index(line, `="`); i >= 0 && len(line) > 2*MaxLabelBytes+200 {
			t.Errorf("a label value over %d bytes: %.120s…", MaxLabelBytes, line)
		}
	}
	if series > MaxSeries+2*MaxTools {
		t.Errorf("%d series", series)
	}
	if calls != 2001 {
		t.Errorf("calls counted: %d, want 2001", calls)
	}
	if s := m.Snapshot("t0"); len(s.Repairs) > MaxLabelValues+1 || s.Repairs[Overflow] == 0 {
		t.Errorf("t0 repairs: %d values, %d under (other)", len(s.Repairs), s.Repairs[Overflow])
	}
	if s := m.Snapshot(Overflow); s.Calls == 0 {
		t.Error("no call counted under (other)")
	}
}
