package typescript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

const selectionSrc = `export interface Good { q: string }
export interface Bad { close(): void }
export interface UsesBad { b: Bad }
/** Search. */
export declare function search(p: Good): void;
/** Close. */
export declare function shut(p: { h: Bad }): void;
/** Broken itself. */
export declare function odd(p: { x: Missing }): void;
`

func loadSelected(t *testing.T, sel *Selection) (*ir.Catalog, diag.List) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "x.ts")
	if err := os.WriteFile(path, []byte(selectionSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	return Load([]string{path}, Options{Select: sel})
}

// TestSelection: errors only in what a selection does not reach are
// warnings at their positions, and what holds them is left out; what the
// selection reaches stays an error.
func TestSelection(t *testing.T) {
	for _, tc := range []struct {
		name       string
		sel        *Selection
		errors     []string // positions (line:col) of errors
		warnings   []string
		types      []string // exported types kept
		tools      []string
		wantAbsent []string
	}{
		{name: "nil is strict", sel: nil, errors: []string{"2:24", "9:37"},
			// odd has an error of its own: it is left out, its error stays.
			types: []string{"Good", "Bad", "UsesBad"}, tools: []string{"search", "shut"}, wantAbsent: []string{"odd"}},
		{name: "type Good", sel: &Selection{Types: []string{"Good"}}, warnings: []string{"2:24", "3:18", "7:25", "9:37"},
			types: []string{"Good"}, tools: []string{"search"}, wantAbsent: []string{"Bad", "UsesBad", "shut", "odd"}},
		{name: "type UsesBad", sel: &Selection{Types: []string{"UsesBad"}}, errors: []string{"2:24"}, warnings: []string{"9:37"}},
		{name: "every type", sel: &Selection{Types: []string{"*"}}, errors: []string{"2:24"}, warnings: []string{"9:37"}},
		{name: "tool search", sel: &Selection{Tools: []string{"search"}}, warnings: []string{"2:24", "3:18", "7:25", "9:37"},
			tools: []string{"search"}, wantAbsent: []string{"shut", "odd"}},
		{name: "tool odd", sel: &Selection{Tools: []string{"odd"}}, errors: []string{"9:37"}, warnings: []string{"2:24", "3:18", "7:25"}},
		{name: "every tool", sel: &Selection{Tools: []string{"*"}}, errors: []string{"2:24", "9:37"}},
		{name: "nothing selected exists", sel: &Selection{Types: []string{"Nope"}}, errors: []string{"2:24", "9:37"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat, ds := loadSelected(t, tc.sel)
			var errs, warns []string
			for _, d := range ds {
				at := strings.TrimPrefix(d.Pos.String(), d.Pos.File+":")
				if d.Severity == diag.Error {
					errs = append(errs, at)
				} else {
					warns = append(warns, at)
					if d.Pos.Line == 0 || !strings.Contains(d.Message, "left out") {
						t.Errorf("warning %v: want a position and what is left out", d)
					}
				}
			}
			if strings.Join(errs, " ") != strings.Join(tc.errors, " ") || strings.Join(warns, " ") != strings.Join(tc.warnings, " ") {
				t.Errorf("errors %v (want %v), warnings %v (want %v)\n%v", errs, tc.errors, warns, tc.warnings, ds)
			}
			for _, n := range tc.types {
				if cat.Type(n) == nil {
					t.Errorf("type %s missing", n)
				}
			}
			for _, n := range tc.tools {
				if cat.Tool(n) == nil {
					t.Errorf("tool %s missing", n)
				}
			}
			for _, n := range tc.wantAbsent {
				if cat.Type(n) != nil || cat.Tool(n) != nil {
					t.Errorf("%s is kept; it must be left out", n)
				}
			}
		})
	}
}
