package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"
	"sort"

	"github.com/tscg/tscg/runtime"
)

// Anthropic is a Model speaking the Anthropic Messages API (POST
// {BaseURL}/v1/messages, streaming; the default base is Anthropic's).
type Anthropic struct{ c *client }

const anthropicBase = "https://api.anthropic.com"

type antBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   string          `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
}

type antMessage struct {
	Role    string     `json:"role"`
	Content []antBlock `json:"content"`
}

type antTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"input_schema"`
}

type antRequest struct {
	Model       string       `json:"model"`
	MaxTokens   int          `json:"max_tokens"`
	System      string       `json:"system,omitempty"`
	Messages    []antMessage `json:"messages"`
	Tools       []antTool    `json:"tools,omitempty"`
	Stream      bool         `json:"stream"`
	Temperature *float64     `json:"temperature,omitempty"`
}

type antUsage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

type antEvent struct {
	Type    string `json:"type"`
	Index   int    `json:"index"`
	Message *struct {
		Usage *antUsage `json:"usage"`
	} `json:"message"`
	ContentBlock *antBlock `json:"content_block"`
	Delta        *struct {
		Type        string `json:"type"`
		Text        string `json:"text"`
		PartialJSON string `json:"partial_json"`
	} `json:"delta"`
	Usage *antUsage `json:"usage"`
	Error *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

// Stream implements Model: text deltas are passed on; tool_use blocks are
// assembled from their input_json_delta fragments and yielded at the end;
// usage joins message_start's input and message_delta's output count.
func (m *Anthropic) Stream(ctx context.Context, req Request) iter.Seq2[Delta, error] {
	return func(yield func(Delta, error) bool) {
		url := m.c.url(anthropicBase, "/v1/messages")
		h := http.Header{}
		h.Set("anthropic-version", "2023-06-01")
		if m.c.cfg.APIKey != "" {
			h.Set("x-api-key", m.c.cfg.APIKey)
		}
		resp, cancel, err := m.c.post(ctx, url, m.request(req), h)
		if err != nil {
			yield(Delta{}, err)
			return
		}
		defer cancel()
		defer resp.Body.Close()
		blocks := map[int]*partialCall{}
		var usage *Usage
		for ev, err := range SSE(resp.Body) {
			if err != nil {
				yield(Delta{}, m.c.streamErr(ctx, err))
				return
			}
			var e antEvent
			if err := json.Unmarshal([]byte(ev.Data), &e); err != nil {
				yield(Delta{}, fmt.Errorf("%s: a stream event is not JSON: %v", url, err))
				return
			}
			switch e.Type {
			case "message_start":
				if e.Message != nil && e.Message.Usage != nil {
					usage = &Usage{InputTokens: e.Message.Usage.InputTokens, OutputTokens: e.Message.Usage.OutputTokens}
				}
			case "content_block_start":
				if b := e.ContentBlock; b != nil && b.Type == "tool_use" {
					blocks[e.Index] = &partialCall{id: b.ID, name: b.Name}
				}
			case "content_block_delta":
				if e.Delta == nil {
					continue
				}
				if p := blocks[e.Index]; p != nil {
					p.args = append(p.args, e.Delta.PartialJSON...)
				} else if e.Delta.Text != "" && !yield(Delta{Text: e.Delta.Text}, nil) {
					return
				}
			case "message_delta":
				if e.Usage != nil {
					if usage == nil {
						usage = &Usage{}
					}
					usage.OutputTokens = e.Usage.OutputTokens
					if e.Usage.InputTokens > 0 {
						usage.InputTokens = e.Usage.InputTokens
					}
				}
			case "error":
				msg := "error"
				if e.Error != nil {
					msg = e.Error.Type + ": " + e.Error.Message
				}
				yield(Delta{}, fmt.Errorf("%s: the server reported: %s", url, msg))
				return
			}
		}
		idx := make([]int, 0, len(blocks))
		for i := range blocks {
			idx = append(idx, i)
		}
		sort.Ints(idx)
		for _, i := range idx {
			p := blocks[i]
			c := runtime.Call{ID: p.id, Name: p.name, Arguments: argsOrEmpty(p.args)}
			if !yield(Delta{ToolCall: &c}, nil) {
				return
			}
		}
		if usage != nil {
			yield(Delta{Usage: usage}, nil)
		}
	}
}

// request maps the conversation onto Messages: the system prompt apart,
// tool calls as tool_use blocks, and consecutive tool results as
// tool_result blocks of one user message.
func (m *Anthropic) request(req Request) antRequest {
	r := antRequest{Model: m.c.cfg.Model, MaxTokens: m.c.cfg.MaxTokens, Stream: true, Temperature: temperature(req, m.c.cfg)}
	for _, msg := range req.Messages {
		switch msg.Role {
		case RoleSystem:
			r.System = msg.Content
		case RoleTool:
			b := antBlock{Type: "tool_result", ToolUseID: msg.ToolCallID, Content: msg.Content}
			if n := len(r.Messages); n > 0 && r.Messages[n-1].Role == RoleUser && r.Messages[n-1].Content[0].Type == "tool_result" {
				r.Messages[n-1].Content = append(r.Messages[n-1].Content, b)
			} else {
				r.Messages = append(r.Messages, antMessage{Role: RoleUser, Content: []antBlock{b}})
			}
		default:
			am := antMessage{Role: msg.Role}
			if msg.Content != "" || len(msg.ToolCalls) == 0 {
				am.Content = append(am.Content, antBlock{Type: "text", Text: msg.Content})
			}
			for _, c := range msg.ToolCalls {
				am.Content = append(am.Content, antBlock{Type: "tool_use", ID: c.ID, Name: c.Name, Input: validArgs(c.Arguments)})
			}
			r.Messages = append(r.Messages, am)
		}
	}
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, antTool{Name: t.Name, Description: t.Description, InputSchema: params(t)})
	}
	return r
}

// validArgs is a call's arguments as JSON the API accepts: a call whose
// arguments were not JSON is replayed as {} (its tool result says why it
// failed).
func validArgs(args json.RawMessage) json.RawMessage {
	if !json.Valid(args) {
		return json.RawMessage("{}")
	}
	return args
}
