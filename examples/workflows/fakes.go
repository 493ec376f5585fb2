package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tscg/tscg/runtime"
)

// fakes are in-memory handlers. extract_figures waits until `parallel`
// calls are in flight at once and fails if they never are, so a
// successful run proves the for_each calls overlapped.
type fakes struct {
	mu       sync.Mutex
	inFlight int
	ready    chan struct{}
	parallel int
}

func newFakes(parallel int) *fakes {
	return &fakes{ready: make(chan struct{}), parallel: parallel}
}

var documents = map[string][]map[string]any{
	"Q3 2024": {{"id": "q3-emea", "title": "EMEA sales Q3"}, {"id": "q3-amer", "title": "Americas sales Q3"}, {"id": "q3-apac", "title": "APAC sales Q3"}},
	"Q4 2023": {{"id": "q4-emea", "title": "EMEA sales Q4"}, {"id": "q4-amer-scan", "title": "Americas sales Q4 (scanned)"}, {"id": "q4-apac", "title": "APAC sales Q4"}},
}

var figures = map[string][2]float64{
	"q3-emea": {4.2e6, 3.1e6}, "q3-amer": {6.8e6, 4.9e6}, "q3-apac": {3.9e6, 2.7e6},
	"q4-emea": {4.0e6, 3.3e6}, "q4-apac": {3.5e6, 2.9e6},
}

func (f *fakes) handler(name string) runtime.Handler {
	return func(ctx context.Context, req *runtime.Request) runtime.Result {
		args := req.Value.(map[string]any)
		out, err := f.call(ctx, name, args)
		if err != nil {
			return runtime.Result{IsError: true, Content: err.Error()}
		}
		b, _ := json.Marshal(out)
		return runtime.Result{Content: string(b)}
	}
}

func (f *fakes) call(ctx context.Context, name string, args map[string]any) (any, error) {
	time.Sleep(15 * time.Millisecond) // a little latency, so the trace has something to show
	switch name {
	case "search_documents":
		q := args["query"].(string)
		for k, docs := range documents {
			if strings.HasSuffix(q, k) {
				return map[string]any{"items": docs, "total": len(docs)}, nil
			}
		}
		return map[string]any{"items": []any{}, "total": 0}, nil
	case "get_targets":
		return map[string]any{"revenue_target": 14.0e6}, nil
	case "extract_figures":
		return f.extract(ctx, args["doc_id"].(string))
	case "analyse_trends":
		return analyse(args)
	case "format_report":
		return map[string]any{"text": fmt.Sprintf("# %s\n\n%s", args["title"], args["body"])}, nil
	}
	return nil, fmt.Errorf("no fake for %s", name)
}

// extract waits for the other for_each calls, then answers; the scanned
// document cannot be read.
func (f *fakes) extract(ctx context.Context, id string) (any, error) {
	f.mu.Lock()
	f.inFlight++
	if f.inFlight == f.parallel {
		close(f.ready)
	}
	ready := f.ready
	f.mu.Unlock()
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
		return nil, fmt.Errorf("extract_figures calls did not run in parallel (%d of %d arrived)", f.arrived(), f.parallel)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	fig, ok := figures[id]
	if !ok {
		return nil, fmt.Errorf("document %s is a scanned image without a text layer; run OCR first", id)
	}
	region := strings.ToUpper(id[strings.LastIndex(id, "-")+1:])
	return map[string]any{"region": region, "revenue": fig[0], "costs": fig[1]}, nil
}

func analyse(args map[string]any) (any, error) {
	var revenue, costs float64
	figs := args["figures"].([]any)
	for _, x := range figs {
		m := x.(map[string]any)
		r, _ := m["revenue"].(json.Number).Float64()
		c, _ := m["costs"].(json.Number).Float64()
		revenue, costs = revenue+r, costs+c
	}
	target, _ := args["target"].(json.Number).Float64()
	growth := (revenue - target) / target
	return map[string]any{
		"summary": fmt.Sprintf("Revenue %.1fM across %d regions (target %.1fM, %+.1f%%); margin %.1f%%.",
			revenue/1e6, len(figs), target/1e6, growth*100, (revenue-costs)/revenue*100),
		"growth": growth,
	}, nil
}

func (f *fakes) arrived() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.inFlight
}
