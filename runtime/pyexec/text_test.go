package pyexec

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/tscg/tscg/runtime"
)

func TestResultText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`"北京：晴"`, "北京：晴"},
		{`"\u5317\u4eac\uff1a\u6674"`, "北京：晴"},
		{`"line\nbreak \"q\""`, "line\nbreak \"q\""},
		{`{"city": "\u5317\u4eac", "n": 1}`, `{"city": "北京", "n": 1}`},
		{`["\ud83d\ude00", "\\u5317", "\u0001"]`, `["😀", "\\u5317", "\u0001"]`},
		{`["a\ud800b", "\udc00\ud800"]`, `["a\ud800b", "\udc00\ud800"]`},
		{`42`, `42`},
	} {
		got, _ := resultText(json.RawMessage(c.in))
		if got != c.want {
			t.Errorf("resultText(%s) = %s, want %s", c.in, got, c.want)
		}
	}
	if _, text := resultText(json.RawMessage(`"x"`)); !text {
		t.Error("a string result is not marked as text")
	}
	if _, text := resultText(json.RawMessage(`{"x":1}`)); text {
		t.Error("an object result is marked as text")
	}
}

// FuzzUnescapeUnicode: for any valid JSON the rewrite is valid JSON of the
// same value.
func FuzzUnescapeUnicode(f *testing.F) {
	for _, s := range []string{`"\u5317"`, `{"\u4eac":["\ud83d\ude00","\ud800"]}`, `"\\u0041\\"`, `"\u00e9\n"`, `[1,"\udbff\udfff"]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var want any
		if json.Unmarshal(in, &want) != nil {
			unescapeUnicode(in) // must not panic
			return
		}
		out := unescapeUnicode(in)
		var got any
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%q became invalid JSON %q: %v", in, out, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q became %q: %v, want %v", in, out, got, want)
		}
	})
}

// TestChineseResultsArriveReadable: a Python tool's Chinese text reaches
// the model as UTF-8, a string result without quotes, and the output
// check still validates both.
func TestChineseResultsArriveReadable(t *testing.T) {
	t.Parallel()
	e := newExec(t, Config{Workers: 1, Timeout: 10 * time.Second})
	reg := runtime.NewRegistry()
	obj := []byte(`{"type":"object"}`)
	err := e.Register(reg,
		Spec{Name: "echo", InputSchema: obj, OutputSchema: []byte(`{"type":"string","maxLength":20}`), File: cases},
		Spec{Name: "city_report", InputSchema: obj, OutputSchema: obj, File: cases})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res := reg.Dispatch(ctx, runtime.Call{Name: "echo", Arguments: json.RawMessage(`{"text": "北京今天晴，最高 25 度"}`)})
	if res.IsError || res.Content != "北京今天晴，最高 25 度" || !res.Text {
		t.Errorf("string result: %+v", res)
	}
	res = reg.Dispatch(ctx, runtime.Call{Name: "echo", Arguments: json.RawMessage(`{"text": "这段文字比输出模式允许的二十个字符还要长得多得多"}`)})
	if !res.IsError || res.Meta["output_errors"] == nil {
		t.Errorf("a string breaking its output schema passed: %+v", res)
	}
	res = reg.Dispatch(ctx, runtime.Call{Name: "city_report", Arguments: json.RawMessage(`{"city": "上海"}`)})
	want := `{"城市": "上海", "天气": "晴，微风", "tags": ["多云转晴", "quote\"and\\slash"]}`
	if res.IsError || res.Content != want || res.Text {
		t.Errorf("object result: %+v\nwant %s", res, want)
	}
}
