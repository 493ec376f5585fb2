package python

import (
	"encoding/json"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
)

// fstring gives an f-string's text, with {{ }} undoubled. A placeholder
// naming a module constant (f"… from 1 to {MAX_SHELF}.") is replaced by
// the constant as str() writes it; any other is only known at run time
// and stays in the text as written, with a warning, so a description
// such as the MCP time server's f"… Use '{local_tz}' …" keeps every word
// it has.
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
			if text, ok := l.placeholder(s, v[i+1:i+end]); ok {
				b.WriteString(text)
			} else {
				holes = append(holes, v[i:i+end+1])
				b.WriteString(v[i : i+end+1])
			}
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

// placeholder evaluates the text of an f-string's {…} when it names a
// constant (NAME or module.NAME, no conversion or format spec) holding a
// string, an integer, a boolean or None: what str() gives for those is
// plain. Floats are left alone (Python's repr of a float is not
// reproduced here).
func (l *loader) placeholder(s *source, text string) (string, bool) {
	text = strings.TrimSpace(text)
	lines, err := tokenize(text)
	if err != nil || len(lines) != 1 {
		return "", false
	}
	e := parseExpr(lines[0].toks)
	if e == nil || e.dotted() != text {
		return "", false
	}
	v, ok := l.goValue(s, e)
	if !ok {
		return "", false
	}
	switch x := v.(type) {
	case string:
		return x, true
	case bool:
		return map[bool]string{true: "True", false: "False"}[x], true
	case nil:
		return "None", true
	case json.Number:
		if isIntLiteral(string(x)) {
			return string(x), true
		}
	}
	return "", false
}
