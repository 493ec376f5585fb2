package rules

import (
	"testing"
	"unicode"
)

// TestIsWideShortcut: the shortcut below wideFrom never changes what
// isWide answers from the Unicode tables.
func TestIsWideShortcut(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
			0x3000 <= r && r <= 0x303F || 0xFF00 <= r && r <= 0xFFEF
		if got := isWide(r); got != want {
			t.Fatalf("isWide(%U) = %v, want %v", r, got, want)
		}
	}
	if got := DescriptionLength("天气 ok"); got != 7 {
		t.Errorf("DescriptionLength(\"天气 ok\") = %d, want 7 (two wide runes count 2 each)", got)
	}
}
