package agent

import "github.com/tscg/tscg/runtime/skills"

// WireEvent is an Event as one line of JSON: the events of tscg agent
// --format json and of the streaming chat endpoint (POST /api/agent/chat).
// Type is text, tool, skill, usage, error or done; a tool event is a call
// (Arguments set) or its result (Result set).
type WireEvent struct {
	Type      string    `json:"type"`
	Step      int       `json:"step"`
	Text      string    `json:"text,omitempty"`
	ID        string    `json:"id,omitempty"`
	Name      string    `json:"name,omitempty"`
	Arguments string    `json:"arguments,omitempty"`
	Result    *string   `json:"result,omitempty"`
	IsError   bool      `json:"isError,omitempty"`
	Usage     *Usage    `json:"usage,omitempty"`
	Total     *Usage    `json:"total,omitempty"`
	Error     string    `json:"error,omitempty"`
	Messages  []Message `json:"messages,omitempty"`
	Skills    []string  `json:"skills,omitempty"`
}

// Wire converts an Event; messages and the skills sess has loaded (sess
// may be nil) go on done and error only.
func Wire(e Event, sess *skills.Session) WireEvent {
	w := WireEvent{Type: string(e.Type), Step: e.Step, Text: e.Text}
	switch e.Type {
	case EventToolCall, EventToolResult:
		w.Type, w.ID, w.Name = "tool", e.Call.ID, e.Call.Name
		if e.Type == EventToolCall {
			w.Arguments = string(argsOrEmpty(e.Call.Arguments))
		} else {
			w.Result, w.IsError = &e.Result.Content, e.Result.IsError
		}
	case EventUsage:
		t := e.Total
		w.Usage, w.Total = e.Usage, &t
	case EventDone, EventError:
		t := e.Total
		w.Total, w.Messages = &t, historyOf(e.Messages)
		if e.Err != nil {
			w.Error = e.Err.Error()
		}
		if sess != nil {
			w.Skills = sess.Loaded()
		}
	}
	return w
}

// historyOf drops the system message: the client sends the history back
// with its next message, and the server writes the system prompt afresh.
func historyOf(msgs []Message) []Message {
	if len(msgs) > 0 && msgs[0].Role == RoleSystem {
		return msgs[1:]
	}
	return msgs
}
