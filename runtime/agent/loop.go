package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"sync"

	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/skills"
)

// DefaultMaxSteps bounds the model rounds of one Run unless told otherwise.
const DefaultMaxSteps = 16

// EventType classifies Events.
type EventType string

// Event types.
const (
	EventText       EventType = "text"        // a text delta
	EventToolCall   EventType = "tool_call"   // a call the model made
	EventToolResult EventType = "tool_result" // what the call returned
	EventSkill      EventType = "skill"       // a skill was loaded (Text is its name)
	EventUsage      EventType = "usage"       // a round's tokens (Usage), and the run's so far (Total)
	EventDone       EventType = "done"        // the model answered
	EventError      EventType = "error"       // the run stopped on an error or on MaxSteps
)

// Event is one thing that happened during a Run.
type Event struct {
	Type   EventType
	Step   int // model round, from 0
	Text   string
	Call   *runtime.Call
	Result *runtime.Result
	Err    error
	// Usage is the round's token count (EventUsage); Total the run's so
	// far (EventUsage, EventDone, EventError).
	Usage *Usage
	Total Usage
	// Messages is the whole conversation (system message first), on
	// EventDone and EventError, to continue it with the next user message.
	Messages []Message
}

// ErrMaxSteps is the error of a run that used all its steps.
var ErrMaxSteps = fmt.Errorf("agent: maximum number of steps reached")

// Agent runs conversations. Its fields are read-only during a Run, so one
// Agent may run many conversations concurrently.
type Agent struct {
	Model    Model
	Registry *runtime.Registry
	// System is the base system prompt.
	System string
	// MaxSteps bounds the model rounds (0 means DefaultMaxSteps).
	MaxSteps int
}

// Run sends one user message and streams the events of the loop. history
// holds earlier messages (without a system message); sess may be nil
// (every registered tool is then sent every round).
func (a *Agent) Run(ctx context.Context, history []Message, user string, sess *skills.Session) iter.Seq[Event] {
	return func(yield func(Event) bool) {
		r := &run{a: a, sess: sess, yield: yield}
		r.loop(ctx, history, user)
	}
}

type run struct {
	a       *Agent
	sess    *skills.Session
	yield   func(Event) bool
	msgs    []Message
	total   Usage
	stopped bool
}

func (r *run) emit(e Event) bool {
	if r.stopped {
		return false
	}
	if !r.yield(e) {
		r.stopped = true
	}
	return !r.stopped
}

func (r *run) loop(ctx context.Context, history []Message, user string) {
	if r.sess != nil {
		task, sk, err := r.sess.Prepare(user)
		if err != nil {
			r.emit(Event{Type: EventError, Err: err})
			return
		}
		if sk != nil && !r.emit(Event{Type: EventSkill, Text: sk.Name}) {
			return
		}
		user = task
		ctx = skills.NewContext(ctx, r.sess)
	}
	r.msgs = append(append([]Message{{Role: RoleSystem}}, history...), Message{Role: RoleUser, Content: user})
	max := r.a.MaxSteps
	if max <= 0 {
		max = DefaultMaxSteps
	}
	for step := 0; step < max; step++ {
		r.msgs[0].Content = r.system()
		calls, ok := r.round(ctx, step)
		if !ok {
			return
		}
		if len(calls) == 0 {
			r.emit(Event{Type: EventDone, Step: step, Messages: r.msgs, Total: r.total})
			return
		}
		if !r.dispatch(ctx, step, calls) {
			return
		}
	}
	r.emit(Event{Type: EventError, Step: max, Err: fmt.Errorf("%w (%d)", ErrMaxSteps, max), Messages: r.msgs, Total: r.total})
}

func (r *run) system() string {
	if r.sess == nil {
		return r.a.System
	}
	return r.sess.SystemPrompt(r.a.System)
}

