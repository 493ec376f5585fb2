package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDuplicateToolNames: duplicate tool names are found in one place
// (ir.Catalog.DuplicateTools), across files and frontends, each reported
// once at the later tool naming the first; no frontend drops one.
func TestDuplicateToolNames(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.ts", "/** First.\n * @tool */ export function dup(x: string): void {}\n")
	b := write("b.ts", "/** @tool */ export declare function dup(z: boolean): void;\n")
	py := write("tools.py", "def dup(w: int) -> None:\n    \"\"\"Python's.\"\"\"\n\ndef dup2(v: int) -> None:\n    pass\n\ndef dup2(v: str) -> None:\n    pass\n")
	cat, ds := Compile([]string{a, b, py}, &Config{})
	var got []string
	for _, d := range ds.Sorted() {
		if d.RuleID == "name-collision" {
			got = append(got, strings.TrimPrefix(d.String(), dir+string(filepath.Separator)))
		}
	}
	b, _ = filepath.Abs(b)
	// Each duplicate is reported at both places (issue 28).
	want := []string{
		`a.ts:2:29: error: tool "dup" is defined again at ` + b + `:1:38 [name-collision]`,
		`a.ts:2:29: error: tool "dup" is defined again at ` + py + `:1:1 [name-collision]`,
		`b.ts:1:38: error: duplicate tool name "dup" (first defined at ` + a + `:2:29) [name-collision]`,
		`tools.py:1:1: error: duplicate tool name "dup" (first defined at ` + a + `:2:29) [name-collision]`,
		`tools.py:4:1: error: tool "dup2" is defined again at ` + py + `:7:1 [name-collision]`,
		`tools.py:7:1: error: duplicate tool name "dup2" (first defined at ` + py + `:4:1) [name-collision]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("duplicate diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Every tool stays in the catalog: lint reports the same pairs as findings.
	if n := len(cat.Tools); n != 5 {
		t.Errorf("catalog has %d tools, want all 5 (none dropped)", n)
	}
	if n := len(cat.DuplicateTools()); n != 3 {
		t.Errorf("DuplicateTools found %d, want 3", n)
	}
	// A caller that reports duplicates itself gets none from the compiler.
	in, _ := CollectInputs([]string{a, b, py})
	in.DuplicatesReported = true
	if _, ds := CompileInputs(in, &Config{}); strings.Contains(fmt.Sprint(ds), "duplicate tool name") {
		t.Errorf("DuplicatesReported still reported: %v", ds)
	}
}
