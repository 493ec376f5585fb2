package pyexec

import (
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"
)

// resultText is the text a model reads for a Python tool's result: a
// string result as the plain text itself (no quotes, no escapes), any
// other value as its JSON with non-ASCII characters written as UTF-8
// rather than \u escapes (the driver writes ASCII so a lone surrogate
// cannot break the protocol). text reports a string result.
func resultText(out json.RawMessage) (content string, text bool) {
	if len(out) > 0 && out[0] == '"' {
		var s string
		if json.Unmarshal(out, &s) == nil {
			return s, true
		}
	}
	return string(unescapeUnicode(out)), false
}

// unescapeUnicode rewrites the \uXXXX escapes in the strings of JSON text
// as UTF-8 where that means the same: characters from U+0080 up and
// surrogate pairs. Escapes of ASCII (control characters, quotes) and lone
// surrogates are kept, so the output is valid JSON of the same value
// whenever the input is.
func unescapeUnicode(in []byte) []byte {
	i := indexEscapeU(in)
	if i < 0 {
		return in
	}
	out := make([]byte, 0, len(in))
	out = append(out, in[:i]...)
	for i < len(in) {
		c := in[i]
		if c != '\\' || i+1 >= len(in) {
			out = append(out, c)
			i++
			continue
		}
		if in[i+1] != 'u' {
			out = append(out, c, in[i+1])
			i += 2
			continue
		}
		r, ok := hex4(in, i+2)
		if !ok || r < 0x80 {
			out = append(out, c, 'u')
			i += 2
			continue
		}
		n := 6
		if utf16.IsSurrogate(r) {
			r2, ok2 := rune(0), false
			if i+11 < len(in) && in[i+6] == '\\' && in[i+7] == 'u' {
				r2, ok2 = hex4(in, i+8)
			}
			dec := utf16.DecodeRune(r, r2)
			if !ok2 || dec == utf8.RuneError {
				out = append(out, in[i:i+6]...)
				i += 6
				continue
			}
			r, n = dec, 12
		}
		out = utf8.AppendRune(out, r)
		i += n
	}
	return out
}

// indexEscapeU returns the index of the first backslash that may start a
// \u escape, or -1.
func indexEscapeU(in []byte) int {
	for i := 0; i+1 < len(in); i++ {
		if in[i] == '\\' {
			if in[i+1] == 'u' {
				return i
			}
			i++
		}
	}
	return -1
}

func hex4(b []byte, at int) (rune, bool) {
	if at+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[at : at+4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
