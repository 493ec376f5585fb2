package skills

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/tscg/tscg/internal/lazyre"
	"github.com/tscg/tscg/internal/yamldoc"
)

// FileName is the name of the file that makes a directory a skill.
const FileName = "SKILL.md"

// Source says where a skill comes from.
type Source int

// Sources of skills. Built-in skills are read-only and win name clashes.
const (
	Builtin Source = iota
	User
)

func (s Source) String() string {
	if s == Builtin {
		return "builtin"
	}
	return "user"
}

// Skill is one parsed SKILL.md.
type Skill struct {
	Name        string
	Title       string
	Description string
	// Tools lists the tool groups or tool names the skill unlocks.
	Tools []string
	// Body is the Markdown after the front matter.
	Body   string
	Source Source
	// Path is where the skill was read from ("<name>/SKILL.md" relative to
	// its source), for diagnostics.
	Path string
	// Lines of the front matter fields and of the body's first line, for
	// diagnostics (0 when absent).
	Lines map[string]int
}

var nameRE = lazyre.New(`^[a-z0-9][a-z0-9-]{0,48}$`)

// NameError is a skill name that is not allowed.
type NameError struct {
	Name string
}

func (e *NameError) Error() string {
	msg := fmt.Sprintf("invalid skill name %q: use 1 to 49 lowercase letters, digits and hyphens, starting with a letter or digit", e.Name)
	if strings.ContainsAny(e.Name, `/\`) || strings.Contains(e.Name, "..") {
		msg += " (a skill name is not a path; paths outside the skills directory are never accepted)"
	}
	return msg
}

// ValidName reports whether name is a valid skill name.
func ValidName(name string) bool { return nameRE.MatchString(name) }

// CheckName returns a *NameError for an invalid name.
func CheckName(name string) error {
	if !ValidName(name) {
		return &NameError{Name: name}
	}
	return nil
}

// ParseError is malformed SKILL.md content, at a 1-based line (0 when the
// whole file is concerned).
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Parse reads a SKILL.md. file names it in errors; the skill's Name is
// the front matter's name (Load checks it against the directory name).
func Parse(file string, data []byte) (*Skill, error) {
	bad := func(line int, format string, args ...any) error {
		return &ParseError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) == 0 || strings.TrimRight(lines[0], "\r\n") != "---" {
		return nil, bad(1, "missing front matter: a SKILL.md starts with a line \"---\", then name, title and description, then \"---\"")
	}
	end := -1
	for i := 1; i < len(lines); i++ {
		if l := strings.TrimRight(lines[i], " \t\r\n"); l == "---" || l == "..." {
			end = i
			break
		}
	}
	if end < 0 {
		return nil, bad(1, "front matter is not closed: add a line \"---\" after it")
	}
	sk := &Skill{Path: file, Lines: map[string]int{}}
	if err := sk.decodeFront(file, strings.Join(lines[1:end], "")); err != nil {
		return nil, err
	}
	body := strings.Join(lines[end+1:], "")
	sk.Lines["body"] = end + 2
	sk.Body = strings.TrimLeft(body, "\r\n")
	return sk, nil
}

// decodeFront fills the fields from the YAML text; YAML line n is file
// line n+1 (after the opening "---").
func (sk *Skill) decodeFront(file, text string) error {
	bad := func(line int, format string, args ...any) error {
		return &ParseError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	doc, err := yamldoc.Parse([]byte(text))
	if err != nil {
		var e *yamldoc.Error
		if errors.As(err, &e) {
			return bad(e.Line+1, "front matter: %s", e.Msg)
		}
		return bad(2, "front matter: %v", err)
	}
	if yamldoc.IsNull(doc.Root) {
		return bad(2, "front matter is empty: it needs at least name and description")
	}
	entries, ok := yamldoc.Mapping(doc.Root)
	if !ok {
		line, _ := yamldoc.Pos(doc.Root)
		return bad(line+1, "front matter must be a mapping of name, title, description, tools")
	}
	for _, e := range entries {
		if err := sk.field(file, e); err != nil {
			return err
		}
	}
	return nil
}

func (sk *Skill) field(file string, e yamldoc.Entry) error {
	line, _ := yamldoc.Pos(e.KeyAt)
	line++
	bad := func(format string, args ...any) error {
		return &ParseError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	if _, dup := sk.Lines[e.Key]; dup {
		return bad("duplicate key %q in front matter", e.Key)
	}
	switch e.Key {
	case "name", "title", "description":
		v, ok := yamldoc.Scalar(e.Value)
		if !ok {
			return bad("%s must be a string", e.Key)
		}
		s := strings.TrimSpace(v)
		switch e.Key {
		case "name":
			sk.Name = s
		case "title":
			sk.Title = s
		default:
			sk.Description = s
		}
	case "tools":
		tools, err := stringList(e.Value)
		if err != nil {
			return bad("tools: %v", err)
		}
		sk.Tools = tools
	default:
		return nil // other keys (license, metadata …) belong to other tools
	}
	sk.Lines[e.Key] = line
	return nil
}

// stringList accepts a sequence of strings or one string.
func stringList(v ast.Node) ([]string, error) {
	if yamldoc.IsNull(v) {
		return nil, nil
	}
	if s, ok := yamldoc.Scalar(v); ok {
		return []string{strings.TrimSpace(s)}, nil
	}
	seq, ok := v.(*ast.SequenceNode)
	if !ok {
		return nil, fmt.Errorf("expected a list of tool or group names")
	}
	var out []string
	for _, it := range seq.Values {
		s, ok := yamldoc.Scalar(it)
		if !ok {
			return nil, fmt.Errorf("expected a list of tool or group names")
		}
		out = append(out, strings.TrimSpace(s))
	}
	return out, nil
}

// Format renders a skill as SKILL.md content: front matter with name,
// title, description and tools, then the body. Parse reads it back.
func Format(sk *Skill) []byte {
	var b bytes.Buffer
	b.WriteString("---\n")
	writeField(&b, "name", sk.Name)
	if sk.Title != "" {
		writeField(&b, "title", sk.Title)
	}
	writeField(&b, "description", sk.Description)
	if len(sk.Tools) > 0 {
		b.WriteString("tools:\n")
		for _, t := range sk.Tools {
			b.WriteString("  - " + yamlScalar(t) + "\n")
		}
	}
	b.WriteString("---\n\n")
	b.WriteString(strings.TrimLeft(sk.Body, "\n"))
	if !strings.HasSuffix(sk.Body, "\n") {
		b.WriteString("\n")
	}
	return b.Bytes()
}

func writeField(b *bytes.Buffer, k, v string) {
	b.WriteString(k + ": " + yamlScalar(v) + "\n")
}

// yamlScalar quotes s when plain YAML would read it differently.
func yamlScalar(s string) string {
	if yamldoc.Plain(s) {
		return s
	}
	return strconv.Quote(s)
}
