// Package calllog reads recorded tool calls from the shapes logs hold:
// tscg's own JSON Lines ({"name", "arguments"}), OpenAI Chat messages
// with tool_calls (or whole chat completions), OpenAI Responses
// function_call items (or whole responses), and Anthropic tool_use
// blocks (or whole messages), one record a line or as one JSON document,
// a record being an object or an array of them.
package calllog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Call is one recorded call: the tool's name and its arguments as JSON
// (an arguments string, as OpenAI sends it, is unwrapped when it holds
// JSON). Format names the shape it was read from.
type Call struct {
	Name      string
	Arguments json.RawMessage
	Format    string
}

// Formats of Call.Format.
const (
	FormatTSCG      = "tscg"
	FormatChat      = "openai.chat"
	FormatResponses = "openai.responses"
	FormatAnthropic = "anthropic"
)

const maxDepth = 32

// ErrNoCall is returned for a record holding no tool call and no
// conversation message either: not a shape calllog knows.
var ErrNoCall = errors.New(`no tool call here: want {"name", "arguments"}, an OpenAI message with tool_calls, a Responses function_call item or an Anthropic tool_use block`)

// Parse returns the calls in one record. A conversation message without
// calls (a user turn, an assistant's text, a tool result) yields none and
// no error.
func Parse(data []byte) ([]Call, error) {
	var probe json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	var calls []Call
	found, err := walk(bytes.TrimSpace(data), 0, &calls)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, ErrNoCall
	}
	return calls, nil
}

// walk appends the calls in v; found reports that v was a known shape
// (calls or a message without them).
func walk(v json.RawMessage, depth int, out *[]Call) (bool, error) {
	if depth > maxDepth {
		return false, fmt.Errorf("nested deeper than %d levels", maxDepth)
	}
	if len(v) == 0 {
		return false, nil
	}
	switch v[0] {
	case '[':
		var items []json.RawMessage
		if err := json.Unmarshal(v, &items); err != nil {
			return false, err
		}
		found := false
		for _, it := range items {
			f, err := walk(it, depth+1, out)
			if err != nil {
				return false, err
			}
			found = found || f
		}
		return found, nil
	case '{':
	default:
		return false, nil
	}
	var o map[string]json.RawMessage
	if err := json.Unmarshal(v, &o); err != nil {
		return false, err
	}
	typ := str(o["type"])
	switch {
	case o["tool_calls"] != nil && !isNull(o["tool_calls"]):
		var tcs []struct {
			Function *struct {
				Name      *string         `json:"name"`
				Arguments json.RawMessage `json:"arguments"`
			} `json:"function"`
		}
		if err := json.Unmarshal(o["tool_calls"], &tcs); err != nil {
			return false, fmt.Errorf("tool_calls: %w", err)
		}
		for i, tc := range tcs {
			if tc.Function == nil || tc.Function.Name == nil {
				return false, fmt.Errorf("tool_calls[%d] has no function name", i)
			}
			*out = append(*out, Call{*tc.Function.Name, unwrap(tc.Function.Arguments), FormatChat})
		}
		return true, nil
	case typ == "function_call":
		name, ok := strOK(o["name"])
		if !ok {
			return false, errors.New("function_call item without a name")
		}
		*out = append(*out, Call{name, unwrap(o["arguments"]), FormatResponses})
		return true, nil
	case typ == "tool_use":
		name, ok := strOK(o["name"])
		if !ok {
			return false, errors.New("tool_use block without a name")
		}
		*out = append(*out, Call{name, orEmpty(o["input"]), FormatAnthropic})
		return true, nil
	}
	for _, k := range []string{"choices", "message", "output", "content", "messages"} {
		if c, ok := o[k]; ok && len(c) > 0 && (c[0] == '[' || c[0] == '{') {
			f, err := walk(c, depth+1, out)
			if err != nil || f {
				return f, err
			}
		}
	}
	if _, ok := o["role"]; ok {
		return true, nil // a message without calls
	}
	if typ != "" {
		return typ == "text" || typ == "message" || typ == "function_call_output" || typ == "tool_result" || typ == "reasoning", nil
	}
	if name, ok := strOK(o["name"]); ok {
		*out = append(*out, Call{name, unwrap(o["arguments"]), FormatTSCG})
		return true, nil
	}
	return false, nil
}

func str(v json.RawMessage) string {
	s, _ := strOK(v)
	return s
}

func strOK(v json.RawMessage) (string, bool) {
	var s string
	if len(v) == 0 || v[0] != '"' || json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}

func isNull(v json.RawMessage) bool { return string(bytes.TrimSpace(v)) == "null" }

func orEmpty(v json.RawMessage) json.RawMessage {
	if len(v) == 0 {
		return json.RawMessage("{}")
	}
	return v
}

// unwrap turns arguments sent as a JSON-encoded string (the way OpenAI
// sends them) into the JSON they hold; missing arguments are {}.
func unwrap(raw json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return json.RawMessage("{}")
	}
	var s string
	if t[0] == '"' && json.Unmarshal(t, &s) == nil {
		if st := bytes.TrimSpace([]byte(s)); len(st) == 0 {
			return json.RawMessage("{}")
		}
		return json.RawMessage(s)
	}
	return t
}
