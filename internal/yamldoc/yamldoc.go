// Package yamldoc reads tscg's own YAML files (tscg.yaml and its sections,
// *.workflow.yaml, SKILL.md front matter) with the one YAML library tscg
// uses, github.com/goccy/go-yaml: it parses a document once into a tree
// whose every node has a line and column, refuses anchors and aliases (an
// alias bomb of a few hundred bytes would otherwise expand to gigabytes),
// and decodes a node strictly into a typed struct, with a position on every
// error and, for an unknown key, the keys valid at that place.
package yamldoc

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// Error is a problem at a 1-based line and column (0 when unknown).
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Errors is every problem found in one document, in source order.
type Errors []*Error

func (es Errors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "; ")
}

// Doc is a parsed YAML document.
type Doc struct {
	// Root is the document's top node; nil for an empty document.
	Root ast.Node
}

// Parse parses one YAML document and refuses anchors, aliases and merge
// keys: tscg's files never need them, and refusing them is what keeps a
// small file from expanding without bound in any later step.
func Parse(data []byte) (*Doc, error) {
	// Duplicate keys are left to the readers, which name the section.
	f, err := parser.ParseBytes(data, 0, parser.AllowDuplicateMapKey())
	if err != nil {
		return nil, parseError(err)
	}
	d := &Doc{}
	switch len(f.Docs) {
	case 0:
	case 1:
		d.Root = f.Docs[0].Body
	default:
		tk := f.Docs[1].Start // the --- separator
		if tk == nil {
			tk = f.Docs[1].GetToken()
		}
		return nil, at(tk, "one YAML document expected, found %d (remove the --- separators)", len(f.Docs))
	}
	if err := RefuseAliases(d.Root); err != nil {
		return nil, err
	}
	return d, nil
}

// parseError gives the parser's error its position.
func parseError(err error) error {
	var yerr yaml.Error
	if errors.As(err, &yerr) && yerr.GetToken() != nil {
		return at(yerr.GetToken(), "%s", yerr.GetMessage())
	}
	return &Error{Line: 1, Col: 1, Msg: err.Error()}
}

// RefuseAliases walks a parsed tree (the parser keeps aliases as
// references, so the walk is linear in the file's size) and returns the
// first anchor, alias or merge key as an *Error; Parse calls it, and a
// reader that walks goccy's tree itself calls it before anything else.
func RefuseAliases(n ast.Node) error {
	if n == nil {
		return nil
	}
	var found error
	ast.Walk(visitor(func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n.(type) {
		case *ast.AnchorNode:
			found = at(n.GetToken(), "YAML anchors (&name) are not supported in tscg files: write the value out")
		case *ast.AliasNode:
			found = at(n.GetToken(), "YAML aliases (*name) are not supported in tscg files: write the value out")
		case *ast.MergeKeyNode:
			found = at(n.GetToken(), "YAML merge keys (<<) are not supported in tscg files: write the keys out")
		}
		return found == nil
	}), n)
	return found
}

type visitor func(ast.Node) bool

func (v visitor) Visit(n ast.Node) ast.Visitor {
	if n == nil || !v(n) {
		return nil
	}
	return v
}

// Pos is the 1-based line and column of n (1:1 when n has no token).
func Pos(n ast.Node) (line, col int) {
	switch m := n.(type) {
	case *ast.MappingNode:
		if !m.IsFlowStyle && len(m.Values) > 0 && m.Values[0].Key != nil {
			n = m.Values[0].Key // a block mapping starts at its first key
		}
	case *ast.MappingValueNode:
		if m.Key != nil {
			n = m.Key
		}
	}
	if n != nil && n.GetToken() != nil {
		p := n.GetToken().Position
		return p.Line, p.Column
	}
	return 1, 1
}

func at(tk *token.Token, format string, args ...any) *Error {
	e := &Error{Line: 1, Col: 1, Msg: fmt.Sprintf(format, args...)}
	if tk != nil && tk.Position != nil {
		e.Line, e.Col = tk.Position.Line, tk.Position.Column
	}
	return e
}

func atNode(n ast.Node, format string, args ...any) *Error {
	l, c := Pos(n)
	return &Error{Line: l, Col: c, Msg: fmt.Sprintf(format, args...)}
}

// Entry is one key and value of a mapping.
type Entry struct {
	Key   string
	KeyAt ast.Node
	Value ast.Node
}

// Mapping returns the entries of a mapping node in source order; ok is
// false when n is not a mapping. A null node is an empty mapping.
func Mapping(n ast.Node) (entries []Entry, ok bool) {
	switch m := unwrap(n).(type) {
	case nil, *ast.NullNode:
		return nil, true
	case *ast.MappingNode:
		for _, mv := range m.Values {
			entries = append(entries, entry(mv))
		}
		return entries, true
	case *ast.MappingValueNode:
		return []Entry{entry(m)}, true
	}
	return nil, false
}

func entry(mv *ast.MappingValueNode) Entry {
	k := ""
	if mv.Key != nil {
		k = scalarText(mv.Key)
	}
	return Entry{Key: k, KeyAt: mv.Key, Value: mv.Value}
}

// Lookup follows a path of mapping keys and sequence indexes from n; nil
// when the path does not exist.
func Lookup(n ast.Node, path ...string) ast.Node {
	for _, seg := range path {
		n = unwrap(n)
		if s, ok := n.(*ast.SequenceNode); ok {
			i := -1
			fmt.Sscan(seg, &i)
			if i < 0 || i >= len(s.Values) {
				return nil
			}
			n = s.Values[i]
			continue
		}
		entries, _ := Mapping(n)
		var next ast.Node
		for _, e := range entries {
			if e.Key == seg {
				next = e.Value
				if next == nil {
					next = e.KeyAt
				}
			}
		}
		if next == nil {
			return nil
		}
		n = next
	}
	return n
}

// unwrap looks through a tag (!!str and friends) to the value.
func unwrap(n ast.Node) ast.Node {
	for {
		t, ok := n.(*ast.TagNode)
		if !ok {
			return n
		}
		n = t.Value
	}
}

// scalarText is the value of a scalar node as written (strings unquoted).
func scalarText(n ast.Node) string {
	switch s := unwrap(n).(type) {
	case *ast.StringNode:
		return s.Value
	case *ast.LiteralNode:
		return s.Value.Value
	case *ast.MappingKeyNode:
		return scalarText(s.Value)
	case nil:
		return ""
	default:
		if tk := s.GetToken(); tk != nil {
			return tk.Value
		}
	}
	return ""
}

// Scalar returns the text of a scalar node as written (a quoted string
// unquoted, a block scalar's content); ok is false for null, a mapping
// or a list.
func Scalar(n ast.Node) (text string, ok bool) {
	n = unwrap(n)
	if _, isScalar := n.(ast.ScalarNode); !isScalar || n.Type() == ast.NullType {
		return "", false
	}
	return scalarText(n), true
}

// IsNull reports whether n is absent or null.
func IsNull(n ast.Node) bool {
	n = unwrap(n)
	return n == nil || n.Type() == ast.NullType
}

// Plain reports whether s, written as a plain (unquoted) scalar, reads
// back as the string s.
func Plain(s string) bool {
	if s == "" || strings.ContainsAny(s, "\n#") {
		return false
	}
	d, err := Parse([]byte(s))
	if err != nil {
		return false
	}
	str, ok := d.Root.(*ast.StringNode)
	return ok && str.Value == s && str.Token.Type == token.StringType
}
