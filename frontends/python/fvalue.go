package python

import (
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
	text, holes := l.fstringText(s, e)
	if len(holes) > 0 {
		l.warn(s.pos(e.off), diag.Warning, ruleValue, "f-string placeholders %s are only known at run time; the text keeps them as written", strings.Join(holes, ", "))
	}
	return text
}

// fstringText is an f-string's text with the placeholders it can
// evaluate filled in, and those it cannot.
func (l *loader) fstringText(s *source, e *expr) (string, []string) {
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
	return b.String(), holes
}

// placeholder evaluates the text of an f-string's {…}: an expression of
// constants (or, in a call being evaluated, of its parameters) with an
// optional format spec (`{value:g}`), written as format() writes it. A
// conversion (!r), a nested field in the spec, or a self-documenting
// `{x=}` stays unread.
func (l *loader) placeholder(s *source, text string) (string, bool) {
	spec := ""
	if i := strings.LastIndexByte(text, ':'); i >= 0 && !strings.ContainsAny(text[i+1:], "'\"[](){}") {
		text, spec = text[:i], text[i+1:]
	}
	text = strings.TrimSpace(text)
	if strings.ContainsAny(text, "!=") && !strings.Contains(text, "==") && !strings.Contains(text, "!=") {
		return "", false
	}
	lines, err := tokenize(text)
	if err != nil || len(lines) != 1 {
		return "", false
	}
	e := parseExpr(lines[0].toks)
	if e == nil || e.kind == exOther {
		return "", false
	}
	v, ok := l.goValue(s, e)
	if !ok {
		return "", false
	}
	return pyFormat(v, spec)
}
