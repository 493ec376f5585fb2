package orderedjson

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string the way encoding/json does with
// HTML escaping off: control characters, quote, backslash, invalid UTF-8
// (as U+FFFD) and U+2028/U+2029 are escaped.
func AppendString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	i := plainPrefix(s)
	if i == len(s) { // nearly every key, name and description
		buf = append(buf, s...)
		return append(buf, '"')
	}
	start := 0
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch c {
			case '"', '\\':
				buf = append(buf, '\\', c)
			case '\n':
				buf = append(buf, `\n`...)
			case '\r':
				buf = append(buf, `\r`...)
			case '\t':
				buf = append(buf, `\t`...)
			case '\b':
				buf = append(buf, `\b`...)
			case '\f':
				buf = append(buf, `\f`...)
			default:
				buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// plainPrefix returns the length of s's longest prefix of printable ASCII
// other than quote and backslash, which JSON takes as it is. It tests
// eight bytes at a time (the "has a zero byte" bit trick: a byte below n
// sets its top bit in x-n*ones, unless the top bit of x was set already).
func plainPrefix(s string) int {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		q := x ^ (ones * '"')
		b := x ^ (ones * '\\')
		if (x|(x-ones*0x20)|(q-ones)&^q|(b-ones)&^b)&tops != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			break
		}
	}
	return i
}
