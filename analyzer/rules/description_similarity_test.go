package rules

import (
	"slices"
	"testing"
	"unicode"
)

func TestTokenize(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"Get the Weather for Paris's 2 cities", []string{"get", "weather", "pari", "s", "2", "city"}},
		{"ÉCOLE Straße matching", []string{"école", "straße", "match"}},
		{"查询天气 in 東京", []string{"查询", "询天", "天气", "東京"}},
		{"a日b", []string{"日", "b"}},
		{"bad\xffbyte", []string{"bad", "byte"}},
		{"  ", nil},
	}
	for _, c := range cases {
		if got := Tokenize(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Tokenize(%q) = %q, want %q", c.in, got, c.want)
		}
		for limit := range len(c.want) + 1 { // stops past limit, with Tokenize's first tokens
			got := tokenize(c.in, limit)
			if n := min(limit+1, len(c.want)); !slices.Equal(got[:min(n, len(got))], c.want[:n]) || len(got) < n {
				t.Errorf("tokenize(%q, %d) = %q, want %q first", c.in, limit, got, c.want[:n])
			}
		}
	}
}

// TestFirstCJK: no rune below firstCJK is one isCJK's scripts accept.
func TestFirstCJK(t *testing.T) {
	for r := rune(0); r < firstCJK; r++ {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
			t.Fatalf("%U is CJK, below firstCJK %U", r, firstCJK)
		}
	}
	if !isCJK(firstCJK) {
		t.Fatalf("firstCJK %U is not CJK: the bound could be higher", firstCJK)
	}
}
