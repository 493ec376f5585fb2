package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tscg/tscg/internal/suggest"
	"github.com/tscg/tscg/runtime/internal/msg"
)

// Call is one tool call as a model sent it. Arguments is the JSON object
// of arguments (providers that send a JSON-encoded string are unwrapped by
// the adapters).
type Call struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// Result is what goes back to the model for one Call.
type Result struct {
	ID      string `json:"id,omitempty"`
	Name    string `json:"name,omitempty"`
	Content string `json:"content"`
	IsError bool   `json:"is_error,omitempty"`
	// Text says Content is a string result as plain text, not JSON text:
	// the output check validates it as a string, a script gets it as one.
	Text bool `json:"-"`
	// Meta carries machine-readable details for the host, not the model:
	// "errors" ([]Violation), "repairs" ([]Repair), "refusal" (a reason
	// such as "unknown_tool" or "approval_denied"), "truncated" (bool).
	Meta map[string]any `json:"meta,omitempty"`
}

func (r *Result) setMeta(key string, v any) {
	if r.Meta == nil {
		r.Meta = map[string]any{}
	}
	r.Meta[key] = v
}

// Annotations are the MCP-style hints the middleware acts on.
type Annotations struct {
	ReadOnly         bool `json:"readOnlyHint,omitempty"`
	Destructive      bool `json:"destructiveHint,omitempty"`
	Idempotent       bool `json:"idempotentHint,omitempty"`
	RequiresApproval bool `json:"requiresApproval,omitempty"`
}

// Tool is one registry entry: schemas as JSON Schema documents, hints,
// and the handler that does the work.
type Tool struct {
	Name         string
	Description  string
	InputSchema  json.RawMessage // required: a JSON Schema for the arguments object
	OutputSchema json.RawMessage // optional: checked against successful results
	Annotations  Annotations
	Handler      Handler
	// Decode, when set, replaces the generic strict decode and validation
	// of the arguments; tscg-generated executors install one that reads
	// straight into their Go types. It returns the typed arguments (they
	// become Request.Value, and Request.Arguments stays the bytes sent) or
	// a *DecodeError or *ValidationErrors. It must accept exactly what
	// InputSchema accepts. Lenient registries keep the generic path.
	Decode func(args []byte, lim Limits) (any, error)
	// DescribeFor, when set, is the description to show a conversation
	// whose active tools are names (sorted), in place of Description: a
	// tool that describes other tools (tool_call_script) must not list
	// tools that conversation may not call.
	DescribeFor func(names []string) string

	input, output *Schema
	// chained is Handler composed with the registry's middleware as of
	// middleware generation chainedGen (guarded by the registry's lock).
	chained    Handler
	chainedGen int
}

// Request is what a Handler receives: the call, its tool, and the
// arguments after validation, repairs and defaults.
type Request struct {
	Call      Call
	Tool      *Tool
	Arguments json.RawMessage // canonical JSON of Value
	Value     any             // map[string]any with json.Number numbers
	Repairs   []Repair
}

// Handler runs a validated call. Errors are results (IsError), so the
// model can read them; Handlers should respect ctx.
type Handler func(ctx context.Context, req *Request) Result

// Middleware wraps a Handler; see Timeout, Recover, Approval, Truncate,
// Logging and Observe.
type Middleware func(Handler) Handler

// Registry maps tool names to tools and dispatches calls. It is safe for
// concurrent use.
type Registry struct {
	mu    sync.RWMutex
	tools map[string]*Tool
	mw    []Middleware
	mwGen int // bumped by Use: a tool's composed handler is stale after it
	opts  options
}

type options struct {
	limits        Limits
	lenient       bool
	maxErrorChars int
	metrics       Metrics
	logger        *slog.Logger
	timeout       time.Duration
}

// Option configures a Registry.
type Option func(*options)

// WithLimits sets the decoder's byte and depth limits.
func WithLimits(l Limits) Option { return func(o *options) { o.limits = l.WithDefaults() } }

