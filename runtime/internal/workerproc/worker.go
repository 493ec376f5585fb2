// Package workerproc holds what the runtime's worker pools (runtime/pyexec's
// Python workers, runtime/script's script workers) share about their
// processes: how a worker's memory is read, and when a worker is retired.
package workerproc

// Retire says when a pool replaces a healthy worker by a fresh one, so
// whatever a long-lived process accumulates (a tool's caches and leaks,
// module state, a fragmented heap) is bounded.
type Retire struct {
	// MaxCalls retires a worker after this many calls (default 1000;
	// negative: never).
	MaxCalls int
	// MaxRSSGrowth retires a worker whose resident memory has grown by
	// more than this many bytes since it started (default 256 MiB;
	// negative: never). Read from /proc on Linux; not checked elsewhere.
	MaxRSSGrowth int64
}

// Defaults for Retire.
const (
	DefaultMaxCalls     = 1000
	DefaultMaxRSSGrowth = 256 << 20
)

// WithDefaults fills zero fields with the defaults.
func (r Retire) WithDefaults() Retire {
	if r.MaxCalls == 0 {
		r.MaxCalls = DefaultMaxCalls
	}
	if r.MaxRSSGrowth == 0 {
		r.MaxRSSGrowth = DefaultMaxRSSGrowth
	}
	return r
}

// Due reports whether a worker that has served calls calls, started at
// rss0 bytes resident and is at rss now, is to be retired, and why.
func (r Retire) Due(calls int, rss0, rss int64) (string, bool) {
	if r.MaxCalls > 0 && calls >= r.MaxCalls {
		return "served its maximum number of calls", true
	}
	if r.MaxRSSGrowth > 0 && rss0 > 0 && rss > 0 && rss-rss0 > r.MaxRSSGrowth {
		return "resident memory grew past the limit", true
	}
	return "", false
}
