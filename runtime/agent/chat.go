package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"

	"github.com/tscg/tscg/runtime"
)

// Chat is a Model speaking the OpenAI Chat Completions streaming protocol,
// so it works with OpenAI and with the many compatible servers (vLLM,
// llama.cpp, Ollama, LM Studio …) at ClientConfig.BaseURL (which ends in
// /v1; the default is OpenAI's).
type Chat struct{ c *client }

const openAIBase = "https://api.openai.com/v1"

type chatMessage struct {
	Role       string         `json:"role"`
	Content    *string        `json:"content"`
	ToolCalls  []chatToolCall `json:"tool_calls,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

type chatToolCall struct {
	Index    *int   `json:"index,omitempty"`
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type chatTool struct {
	Type     string       `json:"type"`
	Function chatFunction `json:"function"`
}

type chatFunction struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
}

type chatRequest struct {
	Model         string        `json:"model"`
	Messages      []chatMessage `json:"messages"`
	Tools         []chatTool    `json:"tools,omitempty"`
	Stream        bool          `json:"stream"`
	StreamOptions struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Temperature *float64 `json:"temperature,omitempty"`
}

type chatChunk struct {
	Choices []struct {
		Index int `json:"index"`
		Delta struct {
			Content   string         `json:"content"`
			ToolCalls []chatToolCall `json:"tool_calls"`
		} `json:"delta"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Stream implements Model: text deltas are passed on as they arrive; tool
// calls are assembled from their fragments (by index) and yielded when the
// stream ends, in index order, then the usage.
func (m *Chat) Stream(ctx context.Context, req Request) iter.Seq2[Delta, error] {
	return func(yield func(Delta, error) bool) {
		body := m.request(req)
		url := m.c.url(openAIBase, "/chat/completions")
		h := http.Header{}
		if m.c.cfg.APIKey != "" {
			h.Set("Authorization", "Bearer "+m.c.cfg.APIKey)
		}
		resp, cancel, err := m.c.post(ctx, url, body, h)
		if err != nil {
			yield(Delta{}, err)
			return
		}
		defer cancel()
		defer resp.Body.Close()
		var acc callAccumulator
		var usage *Usage
		for ev, err := range SSE(resp.Body) {
			if err != nil {
				yield(Delta{}, m.c.streamErr(ctx, err))
				return
			}
			if ev.Data == "[DONE]" {
				break
			}
			var ch chatChunk
			if err := json.Unmarshal([]byte(ev.Data), &ch); err != nil {
				yield(Delta{}, fmt.Errorf("%s: a stream chunk is not JSON: %v", url, err))
				return
			}
			if ch.Error != nil {
				yield(Delta{}, fmt.Errorf("%s: the server reported: %s", url, ch.Error.Message))
				return
			}
			if ch.Usage != nil {
				usage = &Usage{InputTokens: ch.Usage.PromptTokens, OutputTokens: ch.Usage.CompletionTokens}
			}
			for _, c := range ch.Choices {
				if c.Index != 0 {
					continue // one reply is all the loop asks for
				}
				for _, tc := range c.Delta.ToolCalls {
					acc.add(tc)
				}
				if c.Delta.Content != "" && !yield(Delta{Text: c.Delta.Content}, nil) {
					return
				}
			}
		}
		for _, c := range acc.calls() {
			if !yield(Delta{ToolCall: &c}, nil) {
				return
			}
		}
		if usage != nil {
			yield(Delta{Usage: usage}, nil)
		}
	}
}

func (m *Chat) request(req Request) chatRequest {
	r := chatRequest{Model: m.c.cfg.Model, Stream: true, Temperature: temperature(req, m.c.cfg)}
	r.StreamOptions.IncludeUsage = true
	for _, msg := range req.Messages {
		cm := chatMessage{Role: msg.Role, ToolCallID: msg.ToolCallID}
		if msg.Content != "" || len(msg.ToolCalls) == 0 {
			cm.Content = &msg.Content
		}
		for _, c := range msg.ToolCalls {
			tc := chatToolCall{ID: c.ID, Type: "function"}
			tc.Function.Name, tc.Function.Arguments = c.Name, string(c.Arguments)
			cm.ToolCalls = append(cm.ToolCalls, tc)
		}
		r.Messages = append(r.Messages, cm)
	}
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, chatTool{Type: "function", Function: chatFunction{Name: t.Name, Description: t.Description, Parameters: params(t)}})
	}
	return r
}

// params is a tool's parameters schema ({"type":"object"} when it has none).
func params(t ToolDef) json.RawMessage {
	if len(t.Parameters) == 0 {
		return json.RawMessage(`{"type":"object","properties":{}}`)
	}
	return t.Parameters
}

func temperature(req Request, cfg ClientConfig) *float64 {
	if req.Temperature != nil {
		return req.Temperature
	}
	return cfg.Temperature
}

// callAccumulator joins tool-call fragments: the first fragment of a call
// carries its index, id and name, later ones only more argument text.
type callAccumulator struct {
	order []int
	byIdx map[int]*partialCall
}

type partialCall struct {
	id, name string
	args     []byte
}

func (a *callAccumulator) add(tc chatToolCall) {
	if a.byIdx == nil {
		a.byIdx = map[int]*partialCall{}
	}
	idx := len(a.order) // a server that omits index sends one call per fragment
	if tc.Index != nil {
		idx = *tc.Index
	}
	p := a.byIdx[idx]
	if p == nil {
		p = &partialCall{}
		a.byIdx[idx] = p
		a.order = append(a.order, idx)
	}
	if tc.ID != "" {
		p.id = tc.ID
	}
	p.name += tc.Function.Name
	p.args = append(p.args, tc.Function.Arguments...)
}

func (a *callAccumulator) calls() []runtime.Call {
	var out []runtime.Call
	for _, i := range a.order {
		p := a.byIdx[i]
		out = append(out, runtime.Call{ID: p.id, Name: p.name, Arguments: argsOrEmpty(p.args)})
	}
	return out
}

func argsOrEmpty(args []byte) json.RawMessage {
	if len(args) == 0 {
		return json.RawMessage("{}")
	}
	return json.RawMessage(args)
}
