package python

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/internal/lazyre"
)

// OutlineFile is what `tscg py-outline` prints: the module's top-level
// functions in source order (CONTRACT.md fixes the shape).
type OutlineFile struct {
	Functions []OutlineFunc `json:"functions"`
}

// OutlineFunc is one top-level def or async def.
type OutlineFunc struct {
	Name      string         `json:"name"`
	Line      int            `json:"line"`
	Async     bool           `json:"async"`
	Params    []OutlineParam `json:"params"`
	Returns   *string        `json:"returns"`
	Docstring *string        `json:"docstring"`
}

// OutlineParam is one parameter. Kind is positional_only, positional,
// var_positional, keyword_only or var_keyword; Annotation and Default are
// source text, nil when absent.
type OutlineParam struct {
	Name       string  `json:"name"`
	Kind       string  `json:"kind"`
	Annotation *string `json:"annotation"`
	Default    *string `json:"default"`
}

// Outline parses one file and returns its top-level functions. A syntax
// error is an error diagnostic at its line; the outline then holds the
// functions before it.
func Outline(path string, src []byte) (*OutlineFile, diag.List) {
	m, ds := parseFile(path, src)
	out := &OutlineFile{Functions: []OutlineFunc{}}
	for _, f := range m.funcs {
		line, _ := m.lineCol(f.off)
		of := OutlineFunc{Name: f.name, Line: line, Async: f.async, Params: []OutlineParam{}}
		for _, p := range f.params {
			of.Params = append(of.Params, OutlineParam{Name: p.name, Kind: p.kind, Annotation: optText(p.ann != nil || p.annText != "", p.annText), Default: optText(p.def != nil || p.defText != "", p.defText)})
		}
		if f.returns != nil {
			s := m.text(f.returns)
			of.Returns = &s
		}
		if f.doc != nil {
			s := cleandoc(f.doc.text)
			of.Docstring = &s
		}
		out.Functions = append(out.Functions, of)
	}
	return out, ds
}

func optText(ok bool, s string) *string {
	if !ok {
		return nil
	}
	return &s
}

// parseFile decodes and parses a file, turning a syntax error into a
// diagnostic.
func parseFile(path string, src []byte) (*module, diag.List) {
	m := parseModule(normalise(src))
	if line, msg := cookieProblem(src); msg != "" && line < len(m.lineStarts) {
		// CPython checks the declaration before it reads any code (and
		// reports it on line 0; tscg names the cookie's line).
		m = &module{src: m.src, assigns: map[string]*assign{}, lineStarts: m.lineStarts,
			err: &lexError{off: m.lineStarts[line], msg: msg}}
	}
	var ds diag.List
	if m.err != nil {
		line, col := m.lineCol(m.err.off)
		ds.Add(diag.Diagnostic{Pos: diag.Pos{File: path, Line: line, Col: col}, Severity: diag.Error, RuleID: ruleSyntax, Message: "invalid Python: " + m.err.msg})
	}
	return m, ds
}

var codingRE = lazyre.New(`^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`)

// normalise returns the source as UTF-8 with LF line ends: a BOM is
// dropped, a Latin-1 coding declaration is honoured, and CRLF and CR
// become LF (as CPython's tokenizer translates them).
func normalise(src []byte) string {
	s := string(src)
	s = strings.TrimPrefix(s, "\ufeff")
	if enc := codingOf(s); enc != "" && !utf8.ValidString(s) {
		switch strings.ReplaceAll(strings.ToLower(enc), "_", "-") {
		case "latin-1", "iso-8859-1", "iso8859-1", "latin1", "l1", "cp1252", "windows-1252":
			r := make([]rune, len(s))
			for i := 0; i < len(s); i++ {
				r[i] = rune(s[i])
			}
			s = string(r)
		}
	}
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return s
}

// cookieProblem is what CPython refuses in a file's encoding
// declaration: a codec it does not know, or a BOM (which says UTF-8)
// with a declaration of another encoding. It returns the 0-based line of
// the declaration and the message, or "".
func cookieProblem(src []byte) (int, string) {
	s, bom := strings.CutPrefix(string(src), "\ufeff")
	enc, line := codingLine(s)
	if enc == "" {
		return 0, ""
	}
	if _, known := slices.BinarySearch(pythonCodecs, normalCodec(enc)); !known {
		return line, "unknown encoding: " + enc
	}
	if name := normalCookieName(enc); bom && name != "utf-8" {
		return line, "encoding problem: " + name + " with BOM"
	}
	return 0, ""
}

// normalCookieName is CPython's get_normal_name (tokenizer.c): the
// spellings of UTF-8 and Latin-1 it recognises, else the name as written.
func normalCookieName(enc string) string {
	buf := strings.ReplaceAll(strings.ToLower(enc[:min(len(enc), 12)]), "_", "-")
	switch {
	case buf == "utf-8" || strings.HasPrefix(buf, "utf-8-"):
		return "utf-8"
	case buf == "latin-1" || buf == "iso-8859-1" || buf == "iso-latin-1" ||
		strings.HasPrefix(buf, "latin-1-") || strings.HasPrefix(buf, "iso-8859-1-") || strings.HasPrefix(buf, "iso-latin-1-"):
		return "iso-8859-1"
	}
	return enc
}

// normalCodec is encodings.normalize_encoding, lowercased, with dots as
// underscores: the form pythonCodecs holds.
func normalCodec(enc string) string {
	var b strings.Builder
	sep := false
	for _, r := range strings.ToLower(enc) {
		if r == '.' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			if sep && b.Len() > 0 {
				b.WriteByte('_')
			}
			sep = false
			if r == '.' {
				r = '_'
			}
			b.WriteRune(r)
			continue
		}
		sep = true
	}
	return b.String()
}

func codingOf(s string) string {
	enc, _ := codingLine(s)
	return enc
}

// codingLine returns the encoding a coding declaration in the first two
// lines names, and its line.
func codingLine(s string) (string, int) {
	for i := 0; i < 2; i++ {
		line := s
		if j := strings.IndexByte(s, '\n'); j >= 0 {
			line, s = s[:j], s[j+1:]
		} else {
			s = ""
		}
		if m := codingRE.FindStringSubmatch(line); m != nil {
			return m[1], i
		}
	}
	return "", 0
}
