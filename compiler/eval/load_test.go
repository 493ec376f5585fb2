package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadOwnFormat(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "q.jsonl")
	data := `{"id":"a","question":"Weather in Oslo?","expected":{"name":"forecast","arguments":{"city":"Oslo"}}}

{"id":"b","question":[[{"role":"user","content":"Hi"}]],"expected":{"name":""}}
`
	if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	qs, err := Load(f, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 2 || qs[0].Line != 1 || qs[1].Line != 3 || qs[0].Messages[0].Content != "Weather in Oslo?" ||
		qs[0].Expected.Name != "forecast" || qs[0].Expected.Args["city"][0] != "Oslo" || qs[1].Tools != nil {
		t.Errorf("questions: %+v", qs)
	}
	if err := os.WriteFile(f, []byte(data+`{"id":"c","question":"x"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(f, "", 0); err == nil || !strings.Contains(err.Error(), "q.jsonl:4:1: question \"c\": no expected call") {
		t.Errorf("missing expectation: %v", err)
	}
}

func TestArgsMatch(t *testing.T) {
	want := map[string][]any{"a": {float64(1)}, "b": {"", "x"}, "c": {map[string]any{"min": []any{float64(2)}}}}
	for _, c := range []struct {
		got  map[string]any
		want bool
	}{
		{map[string]any{"a": 1.0, "c": map[string]any{"min": 2.0}}, true},
		{map[string]any{"a": 1.0, "b": "x", "c": map[string]any{"min": 2.0}}, true},
		{map[string]any{"a": 1.0, "b": "y", "c": map[string]any{"min": 2.0}}, false},
		{map[string]any{"a": 1.0, "c": map[string]any{"min": 3.0}}, false},
		{map[string]any{"c": map[string]any{"min": 2.0}}, false},
		{map[string]any{"a": 1.0, "c": map[string]any{"min": 2.0}, "d": 1.0}, false},
	} {
		if got := argsMatch(c.got, want); got != c.want {
			t.Errorf("argsMatch(%v) = %v", c.got, got)
		}
	}
}

func FuzzParseLine(f *testing.F) {
	for _, s := range []string{`{"id":"a","question":"q","expected":{"name":"t"}}`, `{"id":"m","question":[[{"role":"user","content":"x"}]],"function":[{"name":"f"}]}`, `{}`, `[]`} {
		f.Add(s)
	}
	answers := map[string]*Expected{"m": {Name: "f"}}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := parseLine([]byte(s), answers)
		if err == nil && (len(q.Messages) == 0 || q.Expected == nil) {
			t.Fatalf("accepted %q without a message or an expectation", s)
		}
	})
}
