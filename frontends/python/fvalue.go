package python

import (
	"strings"

	"github.com/tscg/tscg/compiler/diag"
)

// fstring gives an f-string's text as written, with {{ }} undoubled.
// Placeholders are only known at run time; they stay in the text, with a
// warning, so a description such as the MCP time server's
// f"… Use '{local_tz}' …" keeps every word it has.
func (l *loader) fstring(s *source, e *expr) string {
	var b strings.Builder
	var holes []string
	v := e.value
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case (c == '{' || c == '}') && i+1 < len(v) && v[i+1] == c:
			b.WriteByte(c)
			i++
		case c == '{':
			end := strings.IndexByte(v[i:], '}')
			if end < 0 {
				end = len(v) - i - 1
			}
			holes = append(holes, v[i:i+end+1])
			b.WriteString(v[i : i+end+1])
			i += end
		default:
			b.WriteByte(c)
		}
	}
	if len(holes) > 0 {
		l.warn(s.pos(e.off), diag.Warning, ruleValue, "f-string placeholders %s are only known at run time; the text keeps them as written", strings.Join(holes, ", "))
	}
	return b.String()
}
