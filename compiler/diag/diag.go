// Package diag holds the one diagnostic type of the whole toolchain: parse
// errors, config errors and lint findings are all a Diagnostic, printed as
// `file:line:col: severity: message [rule-id]`.
package diag

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/tscg/tscg/internal/ruledb"
)

// Pos is a 1-based source position; Line or Col 0 means unknown.
type Pos struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"col,omitempty"`
}

// String renders the position as file:line:col, leaving out unknown parts.
func (p Pos) String() string {
	switch {
	case p.File == "":
		return "<input>"
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// IsZero reports whether nothing is known about the position.
func (p Pos) IsZero() bool { return p == Pos{} }

// Before orders positions by file, line and column.
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Severity says how serious a diagnostic is. It is defined beside the
// rule registry (internal/ruledb), which runtime packages can reach too.
type Severity = ruledb.Severity

// Severities, most serious first.
const (
	Error   = ruledb.Error
	Warning = ruledb.Warning
	Info    = ruledb.Info
)

// ParseSeverity is the inverse of Severity.String.
func ParseSeverity(s string) (Severity, error) { return ruledb.ParseSeverity(s) }

// Diagnostic is one message about the input.
type Diagnostic struct {
	Pos      Pos
	End      Pos
	RuleID   string
	Severity Severity
	Message  string
	Hint     string
	// BlockedTool names the one tool an error keeps out of the catalog,
	// when the frontend read every other tool whole (issue 28): build
	// writes the others and exits 2 naming it, lint lints the others. A
	// tool whose name could not be read is named by where it is
	// registered, in angle brackets. Empty for an error that fails the
	// input as a whole.
	BlockedTool string
}

// String renders the diagnostic in the toolchain's one text format.
func (d Diagnostic) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s: %s", d.Pos, d.Severity, d.Message)
	if d.RuleID != "" {
		fmt.Fprintf(&b, " [%s]", d.RuleID)
	}
	if d.Hint != "" {
		fmt.Fprintf(&b, "\n\thint: %s", d.Hint)
	}
	return b.String()
}

// Errorf builds an error diagnostic.
func Errorf(pos Pos, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Severity: Error, Message: fmt.Sprintf(format, args...)}
}

// Warnf builds a warning diagnostic.
func Warnf(pos Pos, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Severity: Warning, Message: fmt.Sprintf(format, args...)}
}

// Block marks the errors of l from index start on as blocking tool
// (see Diagnostic.BlockedTool); errors already marked keep their tool.
func (l List) Block(start int, tool string) {
	for i := start; i < len(l); i++ {
		if l[i].Severity == Error && l[i].BlockedTool == "" {
			l[i].BlockedTool = tool
		}
	}
}

// BlockedTools reports whether every error of l blocks one tool only,
// and the names of those tools, sorted and without repeats.
func (l List) BlockedTools() ([]string, bool) {
	seen := map[string]bool{}
	var names []string
	for _, d := range l {
		if d.Severity != Error {
			continue
		}
		if d.BlockedTool == "" {
			return nil, false
		}
		if !seen[d.BlockedTool] {
			seen[d.BlockedTool] = true
			names = append(names, d.BlockedTool)
		}
	}
	sort.Strings(names)
	return names, true
}

// List is a set of diagnostics.
type List []Diagnostic

// Add appends a diagnostic.
func (l *List) Add(d Diagnostic) { *l = append(*l, d) }

// Errorf appends an error diagnostic.
func (l *List) Errorf(pos Pos, format string, args ...any) {
	l.Add(Errorf(pos, format, args...))
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sorted returns the diagnostics deduplicated and in a stable order:
// position, then severity, rule and message.
func (l List) Sorted() List {
	out := append(List(nil), l...)
	sort.SliceStable(out, func(i, j int) bool { return Less(out[i], out[j]) })
	dedup := out[:0]
	for i, d := range out {
		if i > 0 && d == out[i-1] {
			continue
		}
		dedup = append(dedup, d)
	}
	return dedup
}

// Less is the toolchain's one order of diagnostics: position, then
// severity (most serious first), rule and message.
func Less(a, b Diagnostic) bool {
	if a.Pos != b.Pos {
		return a.Pos.Before(b.Pos)
	}
	if a.Severity != b.Severity {
		return a.Severity < b.Severity
	}
	if a.RuleID != b.RuleID {
		return a.RuleID < b.RuleID
	}
	return a.Message < b.Message
}

// Print writes the sorted diagnostics, one per line.
func (l List) Print(w io.Writer) {
	for _, d := range l.Sorted() {
		fmt.Fprintln(w, d.String())
	}
}

// Err returns the list as an error when it holds errors, else nil.
func (l List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return &ListError{List: l.Sorted()}
}

// ListError carries diagnostics through APIs that return error.
type ListError struct{ List List }

func (e *ListError) Error() string {
	var b strings.Builder
	for i, d := range e.List {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	return b.String()
}
