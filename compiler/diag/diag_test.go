package diag

import (
	"bytes"
	"testing"
)

func TestStringFormat(t *testing.T) {
	tests := []struct {
		d    Diagnostic
		want string
	}{
		{Errorf(Pos{File: "a.ts", Line: 3, Col: 7}, "unknown type %s", "X"), "a.ts:3:7: error: unknown type X"},
		{Diagnostic{Pos: Pos{File: "a.ts", Line: 3}, Severity: Warning, Message: "m", RuleID: "docs"}, "a.ts:3: warning: m [docs]"},
		{Diagnostic{Pos: Pos{File: "a.ts"}, Severity: Info, Message: "m", Hint: "do x"}, "a.ts: info: m\n\thint: do x"},
		{Diagnostic{Severity: Error, Message: "m"}, "<input>: error: m"},
	}
	for _, tc := range tests {
		if got := tc.d.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestSortedDedupesAndOrders(t *testing.T) {
	l := List{
		Errorf(Pos{File: "b.ts", Line: 1, Col: 1}, "b"),
		Warnf(Pos{File: "a.ts", Line: 2, Col: 1}, "w"),
		Errorf(Pos{File: "a.ts", Line: 2, Col: 1}, "e"),
		Errorf(Pos{File: "a.ts", Line: 10, Col: 1}, "later"),
		Errorf(Pos{File: "b.ts", Line: 1, Col: 1}, "b"),
	}
	var buf bytes.Buffer
	l.Print(&buf)
	want := "a.ts:2:1: error: e\na.ts:2:1: warning: w\na.ts:10:1: error: later\nb.ts:1:1: error: b\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	if !l.HasErrors() || l.Err() == nil {
		t.Error("a list with errors must report them")
	}
	if (List{Warnf(Pos{}, "w")}).Err() != nil {
		t.Error("warnings alone are not an error")
	}
}

func TestParseSeverity(t *testing.T) {
	for _, s := range []Severity{Error, Warning, Info} {
		if got, err := ParseSeverity(s.String()); err != nil || got != s {
			t.Errorf("round trip %v: %v %v", s, got, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Error("unknown severity accepted")
	}
}
