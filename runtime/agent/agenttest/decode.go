package agenttest

import (
	"encoding/json"
	"fmt"

	"github.com/tscg/tscg/runtime"
	"github.com/tscg/tscg/runtime/agent"
)

// decode reads a request of provider into the neutral form, refusing what
// a real server would refuse for the fields the clients send.
func decode(provider string, body []byte) (Seen, error) {
	var raw struct {
		Model        string          `json:"model"`
		Stream       bool            `json:"stream"`
		Temperature  *float64        `json:"temperature"`
		System       string          `json:"system"`
		Instructions string          `json:"instructions"`
		MaxTokens    int             `json:"max_tokens"`
		Messages     json.RawMessage `json:"messages"`
		Input        json.RawMessage `json:"input"`
		Tools        []struct {
			Type        string          `json:"type"`
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
			InputSchema json.RawMessage `json:"input_schema"`
			Function    *struct {
				Name        string          `json:"name"`
				Description string          `json:"description"`
				Parameters  json.RawMessage `json:"parameters"`
			} `json:"function"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return Seen{}, fmt.Errorf("request body: %v", err)
	}
	if raw.Model == "" || !raw.Stream {
		return Seen{}, fmt.Errorf("model and stream: true are required")
	}
	s := Seen{Provider: provider, Model: raw.Model, Temperature: raw.Temperature}
	for _, t := range raw.Tools {
		switch {
		case t.Function != nil:
			s.Tools = append(s.Tools, agent.ToolDef{Name: t.Function.Name, Description: t.Function.Description, Parameters: t.Function.Parameters})
		case t.InputSchema != nil:
			s.Tools = append(s.Tools, agent.ToolDef{Name: t.Name, Description: t.Description, Parameters: t.InputSchema})
		default:
			s.Tools = append(s.Tools, agent.ToolDef{Name: t.Name, Description: t.Description, Parameters: t.Parameters})
		}
	}
	var err error
	switch provider {
	case "chat":
		err = s.chatMessages(raw.Messages)
	case "responses":
		s.System = raw.Instructions
		err = s.responsesInput(raw.Input)
	default:
		if raw.MaxTokens <= 0 {
			return s, fmt.Errorf("max_tokens: required")
		}
		s.System = raw.System
		err = s.anthropicMessages(raw.Messages)
	}
	return s, err
}

func (s *Seen) chatMessages(data json.RawMessage) error {
	var msgs []struct {
		Role       string  `json:"role"`
		Content    *string `json:"content"`
		ToolCallID string  `json:"tool_call_id"`
		ToolCalls  []struct {
			ID       string `json:"id"`
			Function struct {
				Name      string `json:"name"`
				Arguments string `json:"arguments"`
			} `json:"function"`
		} `json:"tool_calls"`
	}
	if err := json.Unmarshal(data, &msgs); err != nil {
		return fmt.Errorf("messages: %v", err)
	}
	for _, m := range msgs {
		msg := agent.Message{Role: m.Role, ToolCallID: m.ToolCallID}
		if m.Content != nil {
			msg.Content = *m.Content
		}
		for _, c := range m.ToolCalls {
			msg.ToolCalls = append(msg.ToolCalls, runtime.Call{ID: c.ID, Name: c.Function.Name, Arguments: json.RawMessage(c.Function.Arguments)})
		}
		if m.Role == agent.RoleSystem {
			s.System = msg.Content
			continue
		}
		s.Messages = append(s.Messages, msg)
	}
	return nil
}

func (s *Seen) responsesInput(data json.RawMessage) error {
	var items []struct {
		Type      string `json:"type"`
		Role      string `json:"role"`
		Content   string `json:"content"`
		CallID    string `json:"call_id"`
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
		Output    string `json:"output"`
	}
	if err := json.Unmarshal(data, &items); err != nil {
		return fmt.Errorf("input: %v", err)
	}
	for _, it := range items {
		switch it.Type {
		case "function_call":
			c := runtime.Call{ID: it.CallID, Name: it.Name, Arguments: json.RawMessage(it.Arguments)}
			if n := len(s.Messages); n > 0 && s.Messages[n-1].Role == agent.RoleAssistant {
				s.Messages[n-1].ToolCalls = append(s.Messages[n-1].ToolCalls, c)
			} else {
				s.Messages = append(s.Messages, agent.Message{Role: agent.RoleAssistant, ToolCalls: []runtime.Call{c}})
			}
		case "function_call_output":
			s.Messages = append(s.Messages, agent.Message{Role: agent.RoleTool, ToolCallID: it.CallID, Content: it.Output})
		case "", "message":
			s.Messages = append(s.Messages, agent.Message{Role: it.Role, Content: it.Content})
		default:
			return fmt.Errorf("input: unknown item type %q", it.Type)
		}
	}
	return nil
}

func (s *Seen) anthropicMessages(data json.RawMessage) error {
	var msgs []struct {
		Role    string `json:"role"`
		Content []struct {
			Type      string          `json:"type"`
			Text      string          `json:"text"`
			ID        string          `json:"id"`
			Name      string          `json:"name"`
			Input     json.RawMessage `json:"input"`
			ToolUseID string          `json:"tool_use_id"`
			Content   string          `json:"content"`
		} `json:"content"`
	}
	if err := json.Unmarshal(data, &msgs); err != nil {
		return fmt.Errorf("messages: %v", err)
	}
	for _, m := range msgs {
		msg := agent.Message{Role: m.Role}
		for _, b := range m.Content {
			switch b.Type {
			case "text":
				msg.Content += b.Text
			case "tool_use":
				msg.ToolCalls = append(msg.ToolCalls, runtime.Call{ID: b.ID, Name: b.Name, Arguments: b.Input})
			case "tool_result":
				s.Messages = append(s.Messages, agent.Message{Role: agent.RoleTool, ToolCallID: b.ToolUseID, Content: b.Content})
			default:
				return fmt.Errorf("messages: unknown content block type %q", b.Type)
			}
		}
		if msg.Content != "" || len(msg.ToolCalls) > 0 {
			s.Messages = append(s.Messages, msg)
		}
	}
	return nil
}
