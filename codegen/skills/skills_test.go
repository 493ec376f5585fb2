package skills

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/frontends/typescript"
	"github.com/tscg/tscg/internal/golden"
	rtskills "github.com/tscg/tscg/runtime/skills"
)

func weather(t *testing.T) *ir.Catalog {
	t.Helper()
	cat, ds := typescript.Load([]string{filepath.Join("..", "..", "examples", "weather", "tools.ts")}, typescript.Options{})
	if ds.HasErrors() {
		t.Fatalf("load: %v", ds)
	}
	return cat
}

func TestGoldenWeather(t *testing.T) {
	cat := weather(t)
	files, err := Generate(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no skills generated for the weather example")
	}
	ar := golden.Open(t, filepath.Join("testdata", "weather.txtar"))
	for _, f := range files {
		ar.Check(t, f.Path, f.Contents)
	}
	ar.Close(t)
}

// TestCompiledSkillsLoad reads each generated SKILL.md back with the
// runtime's parser: it names every tool of its group, and lints clean.
func TestCompiledSkillsLoad(t *testing.T) {
	cat := &ir.Catalog{
		Groups: []*ir.Group{{Name: "Files_IO", Description: "File tools. Always read before you write."}},
		Tools: []*ir.Tool{
			{Name: "read_file", Description: "Read a file.", Group: "Files_IO", Params: &ir.Type{Kind: ir.KindObject}},
			{Name: "write_file", Description: "Write a file.", Group: "Files_IO", Params: &ir.Type{Kind: ir.KindObject}},
			{Name: "clock", Description: "The time.", Params: &ir.Type{Kind: ir.KindObject}},
		},
	}
	files, err := Generate(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != "skills/files-io/SKILL.md" {
		t.Fatalf("files = %v", files)
	}
	sk, err := rtskills.Parse(files[0].Path, files[0].Contents)
	if err != nil {
		t.Fatal(err)
	}
	if sk.Name != "files-io" || sk.Description != "File tools." || !reflect.DeepEqual(sk.Tools, []string{"read_file", "write_file"}) {
		t.Errorf("skill = %+v", sk)
	}
	if !strings.Contains(sk.Body, "Always read before you write.") || !strings.Contains(sk.Body, "write_file") {
		t.Errorf("body = %s", sk.Body)
	}
	known := func(n string) bool { return cat.Tool(n) != nil }
	if fs := rtskills.Lint([]*rtskills.Skill{sk}, rtskills.LintOptions{KnownTool: known}); len(fs) != 0 {
		t.Errorf("lint: %v", fs)
	}
	files, _ = Generate(cat, Options{Ungrouped: "misc"})
	if len(files) != 2 || files[1].Path != "skills/misc/SKILL.md" {
		t.Errorf("with Ungrouped: %v", files)
	}
}

func TestSkillName(t *testing.T) {
	for in, want := range map[string]string{"Files_IO": "files-io", "weather/tools.ts": "weather-tools-ts", "--x--": "x", "": ""} {
		if got := SkillName(in); got != want {
			t.Errorf("SkillName(%q) = %q, want %q", in, got, want)
		}
	}
	cat := &ir.Catalog{Tools: []*ir.Tool{{Name: "a", Group: "A b"}, {Name: "b", Group: "a-b"}}}
	if _, err := Generate(cat, Options{}); err == nil || !strings.Contains(err.Error(), "both become skill") {
		t.Errorf("clash = %v", err)
	}
}
