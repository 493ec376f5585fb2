package skills

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tscg/tscg/internal/lazyre"
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

var yamlLineRE = lazyre.New(`^yaml: line (\d+): (.*)$`)

// decodeFront fills the fields from the YAML text; YAML line n is file
// line n+1 (after the opening "---").
func (sk *Skill) decodeFront(file, text string) error {
	bad := func(line int, format string, args ...any) error {
		return &ParseError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
			n, _ := strconv.Atoi(m[1])
			return bad(n+1, "front matter: %s", m[2])
		}
		return bad(2, "front matter: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(doc.Content) == 0 {
		return bad(2, "front matter is empty: it needs at least name and description")
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode {
		return bad(m.Line+1, "front matter must be a mapping of name, title, description, tools")
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if err := sk.field(file, m.Content[i], m.Content[i+1]); err != nil {
			return err
		}
	}
	return nil
}

func (sk *Skill) field(file string, k, v *yaml.Node) error {
	line := k.Line + 1
	bad := func(format string, args ...any) error {
		return &ParseError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	if _, dup := sk.Lines[k.Value]; dup {
		return bad("duplicate key %q in front matter", k.Value)
	}
	switch k.Value {
	case "name", "title", "description":
		if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
			return bad("%s must be a string", k.Value)
		}
		s := strings.TrimSpace(v.Value)
		switch k.Value {
		case "name":
			sk.Name = s
		case "title":
			sk.Title = s
		default:
			sk.Description = s
		}
	case "tools":
		tools, err := stringList(v)
		if err != nil {
			return bad("tools: %v", err)
		}
		sk.Tools = tools
	default:
		return nil // other keys (license, metadata …) belong to other tools
	}
	sk.Lines[k.Value] = line
	return nil
}

// stringList accepts a sequence of strings or one string.
func stringList(v *yaml.Node) ([]string, error) {
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			return nil, nil
		}
		return []string{strings.TrimSpace(v.Value)}, nil
	case yaml.SequenceNode:
		var out []string
		for _, it := range v.Content {
			if it.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("expected a list of tool or group names")
			}
			out = append(out, strings.TrimSpace(it.Value))
		}
		return out, nil
	}
	return nil, fmt.Errorf("expected a list of tool or group names")
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
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(s), &n); err == nil && len(n.Content) == 1 &&
		n.Content[0].Kind == yaml.ScalarNode && n.Content[0].Tag == "!!str" &&
		n.Content[0].Value == s && !strings.ContainsAny(s, "\n#") {
		return s
	}
	return strconv.Quote(s)
}