// WithLenient turns on schema-aligned repair of common model mistakes
// (see Repair). Off by default.
func WithLenient(on bool) Option { return func(o *options) { o.lenient = on } }

// WithErrorBudget bounds the length of an error message sent to the model
// (default 2,000 characters).
func WithErrorBudget(chars int) Option { return func(o *options) { o.maxErrorChars = chars } }

// WithMetrics records every call in m: validation failures and unknown
// tools as well as handled calls (it installs Observe(m) outermost).
func WithMetrics(m Metrics) Option { return func(o *options) { o.metrics = m } }

// WithLogger logs every call, rejected ones included (it installs
// Logging(l) outermost).
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.logger = l } }

// WithTimeout gives every call at most d, from the moment Dispatch starts:
// decoding and validating the arguments count against it, and so does the
// handler (which is abandoned at the deadline, as Timeout does). Prefer it
// to the Timeout middleware, whose clock starts only after validation.
func WithTimeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// CallTimeout is the registry's WithTimeout (0: none). A server that
// queues calls before Dispatch starts the same budget at receipt, so the
// time a call waits for a slot counts against it too.
func (r *Registry) CallTimeout() time.Duration { return r.opts.timeout }

// NewRegistry returns an empty registry.
func NewRegistry(opts ...Option) *Registry {
	r := &Registry{tools: map[string]*Tool{}, opts: options{limits: DefaultLimits, maxErrorChars: 2000}}
	for _, o := range opts {
		o(&r.opts)
	}
	return r
}

// Register compiles the tool's schemas and adds it. A name may be
// registered once.
func (r *Registry) Register(t Tool) error {
	if t.Name == "" {
		return fmt.Errorf("register: tool has no name")
	}
	if t.Handler == nil {
		t.Handler = func(context.Context, *Request) Result {
			return Result{Content: "tool has no handler", IsError: true}
		}
	}
	in, err := CompileSchema(t.Name+"/input", t.InputSchema)
	if err != nil {
		return fmt.Errorf("register %s: input schema: %w", t.Name, err)
	}
	t.input = in
	if len(t.OutputSchema) > 0 {
		if t.output, err = CompileSchema(t.Name+"/output", t.OutputSchema); err != nil {
			return fmt.Errorf("register %s: output schema: %w", t.Name, err)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.tools[t.Name]; dup {
		return fmt.Errorf("register %s: a tool with this name is already registered", t.Name)
	}
	r.tools[t.Name] = &t
	return nil
}

// Use appends middleware; the first added is the outermost.
func (r *Registry) Use(mw ...Middleware) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.mw = append(r.mw, mw...)
	r.mwGen++
}

// Tool returns the named tool, or nil.
func (r *Registry) Tool(name string) *Tool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.tools[name]
}

// DescriptionFor is t's description for a conversation whose active
// tools are names (see Tool.DescribeFor).
func (t *Tool) DescriptionFor(names []string) string {
	if t.DescribeFor == nil {
		return t.Description
	}
	return t.DescribeFor(names)
}

// Names lists the registered tool names, sorted.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Sorted(maps.Keys(r.tools))
}

// Dispatch runs one call through the whole pipeline: the gate in ctx
// (WithGate), lookup, strict decode, (repairs), validation, defaults, middleware, handler, output
// check. It never panics; every failure is a Result with IsError set.
func (r *Registry) Dispatch(ctx context.Context, call Call) (res Result) {
	start := time.Now()
	defer func() {
		if p := recover(); p != nil {
			res = Result{Content: fmt.Sprintf("internal error while running tool %q; try again later", call.Name), IsError: true,
				Meta: map[string]any{"panic": fmt.Sprint(p)}}
		}
		res.ID, res.Name = call.ID, call.Name
	}()
	if err := Allowed(ctx, call.Name); err != nil {
		res = gateRefusal(call, err)
		if m := r.opts.metrics; m != nil {
			m.ObserveCall(r.metricName(call.Name), OutcomeRefused, time.Since(start))
		}
		return res
	}
	if d := r.opts.timeout; d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	tool, chk, cut := r.checkWithin(ctx, call)
	if cut {
		res = timeoutResult(call.Name, r.opts.timeout, context.Cause(ctx))
		if m := r.opts.metrics; m != nil {
			m.ObserveCall(r.metricName(call.Name), OutcomeError, time.Since(start))
		}
		return res
	}
	if tool == nil || len(chk.Violations) > 0 {
		res = r.reject(call, tool, chk)
		r.observeRejected(ctx, call, tool, chk, res, time.Since(start))
		return res
	}
	r.observeRepairs(call.Name, chk.Repairs)
	req := &Request{Call: call, Tool: tool, Arguments: chk.Arguments, Value: chk.Value, Repairs: chk.Repairs}
	res = r.chain(tool)(ctx, req)
	if len(chk.Repairs) > 0 {
		res.setMeta("repairs", chk.Repairs)
	}
	return res
}

