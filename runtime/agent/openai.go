package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/tscg/tscg/runtime"
)

// OpenAIChat is a Model speaking the OpenAI Chat Completions streaming
// protocol through the official client, so it works with OpenAI and with
// any compatible server (vLLM, llama.cpp, Ollama, LM Studio …) at BaseURL.
type OpenAIChat struct {
	client openai.Client
	model  string
}

// OpenAIConfig configures OpenAIChat.
type OpenAIConfig struct {
	BaseURL string // e.g. "http://localhost:8080/v1"; "" means OpenAI's
	APIKey  string // "" sends none (local servers)
	Model   string
	// HTTPClient replaces http.DefaultClient (tests, proxies).
	HTTPClient *http.Client
	// MaxRetries is passed to the client (0 means no retries: the agent
	// loop decides what to do with a failed round).
	MaxRetries int
}

// NewOpenAIChat returns a Model for cfg.
func NewOpenAIChat(cfg OpenAIConfig) *OpenAIChat {
	opts := []option.RequestOption{option.WithMaxRetries(cfg.MaxRetries)}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	// The client reads OPENAI_API_KEY when no key is given; a local server
	// needs none, so an explicit empty key keeps the environment out.
	opts = append(opts, option.WithAPIKey(cfg.APIKey))
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	return &OpenAIChat{client: openai.NewClient(opts...), model: cfg.Model}
}

// Stream implements Model: text deltas are passed on as they arrive; tool
// calls are assembled from their fragments (by index) and yielded when the
// stream ends, in index order.
func (m *OpenAIChat) Stream(ctx context.Context, req Request) iter.Seq2[Delta, error] {
	return func(yield func(Delta, error) bool) {
		params, err := m.params(req)
		if err != nil {
			yield(Delta{}, err)
			return
		}
		stream := m.client.Chat.Completions.NewStreaming(ctx, params)
		defer stream.Close()
		var acc callAccumulator
		for stream.Next() {
			chunk := stream.Current()
			for _, ch := range chunk.Choices {
				if ch.Index != 0 {
					continue // one reply is all the loop asks for
				}
				for _, tc := range ch.Delta.ToolCalls {
					acc.add(tc)
				}
				if ch.Delta.Content != "" && !yield(Delta{Text: ch.Delta.Content}, nil) {
					return
				}
			}
		}
		if err := stream.Err(); err != nil {
			yield(Delta{}, fmt.Errorf("chat completions stream: %w", err))
			return
		}
		for _, c := range acc.calls() {
			if !yield(Delta{ToolCall: &c}, nil) {
				return
			}
		}
	}
}

// callAccumulator joins tool-call fragments: the first fragment of a call
// carries its index, id and name, later ones only more argument text.
type callAccumulator struct {
	order []int64
	byIdx map[int64]*partialCall
}

type partialCall struct {
	id, name string
	args     []byte
}

func (a *callAccumulator) add(tc openai.ChatCompletionChunkChoiceDeltaToolCall) {
	if a.byIdx == nil {
		a.byIdx = map[int64]*partialCall{}
	}
	p := a.byIdx[tc.Index]
	if p == nil {
		p = &partialCall{}
		a.byIdx[tc.Index] = p
		a.order = append(a.order, tc.Index)
	}
	if tc.ID != "" {
		p.id = tc.ID
	}
	if tc.Function.Name != "" {
		p.name += tc.Function.Name
	}
	p.args = append(p.args, tc.Function.Arguments...)
}

func (a *callAccumulator) calls() []runtime.Call {
	var out []runtime.Call
	for _, i := range a.order {
		p := a.byIdx[i]
		args := p.args
		if len(args) == 0 {
			args = []byte("{}")
		}
		out = append(out, runtime.Call{ID: p.id, Name: p.name, Arguments: json.RawMessage(args)})
	}
	return out
}

func (m *OpenAIChat) params(req Request) (openai.ChatCompletionNewParams, error) {
	p := openai.ChatCompletionNewParams{Model: shared.ChatModel(m.model)}
	for _, msg := range req.Messages {
		u, err := messageParam(msg)
		if err != nil {
			return p, err
		}
		p.Messages = append(p.Messages, u)
	}
	for _, t := range req.Tools {
		var schema map[string]any
		if err := json.Unmarshal(t.Parameters, &schema); err != nil {
			return p, fmt.Errorf("tool %s: input schema: %w", t.Name, err)
		}
		fn := shared.FunctionDefinitionParam{Name: t.Name, Parameters: shared.FunctionParameters(schema)}
		if t.Description != "" {
			fn.Description = openai.String(t.Description)
		}
		p.Tools = append(p.Tools, openai.ChatCompletionFunctionTool(fn))
	}
	return p, nil
}

func messageParam(msg Message) (openai.ChatCompletionMessageParamUnion, error) {
	switch msg.Role {
	case RoleSystem:
		return openai.SystemMessage(msg.Content), nil
	case RoleUser:
		return openai.UserMessage(msg.Content), nil
	case RoleTool:
		return openai.ToolMessage(msg.Content, msg.ToolCallID), nil
	case RoleAssistant:
		a := openai.ChatCompletionAssistantMessageParam{}
		if msg.Content != "" || len(msg.ToolCalls) == 0 {
			a.Content.OfString = openai.String(msg.Content)
		}
		for _, c := range msg.ToolCalls {
			a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
				OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
					ID:       c.ID,
					Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Name, Arguments: string(c.Arguments)},
				},
			})
		}
		return openai.ChatCompletionMessageParamUnion{OfAssistant: &a}, nil
	}
	return openai.ChatCompletionMessageParamUnion{}, fmt.Errorf("message role %q is not one of system, user, assistant, tool", msg.Role)
}
