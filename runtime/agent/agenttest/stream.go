package agenttest

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/tscg/tscg/runtime/agent"
)

// stream writes one reply as server-sent events in a provider's format.
type stream struct {
	w     http.ResponseWriter
	chunk int
	usage agent.Usage
}

func (s *stream) event(name string, v any) {
	b, _ := json.Marshal(v)
	if name != "" {
		fmt.Fprintf(s.w, "event: %s\n", name)
	}
	fmt.Fprintf(s.w, "data: %s\n\n", b)
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}

// pieces splits s into chunks of n bytes, never inside a UTF-8 sequence.
func pieces(s string, n int) []string {
	var out []string
	for len(s) > 0 {
		i := min(n, len(s))
		for i < len(s) && s[i]&0xC0 == 0x80 {
			i++
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

func callID(c Call, i int) string {
	if c.ID != "" {
		return c.ID
	}
	return fmt.Sprintf("call_%d", i+1)
}

type obj = map[string]any

func (s *stream) chat(t Turn) {
	chunk := func(delta obj, finish any) obj {
		return obj{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "model": "fake",
			"choices": []obj{{"index": 0, "delta": delta, "finish_reason": finish}}}
	}
	s.event("", chunk(obj{"role": "assistant", "content": ""}, nil))
	for _, p := range pieces(t.Text, s.chunk) {
		s.event("", chunk(obj{"content": p}, nil))
	}
	for i, c := range t.Calls {
		s.event("", chunk(obj{"tool_calls": []obj{{"index": i, "id": callID(c, i), "type": "function", "function": obj{"name": c.Name, "arguments": ""}}}}, nil))
		for _, p := range pieces(c.Arguments, s.chunk) {
			s.event("", chunk(obj{"tool_calls": []obj{{"index": i, "function": obj{"arguments": p}}}}, nil))
		}
	}
	finish := "stop"
	if len(t.Calls) > 0 {
		finish = "tool_calls"
	}
	s.event("", chunk(obj{}, finish))
	s.event("", obj{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "choices": []obj{},
		"usage": obj{"prompt_tokens": s.usage.InputTokens, "completion_tokens": s.usage.OutputTokens, "total_tokens": s.usage.Total()}})
	fmt.Fprint(s.w, "data: [DONE]\n\n")
}

func (s *stream) responses(t Turn) {
	s.event("response.created", obj{"type": "response.created", "response": obj{"id": "resp_fake", "status": "in_progress"}})
	out := 0
	if t.Text != "" {
		s.event("response.output_item.added", obj{"type": "response.output_item.added", "output_index": out, "item": obj{"type": "message", "id": "msg_fake", "role": "assistant"}})
		for _, p := range pieces(t.Text, s.chunk) {
			s.event("response.output_text.delta", obj{"type": "response.output_text.delta", "item_id": "msg_fake", "output_index": out, "delta": p})
		}
		s.event("response.output_item.done", obj{"type": "response.output_item.done", "output_index": out, "item": obj{"type": "message", "id": "msg_fake", "role": "assistant"}})
		out++
	}
	for i, c := range t.Calls {
		id := fmt.Sprintf("fc_%d", i)
		s.event("response.output_item.added", obj{"type": "response.output_item.added", "output_index": out, "item": obj{"type": "function_call", "id": id, "call_id": callID(c, i), "name": c.Name, "arguments": ""}})
		for _, p := range pieces(c.Arguments, s.chunk) {
			s.event("response.function_call_arguments.delta", obj{"type": "response.function_call_arguments.delta", "item_id": id, "output_index": out, "delta": p})
		}
		s.event("response.output_item.done", obj{"type": "response.output_item.done", "output_index": out, "item": obj{"type": "function_call", "id": id, "call_id": callID(c, i), "name": c.Name, "arguments": c.Arguments}})
		out++
	}
	s.event("response.completed", obj{"type": "response.completed", "response": obj{"id": "resp_fake", "status": "completed",
		"usage": obj{"input_tokens": s.usage.InputTokens, "output_tokens": s.usage.OutputTokens, "total_tokens": s.usage.Total()}}})
}

func (s *stream) anthropic(t Turn) {
	s.event("message_start", obj{"type": "message_start", "message": obj{"id": "msg_fake", "role": "assistant", "content": []obj{},
		"usage": obj{"input_tokens": s.usage.InputTokens, "output_tokens": 1}}})
	idx := 0
	if t.Text != "" {
		s.event("content_block_start", obj{"type": "content_block_start", "index": idx, "content_block": obj{"type": "text", "text": ""}})
		for _, p := range pieces(t.Text, s.chunk) {
			s.event("content_block_delta", obj{"type": "content_block_delta", "index": idx, "delta": obj{"type": "text_delta", "text": p}})
		}
		s.event("content_block_stop", obj{"type": "content_block_stop", "index": idx})
		idx++
	}
	for i, c := range t.Calls {
		s.event("content_block_start", obj{"type": "content_block_start", "index": idx, "content_block": obj{"type": "tool_use", "id": callID(c, i), "name": c.Name, "input": obj{}}})
		for _, p := range pieces(c.Arguments, s.chunk) {
			s.event("content_block_delta", obj{"type": "content_block_delta", "index": idx, "delta": obj{"type": "input_json_delta", "partial_json": p}})
		}
		s.event("content_block_stop", obj{"type": "content_block_stop", "index": idx})
		idx++
	}
	stop := "end_turn"
	if len(t.Calls) > 0 {
		stop = "tool_use"
	}
	s.event("message_delta", obj{"type": "message_delta", "delta": obj{"stop_reason": stop}, "usage": obj{"output_tokens": s.usage.OutputTokens}})
	s.event("message_stop", obj{"type": "message_stop"})
}
