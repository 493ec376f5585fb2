package runtime

import (
	"context"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
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
// format (version 0.0.4), tools and label values sorted, families without
// samples left out (the format has no empty families), so the output is
// stable. It is written here rather than by prometheus/common's expfmt:
// that encoder takes client_model's protobuf types, and linking protobuf
// ran ~15 package initialisers in every process that imports the runtime
// (every tscg command and every generated server) for this one function.
// TestPrometheusMatchesExpfmt holds the bytes equal to expfmt's.
func (m *MemoryMetrics) WritePrometheus(w io.Writer) error {
	m.mu.Lock()
	b := m.appendPrometheus(nil)
	m.mu.Unlock()
	_, err := w.Write(b)
	return err
}

// The families WritePrometheus writes, in order.
var promFamilies = [...]struct{ name, help, typ string }{
	{"tscg_tool_calls_total", "Tool calls by outcome.", "counter"},
	{"tscg_tool_validation_failures_total", "Argument violations by the schema pointer of the failed keyword.", "counter"},
	{"tscg_tool_repairs_total", "Lenient-mode repairs by kind.", "counter"},
	{"tscg_tool_call_duration_seconds", "Tool call latency.", "histogram"},
}

func (m *MemoryMetrics) appendPrometheus(b []byte) []byte {
	p := promWriter{b: b}
	tools := slices.Sorted(maps.Keys(m.tools))
	for f := range promFamilies {
		p.family, p.opened = f, false
		for _, t := range tools {
			s := m.tools[t]
			switch f {
			case 0:
				for _, o := range slices.Sorted(maps.Keys(s.Outcomes)) {
					p.sample("", t, "outcome", string(o), float64(s.Outcomes[o]))
				}
			case 1:
				p.counts(t, "pointer", s.Violations)
			case 2:
				p.counts(t, "kind", s.Repairs)
			default:
				p.histogram(t, s)
			}
		}
	}
	return p.b
}

// promWriter appends the exposition, one family after another; a
// family's HELP and TYPE lines come with its first sample.
type promWriter struct {
	b      []byte
	family int  // index in promFamilies
	opened bool // the family's HELP and TYPE lines are written
	num    []byte
}

func (p *promWriter) counts(tool, label string, counts map[string]int) {
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		p.sample("", tool, label, k, float64(counts[k]))
	}
}

// histogram writes a tool's cumulative bucket per bound, the +Inf bucket
// (unless a bound is +Inf), the sum and the count.
func (p *promWriter) histogram(tool string, s *ToolStats) {
	inf := false
	for i, bound := range LatencyBuckets {
		p.num = appendFloat(p.num[:0], bound)
		p.sample("_bucket", tool, "le", string(p.num), float64(s.Buckets[i]))
		inf = inf || math.IsInf(bound, +1)
	}
	if !inf {
		p.sample("_bucket", tool, "le", "+Inf", float64(s.Calls))
	}
	p.sample("_sum", tool, "", "", s.LatencySum.Seconds())
	p.sample("_count", tool, "", "", float64(s.Calls))
}

// sample writes one line: the family's name and suffix, the tool label
// and, when label is not "", a second one, then the value.
func (p *promWriter) sample(suffix, tool, label, value string, v float64) {
	f := &promFamilies[p.family]
	if !p.opened {
		p.b = append(p.b, "# HELP "...)
		p.b = append(p.b, f.name...)
		p.b = append(p.b, ' ')
		p.b = append(p.b, f.help...)
		p.b = append(p.b, "\n# TYPE "...)
		p.b = append(p.b, f.name...)
		p.b = append(p.b, ' ')
		p.b = append(p.b, f.typ...)
		p.b = append(p.b, '\n')
		p.opened = true
	}
	p.b = append(p.b, f.name...)
	p.b = append(p.b, suffix...)
	p.b = append(p.b, `{tool="`...)
	p.b = appendLabelValue(p.b, tool)
	if label != "" {
		p.b = append(p.b, `",`...)
		p.b = append(p.b, label...)
		p.b = append(p.b, `="`...)
		p.b = appendLabelValue(p.b, value)
	}
	p.b = append(p.b, `"} `...)
	p.b = appendFloat(p.b, v)
	p.b = append(p.b, '\n')
}

// appendLabelValue escapes a backslash, a double quote and a line feed;
// every other byte is written as it is.
func appendLabelValue(b []byte, v string) []byte {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '\\':
			b = append(b, `\\`...)
		case '"':
			b = append(b, `\"`...)
		case '\n':
			b = append(b, `\n`...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendFloat writes a value as the format's reference encoder does: the
// shortest 'g' form that reads back exactly, +Inf, -Inf or NaN.
func appendFloat(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "NaN"...)
	case math.IsInf(f, +1):
		return append(b, "+Inf"...)
	case math.IsInf(f, -1):
		return append(b, "-Inf"...)
	}
	return strconv.AppendFloat(b, f, 'g', -1, 64)
}
