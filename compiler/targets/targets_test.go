package targets

import (
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	want := "anthropic anthropic-strict gemini mcp openai openai-strict"
	if got := strings.Join(Names(), " "); got != want {
		t.Fatalf("Names() = %s, want %s", got, want)
	}
	for _, n := range Names() {
		if Lookup(n) == nil {
			t.Errorf("Lookup(%s) = nil", n)
		}
	}
	if Lookup("nope") != nil {
		t.Error("Lookup(nope) != nil")
	}
}

func TestValidName(t *testing.T) {
	long65 := strings.Repeat("a", 65)
	cases := []struct {
		target, name string
		ok           bool
	}{
		{"openai", "get_weather", true},
		{"openai", "get.weather", false},
		{"openai", long65, false},
		{"anthropic", long65, true},
		{"anthropic", strings.Repeat("a", 129), false},
		{"gemini", "ns.get:weather", true},
		{"gemini", "1tool", false},
		{"mcp", "files.read", true},
		{"mcp", "files/read", false},
		{"mcp", "", false},
	}
	for _, c := range cases {
		if got := Lookup(c.target).ValidName(c.name); got != c.ok {
			t.Errorf("%s.ValidName(%q) = %v, want %v", c.target, c.name, got, c.ok)
		}
	}
}

func TestKeywordsAndRegex(t *testing.T) {
	s := Lookup("openai-strict")
	if s.SupportsKeyword("allOf") || !s.SupportsKeyword("pattern") {
		t.Error("openai-strict keyword support wrong")
	}
	if !s.SupportsFormat("uuid") || s.SupportsFormat("uri") {
		t.Error("openai-strict formats wrong")
	}
	for p, want := range map[string]bool{`^\d+$`: false, `(a)\1`: true, `foo(?=bar)`: true, `\bword`: true, `(?<!x)y`: true} {
		if got := RegexHasRestrictedSyntax(p); got != want {
			t.Errorf("RegexHasRestrictedSyntax(%q) = %v, want %v", p, got, want)
		}
	}
}
