package targets

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	// The contract's target names, one vocabulary everywhere.
	want := "anthropic anthropic.strict gemini mcp.tools-list openai.chat openai.chat.strict openai.responses"
	if got := strings.Join(Names(), " "); got != want {
		t.Fatalf("Names() = %s, want %s", got, want)
	}
	// The old spellings stay working.
	for alias, name := range map[string]string{"openai": "openai.chat", "openai-strict": "openai.chat.strict",
		"anthropic-strict": "anthropic.strict", "mcp": "mcp.tools-list"} {
		if tg := Lookup(alias); tg == nil || tg.Name != name {
			t.Errorf("Lookup(%s) = %v, want %s", alias, tg, name)
		}
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

// TestConfigSchemaTargets keeps the config schema's list of lint targets
// equal to the targets' names and aliases.
func TestConfigSchemaTargets(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "tscg.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	// lint: and breaking: share one definition, $defs/lintSettings.
	var schema struct {
		Defs struct {
			Lint struct {
				Properties struct {
					Targets struct {
						Items struct {
							Enum []string `json:"enum"`
						} `json:"items"`
					} `json:"targets"`
				} `json:"properties"`
			} `json:"lintSettings"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, tg := range All() {
		want = append(want, tg.Name)
		want = append(want, tg.Aliases...)
	}
	got := schema.Defs.Lint.Properties.Targets.Items.Enum
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("tscg.schema.json lint.targets enum = %v, want %v", got, want)
	}
}

// bounded are the providers' own patterns, length included, which
// ValidName splits into NamePattern and MaxNameLength.
var bounded = map[string]*regexp.Regexp{
	"openai.chat":      regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`),
	"openai.responses": regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`),
	"anthropic":        regexp.MustCompile(`^[a-zA-Z0-9_-]{1,128}$`),
	"gemini":           regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$`),
	"mcp.tools-list":   regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`),
}

// TestNamePatterns: ValidName is the provider's bounded pattern at the
// edges of its length and alphabet.
func TestNamePatterns(t *testing.T) {
	for target, re := range bounded {
		tg := Lookup(target)
		for _, name := range []string{"", "a", "_", "1", "a.b", "a:b", "a-b", "é", "aé", strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a", 65),
			strings.Repeat("b", 127), strings.Repeat("b", 128), strings.Repeat("b", 129), strings.Repeat("é", 40), "a\n", "\na"} {
			if got, want := tg.ValidName(name), re.MatchString(name); got != want {
				t.Errorf("%s.ValidName(%q) = %v, the bounded pattern says %v", target, name, got, want)
			}
		}
	}
}

// FuzzNamePatterns: the same for any name.
func FuzzNamePatterns(f *testing.F) {
	for _, s := range []string{"get_weather", "ns.get:weather", "é", strings.Repeat("x", 64)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		for target, re := range bounded {
			if got, want := Lookup(target).ValidName(name), re.MatchString(name); got != want {
				t.Fatalf("%s.ValidName(%q) = %v, the bounded pattern says %v", target, name, got, want)
			}
		}
	})
}
