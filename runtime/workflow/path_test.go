package workflow

import (
	"strings"
	"testing"
)

func TestParsePath(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{in: "inputs.quarter", want: "inputs.quarter"},
		{in: "steps.search.result.items[*].id", want: "steps.search.result.items[*].id"},
		{in: `steps.a.result["odd key"][0]`, want: `steps.a.result["odd key"][0]`},
		{in: "item", want: "item"},
		{in: "index", want: "index"},
		{in: "index.x", err: "no fields"},
		{in: "steps.a", err: "steps.NAME.result"},
		{in: "steps.a.output", err: "steps.NAME.result"},
		{in: "input.x", err: `unknown root "input"`},
		{in: "inputs.", err: "want a field name"},
		{in: "inputs[x]", err: "want an index"},
		{in: "", err: "want inputs"},
	} {
		p, err := ParsePath(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParsePath(%q) error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || p.String() != tc.want {
			t.Errorf("ParsePath(%q) = %q, %v; want %q", tc.in, p, err, tc.want)
		}
	}
}

func TestParseTemplate(t *testing.T) {
	tm, err := ParseTemplate("Report for ${inputs.quarter} $${literal} ${ inputs.year }")
	if err != nil {
		t.Fatal(err)
	}
	if len(tm.Parts) != 4 || tm.Parts[2].Text != " ${literal} " || tm.Single() != nil || len(tm.Refs()) != 2 {
		t.Errorf("parts %+v", tm.Parts)
	}
	if one, _ := ParseTemplate("${steps.a.result}"); one.Single() == nil {
		t.Error("a lone reference is not Single")
	}
	if _, err := ParseTemplate("x ${inputs.a"); err == nil {
		t.Error("unterminated reference accepted")
	}
}

// FuzzParsePath checks that parsing never panics and that a parsed path
// renders to text that parses to the same path.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"inputs.x", "steps.s.result.items[*].id", `steps.a.result["k\"q"][12]`, "item.a[0]", "index", "steps.", "[*]", "inputs[99999999999]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePath(s)
		if err != nil {
			return
		}
		q, err := ParsePath(p.String())
		if err != nil || q.String() != p.String() {
			t.Fatalf("round trip %q → %q → %q, %v", s, p, q, err)
		}
		_, _ = ParseTemplate("a${" + s + "}b$${")
	})
}