// checkWithin runs Check inside the call's time budget: when ctx has a
// deadline, a check still running at it is abandoned and cut is true.
// The abandoned check finishes on its own: its work is bounded by the
// decoder's limits, and its backtracking pattern matches stop once ctx is
// done (see Schema.ValidateContext), so it does not keep the CPU busy. A
// context already done when the call arrives checks nothing.
func (r *Registry) checkWithin(ctx context.Context, call Call) (tool *Tool, chk Checked, cut bool) {
	if ctx.Err() != nil {
		return nil, Checked{}, true
	}
	if _, ok := ctx.Deadline(); !ok {
		tool, chk = r.checkContext(ctx, call)
		return tool, chk, false
	}
	type checked struct {
		tool   *Tool
		chk    Checked
		panicv any
	}
	done := make(chan checked, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- checked{panicv: p}
			}
		}()
		t, c := r.checkContext(ctx, call)
		done <- checked{tool: t, chk: c}
	}()
	select {
	case c := <-done:
		if c.panicv != nil {
			panic(c.panicv) // Dispatch's recover makes it an error result
		}
		return c.tool, c.chk, false
	case <-ctx.Done():
		return nil, Checked{}, true
	}
}

// chain wraps the tool's handler in the registry's middleware.
// chain returns the tool's handler wrapped in the output check and the
// middleware. It is composed once and kept until Use adds middleware, so
// Dispatch, the hot path, does not rebuild the closures on every call (and
// middleware that holds state, such as a limiter, keeps one instance).
func (r *Registry) chain(t *Tool) Handler {
	r.mu.RLock()
	h, built, gen, mw := t.chained, t.chainedGen, r.mwGen, r.mw
	r.mu.RUnlock()
	if h != nil && built == gen {
		return h
	}
	h = r.compose(t, mw)
	r.mu.Lock()
	if r.mwGen == gen {
		t.chained, t.chainedGen = h, gen
	}
	r.mu.Unlock()
	return h
}

func (r *Registry) compose(t *Tool, mw []Middleware) Handler {
	h := t.checkOutput(t.Handler, r.opts.maxErrorChars)
	if r.opts.timeout > 0 {
		h = Timeout(r.opts.timeout)(h) // the deadline Dispatch set; this abandons a handler that ignores it
	}
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	if r.opts.logger != nil {
		h = Logging(r.opts.logger)(h)
	}
	if r.opts.metrics != nil {
		h = Observe(r.opts.metrics)(h)
	}
	return h
}

// checkOutput validates a successful result against the output schema.
// A mismatch is the tool's fault, not the model's; the message says so.
func (t *Tool) checkOutput(h Handler, budget int) Handler {
	if t.output == nil {
		return h
	}
	return func(ctx context.Context, req *Request) Result {
		res := h(ctx, req)
		if res.IsError {
			return res
		}
		var v any = res.Content
		var err error
		if !res.Text {
			v, err = Decode([]byte(res.Content), Limits{MaxBytes: 64 << 20, MaxDepth: 256})
		}
		if err == nil {
			err = t.output.ValidateContext(ctx, v)
		}
		if err != nil {
			vs := ViolationsOf(err)
			return Result{IsError: true, Meta: map[string]any{"output_errors": vs},
				Content: fmt.Sprintf("tool %q failed: it produced output that does not match its declared output schema (a bug in the tool, not in your call): %s",
					t.Name, msg.TruncateRunes((&ValidationErrors{Violations: vs}).Error(), budget))}
		}
		return res
	}
}

