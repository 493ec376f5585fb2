package workflow

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Part is a piece of a template string: literal text or a reference.
type Part struct {
	Text string
	Ref  *Path
	// Offset is the byte offset of the part in the template string, for
	// error positions.
	Offset int
}

// Template is a string that may hold ${path} references. "$${" writes a
// literal "${".
type Template struct {
	Parts []Part
}

// ParseTemplate splits s into text and references. A string without
// references is a one-part literal (or no parts when empty).
func ParseTemplate(s string) (Template, error) {
	var t Template
	var text strings.Builder
	textStart := 0
	flush := func() {
		if text.Len() > 0 {
			t.Parts = append(t.Parts, Part{Text: text.String(), Offset: textStart})
			text.Reset()
		}
	}
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "$${"):
			if text.Len() == 0 {
				textStart = i
			}
			text.WriteString("${")
			i += 3
		case strings.HasPrefix(s[i:], "${"):
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return Template{}, &PathError{i, "unterminated ${ (want '}')"}
			}
			p, err := ParsePath(strings.TrimSpace(s[i+2 : i+end]))
			if err != nil {
				pe := err.(*PathError)
				return Template{}, &PathError{i + 2 + pe.Offset, pe.Msg}
			}
			flush()
			t.Parts = append(t.Parts, Part{Ref: &p, Offset: i})
			i += end + 1
		default:
			if text.Len() == 0 {
				textStart = i
			}
			text.WriteByte(s[i])
			i++
		}
	}
	flush()
	return t, nil
}

// Single returns the reference when the template is exactly one ${path}:
// its value is bound as is, keeping its type. Otherwise the template is
// rendered to a string.
func (t Template) Single() *Path {
	if len(t.Parts) == 1 && t.Parts[0].Ref != nil {
		return t.Parts[0].Ref
	}
	return nil
}

// Refs lists the template's references.
func (t Template) Refs() []Path {
	var out []Path
	for _, p := range t.Parts {
		if p.Ref != nil {
			out = append(out, *p.Ref)
		}
	}
	return out
}

// Refs walks a JSON value (decoded with UseNumber) and returns every
// reference in its strings, or the first syntax error.
func Refs(v any) ([]Path, error) {
	var out []Path
	err := walkStrings(v, func(s string) error {
		t, err := ParseTemplate(s)
		out = append(out, t.Refs()...)
		return err
	})
	return out, err
}

func walkStrings(v any, f func(string) error) error {
	switch x := v.(type) {
	case string:
		return f(x)
	case []any:
		for _, e := range x {
			if err := walkStrings(e, f); err != nil {
				return err
			}
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if err := walkStrings(x[k], f); err != nil {
				return err
			}
		}
	}
	return nil
}

// render turns a value into template text: strings as they are, null as
// nothing, anything else as JSON.
func render(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case json.Number:
		return x.String()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
