package runtime

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// The model's spellings of integers that JSON Schema accepts as integers
// (a zero fraction is an integer: JSON-Schema-Test-Suite type.json "a
// float with zero fractional part is an integer", optional/float-overflow
// 1e308), and the exact integer a tool must receive for each.
var integerSpellings = []struct{ sent, exact string }{
	{"1e308", "1" + strings.Repeat("0", 308)},
	{"1e19", "10000000000000000000"},
	{"9007199254740993", "9007199254740993"},
	{"-0", "0"},
	{"1.0", "1"},
	{"1e3", "1000"},
	{"1E+3", "1000"},
	{"-2.50e1", "-25"},
	{"12", "12"},
}

// TestIntegersReachToolsExactly is issue 18's "an integer is an
// integer": the validator keeps the suite's verdicts (1.0, 1e3 and 1e308
// are integers), and the arguments a handler receives carry each
// integer-typed value in its exact integer form, wherever the schema puts
// it: a property, Optional (anyOf with null), array items, prefixItems,
// $ref, allOf, additionalProperties, a recursive type. A number-typed
// value keeps its spelling.
func TestIntegersReachToolsExactly(t *testing.T) {
	schema := `{"type":"object","properties":{
		"n":{"type":"integer"},
		"opt":{"anyOf":[{"type":"integer"},{"type":"null"}]},
		"list":{"type":"array","items":{"type":"integer"}},
		"pair":{"type":"array","prefixItems":[{"type":"number"},{"type":"integer"}]},
		"ref":{"$ref":"#/$defs/Count"},
		"all":{"allOf":[{"minimum":-1e400},{"type":"integer"}]},
		"map":{"type":"object","additionalProperties":{"type":"integer"}},
		"tree":{"$ref":"#/$defs/Node"},
		"f":{"type":"number"}},
		"$defs":{"Count":{"type":["integer","null"]},
		         "Node":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}}}`
	var got json.RawMessage
	reg := NewRegistry()
	must(t, reg.Register(Tool{Name: "t", InputSchema: json.RawMessage(schema),
		Handler: func(_ context.Context, req *Request) Result { got = req.Arguments; return Result{Content: "ok"} }}))
	for _, c := range integerSpellings {
		args := strings.NewReplacer("N", c.sent).Replace(
			`{"n":N,"opt":N,"list":[N,N],"pair":[N,N],"ref":N,"all":N,"map":{"k":N},"tree":{"v":N,"kids":[{"v":N,"kids":[{"v":N}]}]},"f":N}`)
		got = nil
		res := reg.Dispatch(context.Background(), Call{Name: "t", Arguments: json.RawMessage(args)})
		if res.IsError {
			t.Errorf("%s: refused: %s", c.sent, res.Content)
			continue
		}
		want := strings.NewReplacer("N", c.exact, "F", c.sent).Replace(
			`{"all":N,"f":F,"list":[N,N],"map":{"k":N},"n":N,"opt":N,"pair":[F,N],"ref":N,"tree":{"kids":[{"kids":[{"v":N}],"v":N}],"v":N}}`)
		if c.sent == c.exact {
			want = args // nothing rewritten: the bytes the model sent
		}
		if string(got) != want {
			t.Errorf("%s: handler received\n%s\nwant\n%s", c.sent, got, want)
		}
	}
	// Not integers: refused as before, nothing rewritten.
	for _, bad := range []string{"1.5", "1e-1", "9007199254740993.5"} {
		res := reg.Dispatch(context.Background(), Call{Name: "t", Arguments: json.RawMessage(`{"n":` + bad + `}`)})
		if !res.IsError || !strings.Contains(res.Content, "/n: expected an integer") {
			t.Errorf("%s: %v %s", bad, res.IsError, res.Content)
		}
	}
}

// TestTypedIntegerRange: a hand-written Go tool (Func/Typed) receives 1e3
// as 1000, and a value beyond its Go integer type is refused naming the
// parameter and the range, not with encoding/json's text.
func TestTypedIntegerRange(t *testing.T) {
	type in struct {
		N     int64   `json:"n"`
		Small int8    `json:"small,omitempty"`
		U     []uint8 `json:"u,omitempty"`
	}
	tool, err := Func("count", "", func(_ context.Context, v in) (string, error) {
		b, _ := json.Marshal(v)
		return string(b), nil
	})
	must(t, err)
	reg := NewRegistry()
	must(t, reg.Register(tool))
	for _, c := range []struct{ args, want string }{
		{`{"n":1e3}`, `{"n":1000}`},
		{`{"n":1.0,"small":-1.28e2}`, `{"n":1,"small":-128}`},
		{`{"n":-0}`, `{"n":0}`},
		{`{"n":9007199254740993}`, `{"n":9007199254740993}`},
		{`{"n":1e19}`, "/n: expected an integer from -9223372036854775808 to 9223372036854775807 (the tool's Go int64), got 10000000000000000000"},
		{`{"n":1e308}`, "/n: expected an integer from -9223372036854775808 to 9223372036854775807 (the tool's Go int64), got 1000000"},
		{`{"n":1,"small":300}`, "/small: expected an integer from -128 to 127 (the tool's Go int8), got 300"},
	} {
		res := reg.Dispatch(context.Background(), Call{Name: "count", Arguments: json.RawMessage(c.args)})
		if !strings.Contains(res.Content, c.want) || res.IsError != strings.HasPrefix(c.want, "/") {
			t.Errorf("%s: %v %s; want %s", c.args, res.IsError, res.Content, c.want)
		}
	}
}

func TestCanonicalInteger(t *testing.T) {
	for _, c := range integerSpellings {
		if got, ok := canonicalInteger(json.Number(c.sent)); !ok || string(got) != c.exact {
			t.Errorf("canonicalInteger(%s) = %s, %v; want %s", c.sent, got, ok, c.exact)
		}
	}
	if _, ok := canonicalInteger("1.5"); ok {
		t.Error("1.5 is an integer?")
	}
}