// round streams one model reply, forwarding text, and returns its calls.
func (r *run) round(ctx context.Context, step int) ([]runtime.Call, bool) {
	req := Request{Messages: append([]Message(nil), r.msgs...), Tools: r.tools()}
	var text string
	var calls []runtime.Call
	var usage *Usage
	for d, err := range r.a.Model.Stream(ctx, req) {
		if err != nil {
			r.emit(Event{Type: EventError, Step: step, Err: fmt.Errorf("model: %w", err), Messages: r.msgs, Total: r.total})
			return nil, false
		}
		if d.Usage != nil {
			usage = d.Usage
		}
		if d.Text != "" {
			text += d.Text
			if !r.emit(Event{Type: EventText, Step: step, Text: d.Text}) {
				return nil, false
			}
		}
		if d.ToolCall != nil {
			c := *d.ToolCall
			if c.ID == "" {
				c.ID = fmt.Sprintf("call_%d_%d", step, len(calls))
			}
			calls = append(calls, c)
		}
	}
	r.msgs = append(r.msgs, Message{Role: RoleAssistant, Content: text, ToolCalls: calls})
	if usage != nil {
		r.total.Add(*usage)
		if !r.emit(Event{Type: EventUsage, Step: step, Usage: usage, Total: r.total}) {
			return nil, false
		}
	}
	return calls, true
}

// tools lists the definitions sent this round: the session's active tools,
// or every registered tool.
func (r *run) tools() []ToolDef {
	reg := r.a.Registry
	if reg == nil {
		return nil
	}
	names := reg.Names()
	if r.sess != nil {
		names = r.sess.ActiveTools()
	}
	return Defs(reg, names)
}

// Defs returns the definitions of the named registered tools.
func Defs(reg *runtime.Registry, names []string) []ToolDef {
	var out []ToolDef
	for _, n := range names {
		if t := reg.Tool(n); t != nil {
			out = append(out, ToolDef{Name: t.Name, Description: t.DescriptionFor(names), Parameters: t.InputSchema})
		}
	}
	return out
}

// dispatch runs the calls concurrently and reports calls and results in
// the order the model made them, so transcripts are deterministic.
func (r *run) dispatch(ctx context.Context, step int, calls []runtime.Call) bool {
	for i := range calls {
		if !r.emit(Event{Type: EventToolCall, Step: step, Call: &calls[i]}) {
			return false
		}
	}
	results := make([]runtime.Result, len(calls))
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = r.call(ctx, c)
		}()
	}
	wg.Wait()
	for i := range results {
		res := &results[i]
		r.msgs = append(r.msgs, Message{Role: RoleTool, Content: res.Content, ToolCallID: res.ID, Name: res.Name})
		if !r.emit(Event{Type: EventToolResult, Step: step, Call: &calls[i], Result: res}) {
			return false
		}
		if name, ok := loadedSkill(calls[i], res); ok && !r.emit(Event{Type: EventSkill, Step: step, Text: name}) {
			return false
		}
	}
	return true
}

// call dispatches one call; a tool the session has not unlocked yet is
// refused with a result that says which skill to load.
func (r *run) call(ctx context.Context, c runtime.Call) runtime.Result {
	if r.sess != nil {
		if err := r.sess.Allowed(c.Name); err != nil {
			return runtime.Result{ID: c.ID, Name: c.Name, Content: err.Error(), IsError: true,
				Meta: map[string]any{"refusal": "inactive_tool"}}
		}
	}
	if r.a.Registry == nil {
		return runtime.Result{ID: c.ID, Name: c.Name, Content: "no tools are available", IsError: true}
	}
	res := r.a.Registry.Dispatch(ctx, c)
	res.ID, res.Name = c.ID, c.Name
	return res
}

// loadedSkill reports a successful load_skill call and the skill's name.
func loadedSkill(c runtime.Call, res *runtime.Result) (string, bool) {
	if c.Name != skills.LoadSkill || res.IsError {
		return "", false
	}
	var a struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(c.Arguments, &a) != nil || a.Name == "" {
		return "", false
	}
	return a.Name, true
}
