package script

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/tscg/tscg/runtime"
)

// FileName is the name errors and stack traces give the script.
const FileName = "script.ts"

// Options configure a run. The zero value runs scripts without tools or
// FORMALIZE under DefaultLimits.
type Options struct {
	// Registry dispatches TOOL_CALL; nil means no tools.
	Registry *runtime.Registry
	// Limits bound the run; zero fields take DefaultLimits' values.
	Limits Limits
	// Completer answers FORMALIZE's prompts; nil makes FORMALIZE reject.
	Completer Completer
	// FormalizeModel is the model id sent to the Completer: hosts point
	// it at a model cheaper than the one writing scripts. Default
	// DefaultFormalizeModel.
	FormalizeModel string
	// CompileType compiles FORMALIZE's TypeScript type text to a JSON
	// Schema document; compiler/tstype.Compile is tscg's. Nil makes
	// FORMALIZE reject.
	CompileType func(src string) (schemaJSON []byte, err error)
	// CountTokens measures text for FORMALIZE's chunking; the default
	// estimates one token per four bytes.
	CountTokens func(text string) int
	// ChunkTokens is FORMALIZE's per-request budget for the input text
	// (default 2000). Longer text for an array type is split on line
	// boundaries and formalized chunk by chunk.
	ChunkTokens int
	// Parallel bounds the tool calls in flight at once (default 4).
	Parallel int
	// MaxDepth bounds sub-scripts: a script may call tool_call_script
	// through TOOL_CALL, and that sub-script may too, to MaxDepth levels
	// below the script the model called (0: DefaultMaxDepth; negative: no
	// sub-scripts). Every level dispatches through the same Registry (the
	// same gate and middleware) under the same Limits, and all levels
	// share one budget of tool calls, FORMALIZE calls and time, taken from
	// the top-level run's Options; deeper calls fail with an error the
	// calling script can catch.
	MaxDepth int
	// Pool, when set, runs each script in one of its worker processes,
	// under an address-space and CPU-time limit, killed at its deadline:
	// a script that overflows the stack, exhausts memory or spins in a
	// builtin ends that worker, not the host. Nil runs scripts in this
	// process, where a fatal Go runtime error (a stack overflow in
	// JSON.parse, an allocation the runtime cannot satisfy) ends the host.
	Pool *Pool
}

// DefaultFormalizeModel is the Completer model id when none is set.
const DefaultFormalizeModel = "formalize-small"

// Limits bound one run.
type Limits struct {
	Timeout           time.Duration // wall clock for the whole run (default 30s)
	MaxToolCalls      int           // TOOL_CALL invocations (default 200)
	MaxFormalizeCalls int           // FORMALIZE invocations (default 20)
	MaxLogBytes       int           // console output kept; the rest is dropped and marked (default 16 KiB)
	MaxResultBytes    int           // the returned value as JSON (default 64 KiB)
}

// DefaultLimits are the limits of a run that sets none.
var DefaultLimits = Limits{
	Timeout: 30 * time.Second, MaxToolCalls: 200, MaxFormalizeCalls: 20,
	MaxLogBytes: 16 << 10, MaxResultBytes: 64 << 10,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.Timeout > 0 {
		d.Timeout = l.Timeout
	}
	if l.MaxToolCalls > 0 {
		d.MaxToolCalls = l.MaxToolCalls
	}
	if l.MaxFormalizeCalls > 0 {
		d.MaxFormalizeCalls = l.MaxFormalizeCalls
	}
	if l.MaxLogBytes > 0 {
		d.MaxLogBytes = l.MaxLogBytes
	}
	if l.MaxResultBytes > 0 {
		d.MaxResultBytes = l.MaxResultBytes
	}
	return d
}

// Outcome is everything a run produced, also when it failed.
type Outcome struct {
	// Result is the script's return value as JSON (null when it returned
	// nothing or failed).
	Result       json.RawMessage   `json:"result"`
	Log          []LogLine         `json:"log,omitempty"`
	LogTruncated bool              `json:"log_truncated,omitempty"`
	Calls        []CallRecord      `json:"calls,omitempty"`
	Formalize    []FormalizeRecord `json:"formalize,omitempty"`
	Totals       Totals            `json:"totals"`
}

// LogLine is one console call.
type LogLine struct {
	Level string `json:"level"` // log, info, warn or error
	Text  string `json:"text"`
}

// CallRecord is one TOOL_CALL, in the order the script made them.
type CallRecord struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	OK        bool            `json:"ok"`
	Error     string          `json:"error,omitempty"`
	Duration  time.Duration   `json:"duration_ns"`
}

// FormalizeRecord is one FORMALIZE call.
type FormalizeRecord struct {
	Type       string        `json:"type"`
	InputBytes int           `json:"input_bytes"`
	Chunks     int           `json:"chunks"`
	Requests   int           `json:"requests"` // Completer calls, retries included
	OK         bool          `json:"ok"`
	Error      string        `json:"error,omitempty"`
	Duration   time.Duration `json:"duration_ns"`
}

// Totals summarise a run.
type Totals struct {
	ToolCalls         int           `json:"tool_calls"`
	ToolErrors        int           `json:"tool_errors"`
	FormalizeCalls    int           `json:"formalize_calls"`
	CompleterRequests int           `json:"completer_requests"`
	Duration          time.Duration `json:"duration_ns"`
}

// Kind classifies a failed run.
type Kind string

// Kinds of failure.
const (
	KindSyntax   Kind = "syntax"   // the script does not parse
	KindRuntime  Kind = "runtime"  // it threw, or returned a rejected promise
	KindTimeout  Kind = "timeout"  // Limits.Timeout or the context's deadline passed
	KindCanceled Kind = "canceled" // the context was canceled
	KindLimit    Kind = "limit"    // a count or size limit was exceeded
)

// Error is a failed run. Line and Col (1-based, 0 when unknown) are in
// the script as the model wrote it.
type Error struct {
	Kind    Kind
	Message string
	Line    int
	Col     int
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", FileName, e.Line, e.Col, e.Message)
	}
	return e.Message
}

// Run transpiles and runs one script. It returns the Outcome and, when
// the script failed, an *Error; the Outcome then still holds the log and
// the calls made before the failure.
//
// A Run under the context of a script's TOOL_CALL is a sub-script of that
// script (Options.MaxDepth).
func Run(ctx context.Context, source string, opts Options) (Outcome, error) {
	if opts.Pool != nil {
		return opts.Pool.Run(ctx, source, opts)
	}
	lv, err := enter(ctx, opts)
	if err != nil {
		return Outcome{Result: json.RawMessage("null")}, err
	}
	return runIn(lv.context(ctx), source, newLocalHost(opts), lv.limits(), opts.Parallel, lv.b)
}

// runIn runs a script in this process against h; b is the budget it
// shares with the scripts it belongs to (nil in a worker: its host
// charges the calls).
func runIn(ctx context.Context, source string, h host, limits Limits, parallel int, b *budget) (Outcome, error) {
	start := time.Now()
	r := newRun(h, limits, parallel)
	r.budget = b
	out, err := r.execute(ctx, source)
	out.Totals.Duration = time.Since(start)
	if err != nil {
		out.Result = json.RawMessage("null")
		return out, err
	}
	return out, nil
}
