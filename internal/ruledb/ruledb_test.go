package ruledb

import (
	"slices"
	"testing"
)

// TestRegisterAndOrder uses a fresh registry: registration order inside a
// group, lint categories sharing one group, later groups after it.
func TestRegisterAndOrder(t *testing.T) {
	saved, savedIndex := rules, index
	defer func() { rules, index = saved, savedIndex }()
	rules, index = nil, map[string]int{}
	Register(Rule{ID: "w", Summary: "s", Category: Workflow, Since: "0.1.0"})
	Register(Rule{ID: "b", Summary: "s", Category: Schema, Since: "0.1.0"},
		Rule{ID: "a", Summary: "s", Category: Naming, Since: "0.1.0", DefaultSeverity: Warning})
	Register(Rule{ID: "k", Summary: "s", Category: Breaking, Since: "0.1.0"})
	if got, want := IDs(), []string{"b", "a", "k", "w"}; !slices.Equal(got, want) {
		t.Errorf("IDs() = %v, want %v", got, want)
	}
	if r, ok := Lookup("a"); !ok || r.DefaultSeverity != Warning || SeverityOf("a") != Warning {
		t.Errorf("Lookup(a) = %+v, %v", r, ok)
	}
	if _, ok := Lookup("nope"); ok || SeverityOf("nope") != Error {
		t.Error("unknown id found")
	}
	for name, r := range map[string]Rule{
		"duplicate":    {ID: "a", Summary: "s", Category: Naming, Since: "0.1.0"},
		"no summary":   {ID: "z", Category: Naming, Since: "0.1.0"},
		"bad category": {ID: "z", Summary: "s", Category: "misc", Since: "0.1.0"},
		"no since":     {ID: "z", Summary: "s", Category: Naming},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Register did not panic", name)
				}
			}()
			Register(r)
		}()
	}
}

func TestParseSeverity(t *testing.T) {
	for _, s := range []Severity{Error, Warning, Info} {
		if got, err := ParseSeverity(s.String()); err != nil || got != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Error("fatal accepted")
	}
}
