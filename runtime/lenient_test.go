package runtime

import (
	"strings"
	"testing"
)

func TestLenientRepairs(t *testing.T) {
	cases := []struct {
		name, args, want string
		kinds            []string
	}{
		{"fence", "```json\n{\"query\":\"x\",\"origin\":\"SFO\"}\n```", `{"max_results":10,"origin":"SFO","query":"x"}`, []string{"markdown_fence"}},
		{"string", `"{\"query\":\"x\",\"origin\":\"SFO\"}"`, `{"max_results":10,"origin":"SFO","query":"x"}`, []string{"arguments_as_string"}},
		{"trailing comma", `{"query":"x","origin":"SFO","tags":["a",],}`, `{"max_results":10,"origin":"SFO","query":"x","tags":["a"]}`, []string{"trailing_comma"}},
		{"single quotes", `{'query':'it\'s "x"','origin':'SFO'}`, `{"max_results":10,"origin":"SFO","query":"it's \"x\""}`, []string{"single_quotes"}},
		{"number as string", `{"query":"x","origin":"SFO","max_results":"20"}`, `{"max_results":20,"origin":"SFO","query":"x"}`, []string{"string_to_integer"}},
		{"all at once", "```\n{'query':'x','origin':'SFO','max_results':'7',}\n```", `{"max_results":7,"origin":"SFO","query":"x"}`, []string{"markdown_fence", "single_quotes", "trailing_comma", "string_to_integer"}},
	}
	m := NewMemoryMetrics()
	r := newSearchRegistry(t, WithLenient(true), WithMetrics(m))
	for _, c := range cases {
		res := dispatch(t, r, "search", c.args)
		if res.IsError || res.Content != c.want {
			t.Errorf("%s: got %+v, want %s", c.name, res, c.want)
			continue
		}
		reps, _ := res.Meta["repairs"].([]Repair)
		var kinds []string
		for _, rep := range reps {
			kinds = append(kinds, rep.Kind)
		}
		if strings.Join(kinds, ",") != strings.Join(c.kinds, ",") {
			t.Errorf("%s: repairs %v, want %v", c.name, kinds, c.kinds)
		}
	}
	if got := m.Snapshot("search").Repairs["string_to_integer"]; got != 2 {
		t.Errorf("repair metrics: string_to_integer = %d, want 2", got)
	}
}

func TestLenientBooleanAndNumber(t *testing.T) {
	r := NewRegistry(WithLenient(true))
	must(t, r.Register(Tool{Name: "t", Handler: echo,
		InputSchema: []byte(`{"type":"object","properties":{"on":{"type":"boolean"},"x":{"type":["number","null"]},"s":{"type":"string"}}}`)}))
	res := dispatch(t, r, "t", `{"on":"true","x":"1.5","s":"7"}`)
	if res.IsError || res.Content != `{"on":true,"s":"7","x":1.5}` {
		t.Fatalf("got %+v", res)
	}
	// A string that does not spell the wanted type is not touched.
	res = dispatch(t, r, "t", `{"on":"yes please"}`)
	if !res.IsError || !strings.Contains(res.Content, `/on: expected a boolean (true or false), got "yes please"`) {
		t.Fatalf("got %+v", res)
	}
}

func TestStrictByDefault(t *testing.T) {
	r := newSearchRegistry(t)
	for _, args := range []string{"```json\n{\"query\":\"x\",\"origin\":\"SFO\"}\n```", `{"query":"x","origin":"SFO",}`, `{"query":"x","origin":"SFO","max_results":"20"}`, `"{\"query\":\"x\",\"origin\":\"SFO\"}"`} {
		if res := dispatch(t, r, "search", args); !res.IsError {
			t.Errorf("strict mode repaired %s: %+v", args, res)
		}
	}
}
