package runtime

import (
	"context"
	"io"
	"maps"
	"slices"
	"sync"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
)

// Outcome classifies a finished call for metrics and logs.
type Outcome string

// Outcomes of a call.
const (
	OutcomeSuccess     Outcome = "success"      // the handler returned a result
	OutcomeError       Outcome = "error"        // the handler returned an error result
	OutcomeInvalid     Outcome = "invalid"      // the arguments were rejected
	OutcomeUnknownTool Outcome = "unknown_tool" // no tool by that name
	OutcomeRefused     Outcome = "refused"      // a middleware refused it (approval denied)
)

func outcomeOf(res Result) Outcome {
	if !res.IsError {
		return OutcomeSuccess
	}
	if _, refused := res.Meta["refusal"]; refused {
		return OutcomeRefused
	}
	return OutcomeError
}

// Metrics receives per-tool observations. Implementations must be safe
// for concurrent use.
type Metrics interface {
	ObserveCall(tool string, outcome Outcome, latency time.Duration)
	ObserveViolation(tool, pointer string)
	ObserveRepair(tool, kind string)
}

// Observe records every handled call's outcome and latency in m. (Rejected
// calls are recorded by a Registry built WithMetrics, which also installs
// Observe(m) outermost.)
func Observe(m Metrics) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, req *Request) Result {
			start := time.Now()
			res := next(ctx, req)
			m.ObserveCall(req.Call.Name, outcomeOf(res), time.Since(start))
			return res
		}
	}
}

// LatencyBuckets are the histogram upper bounds, in seconds.
var LatencyBuckets = []float64{0.0001, 0.001, 0.01, 0.1, 0.5, 1, 5, 30}

// MemoryMetrics is an in-memory Metrics with a Prometheus text exporter.
// Its label values are bounded whatever callers send: a value longer
// than MaxLabelBytes, a tool beyond MaxTools, a pointer or kind beyond
// MaxLabelValues of one tool, and any new series once MaxSeries exist
// are counted under the value Overflow instead. (A Registry already
// names every unregistered tool UnknownTool and labels violations by
// schema pointer; the caps hold for any other caller too.)
type MemoryMetrics struct {
	mu     sync.Mutex
	tools  map[string]*ToolStats
	series int
}

// Bounds on MemoryMetrics' label values.
const (
	MaxLabelBytes  = 256  // bytes in one label value
	MaxTools       = 200  // distinct tool values
	MaxLabelValues = 200  // distinct pointer (or kind) values per tool
	MaxSeries      = 1000 // tools plus (tool, pointer) and (tool, kind) pairs
)

// Label values metrics use in place of the caller's words.
const (
	UnknownTool = "(unknown)" // every name no tool is registered under
	Overflow    = "(other)"   // past a cap of MemoryMetrics
)

// ToolStats are one tool's counters.
type ToolStats struct {
	Calls      int
	Outcomes   map[Outcome]int
	Violations map[string]int // by schema pointer of the failed keyword
	Repairs    map[string]int // by kind
	Buckets    []int          // cumulative counts per LatencyBuckets bound
	LatencySum time.Duration
}

// NewMemoryMetrics returns empty metrics.
func NewMemoryMetrics() *MemoryMetrics { return &MemoryMetrics{tools: map[string]*ToolStats{}} }

func (m *MemoryMetrics) stats(tool string) *ToolStats {
	if len(tool) > MaxLabelBytes {
		tool = Overflow
	}
	s := m.tools[tool]
	if s == nil {
		if tool != Overflow && (len(m.tools) >= MaxTools || m.series >= MaxSeries) {
			return m.stats(Overflow)
		}
		s = &ToolStats{Outcomes: map[Outcome]int{}, Violations: map[string]int{}, Repairs: map[string]int{},
			Buckets: make([]int, len(LatencyBuckets))}
		m.tools[tool] = s
		m.series++
	}
	return s
}

