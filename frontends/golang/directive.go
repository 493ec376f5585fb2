package golang

import (
	"strings"
)

// directive is one //tscg:NAME [key=value …] comment line.
type directive struct {
	Name string
	Args map[string]string
	Col  int // byte offset of "tscg:" in the comment line, for positions
}

// parseDirective reads a raw comment line. It reports false for lines
// that are not tscg directives ("// tscg:" with a space is prose, as for
// //go: directives). Argument values may be double-quoted.
func parseDirective(line string) (directive, bool) {
	rest, ok := strings.CutPrefix(line, "//tscg:")
	if !ok {
		return directive{}, false
	}
	name, args, _ := strings.Cut(rest, " ")
	name = strings.TrimRight(name, "\t\r")
	if name == "" {
		return directive{}, false
	}
	d := directive{Name: name, Col: 3}
	if n, v, ok := strings.Cut(name, "="); ok { // //tscg:readonly=false
		d.Name, d.Args = n, map[string]string{"": v}
	}
	if d.Name == "" {
		return directive{}, false
	}
	for _, f := range splitArgs(args) {
		k, v, _ := strings.Cut(f, "=")
		if d.Args == nil {
			d.Args = map[string]string{}
		}
		d.Args[k] = unquote(v)
	}
	return d, true
}

// splitArgs splits on spaces outside double quotes.
func splitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	quoted := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			quoted = !quoted
			cur.WriteByte(c)
		case (c == ' ' || c == '\t') && !quoted:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteByte(c)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

func unquote(v string) string {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		return v[1 : len(v)-1]
	}
	return v
}
