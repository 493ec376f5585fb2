package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

var adapters = map[string]struct {
	parse  func([]byte) ([]Call, error)
	render func([]Result) ([]byte, error)
}{
	"openai_chat":      {ParseOpenAIChat, RenderOpenAIChat},
	"openai_responses": {ParseOpenAIResponses, RenderOpenAIResponses},
	"anthropic":        {ParseAnthropic, RenderAnthropic},
	"gemini":           {ParseGemini, RenderGemini},
	"mcp":              {ParseMCP, RenderMCP},
}

// TestAdaptersGolden parses each provider's response into Calls
// (calls.json) and renders Results into its tool-result shape
// (rendered.json). TSCG_UPDATE=1 rewrites the golden sections.
func TestAdaptersGolden(t *testing.T) {
	update := os.Getenv("TSCG_UPDATE") == "1"
	for name, ad := range adapters {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", "adapters", name+".txtar")
			ar, err := txtar.ParseFile(path)
			must(t, err)
			calls, err := ad.parse(section(t, ar, "response.json"))
			must(t, err)
			var results []Result
			must(t, json.Unmarshal(section(t, ar, "results.json"), &results))
			rendered, err := ad.render(results)
			must(t, err)
			got := map[string][]byte{"calls.json": indent(t, calls), "rendered.json": indentRaw(t, rendered)}
			if update {
				setSection(ar, "calls.json", got["calls.json"])
				setSection(ar, "rendered.json", got["rendered.json"])
				must(t, os.WriteFile(path, txtar.Format(ar), 0o644))
				return
			}
			for _, s := range []string{"calls.json", "rendered.json"} {
				if want := section(t, ar, s); !bytes.Equal(want, got[s]) {
					t.Errorf("%s differs (TSCG_UPDATE=1 to accept):\n got %s\nwant %s", s, got[s], want)
				}
			}
		})
	}
}

// TestAdaptersDispatch runs each provider's parsed calls through a
// registry: the calls are what the validator expects.
func TestAdaptersDispatch(t *testing.T) {
	r := newSearchRegistry(t)
	for name, ad := range adapters {
		ar, err := txtar.ParseFile(filepath.Join("testdata", "adapters", name+".txtar"))
		must(t, err)
		calls, err := ad.parse(section(t, ar, "response.json"))
		must(t, err)
		if len(calls) == 0 {
			t.Fatalf("%s: no calls", name)
		}
		for _, c := range calls {
			if res := r.Dispatch(context.Background(), c); res.IsError {
				t.Errorf("%s: %s rejected: %s", name, c.Name, res.Content)
			}
		}
	}
}

func TestAdaptersRejectMalformed(t *testing.T) {
	for name, ad := range adapters {
		if _, err := ad.parse([]byte(`{"choices":`)); err == nil {
			t.Errorf("%s accepted malformed JSON", name)
		}
	}
}

func section(t *testing.T, ar *txtar.Archive, name string) []byte {
	t.Helper()
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("no section %s (run with TSCG_UPDATE=1 to create golden sections)", name)
	return nil
}

func setSection(ar *txtar.Archive, name string, data []byte) {
	for i, f := range ar.Files {
		if f.Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}

func indent(t *testing.T, v any) []byte {
	b, err := json.MarshalIndent(v, "", "  ")
	must(t, err)
	return append(b, '\n')
}

func indentRaw(t *testing.T, raw []byte) []byte {
	var b bytes.Buffer
	must(t, json.Indent(&b, raw, "", "  "))
	return append(b.Bytes(), '\n')
}

func TestUnwrapArguments(t *testing.T) {
	for in, want := range map[string]string{`"{\"a\":1}"`: `{"a":1}`, `{"a":1}`: `{"a":1}`, `""`: ``, ` "x" `: `x`} {
		if got := string(unwrapArguments(json.RawMessage(in))); got != want {
			t.Errorf("%s: got %q want %q", in, got, want)
		}
	}
	if !strings.Contains(string(unwrapArguments(json.RawMessage(`"bad`))), "bad") {
		t.Error("malformed string lost")
	}
}
