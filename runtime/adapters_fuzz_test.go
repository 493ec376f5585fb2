package runtime

import (
	"context"
	"testing"
)

// FuzzAdapters feeds arbitrary bytes to every provider parser: each returns
// calls or an error, never a panic, and every call it returns can be
// dispatched: a call naming no known tool is refused with an error result.
func FuzzAdapters(f *testing.F) {
	for _, s := range []string{
		`{"choices":[{"message":{"tool_calls":[{"id":"c1","type":"function","function":{"name":"a","arguments":"{\"x\":1}"}}]}}]}`,
		`{"output":[{"type":"function_call","call_id":"c1","name":"a","arguments":"{}"}]}`,
		`{"content":[{"type":"tool_use","id":"t1","name":"a","input":{"x":1}}]}`,
		`{"candidates":[{"content":{"parts":[{"functionCall":{"name":"a","args":{"x":1}}}]}}]}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"a","arguments":{"x":1}}}`,
		`[]`, `null`, `{"choices":[{"message":{"tool_calls":[{"function":{"arguments":"not json"}}]}}]}`,
	} {
		f.Add([]byte(s))
	}
	parsers := []func([]byte) ([]Call, error){ParseOpenAIChat, ParseOpenAIResponses, ParseAnthropic, ParseGemini, ParseMCP}
	reg := NewRegistry()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, parse := range parsers {
			calls, err := parse(data)
			if err != nil {
				continue
			}
			for _, c := range calls {
				if res := reg.Dispatch(context.Background(), c); !res.IsError {
					t.Errorf("call %+v to an empty registry was not refused", c)
				}
			}
		}
	})
}
