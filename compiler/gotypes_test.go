package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A JSON file inside a Go package directory with a $defs type of a Go
// type's name used to replace the Go type's schema silently (issue 17):
// it is an error naming both.
func TestJSONNeverShadowsGoTypes(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":      "module example.com/s\n\ngo 1.26\n",
		"w.go":        "package s\n\n// Weather is the weather.\ntype Weather struct {\n\tTemp float64 `json:\"temp\"`\n}\n",
		"schema.json": `{"$defs": {"Weather": {"type": "object"}}, "type": "object", "properties": {"w": {"$ref": "#/$defs/Weather"}}}`,
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in, ds := CollectInputs([]string{dir})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	_, ds = CompileInputs(in, &Config{})
	var msgs []string
	for _, d := range ds {
		msgs = append(msgs, d.String())
	}
	got := strings.Join(msgs, "\n")
	if !ds.HasErrors() || !strings.Contains(got, `type "Weather" is also the Go type at `) || !strings.Contains(got, "w.go:4:6") {
		t.Fatalf("want a collision error naming both, got:\n%s", got)
	}
}
