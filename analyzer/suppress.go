package analyzer

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/inputfile"
	"github.com/tscg/tscg/internal/lazyre"
	"github.com/tscg/tscg/internal/ruledb"
)

// IgnoreDirective is the word that starts an inline suppression.
const IgnoreDirective = "tscg:ignore"

// RuleDirective is the rule of malformed tscg:ignore comments.
const RuleDirective = "lint-directive"

func init() {
	ruledb.Register(ruledb.Rule{ID: RuleDirective, DefaultSeverity: ruledb.Warning, Category: ruledb.Suppression, Since: "0.1.0",
		Summary: "a tscg:ignore comment without a reason, or naming a rule tscg does not have (it suppresses nothing of that rule)"})
}

// directiveRe matches `tscg:ignore rule[,rule…] reason` inside any comment
// syntax (//, /* */, #, JSDoc, docstrings).
var directiveRe = lazyre.New(`tscg:ignore\s+([A-Za-z0-9_,-]+)(?:[ \t]+(\S[^\n]*?))?\s*(?:\*/|"""|$)`)

// directive is one inline suppression: rules silenced on lines
// [from, to] of a file.
type directive struct {
	rules    []string
	from, to int
	reason   string
	pos      diag.Pos
}

// Suppress drops findings silenced by inline directives in their source
// files or by s.Ignore, and returns the rest plus diagnostics about
// malformed directives (a directive without a reason suppresses nothing).
// readFile is inputfile.Read unless a test substitutes it.
func Suppress(fs []Finding, s *Settings, readFile func(string) ([]byte, error)) (kept []Finding, bad []Finding) {
	mentions := func(file string) bool { return true } // the read says
	if readFile == nil {
		readFile = inputfile.Read
		mentions = func(file string) bool { // most files mention none: not read whole
			ok, err := inputfile.Contains(file, IgnoreDirective)
			return ok || err != nil
		}
	}
	byFile := map[string][]directive{}
	loaded := map[string]bool{}
	for _, f := range fs {
		file := f.Pos.File
		if file == "" || loaded[file] {
			continue
		}
		loaded[file] = true
		if !mentions(file) {
			continue
		}
		data, err := readFile(file)
		if err != nil || !bytes.Contains(data, []byte(IgnoreDirective)) {
			continue
		}
		ds, malformed := parseDirectives(file, data)
		byFile[file] = ds
		bad = append(bad, malformed...)
	}
	for _, f := range fs {
		if s != nil && s.Ignored(f) {
			continue
		}
		if suppressed(byFile[f.Pos.File], f) {
			continue
		}
		kept = append(kept, f)
	}
	return kept, bad
}

func suppressed(ds []directive, f Finding) bool {
	for _, d := range ds {
		if f.Pos.Line < d.from || f.Pos.Line > d.to {
			continue
		}
		for _, r := range d.rules {
			if r == f.RuleID || r == "all" {
				return true
			}
		}
	}
	return false
}

// parseDirectives finds every directive in a file. A directive covers its
// own line and the following comment or blank lines up to and including
// the first line of code, so it may sit anywhere in a doc comment.
func parseDirectives(file string, data []byte) ([]directive, []Finding) {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	var ds []directive
	var bad []Finding
	for i, line := range lines {
		col := strings.Index(line, IgnoreDirective)
		if col < 0 {
			continue
		}
		pos := diag.Pos{File: file, Line: i + 1, Col: col + 1}
		m := directiveRe.FindStringSubmatch(line[col:])
		if m == nil || strings.TrimSpace(m[2]) == "" {
			bad = append(bad, Finding{Diagnostic: diag.Diagnostic{Pos: pos, Severity: diag.Warning, RuleID: RuleDirective,
				Message: "tscg:ignore needs a rule id and a reason: `tscg:ignore <rule-id> <reason>`"}})
			continue
		}
		rules := strings.Split(m[1], ",")
		for _, id := range rules {
			if _, ok := ruledb.Lookup(id); !ok && id != "all" {
				bad = append(bad, Finding{Diagnostic: diag.Diagnostic{Pos: pos, Severity: diag.Warning, RuleID: RuleDirective,
					Message: fmt.Sprintf("tscg:ignore names unknown rule %q (see tscg lint --list-rules)", id)}})
			}
		}
		end := i
		for end+1 < len(lines) && isCommentOrBlank(lines[end]) {
			end++
		}
		ds = append(ds, directive{rules: rules, from: i + 1, to: end + 1, reason: m[2], pos: pos})
	}
	return ds, bad
}

// isCommentOrBlank is deliberately language-neutral: it recognises the
// line comments and block-comment continuations of TypeScript, Go and
// Python.
func isCommentOrBlank(line string) bool {
	t := strings.TrimSpace(line)
	for _, p := range []string{"//", "/*", "*", "#", `"""`, "'''"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return t == "" || strings.HasPrefix(t, "@")
}
