package analyzer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/goccy/go-yaml"
	"github.com/tscg/tscg/compiler/diag"
)

// Formats lists the output formats of WriteFormat.
var Formats = []string{"text", "json", "sarif", "github"}

// WriteFormat prints findings in one of Formats.
func WriteFormat(w io.Writer, format string, fs []Finding, rules []*Rule) error {
	switch format {
	case "", "text":
		return WriteText(w, fs)
	case "json":
		return WriteJSON(w, fs)
	case "sarif":
		return WriteSARIF(w, fs, rules)
	case "github":
		return WriteGitHub(w, fs)
	}
	return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats, ", "))
}

// WriteText prints one `file:line:col: severity: message [rule]` line per
// finding (plus an indented hint line when there is one).
func WriteText(w io.Writer, fs []Finding) error {
	for _, f := range fs {
		if _, err := fmt.Fprintln(w, f.Diagnostic.String()); err != nil {
			return err
		}
	}
	return nil
}

type jsonFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Tool     string `json:"tool,omitempty"`
	Hint     string `json:"hint,omitempty"`
}

// WriteJSON prints the contract's {"diagnostics": [...]} document: what
// encoding/json writes for it indented by two spaces, HTML not escaped,
// written finding by finding instead of rendered whole (on BFCL the
// whole document and its indented copy were 12 MB of heap at the end of
// lint).
func WriteJSON(w io.Writer, fs []Finding) error {
	if len(fs) == 0 {
		return encode(w, struct {
			Diagnostics []jsonFinding `json:"diagnostics"`
		}{Diagnostics: []jsonFinding{}})
	}
	bw := bufio.NewWriterSize(w, 32<<10)
	var one bytes.Buffer
	enc := json.NewEncoder(&one)
	enc.SetEscapeHTML(false)
	enc.SetIndent("    ", "  ")
	bw.WriteString("{\n  \"diagnostics\": [")
	for i, f := range fs {
		one.Reset()
		if err := enc.Encode(jsonFinding{
			File: filepath.ToSlash(f.Pos.File), Line: f.Pos.Line, Col: f.Pos.Col, Rule: f.RuleID,
			Severity: f.Severity.String(), Message: f.Message, Tool: f.Tool, Hint: f.Hint,
		}); err != nil {
			return err
		}
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		bw.Write(bytes.TrimSuffix(one.Bytes(), []byte("\n")))
	}
	bw.WriteString("\n  ]\n}\n")
	return bw.Flush()
}

func encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// WriteGitHub prints GitHub Actions workflow commands, which the runner
// turns into annotations on the pull request.
func WriteGitHub(w io.Writer, fs []Finding) error {
	for _, f := range fs {
		level := map[diag.Severity]string{diag.Error: "error", diag.Warning: "warning", diag.Info: "notice"}[f.Severity]
		var props []string
		if f.Pos.File != "" {
			props = append(props, "file="+ghProp(filepath.ToSlash(f.Pos.File)))
		}
		if f.Pos.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", f.Pos.Line))
		}
		if f.Pos.Col > 0 {
			props = append(props, fmt.Sprintf("col=%d", f.Pos.Col))
		}
		props = append(props, "title="+ghProp("tscg "+f.RuleID))
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", level, strings.Join(props, ","), ghData(f.Message)); err != nil {
			return err
		}
	}
	return nil
}

// ghData and ghProp escape as the Actions toolkit does.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// Baseline returns a `lint:` configuration block whose ignore list silences
// every given finding, one entry per rule, tool and file.
func Baseline(fs []Finding) ([]byte, error) {
	seen := map[Ignore]bool{}
	var ig []Ignore
	for _, f := range fs {
		e := Ignore{Rule: f.RuleID, Tool: f.Tool, Path: filepath.ToSlash(f.Pos.File)}
		if !seen[e] {
			seen[e] = true
			ig = append(ig, e)
		}
	}
	sort.Slice(ig, func(i, j int) bool {
		a, b := ig[i], ig[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Tool < b.Tool
	})
	var b strings.Builder
	b.WriteString("lint:\n")
	if len(ig) == 0 {
		b.WriteString("    ignore: []\n")
		return []byte(b.String()), nil
	}
	b.WriteString("    ignore:\n")
	for _, e := range ig {
		for i, kv := range [][2]string{{"rule", e.Rule}, {"tool", e.Tool}, {"path", e.Path}} {
			if kv[1] == "" && i > 0 {
				continue
			}
			q, err := yamlString(kv[1])
			if err != nil {
				return nil, err
			}
			lead := "          "
			if i == 0 {
				lead = "        - "
			}
			b.WriteString(lead + kv[0] + ": " + q + "\n")
		}
	}
	return []byte(b.String()), nil
}

// yamlString is s as a YAML scalar that reads back as the string s (the
// library quotes it when a plain scalar would not).
func yamlString(s string) (string, error) {
	out, err := yaml.Marshal(s)
	q := strings.TrimSuffix(string(out), "\n")
	if err != nil || strings.ContainsFunc(s, unicode.IsControl) || strings.Contains(q, "\n") {
		// A block scalar would need the surrounding indentation, and a
		// plain one loses tabs: a JSON string is a YAML double-quoted
		// scalar, escapes included.
		js, err := json.Marshal(s)
		return string(js), err
	}
	return q, nil
}
