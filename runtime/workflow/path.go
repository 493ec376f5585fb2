package workflow

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Roots a reference path may start with.
const (
	RootInputs = "inputs" // the workflow's arguments
	RootSteps  = "steps"  // steps.NAME.result…
	RootItem   = "item"   // the current element of a for_each step
	RootIndex  = "index"  // the current element's index in a for_each step
)

// SegKind is the kind of one path segment.
type SegKind uint8

// Segment kinds.
const (
	SegField    SegKind = iota // .name or ["name"]
	SegIndex                   // [3]
	SegWildcard                // [*]: the rest of the path applies to every element
)

// Seg is one step of a path after its root.
type Seg struct {
	Kind  SegKind
	Field string
	Index int
}

// Path is a parsed reference such as steps.search.result.items[*].id.
type Path struct {
	Root string
	Segs []Seg
}

// Step returns the step a steps.NAME… path refers to, or "".
func (p Path) Step() string {
	if p.Root != RootSteps || len(p.Segs) == 0 || p.Segs[0].Kind != SegField {
		return ""
	}
	return p.Segs[0].Field
}

// String renders the path in its source syntax.
func (p Path) String() string {
	var b strings.Builder
	b.WriteString(p.Root)
	for _, s := range p.Segs {
		b.WriteString(s.String())
	}
	return b.String()
}

// String renders one segment.
func (s Seg) String() string {
	switch s.Kind {
	case SegIndex:
		return "[" + strconv.Itoa(s.Index) + "]"
	case SegWildcard:
		return "[*]"
	}
	if isIdent(s.Field) {
		return "." + s.Field
	}
	q, _ := json.Marshal(s.Field)
	return "[" + string(q) + "]"
}

// PathError is a syntax error in a path; Offset is the byte offset in the
// path text.
type PathError struct {
	Offset int
	Msg    string
}

func (e *PathError) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// ParsePath parses a path without the ${ } around it. It checks syntax
// and the root, not whether steps or fields exist (the compiler does).
func ParsePath(s string) (Path, error) {
	root, off := ident(s, 0)
	if root == "" {
		return Path{}, &PathError{0, fmt.Sprintf("want %s, %s, %s or %s, found %q", RootInputs, RootSteps, RootItem, RootIndex, excerpt(s, 0))}
	}
	switch root {
	case RootInputs, RootSteps, RootItem, RootIndex:
	default:
		return Path{}, &PathError{0, fmt.Sprintf("unknown root %q (want %s, %s, %s or %s)", root, RootInputs, RootSteps, RootItem, RootIndex)}
	}
	p := Path{Root: root}
	for off < len(s) {
		seg, next, err := parseSeg(s, off)
		if err != nil {
			return Path{}, err
		}
		p.Segs = append(p.Segs, seg)
		off = next
	}
	if root == RootSteps {
		if len(p.Segs) < 2 || p.Segs[0].Kind != SegField || p.Segs[1].Kind != SegField || p.Segs[1].Field != "result" {
			return Path{}, &PathError{0, "a step reference is steps.NAME.result followed by an optional path"}
		}
	}
	if root == RootIndex && len(p.Segs) > 0 {
		return Path{}, &PathError{len(root), "index is a number and has no fields"}
	}
	return p, nil
}

func parseSeg(s string, off int) (Seg, int, error) {
	switch s[off] {
	case '.':
		name, next := ident(s, off+1)
		if name == "" {
			return Seg{}, 0, &PathError{off + 1, fmt.Sprintf("want a field name after '.', found %q", excerpt(s, off+1))}
		}
		return Seg{Kind: SegField, Field: name}, next, nil
	case '[':
		return parseBracket(s, off)
	}
	return Seg{}, 0, &PathError{off, fmt.Sprintf("want '.' or '[', found %q", excerpt(s, off))}
}

func parseBracket(s string, off int) (Seg, int, error) {
	rest := s[off+1:]
	switch {
	case strings.HasPrefix(rest, "*]"):
		return Seg{Kind: SegWildcard}, off + 3, nil
	case strings.HasPrefix(rest, `"`):
		dec := json.NewDecoder(strings.NewReader(rest))
		var name string
		if err := dec.Decode(&name); err != nil {
			return Seg{}, 0, &PathError{off + 1, "invalid quoted field name"}
		}
		end := off + 1 + int(dec.InputOffset())
		if end >= len(s) || s[end] != ']' {
			return Seg{}, 0, &PathError{end, "want ']' after the quoted field name"}
		}
		return Seg{Kind: SegField, Field: name}, end + 1, nil
	}
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if n == 0 || n > 9 || n >= len(rest) || rest[n] != ']' {
		return Seg{}, 0, &PathError{off + 1, fmt.Sprintf("want an index, * or a quoted name in [ ], found %q", excerpt(s, off+1))}
	}
	i, _ := strconv.Atoi(rest[:n])
	return Seg{Kind: SegIndex, Index: i}, off + n + 2, nil
}

// ident reads [A-Za-z_][A-Za-z0-9_-]* at off.
func ident(s string, off int) (string, int) {
	i := off
	for i < len(s) {
		c := s[i]
		letter := c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')
		if !letter && (i == off || !(c == '-' || (c >= '0' && c <= '9'))) {
			break
		}
		i++
	}
	return s[off:i], i
}

func isIdent(s string) bool {
	id, n := ident(s, 0)
	return id != "" && n == len(s)
}

func excerpt(s string, off int) string {
	if off >= len(s) {
		return "end of path"
	}
	end := min(off+12, len(s))
	return s[off:end]
}
