package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Provider adapters: each Parse function reads the tool calls out of one
// provider's response (or assistant message) into Calls, and each Render
// function writes Results back in the shape that provider expects for the
// next request. Plain JSON, no SDKs. Arguments sent as a JSON-encoded
// string (OpenAI) are unwrapped; whatever is inside is left for the
// validator to judge.

// unwrapArguments turns a JSON string holding the arguments into the raw
// arguments, and passes an object through.
func unwrapArguments(raw json.RawMessage) json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return raw
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return raw
	}
	return json.RawMessage(s)
}

type openAIFunctionCall struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

type openAIToolCall struct {
	ID       string             `json:"id"`
	Type     string             `json:"type"`
	Function openAIFunctionCall `json:"function"`
}

type openAIMessage struct {
	ToolCalls []openAIToolCall `json:"tool_calls"`
}

// ParseOpenAIChat reads the tool_calls of an OpenAI Chat Completions
// assistant message, or of a whole response (every choice, in order).
func ParseOpenAIChat(data []byte) ([]Call, error) {
	var doc struct {
		openAIMessage
		Choices []struct {
			Message openAIMessage `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("openai chat: %w", err)
	}
	msgs := []openAIMessage{doc.openAIMessage}
	for _, c := range doc.Choices {
		msgs = append(msgs, c.Message)
	}
	var calls []Call
	for _, m := range msgs {
		for _, tc := range m.ToolCalls {
			calls = append(calls, Call{ID: tc.ID, Name: tc.Function.Name, Arguments: unwrapArguments(tc.Function.Arguments)})
		}
	}
	return calls, nil
}

// RenderOpenAIChat renders results as the "tool" role messages to append
// to the conversation, one per result.
func RenderOpenAIChat(results []Result) ([]byte, error) {
	type toolMessage struct {
		Role       string `json:"role"`
		ToolCallID string `json:"tool_call_id"`
		Content    string `json:"content"`
	}
	out := make([]toolMessage, len(results))
	for i, r := range results {
		out[i] = toolMessage{Role: "tool", ToolCallID: r.ID, Content: r.Content}
	}
	return json.Marshal(out)
}

// ParseOpenAIResponses reads the function_call items of an OpenAI
// Responses API response ({"output": [...]}) or of a bare item list.
func ParseOpenAIResponses(data []byte) ([]Call, error) {
	type item struct {
		Type      string          `json:"type"`
		CallID    string          `json:"call_id"`
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	var items []item
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &items); err != nil {
			return nil, fmt.Errorf("openai responses: %w", err)
		}
	} else {
		var doc struct {
			Output []item `json:"output"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("openai responses: %w", err)
		}
		items = doc.Output
	}
	var calls []Call
	for _, it := range items {
		if it.Type == "function_call" {
			calls = append(calls, Call{ID: it.CallID, Name: it.Name, Arguments: unwrapArguments(it.Arguments)})
		}
	}
	return calls, nil
}

// RenderOpenAIResponses renders results as function_call_output input items.
func RenderOpenAIResponses(results []Result) ([]byte, error) {
	type output struct {
		Type   string `json:"type"`
		CallID string `json:"call_id"`
		Output string `json:"output"`
	}
	out := make([]output, len(results))
	for i, r := range results {
		out[i] = output{Type: "function_call_output", CallID: r.ID, Output: r.Content}
	}
	return json.Marshal(out)
}

