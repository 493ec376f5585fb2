package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/eval"
	"github.com/tscg/tscg/internal/corpus"
	"github.com/tscg/tscg/runtime/agent/agenttest"
)

const bfclMultiple = "../../../shared/corpora/bfcl/BFCL_v4_multiple.json"

// TestEvalBFCL runs tscg eval end to end on BFCL's "multiple" category
// (the first 20 questions) against our fake model, which answers question
// i by i mod 4: the expected call; the expected tool with arguments that
// are not an object; a tool that does not exist; text. The report must say
// exactly that, for each rendering, and the renderings must differ in what
// they sent.
func TestEvalBFCL(t *testing.T) {
	if _, err := os.Stat(bfclMultiple); err != nil {
		corpus.Missing(t, "BFCL corpus absent (%v)", err)
	}
	qs, err := eval.Load(bfclMultiple, "", 20)
	if err != nil {
		t.Fatal(err)
	}
	index := map[string]int{}
	for i, q := range qs {
		index[q.Messages[len(q.Messages)-1].Content] = i
	}
	fake := agenttest.New(func(s agenttest.Seen) agenttest.Turn {
		i, ok := index[s.LastUser()]
		if !ok {
			return agenttest.Turn{Text: "unknown question"}
		}
		want := qs[i].Expected
		name := strings.ReplaceAll(want.Name, ".", "_")
		switch i % 4 {
		case 0:
			b, _ := json.Marshal(firstAccepted(want.Args))
			return agenttest.Turn{Calls: []agenttest.Call{{Name: name, Arguments: string(b)}}}
		case 1:
			return agenttest.Turn{Calls: []agenttest.Call{{Name: name, Arguments: "[]"}}} // not an object
		case 2:
			return agenttest.Turn{Calls: []agenttest.Call{{Name: "no_such_tool", Arguments: "{}"}}}
		}
		return agenttest.Turn{Text: "I cannot help with that."}
	})
	defer fake.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tscg.yaml")
	if err := os.WriteFile(cfg, []byte("version: 1\nmodel:\n  baseURL: "+fake.URL+"/v1\n  model: fake-eval\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"eval", "--config", cfg, "--limit", "20", "--format", "json", bfclMultiple}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d\n%s", code, errb.String())
	}
	var rep struct {
		Results []eval.Result `json:"results"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(rep.Results) != 3 {
		t.Fatalf("results: %s", out.String())
	}
	tokens := map[string]int{}
	for _, r := range rep.Results {
		if r.Questions != 20 || r.Selected != 10 || r.ValidArgs != 5 || r.ArgsMatch != 5 || r.NoCall != 5 || r.Errors != 0 {
			t.Errorf("%s: %+v, want 20 questions, 10 selected, 5 valid, 5 matching, 5 without a call", r.Rendering, r)
		}
		tokens[r.Rendering] = r.InputTokens
	}
	if !(tokens["verbose"] > tokens["provider"] && tokens["provider"] > 0 && tokens["compact"] > 0) {
		t.Errorf("input tokens per rendering %v: verbose descriptions should cost more", tokens)
	}
	reqs := fake.Requests()
	if len(reqs) != 60 || *reqs[0].Temperature != 0 || !strings.Contains(reqs[20].Tools[0].Description, "Parameters:") {
		t.Errorf("%d requests; first temperature %v; a verbose description: %q", len(reqs), reqs[0].Temperature, reqs[20].Tools[0].Description)
	}
	// the text report
	out.Reset()
	if code := Run([]string{"eval", "--config", cfg, "--limit", "20", "--rendering", "compact", bfclMultiple}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d\n%s", code, errb.String())
	}
	if !strings.Contains(out.String(), "compact   10/20  50.0%     5/20  25.0%      5/20  25.0%      5        0") {
		t.Errorf("text report:\n%s", out.String())
	}
}

// firstAccepted picks each argument's first acceptable value (BFCL's ""
// means "may be left out"), recursing into BFCL's nested objects.
func firstAccepted(want map[string][]any) map[string]any {
	args := map[string]any{}
	for k, accept := range want {
		for _, v := range accept {
			if v == "" {
				continue
			}
			if m, ok := v.(map[string]any); ok {
				nested := map[string][]any{}
				for nk, nv := range m {
					nested[nk], _ = nv.([]any)
				}
				v = firstAccepted(nested)
			}
			args[k] = v
			break
		}
	}
	return args
}
