// Package agent is the streaming tool-calling loop of the skills article,
// provider-neutral: a Model streams text and tool calls, the loop
// dispatches the calls through a runtime.Registry (in parallel when there
// are several), feeds the results back and streams Events to the caller,
// until the model answers without calling a tool or MaxSteps runs out.
//
// With a skills.Session the loop practises progressive disclosure: the
// system prompt carries the skill catalog, a /name directive pre-loads a
// skill, and each round sends only the session's active tools.
//
// The clients are our own, over net/http: Chat (OpenAI-compatible Chat
// Completions, spoken by many servers), Responses (the OpenAI Responses
// API) and Anthropic (Messages), all streaming, with tool calls, usage per
// round, temperature, timeouts and retries on 429/5xx (NewModel).
package agent

import (
	"context"
	"encoding/json"
	"iter"

	"github.com/tscg/tscg/runtime"
)

// Roles of messages.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
)

// Message is one conversation message in a provider-neutral form.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content,omitempty"`
	// ToolCalls are an assistant message's calls.
	ToolCalls []runtime.Call `json:"tool_calls,omitempty"`
	// ToolCallID and Name identify the call a tool message answers.
	ToolCallID string `json:"tool_call_id,omitempty"`
	Name       string `json:"name,omitempty"`
}

// ToolDef is a tool as sent to the model.
type ToolDef struct {
	Name        string
	Description string
	Parameters  json.RawMessage // JSON Schema of the arguments object
}

// Request is one model round: the messages so far and the tools offered.
type Request struct {
	Messages []Message
	Tools    []ToolDef
	// Temperature, when set, overrides the client's.
	Temperature *float64
}

// Usage counts the tokens of one or more model requests.
type Usage struct {
	InputTokens  int `json:"input"`
	OutputTokens int `json:"output"`
}

// Add adds u2 to u.
func (u *Usage) Add(u2 Usage) {
	u.InputTokens += u2.InputTokens
	u.OutputTokens += u2.OutputTokens
}

// Add2 returns u plus u2.
func (u Usage) Add2(u2 Usage) Usage { u.Add(u2); return u }

// Total is input plus output tokens.
func (u Usage) Total() int { return u.InputTokens + u.OutputTokens }

// Delta is one piece of a streamed reply: text, or a tool call whose
// arguments have fully arrived (the Model assembles argument fragments).
type Delta struct {
	Text     string
	ToolCall *runtime.Call
	// Usage is the reply's token count, when the server reports one
	// (once, near the end of the stream).
	Usage *Usage
}

// Model streams one reply. The sequence ends after the last delta; an
// error ends it early.
type Model interface {
	Stream(ctx context.Context, req Request) iter.Seq2[Delta, error]
}

// ModelFunc adapts a function to Model.
type ModelFunc func(ctx context.Context, req Request) iter.Seq2[Delta, error]

// Stream calls f.
func (f ModelFunc) Stream(ctx context.Context, req Request) iter.Seq2[Delta, error] {
	return f(ctx, req)
}
