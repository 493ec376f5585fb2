package tokens

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"

	"github.com/tscg/tscg/internal/testfiles"
)

// splitCases are texts where the pattern's alternatives overlap or
// backtrack: prefixes, marks, title case, contractions (with the engine's
// fold of 'ſ), digit runs, line breaks inside whitespace, trailing
// whitespace before a non-space.
var splitCases = []string{
	"", "a", " ", "  ", "   x", " 1", "\t\tx", "x  \n  y", "a\r\n\r\n  b", "\n\n\n", " \n ", "  \t",
	"hello world", "Hello World", "HELLO world", "HTTPServer", "getHTTPResponseCode", "camelCaseName",
	"don't", "DON'T", "we're", "WE'RE", "I'll", "I'LL", "she'd", "it's", "it'S", "itſ", "it'ſ", "x've", "x'VE",
	"x'm", "x'M", "'s", "''s", "a'b", "a'", "a'l", "a'lL",
	"123", "1234567", "12a", "a12", " 12", "١٢٣٤", "Ⅻ", "½¾",
	"{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"}}", "}\n/", "}/\n/x", "!!!\r\n", " ...\n",
	"e\u0301", "\u0301", "\u0301a", " \u0301b", "Ǆa", "ǅa", "ǅ", "ʰa", "aʰB", "AʰB", "Aʰ", "中文字符", "日本語のテキスト",
	"\n \n", "\n\n \n", "\n\t\n", "\n \r", "\n\u00a0\n", "  \n  \n", "\r\n \r\n", "\x7f", " \x7f!", "!\x7f$a", "\x7fabc", "a\x7f'sx",
	"\u00a0x", "x\u00a0\u00a0y", "\u2028", "\u3000\u3000a", "🙂 ok", "a🙂b", "\x00\x01", "\u200b",
	"émigré Über café", "Straße", "ΑΒΓ αβγ", "Привет мир", "مرحبا", "עברית",
}

func libraryTokens(t testing.TB, text string) []uint {
	c, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	ids, _, err := c.Encode(text)
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// checkSplit asserts that encoding each piece of splitO200k alone gives
// the library's tokens for the whole text, and that Count agrees: the
// pieces are the library's pre-tokens (a wrong cut changes the merges).
func checkSplit(t testing.TB, text string) {
	want := libraryTokens(t, text)
	var got []uint
	var pieces []string
	v := o200k()
	splitO200k(text, func(p string) {
		pieces = append(pieces, p)
		ids := libraryTokens(t, p)
		got = append(got, ids...)
		if n := countPiece(v, p); n != len(ids) {
			t.Fatalf("count(%q) = %d, library %d", p, n, len(ids))
		}
	})
	if strings.Join(pieces, "") != text {
		t.Fatalf("pieces %q do not make up %q", pieces, text)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%q: pieces %q encode to %v, the library to %v", text, pieces, got, want)
	}
	n, err := Count(O200kBase, text)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(want) {
		t.Fatalf("Count(%q) = %d, library %d", text, n, len(want))
	}
}

func TestSplitMatchesLibrary(t *testing.T) {
	for _, s := range splitCases {
		checkSplit(t, s)
	}
}

// TestSplitMatchesLibraryOnTestdata compares on every JSON, Markdown and
// TypeScript file under the repository's testdata: real descriptions and
// schemas.
func TestSplitMatchesLibraryOnTestdata(t *testing.T) {
	testfiles.Each(t, "../..", []string{".json", ".md", ".ts", ".py"}, 256<<10, 100, utf8.Valid, func(_ string, b []byte) {
		checkSplit(t, string(b))
	})
}

func FuzzSplitMatchesLibrary(f *testing.F) {
	for _, s := range splitCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			n, err := Count(O200kBase, s)
			if err != nil {
				t.Fatal(err)
			}
			c, _ := tokenizer.Get(tokenizer.O200kBase)
			if want, _ := c.Count(s); n != want {
				t.Fatalf("Count(%q) = %d, library %d", s, n, want)
			}
			return
		}
		checkSplit(t, s)
	})
}
