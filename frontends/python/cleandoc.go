package python

import (
	"strings"
	"unicode"
)

// cleandoc cleans a docstring exactly as Python's inspect.cleandoc (3.8–
// 3.12): tabs expanded, the first line's leading whitespace and the common
// indentation of the other lines removed, leading and trailing blank lines
// dropped. Widths count code points, as Python's str does.
func cleandoc(doc string) string {
	lines := strings.Split(expandTabs(doc), "\n")
	margin := -1
	for _, l := range lines[1:] {
		r := []rune(l)
		content := len([]rune(strings.TrimLeftFunc(l, pyIsSpace)))
		if content > 0 {
			if ind := len(r) - content; margin < 0 || ind < margin {
				margin = ind
			}
		}
	}
	lines[0] = strings.TrimLeftFunc(lines[0], pyIsSpace)
	if margin >= 0 {
		for i := 1; i < len(lines); i++ {
			r := []rune(lines[i])
			lines[i] = string(r[min(margin, len(r)):])
		}
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

// expandTabs is str.expandtabs(8): columns restart after \n and \r.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}

// pyIsSpace is str.isspace for one code point: Unicode White_Space plus
// the ASCII separators 0x1c–0x1f, as Python counts them.
func pyIsSpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}
