package orderedjson

// IsNumber reports whether s is a JSON number literal (RFC 8259: no
// leading zeros or plus sign, digits on both sides of a decimal point, no
// surrounding space), the text a Number may hold.
func IsNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		i = skipDigits(s, i)
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		if i++; i == len(s) || !isDigit(s[i]) {
			return false
		}
		i = skipDigits(s, i)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i == len(s) || !isDigit(s[i]) {
			return false
		}
		i = skipDigits(s, i)
	}
	return i == len(s)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func skipDigits(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}
