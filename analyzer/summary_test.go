package analyzer

import (
	"bytes"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
)

func finding(rule string, sev diag.Severity) Finding {
	return Finding{Diagnostic: diag.Diagnostic{RuleID: rule, Severity: sev}}
}

func TestSummary(t *testing.T) {
	for _, tc := range []struct {
		fs           []Finding
		tools, files int
		want         string
	}{
		{nil, 1, 1, "checked 1 tool from 1 file, no findings"},
		{nil, 0, 3, "checked 0 tools from 3 files, no findings"},
		{[]Finding{finding("docs", diag.Error)}, 2, 2, "1 error, 0 warnings in 2 tools from 2 files"},
		{[]Finding{finding("a", diag.Warning), finding("b", diag.Warning), finding("c", diag.Info)}, 5, 1,
			"0 errors, 2 warnings, 1 info in 5 tools from 1 file"},
	} {
		if got := Summary(tc.fs, tc.tools, tc.files); got != tc.want {
			t.Errorf("Summary = %q, want %q", got, tc.want)
		}
	}
}

func TestWriteStatistics(t *testing.T) {
	fs := []Finding{finding("docs", diag.Info), finding("permissions", diag.Warning), finding("docs", diag.Info),
		finding("docs", diag.Warning), finding("ambiguous-parameter", diag.Warning)}
	var b bytes.Buffer
	if err := WriteStatistics(&b, "text", fs); err != nil {
		t.Fatal(err)
	}
	want := "2  docs                 info\n1  ambiguous-parameter  warning\n1  docs                 warning\n1  permissions          warning\n"
	if b.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if err := WriteStatistics(&b, "json", nil); err != nil || b.String() != "{\n  \"statistics\": []\n}\n" {
		t.Errorf("json of none: %q, %v", b.String(), err)
	}
	if err := WriteStatistics(&b, "sarif", fs); err == nil {
		t.Error("sarif statistics: no error")
	}
}
