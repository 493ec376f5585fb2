package runtime

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func searchSchema(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/search.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func searchCall(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/call.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// echo returns the arguments it received, so tests see defaults and repairs.
func echo(_ context.Context, req *Request) Result { return Result{Content: string(req.Arguments)} }

func newSearchRegistry(t testing.TB, opts ...Option) *Registry {
	t.Helper()
	r := NewRegistry(opts...)
	if err := r.Register(Tool{Name: "search", InputSchema: searchSchema(t), Handler: echo}); err != nil {
		t.Fatal(err)
	}
	if err := r.Register(Tool{Name: "get_weather", InputSchema: []byte(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`), Handler: echo}); err != nil {
		t.Fatal(err)
	}
	return r
}

func dispatch(t *testing.T, r *Registry, name, args string) Result {
	t.Helper()
	return r.Dispatch(context.Background(), Call{ID: "c1", Name: name, Arguments: json.RawMessage(args)})
}

func TestDispatchValid(t *testing.T) {
	r := newSearchRegistry(t)
	res := r.Dispatch(context.Background(), Call{ID: "c1", Name: "search", Arguments: searchCall(t)})
	if res.IsError || res.Content != string(searchCall(t)) || res.ID != "c1" || res.Name != "search" {
		t.Fatalf("valid call: %+v", res)
	}
}

func TestDispatchDefaults(t *testing.T) {
	r := newSearchRegistry(t)
	res := dispatch(t, r, "search", `{"query":"x","origin":"SFO"}`)
	if res.IsError || res.Content != `{"max_results":10,"origin":"SFO","query":"x"}` {
		t.Fatalf("defaults not applied: %+v", res)
	}
}

func TestDispatchViolations(t *testing.T) {
	r := newSearchRegistry(t)
	cases := []struct{ args, want string }{
		{`{"query":"x","origin":"SFO","max_results":"ten"}`, `/max_results: expected an integer from 1 to 50, got "ten"`},
		{`{"query":"x","origin":"SFO","max_results":51}`, `/max_results: expected an integer from 1 to 50, got 51`},
		{`{"query":"x","origin":"sfo"}`, `/origin: expected a string matching the pattern ^[A-Z]{3}$, got "sfo"`},
		{`{"query":"x","origin":"SFO","sort":"cheapest"}`, `/sort: expected one of "relevance", "date", "price", got "cheapest"`},
		{`{"origin":"SFO"}`, `/query: missing required property; expected a string of at least 1 character`},
		{`{"query":"x","origin":"SFO","qurey":1}`, `/qurey: unknown property; remove it (did you mean "query"?)`},
		{`{"query":"x","origin":"SFO","tags":["a",2]}`, `/tags/1: expected a string, got 2`},
		{`{"query":"x","origin":"SFO","window":{"to":"y"}}`, `/window/from: missing required property; expected a string`},
		{`{"query":"x","origin":"SFO","window":[]}`, `/window: expected an object with "from", got an array of 0 items`},
		{`[1]`, `/: expected an object with "query", "origin", got an array of 1 item`},
		{`{"query":"x","query":"y","origin":"SFO"}`, `/query: property "query" appears more than once`},
	}
	for _, c := range cases {
		res := dispatch(t, r, "search", c.args)
		if !res.IsError || !strings.Contains(res.Content, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.args, res.Content, c.want)
		}
		if _, ok := res.Meta["errors"].([]Violation); !ok {
			t.Errorf("%s: Meta[errors] missing: %#v", c.args, res.Meta)
		}
	}
}

func TestDispatchAllViolationsListed(t *testing.T) {
	r := newSearchRegistry(t)
	res := dispatch(t, r, "search", `{"max_results":0,"sort":1,"extra":true}`)
	vs := res.Meta["errors"].([]Violation)
	var ptrs []string
	for _, v := range vs {
		ptrs = append(ptrs, v.Pointer)
	}
	if got := strings.Join(ptrs, " "); got != "/extra /max_results /origin /query /sort" {
		t.Fatalf("pointers: %s\n%s", got, res.Content)
	}
}

func TestErrorBudget(t *testing.T) {
	props := map[string]any{}
	var args []string
	for i := range 200 {
		name := "p" + strings.Repeat("x", 20) + string(rune('a'+i%26)) + json.Number(rune('0'+i/26)).String()
		props[name] = map[string]any{"type": "integer"}
		args = append(args, `"`+name+`":"nope"`)
	}
	schema, _ := json.Marshal(map[string]any{"type": "object", "properties": props})
	r := NewRegistry(WithErrorBudget(500))
	if err := r.Register(Tool{Name: "wide", InputSchema: schema, Handler: echo}); err != nil {
		t.Fatal(err)
	}
	res := dispatch(t, r, "wide", "{"+strings.Join(args, ",")+"}")
	if len(res.Content) > 500 || !strings.Contains(res.Content, "more") {
		t.Fatalf("budget not kept (%d chars): %s", len(res.Content), res.Content)
	}
}

func TestUnknownTool(t *testing.T) {
	r := newSearchRegistry(t)
	res := dispatch(t, r, "serch", `{}`)
	if !res.IsError || res.Meta["refusal"] != "unknown_tool" {
		t.Fatalf("not refused: %+v", res)
	}
	want := `unknown tool "serch"; it was not called. Did you mean "search"? Available tools: get_weather, search.`
	if res.Content != want {
		t.Fatalf("got  %s\nwant %s", res.Content, want)
	}
	if s := res.Meta["suggestions"].([]string); len(s) != 1 || s[0] != "search" {
		t.Fatalf("suggestions: %v", s)
	}
}

func TestPanickingHandlerNeverPanicsDispatch(t *testing.T) {
	r := NewRegistry()
	must(t, r.Register(Tool{Name: "boom", InputSchema: []byte(`{}`), Handler: func(context.Context, *Request) Result { panic("kaboom") }}))
	res := dispatch(t, r, "boom", `{}`)
	if !res.IsError || res.Meta["panic"] != "kaboom" || strings.Contains(res.Content, "kaboom") {
		t.Fatalf("panic not contained: %+v", res)
	}
}

func TestRegisterErrors(t *testing.T) {
	r := NewRegistry()
	if err := r.Register(Tool{Name: "x", InputSchema: []byte(`{"type":`)}); err == nil {
		t.Error("malformed schema accepted")
	}
	if err := r.Register(Tool{Name: "x", InputSchema: []byte(`{"$ref":"http://example.com/s.json"}`)}); err == nil {
		t.Error("remote reference accepted")
	}
	must(t, r.Register(Tool{Name: "x", InputSchema: []byte(`{}`)}))
	if err := r.Register(Tool{Name: "x", InputSchema: []byte(`{}`)}); err == nil {
		t.Error("duplicate name accepted")
	}
}

func TestEmptyArgumentsMeanEmptyObject(t *testing.T) {
	r := NewRegistry()
	must(t, r.Register(Tool{Name: "now", InputSchema: []byte(`{"type":"object","additionalProperties":false}`), Handler: echo}))
	if res := dispatch(t, r, "now", ``); res.IsError {
		t.Fatalf("empty arguments rejected: %+v", res)
	}
}

func TestOutputSchema(t *testing.T) {
	r := NewRegistry()
	out := []byte(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`)
	must(t, r.Register(Tool{Name: "good", InputSchema: []byte(`{}`), OutputSchema: out,
		Handler: func(context.Context, *Request) Result { return Result{Content: `{"n":1}`} }}))
	must(t, r.Register(Tool{Name: "bad", InputSchema: []byte(`{}`), OutputSchema: out,
		Handler: func(context.Context, *Request) Result { return Result{Content: `{"n":"one"}`} }}))
	if res := dispatch(t, r, "good", `{}`); res.IsError {
		t.Fatalf("good output rejected: %+v", res)
	}
	res := dispatch(t, r, "bad", `{}`)
	if !res.IsError || !strings.Contains(res.Content, "not in your call") || !strings.Contains(res.Content, "/n: expected an integer") {
		t.Fatalf("bad output not caught: %+v", res)
	}
}

type weatherIn struct {
	City  string `json:"city" description:"City name."`
	Units string `json:"units,omitempty" jsonschema:"enum=c,enum=f"`
	Days  int    `json:"days,omitempty" jsonschema:"minimum=1,maximum=7"`
}

type weatherOut struct {
	TempC float64 `json:"temp_c"`
}

func TestFuncReflection(t *testing.T) {
	tool, err := Func("weather", "Current weather.", func(_ context.Context, in weatherIn) (weatherOut, error) {
		if in.City == "Atlantis" {
			return weatherOut{}, errString("no weather under the sea")
		}
		return weatherOut{TempC: 21.5}, nil
	})
	must(t, err)
	r := NewRegistry()
	must(t, r.Register(tool))
	if res := dispatch(t, r, "weather", `{"city":"Lisbon","units":"c"}`); res.IsError || res.Content != `{"temp_c":21.5}` {
		t.Fatalf("valid: %+v", res)
	}
	if res := dispatch(t, r, "weather", `{"city":"Atlantis"}`); !res.IsError || res.Content != "no weather under the sea" {
		t.Fatalf("handler error: %+v", res)
	}
	res := dispatch(t, r, "weather", `{"units":"k","days":9,"town":"x"}`)
	for _, want := range []string{`/city: missing required property`, `/units: expected one of "c", "f", got "k"`, `/days: expected an integer from 1 to 7, got 9`, `/town: unknown property`} {
		if !strings.Contains(res.Content, want) {
			t.Errorf("missing %q in %s", want, res.Content)
		}
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestDispatchDecodeLimits(t *testing.T) {
	r := newSearchRegistry(t, WithLimits(Limits{MaxBytes: 64, MaxDepth: 3}))
	cases := map[string]string{
		`{"query":"` + strings.Repeat("x", 80) + `","origin":"SFO"}`: `/: arguments are 107 bytes, over the limit of 64`,
		`{"query":"x","origin":"SFO","window":{"from":[[1]]}}`:       `/window/from/0: nesting deeper than 3 levels`,
		"{\"query\":\"\xff\",\"origin\":\"SFO\"}":                    `/query: invalid UTF-8 in string`,
	}
	for args, want := range cases {
		res := dispatch(t, r, "search", args)
		if !res.IsError || !strings.Contains(res.Content, want) {
			t.Errorf("%q:\n got %s\nwant %s", args, res.Content, want)
		}
	}
}

// TestMiddlewareAddedLaterApplies: the composed handler is cached per tool,
// and Use invalidates it; a stateful middleware is composed once.
func TestMiddlewareAddedLaterApplies(t *testing.T) {
	reg := NewRegistry()
	if err := reg.Register(Tool{Name: "echo", InputSchema: []byte(`{"type":"object"}`), Handler: echo}); err != nil {
		t.Fatal(err)
	}
	call := Call{Name: "echo", Arguments: json.RawMessage(`{}`)}
	if res := reg.Dispatch(context.Background(), call); res.Content != "{}" {
		t.Fatalf("first call: %+v", res)
	}
	composed := 0
	reg.Use(func(next Handler) Handler {
		composed++
		return func(ctx context.Context, req *Request) Result {
			res := next(ctx, req)
			res.Content += "!"
			return res
		}
	})
	for i := 0; i < 3; i++ {
		if res := reg.Dispatch(context.Background(), call); res.Content != "{}!" {
			t.Fatalf("call %d after Use: %+v", i, res)
		}
	}
	if composed != 1 {
		t.Errorf("middleware composed %d times for 3 calls, want once", composed)
	}
}
