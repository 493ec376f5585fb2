package typescript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeExample keeps the README's TypeScript example true: it
// compiles, and declares the three tool forms it says it does.
func TestReadmeExample(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "```ts\n")
	if i < 0 {
		t.Fatal("README has no ```ts block")
	}
	body := s[i+len("```ts\n"):]
	body = body[:strings.Index(body, "```")]
	path := filepath.Join(t.TempDir(), "readme.ts")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, ds := Load([]string{path}, Options{})
	if ds.HasErrors() {
		t.Fatalf("README example does not compile: %v", ds)
	}
	var names []string
	for _, tool := range cat.Tools {
		names = append(names, tool.Name)
	}
	if got := strings.Join(names, ","); got != "get_weather,search_documents,calculate_expression" {
		t.Errorf("README example tools = %s", got)
	}
	if w := cat.Tool("get_weather"); w == nil || w.Annotations.ReadOnly == nil || !*w.Annotations.ReadOnly || strings.Contains(w.Description, "@") {
		t.Errorf("get_weather should be read-only with a clean description: %+v", w)
	}
}

// TestReadmeZodExample keeps the README's zod example true: the constant
// is a named type and the registration a tool with its configuration.
func TestReadmeZodExample(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(data), "```ts\n")
	if len(blocks) < 3 {
		t.Fatal("README has no second ```ts block")
	}
	body := blocks[2][:strings.Index(blocks[2], "```")]
	path := filepath.Join(t.TempDir(), "readme.ts")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, ds := Load([]string{path}, Options{})
	if ds.HasErrors() {
		t.Fatalf("README zod example does not compile: %v", ds)
	}
	tool := cat.Tool("search")
	if tool == nil || tool.Title != "Search" || tool.Annotations.ReadOnly == nil || tool.Params.Prop("query") == nil || tool.Params.Prop("limit").Required {
		t.Fatalf("README zod example tool = %+v", tool)
	}
	if n := cat.Type("Search"); n == nil || !n.Exported {
		t.Errorf("README zod example: no exported type Search in %v", cat.Types)
	}
}
