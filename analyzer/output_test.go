package analyzer

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
)

// TestBaselineRoundTrip: what --baseline prints reads back as the same
// ignore list, whatever the rule, tool and path hold.
func TestBaselineRoundTrip(t *testing.T) {
	var fs []Finding
	for i, s := range []string{"plain_tool", "yes", "null", "123", "a: b", "#x", "- item", "*alias", "&anchor", "'q'", `"dq"`, "tab\there", "new\nline", " lead", "trail ", "{x}", "[y]", "!tag", "%pct", "@at", "`tick`", "ünï"} {
		fs = append(fs, Finding{Diagnostic: diag.Diagnostic{RuleID: "docs", Pos: diag.Pos{File: "dir/" + s + ".ts"}}, Tool: s})
		if i%3 == 0 {
			fs = append(fs, Finding{Diagnostic: diag.Diagnostic{RuleID: "token-budget", Pos: diag.Pos{File: s}}})
		}
	}
	out, err := Baseline(fs)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSettings(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, f := range fs {
		if !s.Ignored(f) {
			t.Errorf("finding %+v is not silenced by\n%s", f, out)
		}
	}
	want := map[Ignore]bool{}
	for _, f := range fs {
		want[Ignore{Rule: f.RuleID, Tool: f.Tool, Path: f.Pos.File}] = true
	}
	got := map[Ignore]bool{}
	for _, ig := range s.Ignore {
		got[ig] = true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back %v, want %v", got, want)
	}
}

// TestBaselineShape pins the layout (the one yaml.v3 printed before tscg
// moved to one YAML library), so saved baselines keep diffing cleanly.
func TestBaselineShape(t *testing.T) {
	out, _ := Baseline(nil)
	if string(out) != "lint:\n    ignore: []\n" {
		t.Errorf("empty baseline = %q", out)
	}
	out, _ = Baseline([]Finding{
		{Diagnostic: diag.Diagnostic{RuleID: "docs", Pos: diag.Pos{File: "tools.ts"}}, Tool: "get_weather"},
		{Diagnostic: diag.Diagnostic{RuleID: "token-budget", Pos: diag.Pos{File: "tools.ts"}}},
	})
	want := "lint:\n    ignore:\n        - rule: docs\n          tool: get_weather\n          path: tools.ts\n        - rule: token-budget\n          path: tools.ts\n"
	if string(out) != want {
		t.Errorf("baseline =\n%s\nwant\n%s", out, want)
	}
}

// TestWriteJSONMatchesWholeDocument: WriteJSON, written finding by
// finding, prints what encoding/json prints for the whole document.
func TestWriteJSONMatchesWholeDocument(t *testing.T) {
	msgs := []string{"plain", "<html> & \"quotes\"", "tab\tnew\nline", "bad \xff utf-8", "\u2028 sep", "ünï 日本", ""}
	for n := range 4 {
		var fs []Finding
		for i := range n * 3 {
			m := msgs[i%len(msgs)]
			fs = append(fs, Finding{
				Diagnostic: diag.Diagnostic{Pos: diag.Pos{File: "dir/f" + m + ".json", Line: i, Col: i * 2}, RuleID: "docs", Severity: diag.Severity(i % 3), Message: m, Hint: msgs[(i+1)%len(msgs)]},
				Tool:       msgs[(i+2)%len(msgs)],
			})
		}
		var got bytes.Buffer
		if err := WriteJSON(&got, fs); err != nil {
			t.Fatal(err)
		}
		out := struct {
			Diagnostics []jsonFinding `json:"diagnostics"`
		}{Diagnostics: []jsonFinding{}}
		for _, f := range fs {
			out.Diagnostics = append(out.Diagnostics, jsonFinding{
				File: filepath.ToSlash(f.Pos.File), Line: f.Pos.Line, Col: f.Pos.Col, Rule: f.RuleID,
				Severity: f.Severity.String(), Message: f.Message, Tool: f.Tool, Hint: f.Hint,
			})
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%d findings: WriteJSON printed\n%s\nencoding/json prints\n%s", len(fs), got.String(), want.String())
		}
	}
}