// ViolationsOf returns the violations an error from Decode, a Schema's
// Validate or a generated Validate method carries: those of a
// *ValidationErrors, the one of a *DecodeError, else one with err's
// message.
func ViolationsOf(err error) []Violation {
	switch e := err.(type) {
	case *ValidationErrors:
		return e.Violations
	case *DecodeError:
		return []Violation{{Pointer: e.Pointer, Message: e.Msg, Keyword: e.Keyword}}
	}
	return []Violation{{Message: err.Error()}}
}

func (r *Registry) reject(call Call, tool *Tool, chk Checked) Result {
	res := Result{IsError: true}
	if tool == nil {
		res.Content = chk.Violations[0].Message
		res.setMeta("refusal", "unknown_tool")
		res.setMeta("suggestions", chk.suggestions)
		return res
	}
	res.Content = FormatViolations(call.Name, chk.Violations, r.opts.maxErrorChars)
	res.setMeta("errors", chk.Violations)
	if len(chk.Repairs) > 0 {
		res.setMeta("repairs", chk.Repairs)
	}
	return res
}

func (r *Registry) observeRejected(ctx context.Context, call Call, tool *Tool, chk Checked, res Result, d time.Duration) {
	outcome := OutcomeInvalid
	if tool == nil {
		outcome = OutcomeUnknownTool
	}
	name := r.metricName(call.Name)
	if m := r.opts.metrics; m != nil {
		m.ObserveCall(name, outcome, d)
		for _, v := range chk.Violations {
			m.ObserveViolation(name, violationLabel(v))
		}
	}
	r.observeRepairs(name, chk.Repairs)
	if l := r.opts.logger; l != nil {
		l.LogAttrs(ctx, slog.LevelWarn, "tool call rejected", slog.String("tool", call.Name), slog.String("id", call.ID),
			slog.String("outcome", string(outcome)), slog.Int("violations", len(chk.Violations)), slog.Duration("latency", d))
	}
}

// metricName is the tool label a call is counted under: its name when
// a tool is registered under it, else UnknownTool, so made-up names (300
// of 2,000 characters added 600 series to /metrics) add none.
func (r *Registry) metricName(name string) string {
	if r.Tool(name) == nil {
		return UnknownTool
	}
	return name
}

// violationLabel is the pointer label of a violation: the schema pointer
// of the failed keyword, or the decoder's keyword in parentheses for a
// failure found before the schema ("(duplicate-key)"): never the
// instance pointer, which holds the caller's keys.
func violationLabel(v Violation) string {
	if v.Schema != "" {
		return v.Schema
	}
	return "(" + v.Keyword + ")"
}

func (r *Registry) observeRepairs(tool string, reps []Repair) {
	if m := r.opts.metrics; m != nil {
		for _, rep := range reps {
			m.ObserveRepair(tool, rep.Kind)
		}
	}
}

// unknownTool is the refusal text for a name that is not registered.
func unknownTool(name string, known []string) (string, []string) {
	sugg := suggest.Closest(name, known, 3)
	var b strings.Builder
	shown := name
	if len(shown) > 200 {
		shown = msg.TruncateRunes(shown, 200) + "…"
	}
	fmt.Fprintf(&b, "unknown tool %q; it was not called.", shown)
	if len(sugg) > 0 {
		fmt.Fprintf(&b, " Did you mean %s?", msg.QuoteList(sugg))
	}
	if len(known) > 0 {
		sort.Strings(known)
		fmt.Fprintf(&b, " Available tools: %s.", strings.Join(msg.LimitList(known, 30), ", "))
	}
	return b.String(), sugg
}
