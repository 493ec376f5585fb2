package runtime

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
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
// format, sorted, so the output is stable.
func (m *MemoryMetrics) WritePrometheus(w io.Writer) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b strings.Builder
	b.WriteString("# HELP tscg_tool_calls_total Tool calls by outcome.\n# TYPE tscg_tool_calls_total counter\n")
	for _, t := range slices.Sorted(maps.Keys(m.tools)) {
		for _, o := range slices.Sorted(maps.Keys(outcomeKeys(m.tools[t].Outcomes))) {
			fmt.Fprintf(&b, "tscg_tool_calls_total{tool=%s,outcome=%s} %d\n", label(t), label(o), m.tools[t].Outcomes[Outcome(o)])
		}
	}
	b.WriteString("# HELP tscg_tool_validation_failures_total Argument violations by the schema pointer of the failed keyword.\n# TYPE tscg_tool_validation_failures_total counter\n")
	for _, t := range slices.Sorted(maps.Keys(m.tools)) {
		for _, p := range slices.Sorted(maps.Keys(m.tools[t].Violations)) {
			fmt.Fprintf(&b, "tscg_tool_validation_failures_total{tool=%s,pointer=%s} %d\n", label(t), label(p), m.tools[t].Violations[p])
		}
	}
	b.WriteString("# HELP tscg_tool_repairs_total Lenient-mode repairs by kind.\n# TYPE tscg_tool_repairs_total counter\n")
	for _, t := range slices.Sorted(maps.Keys(m.tools)) {
		for _, k := range slices.Sorted(maps.Keys(m.tools[t].Repairs)) {
			fmt.Fprintf(&b, "tscg_tool_repairs_total{tool=%s,kind=%s} %d\n", label(t), label(k), m.tools[t].Repairs[k])
		}
	}
	b.WriteString("# HELP tscg_tool_call_duration_seconds Tool call latency.\n# TYPE tscg_tool_call_duration_seconds histogram\n")
	for _, t := range slices.Sorted(maps.Keys(m.tools)) {
		s := m.tools[t]
		for i, bound := range LatencyBuckets {
			fmt.Fprintf(&b, "tscg_tool_call_duration_seconds_bucket{tool=%s,le=%q} %d\n", label(t), strconv.FormatFloat(bound, 'g', -1, 64), s.Buckets[i])
		}
		fmt.Fprintf(&b, "tscg_tool_call_duration_seconds_bucket{tool=%s,le=\"+Inf\"} %d\n", label(t), s.Calls)
		fmt.Fprintf(&b, "tscg_tool_call_duration_seconds_sum{tool=%s} %s\n", label(t), strconv.FormatFloat(s.LatencySum.Seconds(), 'g', -1, 64))
		fmt.Fprintf(&b, "tscg_tool_call_duration_seconds_count{tool=%s} %d\n", label(t), s.Calls)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func outcomeKeys(m map[Outcome]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[string(k)] = v
	}
	return out
}

// label quotes a Prometheus label value (backslash, quote, newline escaped).
func label(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