// bump counts one more under key in one of a tool's labelled maps,
// under Overflow past the caps.
func (m *MemoryMetrics) bump(in map[string]int, key string) {
	if _, seen := in[key]; !seen {
		if len(key) > MaxLabelBytes || len(in) >= MaxLabelValues || m.series >= MaxSeries {
			key = Overflow
		}
		if _, seen := in[key]; !seen {
			m.series++
		}
	}
	in[key]++
}

// ObserveCall implements Metrics.
func (m *MemoryMetrics) ObserveCall(tool string, outcome Outcome, latency time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.stats(tool)
	s.Calls++
	s.Outcomes[outcome]++
	s.LatencySum += latency
	for i, b := range LatencyBuckets {
		if latency.Seconds() <= b {
			s.Buckets[i]++
		}
	}
}

// ObserveViolation implements Metrics. A Registry passes the failed
// keyword's schema pointer (Violation.Schema), never the caller's keys.
func (m *MemoryMetrics) ObserveViolation(tool, pointer string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.bump(m.stats(tool).Violations, pointer)
}

// ObserveRepair implements Metrics.
func (m *MemoryMetrics) ObserveRepair(tool, kind string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.bump(m.stats(tool).Repairs, kind)
}

// Snapshot returns a copy of one tool's stats (zero when never called).
func (m *MemoryMetrics) Snapshot(tool string) ToolStats {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.tools[tool]
	if !ok {
		return ToolStats{}
	}
	c := *s
	c.Outcomes, c.Violations, c.Repairs = copyMap(s.Outcomes), copyMap(s.Violations), copyMap(s.Repairs)
	c.Buckets = append([]int(nil), s.Buckets...)
	return c
}

func copyMap[K comparable](m map[K]int) map[K]int {
	c := make(map[K]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// WritePrometheus writes all metrics in the Prometheus text exposition
// format (encoded by prometheus/common's expfmt, which escapes label
// values), sorted, so the output is stable.
func (m *MemoryMetrics) WritePrometheus(w io.Writer) error {
	for _, mf := range m.Families() {
		if _, err := expfmt.MetricFamilyToText(w, mf); err != nil {
			return err
		}
	}
	return nil
}

// Families returns the metrics as Prometheus metric families, tools and
// label values sorted, families without metrics left out: what
// WritePrometheus encodes, for other formats
// (expfmt.Negotiate) or a Gatherer.
func (m *MemoryMetrics) Families() []*dto.MetricFamily {
	m.mu.Lock()
	defer m.mu.Unlock()
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
		latency.Metric = append(latency.Metric, histogram(s, t))
	}
	var out []*dto.MetricFamily
	for _, mf := range []*dto.MetricFamily{calls, fails, repairs, latency} {
		if len(mf.Metric) > 0 { // the format has no empty families
			out = append(out, mf)
		}
	}
	return out
}

func family(name, help string, typ dto.MetricType) *dto.MetricFamily {
	return &dto.MetricFamily{Name: &name, Help: &help, Type: &typ}
}

func labels(kv ...string) []*dto.LabelPair {
	out := make([]*dto.LabelPair, 0, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		out = append(out, &dto.LabelPair{Name: &kv[i], Value: &kv[i+1]})
	}
	return out
}

func counter(n int, kv ...string) *dto.Metric {
	v := float64(n)
	return &dto.Metric{Label: labels(kv...), Counter: &dto.Counter{Value: &v}}
}

func histogram(s *ToolStats, tool string) *dto.Metric {
	count, sum := uint64(s.Calls), s.LatencySum.Seconds()
	h := &dto.Histogram{SampleCount: &count, SampleSum: &sum}
	for i := range LatencyBuckets {
		c := uint64(s.Buckets[i])
		h.Bucket = append(h.Bucket, &dto.Bucket{UpperBound: &LatencyBuckets[i], CumulativeCount: &c})
	}
	return &dto.Metric{Label: labels("tool", tool), Histogram: h}
}
