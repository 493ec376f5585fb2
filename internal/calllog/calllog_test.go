package calllog

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []Call
	}{
		{`{"name":"find_trains","arguments":{"from":"Leeds"}}`, []Call{{"find_trains", json.RawMessage(`{"from":"Leeds"}`), FormatTSCG}}},
		{`{"name":"find_trains","arguments":"{\"from\":\"Leeds\"}"}`, []Call{{"find_trains", json.RawMessage(`{"from":"Leeds"}`), FormatTSCG}}},
		{`{"name":"ping"}`, []Call{{"ping", json.RawMessage(`{}`), FormatTSCG}}},
		{`{"role":"assistant","tool_calls":[{"function":{"name":"查询天气","arguments":"{\"city\":\"杭州\"}"}}]}`,
			[]Call{{"查询天气", json.RawMessage(`{"city":"杭州"}`), FormatChat}}},
		{`{"choices":[{"message":{"role":"assistant","tool_calls":[{"function":{"name":"a","arguments":""}}]}}]}`,
			[]Call{{"a", json.RawMessage(`{}`), FormatChat}}},
		{`{"type":"function_call","name":"b","arguments":"{}","call_id":"x"}`, []Call{{"b", json.RawMessage(`{}`), FormatResponses}}},
		{`{"output":[{"type":"reasoning"},{"type":"function_call","name":"b","arguments":"[1]"}]}`, []Call{{"b", json.RawMessage(`[1]`), FormatResponses}}},
		{`{"type":"tool_use","id":"t","name":"c","input":{"q":"上海"}}`, []Call{{"c", json.RawMessage(`{"q":"上海"}`), FormatAnthropic}}},
		{`{"role":"assistant","content":[{"type":"text","text":"嗯"},{"type":"tool_use","name":"c","input":{}}]}`, []Call{{"c", json.RawMessage(`{}`), FormatAnthropic}}},
		{`{"role":"user","content":"你好"}`, nil},
		{`[{"role":"tool","content":"42","tool_call_id":"x"}]`, nil},
	} {
		got, err := Parse([]byte(c.in))
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: %d calls %v, want %v", c.in, len(got), got, c.want)
			continue
		}
		for i := range got {
			if got[i].Name != c.want[i].Name || string(got[i].Arguments) != string(c.want[i].Arguments) || got[i].Format != c.want[i].Format {
				t.Errorf("%s: call %d = %s %s %s, want %s %s %s", c.in, i, got[i].Name, got[i].Arguments, got[i].Format,
					c.want[i].Name, c.want[i].Arguments, c.want[i].Format)
			}
		}
	}
	for _, bad := range []string{`{"event":"heartbeat"}`, `42`, `"text"`, `[]`} {
		if _, err := Parse([]byte(bad)); !errors.Is(err, ErrNoCall) {
			t.Errorf("%s: err %v, want ErrNoCall", bad, err)
		}
	}
	for _, bad := range []string{`{"tool_calls":[{"function":{}}]}`, `{"type":"tool_use"}`, `not json`, `{"name":`} {
		if _, err := Parse([]byte(bad)); err == nil || errors.Is(err, ErrNoCall) {
			t.Errorf("%s: err %v, want a shape error", bad, err)
		}
	}
}

// FuzzParse: any input yields calls or an error, never a panic; every
// call has arguments that are valid JSON or came as a string that is not.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"name":"a","arguments":{"x":1}}`,
		`{"role":"assistant","tool_calls":[{"function":{"name":"查询","arguments":"{\"c\":\"杭州\"}"}}]}`,
		`{"output":[{"type":"function_call","name":"b","arguments":"{}"}]}`,
		`{"role":"assistant","content":[{"type":"tool_use","name":"c","input":{}}]}`,
		`[[[[{"messages":[{"choices":[]}]}]]]]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		calls, err := Parse(in)
		if err != nil && calls != nil {
			t.Fatalf("calls %v with error %v", calls, err)
		}
		for _, c := range calls {
			if len(c.Arguments) == 0 {
				t.Fatalf("call %q without arguments", c.Name)
			}
		}
	})
}
