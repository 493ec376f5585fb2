package python

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tscg/tscg/compiler/diag"
)

// TestPyFormat checks format() and repr() of numbers against what
// CPython 3.11.7 prints for the same values (python3 -c
// 'print(format(v, spec))', 'print(repr(v))').
func TestPyFormat(t *testing.T) {
	for _, c := range []struct{ lit, spec, want string }{
		{"300.0", "g", "300"},
		{"1", "g", "1"},
		{"0.5", "g", "0.5"},
		{"1e6", "g", "1e+06"},
		{"1234567.0", "g", "1.23457e+06"},
		{"0.00001", "g", "1e-05"},
		{"2.5", ".1f", "2.5"},
		{"2.675", ".2f", "2.67"},
		{"1234.5", ".3e", "1.234e+03"},
		{"7", "d", "7"},
		{"1_000", "", "1000"},
		{"0x1f", "", "31"},
		{"300.0", "", "300.0"},
		{"1e16", "", "1e+16"},
		{"1e15", "", "1000000000000000.0"},
		{"0.0001", "", "0.0001"},
		{"0.00001", "", "1e-05"},
		{"0.1", "", "0.1"},
	} {
		got, ok := pyFormat(json.Number(c.lit), c.spec)
		if !ok || got != c.want {
			t.Errorf("format(%s, %q) = %q, %v; CPython gives %q", c.lit, c.spec, got, ok, c.want)
		}
	}
	for _, spec := range []string{">10", "x", ",", "10.2f", ".f"} {
		if got, ok := pyFormat(json.Number("3.5"), spec); ok {
			t.Errorf("format(3.5, %q) = %q: a spec not modelled must stay unread", spec, got)
		}
	}
	if got, ok := pyStrFormat("{0}-{}-{name:g}{{x}}", []any{"a"}, map[string]any{"name": json.Number("2.0")}); !ok || got != "a-a-2{x}" {
		t.Errorf("str.format = %q, %v; CPython gives %q", got, ok, "a-a-2{x}")
	}
	if _, ok := pyStrFormat("{missing}", nil, nil); ok {
		t.Error("str.format with an unknown field must stay unread (Python raises KeyError)")
	}
}

// TestCallDescriptions reads crewai-tools/pause_tools.py: descriptions
// built by the module's own one-line functions are evaluated (the
// expected texts are crewai's, in pause_tools.expected.json; the listing
// test compares them); one that takes statements is a visible
// placeholder with a warning, and the tool is still built; a subclass
// repeating its base's tool is listed once.
func TestCallDescriptions(t *testing.T) {
	cat, ds := Load([]string{"testdata/frameworks/crewai-tools/pause_tools.py"}, Options{})
	if ds.HasErrors() {
		t.Fatalf("errors: %v", ds)
	}
	var names []string
	for _, tl := range cat.Tools {
		names = append(names, tl.Name)
	}
	if got := strings.Join(names, " "); got != "Nap Snooze Kettle Desk" {
		t.Errorf("tools %q, want Nap Snooze Kettle Desk (SiestaTool is NapTool again)", got)
	}
	desk := cat.Tool("Desk")
	if desk == nil || desk.Description != "{_desk_label()}" {
		t.Fatalf("Desk: %+v, want the description {_desk_label()}", desk)
	}
	var warned, alias bool
	for _, d := range ds {
		warned = warned || d.Severity == diag.Warning && d.RuleID == ruleValue && strings.Contains(d.Message, "_desk_label()") && d.Pos.Line > 0
		alias = alias || strings.Contains(d.Message, "SiestaTool publishes the same tool as its base NapTool")
	}
	if !warned {
		t.Errorf("no warning at the unread description: %v", ds)
	}
	if !alias {
		t.Errorf("no note on the alias class: %v", ds)
	}
}

// TestFactoryParameters reads mcp-python-sdk/sampler_server.py: a tool
// defined inside a factory uses the factory's parameters; the listing
// (compared with the MCP SDK's in TestFrameworkListing) holds their
// defaults, and every use is a warning naming the parameter.
func TestFactoryParameters(t *testing.T) {
	cat, ds := Load([]string{"testdata/frameworks/mcp-python-sdk/sampler_server.py"}, Options{})
	if ds.HasErrors() || cat.Tool("take_sample") == nil {
		t.Fatalf("take_sample not built: %v", ds)
	}
	uses := map[string]int{}
	for _, d := range ds {
		if d.Severity == diag.Warning && strings.Contains(d.Message, "is a parameter of create_sampler()") {
			uses[strings.Fields(d.Message)[0]]++
		}
		if d.RuleID == ruleDefault {
			t.Errorf("a default reported lost: %s", d)
		}
	}
	if uses["depth"] != 2 || uses["sample_size"] != 1 || uses["label"] != 1 {
		t.Errorf("warnings per parameter %v, want depth 2 (description, ratio), sample_size 1, label 1", uses)
	}
}

// TestConditionalRegistration reads fastmcp/greenhouse_server.py: tools
// registered under an environment condition are listed as the server
// registers them with the environment unset (fastmcp's listing of the
// same file, TestFrameworkListing), each with a warning naming the
// condition; one tscg cannot evaluate keeps its tool.
func TestConditionalRegistration(t *testing.T) {
	cat, ds := Load([]string{"testdata/frameworks/fastmcp/greenhouse_server.py"}, Options{})
	var names []string
	for _, tl := range cat.Tools {
		names = append(names, tl.Name)
	}
	if got := strings.Join(names, " "); got != "read_humidity open_vents log_reading" {
		t.Errorf("tools %q, want read_humidity open_vents log_reading (mister returns first)", got)
	}
	want := map[string]string{
		"mister":        "does not list it",
		"read_humidity": "GREENHOUSE_VENTS",
		"open_vents":    "which holds, so it is listed",
		"log_reading":   "which tscg cannot evaluate; it is listed",
	}
	for _, d := range ds {
		for tool, text := range want {
			if d.Severity == diag.Warning && strings.HasPrefix(d.Message, "tool "+tool+": ") && strings.Contains(d.Message, text) {
				delete(want, tool)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("no warning for %v: %v", want, ds)
	}
}
