package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/tscg/tscg/runtime"
)

func Example() {
	reg := runtime.NewRegistry()
	reg.Use(runtime.Recover(), runtime.Timeout(5*time.Second), runtime.Truncate(runtime.DefaultTruncate))
	err := reg.Register(runtime.Tool{
		Name: "search",
		InputSchema: []byte(`{"type":"object","properties":{
			"query":{"type":"string"},
			"max_results":{"type":"integer","minimum":1,"maximum":50,"default":10}},
			"required":["query"],"additionalProperties":false}`),
		Handler: func(ctx context.Context, req *runtime.Request) runtime.Result {
			return runtime.Result{Content: "searched with " + string(req.Arguments)}
		},
	})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	for _, call := range []runtime.Call{
		{ID: "1", Name: "search", Arguments: json.RawMessage(`{"query":"lisbon"}`)},
		{ID: "2", Name: "search", Arguments: json.RawMessage(`{"query":"lisbon","max_results":"ten"}`)},
		{ID: "3", Name: "serch", Arguments: json.RawMessage(`{}`)},
	} {
		res := reg.Dispatch(ctx, call)
		fmt.Printf("%s error=%v\n%s\n", res.ID, res.IsError, res.Content)
	}
	// Output:
	// 1 error=false
	// searched with {"max_results":10,"query":"lisbon"}
	// 2 error=true
	// invalid arguments for tool "search" (1 problem); fix them and call the tool again:
	// /max_results: expected an integer from 1 to 50, got "ten"
	// 3 error=true
	// unknown tool "serch"; it was not called. Did you mean "search"? Available tools: search.
}