// ParseAnthropic reads the tool_use blocks of an Anthropic Messages
// response or assistant message.
func ParseAnthropic(data []byte) ([]Call, error) {
	var doc struct {
		Content []struct {
			Type  string          `json:"type"`
			ID    string          `json:"id"`
			Name  string          `json:"name"`
			Input json.RawMessage `json:"input"`
		} `json:"content"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("anthropic: %w", err)
	}
	var calls []Call
	for _, b := range doc.Content {
		if b.Type == "tool_use" {
			calls = append(calls, Call{ID: b.ID, Name: b.Name, Arguments: unwrapArguments(b.Input)})
		}
	}
	return calls, nil
}

// RenderAnthropic renders results as one user message of tool_result
// blocks, the shape the Messages API expects after tool_use.
func RenderAnthropic(results []Result) ([]byte, error) {
	type block struct {
		Type      string `json:"type"`
		ToolUseID string `json:"tool_use_id"`
		Content   string `json:"content"`
		IsError   bool   `json:"is_error,omitempty"`
	}
	msg := struct {
		Role    string  `json:"role"`
		Content []block `json:"content"`
	}{Role: "user", Content: make([]block, len(results))}
	for i, r := range results {
		msg.Content[i] = block{Type: "tool_result", ToolUseID: r.ID, Content: r.Content, IsError: r.IsError}
	}
	return json.Marshal(msg)
}

type geminiContent struct {
	Parts []struct {
		FunctionCall *struct {
			ID   string          `json:"id"`
			Name string          `json:"name"`
			Args json.RawMessage `json:"args"`
		} `json:"functionCall"`
	} `json:"parts"`
}

// ParseGemini reads the functionCall parts of a Gemini generateContent
// response (every candidate) or of one content object.
func ParseGemini(data []byte) ([]Call, error) {
	var doc struct {
		geminiContent
		Candidates []struct {
			Content geminiContent `json:"content"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("gemini: %w", err)
	}
	contents := []geminiContent{doc.geminiContent}
	for _, c := range doc.Candidates {
		contents = append(contents, c.Content)
	}
	var calls []Call
	for _, c := range contents {
		for _, p := range c.Parts {
			if fc := p.FunctionCall; fc != nil {
				calls = append(calls, Call{ID: fc.ID, Name: fc.Name, Arguments: unwrapArguments(fc.Args)})
			}
		}
	}
	return calls, nil
}

// RenderGemini renders results as one user content of functionResponse
// parts. Gemini wants an object response: content that is a JSON object
// is sent as it is; anything else goes under "result" (or "error").
func RenderGemini(results []Result) ([]byte, error) {
	type response struct {
		ID       string          `json:"id,omitempty"`
		Name     string          `json:"name"`
		Response json.RawMessage `json:"response"`
	}
	type part struct {
		FunctionResponse response `json:"functionResponse"`
	}
	msg := struct {
		Role  string `json:"role"`
		Parts []part `json:"parts"`
	}{Role: "user", Parts: make([]part, len(results))}
	for i, r := range results {
		body, err := geminiBody(r)
		if err != nil {
			return nil, err
		}
		msg.Parts[i] = part{response{ID: r.ID, Name: r.Name, Response: body}}
	}
	return json.Marshal(msg)
}

func geminiBody(r Result) (json.RawMessage, error) {
	key := "result"
	if r.IsError {
		key = "error"
	}
	var v any
	if !r.IsError && json.Unmarshal([]byte(r.Content), &v) == nil {
		if _, ok := v.(map[string]any); ok {
			return json.RawMessage(r.Content), nil
		}
		return json.Marshal(map[string]any{key: json.RawMessage(r.Content)})
	}
	return json.Marshal(map[string]string{key: r.Content})
}

// ParseMCP reads a JSON-RPC "tools/call" request (or a batch of them).
// The call's ID is the request id's JSON text (`7` or `"a"`), which
// RenderMCP writes back unchanged.
func ParseMCP(data []byte) ([]Call, error) {
	type request struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		} `json:"params"`
	}
	var reqs []request
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &reqs); err != nil {
			return nil, fmt.Errorf("mcp: %w", err)
		}
	} else {
		var one request
		if err := json.Unmarshal(data, &one); err != nil {
			return nil, fmt.Errorf("mcp: %w", err)
		}
		reqs = []request{one}
	}
	var calls []Call
	for _, r := range reqs {
		if r.Method == "tools/call" {
			calls = append(calls, Call{ID: string(r.ID), Name: r.Params.Name, Arguments: unwrapArguments(r.Params.Arguments)})
		}
	}
	return calls, nil
}

// RenderMCP renders results as JSON-RPC responses to tools/call: one
// object for one result, a batch array otherwise. Content that is a JSON
// object is also sent as structuredContent.
func RenderMCP(results []Result) ([]byte, error) {
	type text struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	type callResult struct {
		Content           []text          `json:"content"`
		StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
		IsError           bool            `json:"isError"`
	}
	type response struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  callResult      `json:"result"`
	}
	out := make([]response, len(results))
	for i, r := range results {
		id := json.RawMessage(r.ID)
		if !json.Valid(id) {
			id, _ = json.Marshal(r.ID)
		}
		cr := callResult{Content: []text{{Type: "text", Text: r.Content}}, IsError: r.IsError}
		if t := bytes.TrimSpace([]byte(r.Content)); !r.IsError && len(t) > 0 && t[0] == '{' && json.Valid(t) {
			cr.StructuredContent = t
		}
		out[i] = response{JSONRPC: "2.0", ID: id, Result: cr}
	}
	if len(out) == 1 {
		return json.Marshal(out[0])
	}
	return json.Marshal(out)
}
