package main

import (
	"encoding/json"
	"strings"

	"github.com/tscg/tscg/runtime"
)

// scriptedModel stands in for an LLM. Each turn it reads the results of
// its previous calls, as a model would, and decides what to do next; the
// corrections are driven by the structured errors, not hard-coded blindly.
type scriptedModel struct {
	turn int
}

// Next returns the next tool calls, or a final answer.
func (m *scriptedModel) Next(results []runtime.Result) ([]runtime.Call, string) {
	m.turn++
	switch m.turn {
	case 1:
		// A valid call, an invalid one, and a tool that does not exist.
		return []runtime.Call{
			{ID: "c1", Name: "get_weather", Arguments: json.RawMessage(`{"location":"Beijing, China"}`)},
			{ID: "c2", Name: "calculate_expression", Arguments: json.RawMessage(`{"expr":"21*2","precision":"high"}`)},
			{ID: "c3", Name: "get_system_tme", Arguments: json.RawMessage(`{}`)},
		}, ""
	case 2:
		return m.correct(results), ""
	}
	var parts []string
	for _, r := range results {
		if r.IsError {
			return nil, "I could not finish: " + r.Content
		}
		parts = append(parts, r.Name+" → "+r.Content)
	}
	return nil, "Beijing: 21.5°C, light rain. " + strings.Join(parts, "; ")
}

// correct rewrites the calls that failed, using what the errors say:
// the unknown tool's suggestion and the violations' pointers.
func (m *scriptedModel) correct(results []runtime.Result) []runtime.Call {
	var calls []runtime.Call
	for _, r := range results {
		if !r.IsError {
			continue
		}
		switch {
		case r.Meta["refusal"] == "unknown_tool":
			sugg, _ := r.Meta["suggestions"].([]string)
			if len(sugg) > 0 {
				calls = append(calls, runtime.Call{ID: r.ID + "-retry", Name: sugg[0], Arguments: json.RawMessage(`{"timezone":"Asia/Shanghai"}`)})
			}
		default:
			// The violations say /expression is missing and /expr,
			// /precision are unknown: rename and drop accordingly.
			args := map[string]any{}
			for _, v := range r.Meta["errors"].([]runtime.Violation) {
				if v.Keyword == "required" && v.Pointer == "/expression" {
					args["expression"] = "21*2"
				}
			}
			b, _ := json.Marshal(args)
			calls = append(calls, runtime.Call{ID: r.ID + "-retry", Name: r.Name, Arguments: b})
		}
	}
	return calls
}
