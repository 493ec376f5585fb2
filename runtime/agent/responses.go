package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"

	"github.com/tscg/tscg/runtime"
)

// Responses is a Model speaking the OpenAI Responses API (POST
// {BaseURL}/responses, streaming), stateless: every round sends the whole
// conversation as input items.
type Responses struct{ c *client }

type respItem struct {
	Type      string `json:"type,omitempty"`
	Role      string `json:"role,omitempty"`
	Content   string `json:"content,omitempty"`
	CallID    string `json:"call_id,omitempty"`
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments,omitempty"`
	Output    string `json:"output,omitempty"`
}

type respTool struct {
	Type        string          `json:"type"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
}

type respRequest struct {
	Model        string     `json:"model"`
	Instructions string     `json:"instructions,omitempty"`
	Input        []respItem `json:"input"`
	Tools        []respTool `json:"tools,omitempty"`
	Stream       bool       `json:"stream"`
	Store        bool       `json:"store"`
	Temperature  *float64   `json:"temperature,omitempty"`
}

type respEvent struct {
	Type  string `json:"type"`
	Delta string `json:"delta"`
	Item  *struct {
		Type      string `json:"type"`
		CallID    string `json:"call_id"`
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"item"`
	Response *struct {
		Usage *struct {
			InputTokens  int `json:"input_tokens"`
			OutputTokens int `json:"output_tokens"`
		} `json:"usage"`
		Error *struct {
			Message string `json:"message"`
		} `json:"error"`
	} `json:"response"`
	Message string `json:"message"`
}

// Stream implements Model: output_text deltas are passed on; function
// calls are taken whole from response.output_item.done; the usage from
// response.completed.
func (m *Responses) Stream(ctx context.Context, req Request) iter.Seq2[Delta, error] {
	return func(yield func(Delta, error) bool) {
		url := m.c.url(openAIBase, "/responses")
		h := http.Header{}
		if m.c.cfg.APIKey != "" {
			h.Set("Authorization", "Bearer "+m.c.cfg.APIKey)
		}
		resp, cancel, err := m.c.post(ctx, url, m.request(req), h)
		if err != nil {
			yield(Delta{}, err)
			return
		}
		defer cancel()
		defer resp.Body.Close()
		var calls []runtime.Call
		var usage *Usage
		for ev, err := range SSE(resp.Body) {
			if err != nil {
				yield(Delta{}, m.c.streamErr(ctx, err))
				return
			}
			if ev.Data == "[DONE]" {
				break
			}
			var e respEvent
			if err := json.Unmarshal([]byte(ev.Data), &e); err != nil {
				yield(Delta{}, fmt.Errorf("%s: a stream event is not JSON: %v", url, err))
				return
			}
			switch e.Type {
			case "response.output_text.delta":
				if e.Delta != "" && !yield(Delta{Text: e.Delta}, nil) {
					return
				}
			case "response.output_item.done":
				if e.Item != nil && e.Item.Type == "function_call" {
					calls = append(calls, runtime.Call{ID: e.Item.CallID, Name: e.Item.Name, Arguments: argsOrEmpty([]byte(e.Item.Arguments))})
				}
			case "response.completed", "response.incomplete":
				if e.Response != nil && e.Response.Usage != nil {
					usage = &Usage{InputTokens: e.Response.Usage.InputTokens, OutputTokens: e.Response.Usage.OutputTokens}
				}
			case "response.failed":
				msg := "response failed"
				if e.Response != nil && e.Response.Error != nil {
					msg = e.Response.Error.Message
				}
				yield(Delta{}, fmt.Errorf("%s: the server reported: %s", url, msg))
				return
			case "error":
				yield(Delta{}, fmt.Errorf("%s: the server reported: %s", url, e.Message))
				return
			}
		}
		for _, c := range calls {
			if !yield(Delta{ToolCall: &c}, nil) {
				return
			}
		}
		if usage != nil {
			yield(Delta{Usage: usage}, nil)
		}
	}
}

func (m *Responses) request(req Request) respRequest {
	r := respRequest{Model: m.c.cfg.Model, Stream: true, Temperature: temperature(req, m.c.cfg)}
	for _, msg := range req.Messages {
		switch msg.Role {
		case RoleSystem:
			r.Instructions = msg.Content
		case RoleTool:
			r.Input = append(r.Input, respItem{Type: "function_call_output", CallID: msg.ToolCallID, Output: msg.Content})
		default:
			if msg.Content != "" {
				r.Input = append(r.Input, respItem{Role: msg.Role, Content: msg.Content})
			}
			for _, c := range msg.ToolCalls {
				r.Input = append(r.Input, respItem{Type: "function_call", CallID: c.ID, Name: c.Name, Arguments: string(c.Arguments)})
			}
		}
	}
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, respTool{Type: "function", Name: t.Name, Description: t.Description, Parameters: params(t)})
	}
	return r
}
