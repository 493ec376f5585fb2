package runtime

import (
	"bytes"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
)

// TestPrometheusMatchesExpfmt: WritePrometheus writes the bytes
// prometheus/common's expfmt encodes from the same metrics as client_model
// families (what it used before it wrote the format itself), for label
// values that need escaping, counts whose shortest form has an exponent,
// families with no samples, and no metrics at all.
func TestPrometheusMatchesExpfmt(t *testing.T) {
	m := NewMemoryMetrics()
	check := func(name string) {
		t.Helper()
		var got, want bytes.Buffer
		must(t, m.WritePrometheus(&got))
		for _, mf := range referenceFamilies(m) {
			if _, err := expfmt.MetricFamilyToText(&want, mf); err != nil {
				t.Fatal(err)
			}
		}
		if got.String() != want.String() {
			t.Errorf("%s: WritePrometheus differs from expfmt\n--- got\n%s\n--- expfmt\n%s", name, got.String(), want.String())
		}
	}
	check("no metrics")
	m.ObserveCall("search", OutcomeSuccess, 3*time.Millisecond)
	check("one call")
	m.ObserveCall("search", OutcomeInvalid, 250*time.Millisecond)
	m.ObserveCall("search", OutcomeInvalid, time.Minute)
	m.ObserveViolation("search", "/properties/origin/pattern")
	m.ObserveViolation("search", `/properties/a\"b`+"\n/x")
	m.ObserveRepair("search", "coerce")
	m.ObserveCall(UnknownTool, OutcomeUnknownTool, 42*time.Microsecond)
	m.ObserveCall("quo\"te\\back\nline\xff", OutcomeError, 7*time.Second)
	m.ObserveCall(strings.Repeat("n", MaxLabelBytes+1), OutcomeRefused, time.Nanosecond)
	for range 567 {
		m.ObserveViolation("bulk", "/type")
	}
	m.mu.Lock()
	m.tools["bulk"].Outcomes[OutcomeSuccess] = 12_000_000 // a count written with an exponent
	m.tools["bulk"].LatencySum = 123456789 * time.Microsecond
	m.mu.Unlock()
	check("many")
}

// referenceFamilies builds m's metrics as client_model families, tools and
// label values sorted, families without metrics left out.
func referenceFamilies(m *MemoryMetrics) []*dto.MetricFamily {
	m.mu.Lock()
	defer m.mu.Unlock()
	family := func(name, help string, typ dto.MetricType) *dto.MetricFamily {
		return &dto.MetricFamily{Name: &name, Help: &help, Type: &typ}
	}
	labels := func(kv ...string) []*dto.LabelPair {
		var out []*dto.LabelPair
		for i := 0; i < len(kv); i += 2 {
			out = append(out, &dto.LabelPair{Name: &kv[i], Value: &kv[i+1]})
		}
		return out
	}
	counter := func(n int, kv ...string) *dto.Metric {
		v := float64(n)
		return &dto.Metric{Label: labels(kv...), Counter: &dto.Counter{Value: &v}}
	}
	calls := family("tscg_tool_calls_total", "Tool calls by outcome.", dto.MetricType_COUNTER)
	fails := family("tscg_tool_validation_failures_total", "Argument violations by the schema pointer of the failed keyword.", dto.MetricType_COUNTER)
	repairs := family("tscg_tool_repairs_total", "Lenient-mode repairs by kind.", dto.MetricType_COUNTER)
	latency := family("tscg_tool_call_duration_seconds", "Tool call latency.", dto.MetricType_HISTOGRAM)
	for _, t := range slices.Sorted(maps.Keys(m.tools)) {
		s := m.tools[t]
		for _, o := range slices.Sorted(maps.Keys(s.Outcomes)) {
			calls.Metric = append(calls.Metric, counter(s.Outcomes[o], "tool", t, "outcome", string(o)))
		}
		for _, p := range slices.Sorted(maps.Keys(s.Violations)) {
			fails.Metric = append(fails.Metric, counter(s.Violations[p], "tool", t, "pointer", p))
		}
		for _, k := range slices.Sorted(maps.Keys(s.Repairs)) {
			repairs.Metric = append(repairs.Metric, counter(s.Repairs[k], "tool", t, "kind", k))
		}
		count, sum := uint64(s.Calls), s.LatencySum.Seconds()
		h := &dto.Histogram{SampleCount: &count, SampleSum: &sum}
		for i := range LatencyBuckets {
			c := uint64(s.Buckets[i])
			h.Bucket = append(h.Bucket, &dto.Bucket{UpperBound: &LatencyBuckets[i], CumulativeCount: &c})
		}
		latency.Metric = append(latency.Metric, &dto.Metric{Label: labels("tool", t), Histogram: h})
	}
	var out []*dto.MetricFamily
	for _, mf := range []*dto.MetricFamily{calls, fails, repairs, latency} {
		if len(mf.Metric) > 0 {
			out = append(out, mf)
		}
	}
	return out
}

// TestPrometheusInfBound: a +Inf bound in LatencyBuckets is the +Inf
// bucket; none is added after it (as expfmt does).
func TestPrometheusInfBound(t *testing.T) {
	saved := LatencyBuckets
	defer func() { LatencyBuckets = saved }()
	LatencyBuckets = []float64{0.5, math.Inf(+1)}
	m := NewMemoryMetrics()
	m.ObserveCall("t", OutcomeSuccess, time.Second)
	var got, want bytes.Buffer
	must(t, m.WritePrometheus(&got))
	for _, mf := range referenceFamilies(m) {
		if _, err := expfmt.MetricFamilyToText(&want, mf); err != nil {
			t.Fatal(err)
		}
	}
	if got.String() != want.String() || strings.Count(got.String(), `le="+Inf"`) != 1 {
		t.Errorf("got\n%s\nexpfmt\n%s", got.String(), want.String())
	}
}
