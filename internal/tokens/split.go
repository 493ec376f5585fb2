package tokens

import (
	"unicode"
	"unicode/utf8"
)

// splitO200k calls piece with each pre-token of text, in order, as
// o200k_base's split pattern cuts it:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// BPE merges never cross these cuts, so a text's token count is the sum
// of its pieces' counts. The tokenizer library runs the pattern with a
// backtracking regular-expression engine that allocates a match object
// per piece (a quarter of lint's CPU on BFCL went to it); this is the same
// leftmost-first alternation written out by hand, with the same backtracking
// where the classes overlap. text must be valid UTF-8 (the engine reads
// runes; invalid bytes are left to the library). TestSplitMatchesLibrary
// and FuzzSplitMatchesLibrary compare it with the library's encoding.
func splitO200k(text string, piece func(string)) {
	for i := 0; i < len(text); {
		n := matchO200k(text, i)
		if n <= 0 { // DEL, which the library's engine matches with no class
			_, n = utf8.DecodeRuneInString(text[i:])
		}
		piece(text[i : i+n])
		i += n
	}
}

// Character classes of the pattern; \s is unicode.IsSpace, as in the
// library's engine.
func isUpperish(r rune) bool { // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	if r < utf8.RuneSelf {
		return 'A' <= r && r <= 'Z'
	}
	return unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M)
}

func isLowerish(r rune) bool { // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z'
	}
	return unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M)
}

func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r)
}

func isNumber(r rune) bool {
	if r < utf8.RuneSelf {
		return '0' <= r && r <= '9'
	}
	return unicode.IsNumber(r)
}

func isSpace(r rune) bool { return unicode.IsSpace(r) }

// isPrefix is [^\r\n\p{L}\p{N}].
func isPrefix(r rune) bool {
	return r != '\r' && r != '\n' && r != del && !isLetter(r) && !isNumber(r)
}

// isPunct is [^\s\p{L}\p{N}].
func isPunct(r rune) bool { return r != del && !isSpace(r) && !isLetter(r) && !isNumber(r) }

// del (U+007F) is in none of the negated classes for the library's
// engine, so no alternative matches it: the engine steps over it, and it
// is a piece of its own that counts no token (countPiece). tiktoken
// itself encodes it as a token.
const del = 0x7f

// run returns the byte length of the longest prefix of s whose runes
// satisfy in, and the number of those runes, stopping at max runes
// (max < 0: no limit).
func run(s string, in func(rune) bool, max int) (bytes, runes int) {
	for bytes < len(s) && runes != max {
		r, n := utf8.DecodeRuneInString(s[bytes:])
		if !in(r) {
			break
		}
		bytes += n
		runes++
	}
	return bytes, runes
}

// matchO200k returns the length in bytes of the pattern's match at text[i:].
func matchO200k(text string, i int) int {
	s := text[i:]
	r0, n0 := utf8.DecodeRuneInString(s)
	// The two letter alternatives, each first with the optional prefix
	// rune taken, then without it.
	plens := [2]int{0, 0}
	np := 1
	if isPrefix(r0) {
		plens, np = [2]int{n0, 0}, 2
	}
	for _, p := range plens[:np] {
		if n := lettersLowerLast(s, p); n > 0 {
			return n
		}
	}
	for _, p := range plens[:np] {
		if n := lettersUpperFirst(s, p); n > 0 {
			return n
		}
	}
	if b, _ := run(s, isNumber, 3); b > 0 {
		return b
	}
	// ` ?[^\s\p{L}\p{N}]+[\r\n/]*`
	p := 0
	if r0 == ' ' {
		p = 1
	}
	if b, _ := run(s[p:], isPunct, -1); b > 0 {
		t, _ := run(s[p+b:], func(r rune) bool { return r == '\r' || r == '\n' || r == '/' }, -1)
		return p + b + t
	}
	ws, wsRunes := run(s, isSpace, -1)
	if ws == 0 {
		return 0
	}
	// `\s*[\r\n]+`: the library's engine runs this \s* as if it were lazy
	// (\s*?): the whitespace up to the run's first line break and the line
	// breaks right after it ("\n \n" is "\n", " \n"; tiktoken's engine
	// takes all three bytes). Its cut is kept: counts are the library's.
	for j := 0; j < ws; j++ {
		if s[j] == '\r' || s[j] == '\n' {
			for j < ws && (s[j] == '\r' || s[j] == '\n') {
				j++
			}
			return j
		}
	}
	// `\s+(?!\S)`: all of the run at the end of the text, else all but
	// its last rune (which is followed by a non-space).
	if ws == len(s) {
		return ws
	}
	if wsRunes >= 2 {
		_, last := utf8.DecodeLastRuneInString(s[:ws])
		return ws - last
	}
	return ws // `\s+`
}

// lettersLowerLast matches `[U]*[Lw]+suffix?` at s[p:] (U upper-ish, Lw
// lower-ish) and returns the end of the match in s, or 0.
func lettersLowerLast(s string, p int) int {
	var stack [32]int
	ends := append(stack[:0], p) // ends[k]: end of the U* run taking k runes
	for q := p; q < len(s); {
		r, n := utf8.DecodeRuneInString(s[q:])
		if !isUpperish(r) {
			break
		}
		q += n
		ends = append(ends, q)
	}
	for k := len(ends) - 1; k >= 0; k-- { // greedy, then backtrack
		if b, _ := run(s[ends[k]:], isLowerish, -1); b > 0 {
			e := ends[k] + b
			return e + contraction(s[e:])
		}
	}
	return 0
}

// lettersUpperFirst matches `[U]+[Lw]*suffix?` at s[p:], or returns 0.
func lettersUpperFirst(s string, p int) int {
	u, _ := run(s[p:], isUpperish, -1)
	if u == 0 {
		return 0
	}
	e := p + u
	b, _ := run(s[e:], isLowerish, -1)
	e += b
	return e + contraction(s[e:])
}

// contraction returns the length of `(?i:'s|'t|'re|'ve|'m|'ll|'d)` at the
// start of s, or 0. Case folding is the engine's: 'ſ' (U+017F) folds to
// s; the other letters fold only to their ASCII case pair.
func contraction(s string) int {
	if len(s) < 2 || s[0] != '\'' {
		return 0
	}
	lower := func(c byte) byte { return c | 0x20 }
	switch lower(s[1]) {
	case 's', 't', 'm', 'd':
		return 2
	case 'r', 'v':
		if len(s) >= 3 && lower(s[2]) == 'e' {
			return 3
		}
	case 'l':
		if len(s) >= 3 && lower(s[2]) == 'l' {
			return 3
		}
	}
	if len(s) >= 3 && s[1] == 0xC5 && s[2] == 0xBF { // 'ſ
		return 3
	}
	return 0
}
