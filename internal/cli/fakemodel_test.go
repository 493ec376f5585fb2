package cli

import (
	"encoding/json"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tscg/tscg/runtime/agent/agenttest"
)

var (
	fakesMu sync.Mutex
	fakes   = map[*testscript.TestScript]*agenttest.Server{}
)

// fakeModelCmd is the scripts' "fakemodel start" (a fake model server
// of our own, agenttest.Rules, on a loopback port: $MODEL_URL is its
// OpenAI-style base URL, $MODEL_ROOT its root for anthropic) and
// "fakemodel requests" (prints each request seen, one JSON object a line:
// provider, model, temperature, tools, last user message).
func fakeModelCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: fakemodel start|requests")
	}
	fakesMu.Lock()
	defer fakesMu.Unlock()
	switch args[0] {
	case "start":
		f := agenttest.New(nil)
		fakes[ts] = f
		ts.Setenv("MODEL_URL", f.URL+"/v1")
		ts.Setenv("MODEL_ROOT", f.URL)
		ts.Defer(func() {
			f.Close()
			fakesMu.Lock()
			delete(fakes, ts)
			fakesMu.Unlock()
		})
	case "requests":
		f := fakes[ts]
		if f == nil {
			ts.Fatalf("fakemodel requests: no fakemodel start")
		}
		for _, r := range f.Requests() {
			var tools []string
			for _, t := range r.Tools {
				tools = append(tools, t.Name)
			}
			b, _ := json.Marshal(map[string]any{"provider": r.Provider, "model": r.Model, "temperature": r.Temperature, "tools": tools, "user": r.LastUser()})
			ts.Stdout().Write(append(b, '\n'))
		}
	default:
		ts.Fatalf("usage: fakemodel start|requests")
	}
}
