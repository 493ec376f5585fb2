package runtime

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestNumberBomb is issue 18's "300 copies of 1e999999": 13.6 s of CPU in
// validation, before any timeout, and integers a Python tool read as inf.
// Numbers beyond a 64-bit float, or absurdly long, are now refused by the
// decoder, before any schema arithmetic.
func TestNumberBomb(t *testing.T) {
	reg := NewRegistry()
	if err := reg.Register(Tool{Name: "sum", InputSchema: json.RawMessage(`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"integer","minimum":0,"multipleOf":3}}}}`),
		Handler: func(context.Context, *Request) Result { return Result{Content: "ran"} }}); err != nil {
		t.Fatal(err)
	}
	for _, bomb := range []string{"1e999999", "-1e999999", "1e309", "1e-99999", "1" + strings.Repeat("0", 2000), "0." + strings.Repeat("3", 2000)} {
		args := `{"xs":[` + strings.TrimSuffix(strings.Repeat(bomb+",", 300), ",") + `]}`
		res := reg.Dispatch(context.Background(), Call{Name: "sum", Arguments: json.RawMessage(args)})
		if !res.IsError || res.Content == "ran" || !strings.Contains(res.Content, "send such a value as a string") {
			t.Errorf("%.20s…: %v %s", bomb, res.IsError, res.Content)
		}
	}
	// The largest finite doubles and long-but-bounded numbers still pass.
	for _, ok := range []string{"0", "3", "3e300", "3" + strings.Repeat("0", 300)} {
		res := reg.Dispatch(context.Background(), Call{Name: "sum", Arguments: json.RawMessage(`{"xs":[` + ok + `]}`)})
		if res.IsError {
			t.Errorf("%.20s…: %s", ok, res.Content)
		}
	}
}

// BenchmarkNumberBombRejected times refusing 300 copies of 1e999999 (the
// issue measured 13.6 s of validation before the fix).
func BenchmarkNumberBombRejected(b *testing.B) {
	reg := NewRegistry()
	_ = reg.Register(Tool{Name: "sum", InputSchema: json.RawMessage(`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"integer"}}}}`),
		Handler: func(context.Context, *Request) Result { return Result{Content: "ran"} }})
	args := json.RawMessage(`{"xs":[` + strings.TrimSuffix(strings.Repeat("1e999999,", 300), ",") + `]}`)
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if res := reg.Dispatch(context.Background(), Call{Name: "sum", Arguments: args}); !res.IsError {
			b.Fatal("accepted")
		}
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/float64(b.N), "µs/reject")
}
