package python

import (
	"strings"
	"unicode"

	"github.com/tscg/tscg/internal/lazyre"
)

// docInfo is what a cleaned docstring says about a function.
type docInfo struct {
	style       string // google, numpy, rest, epydoc, or "" (no sections)
	description string // text before the first section header
	params      []*paramDoc
	returns     string
}

// paramDoc is one documented parameter.
type paramDoc struct {
	name     string
	typ      string
	desc     string
	optional bool   // "optional" in the type or description
	dflt     string // from "Defaults to X" / "default: X" / "default X"
	line     int    // 0-based line within the cleaned docstring
}

func (d *docInfo) param(name string) *paramDoc {
	for _, p := range d.params {
		if p.name == name {
			return p
		}
	}
	return nil
}

func (d *docInfo) paramOrNew(name string, line int) *paramDoc {
	if p := d.param(name); p != nil {
		return p
	}
	p := &paramDoc{name: name, line: line}
	d.params = append(d.params, p)
	return p
}

var (
	googleHeader = lazyre.New(`^(Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Other Parameters|Returns|Return|Yields|Yield|Raises|Raise|Examples?|Notes?|Attributes|See Also|Todo|Warnings?|References):\s*$`)
	numpyHeader  = lazyre.New(`^(Parameters|Other Parameters|Returns|Return|Yields|Raises|Warns|Examples?|Notes?|Attributes|See Also|References|Methods|Warnings?)\s*$`)
	numpyRule    = lazyre.New(`^-{3,}\s*$`)
	restField    = lazyre.New(`^:(param|parameter|arg|argument|key|keyword|type|returns?|rtype|raises?|except|exception|var|ivar|cvar|meta)\b([^:]*):\s?(.*)$`)
	epyField     = lazyre.New(`^@(param|type|return|returns|rtype|raise|raises|keyword|kwarg|var|ivar|cvar|note|see)\b([^:]*):\s?(.*)$`)
	googleParam  = lazyre.New(`^(?:[-•]\s+)?\*{0,2}(\w+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$`)
	numpyParam   = lazyre.New(`^\*{0,2}(\w+(?:\s*,\s*\*{0,2}\w+)*)\s*(?::\s*(.*))?$`)
	defaultsRE   = lazyre.New(`(?i)\bdefaults?(?:\s+to|\s+is|:|\s*=)?\s+` + "`*" + `([^\s,;` + "`" + `]+(?:\s[^\s,;.` + "`" + `]+)?)` + "`*")
	optionalRE   = lazyre.New(`(?i)\boptional\b`)
)

// parseDocstring reads a cleaned docstring in any of the four styles,
// detected from its section markers.
func parseDocstring(doc string) *docInfo {
	lines := strings.Split(doc, "\n")
	d := &docInfo{}
	first := len(lines)
	for i := range lines {
		if style := lineStyle(lines, i); style != "" {
			d.style, first = style, i
			break
		}
	}
	d.description = withoutParamSections(lines, first)
	switch d.style {
	case "google":
		parseGoogle(d, lines, first)
	case "numpy":
		parseNumpy(d, lines, first)
	case "rest":
		parseFields(d, lines, first, restField)
	case "epydoc":
		parseFields(d, lines, first, epyField)
	}
	for _, p := range d.params {
		p.desc = joinWrapped(p.desc)
		if optionalRE.MatchString(p.typ) || optionalRE.MatchString(p.desc) {
			p.optional = true
		}
		if m := defaultsRE.FindStringSubmatch(p.desc); m != nil {
			p.dflt = strings.TrimRight(m[1], ".")
		}
		p.typ = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(optionalRE.ReplaceAllString(p.typ, "")), ","))
	}
	d.returns = joinWrapped(d.returns)
	return d
}

// lineStyle reports the style whose section starts at line i, or "".
func lineStyle(lines []string, i int) string {
	l := strings.TrimSpace(lines[i])
	switch {
	case numpyHeader.MatchString(l) && i+1 < len(lines) && numpyRule.MatchString(strings.TrimSpace(lines[i+1])):
		return "numpy"
	case googleHeader.MatchString(l) && !strings.HasPrefix(lines[i], " "):
		return "google"
	case restField.MatchString(l):
		return "rest"
	case epyField.MatchString(l):
		return "epydoc"
	}
	return ""
}

func indentOf(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }

// parseGoogle reads `Args:` / `Returns:` sections: entries one level in,
// continuation lines deeper.
func parseGoogle(d *docInfo, lines []string, i int) {
	section := ""
	entryIndent := -1
	var cur *paramDoc
	for ; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimSpace(l)
		if indentOf(l) == 0 && googleHeader.MatchString(t) {
			section, entryIndent, cur = strings.TrimSuffix(strings.TrimSpace(t[:strings.Index(t, ":")]), ":"), -1, nil
			continue
		}
		if t == "" {
			if cur != nil {
				cur.desc += "\n\n"
			}
			continue
		}
		switch section {
		case "Args", "Arguments", "Parameters", "Params", "Keyword Args", "Keyword Arguments", "Other Parameters":
			if entryIndent < 0 {
				entryIndent = indentOf(l)
			}
			if indentOf(l) <= entryIndent {
				if m := googleParam.FindStringSubmatch(t); m != nil {
					cur = d.paramOrNew(m[1], i)
					cur.typ, cur.desc = m[2], m[3]
					continue
				}
			}
			if cur != nil {
				cur.desc += "\n" + t
			}
		case "Returns", "Return", "Yields", "Yield":
			d.returns += "\n" + t
		}
	}
	d.returns = stripReturnType(d.returns)
}

// returnTypePrefix matches a Google Returns entry's leading `type:`.
var returnTypePrefix = lazyre.New(`^[\w.]+(\[[\w\[\], .|]*\])?(\s*\|\s*[\w.]+(\[[\w\[\], .|]*\])?)*:\s+`)

// stripReturnType drops a leading `type:` from a Google Returns entry.
func stripReturnType(s string) string {
	s = strings.TrimSpace(s)
	return strings.TrimPrefix(s, returnTypePrefix.FindString(s))
}

// parseNumpy reads underlined sections: `name : type` at the section's
// indent, the description indented below.
func parseNumpy(d *docInfo, lines []string, i int) {
	section := ""
	var cur []*paramDoc
	for ; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimSpace(l)
		if i+1 < len(lines) && numpyHeader.MatchString(t) && numpyRule.MatchString(strings.TrimSpace(lines[i+1])) {
			section, cur = t, nil
			i++
			continue
		}
		if t == "" {
			for _, p := range cur {
				p.desc += "\n\n"
			}
			continue
		}
		switch section {
		case "Parameters", "Other Parameters":
			if indentOf(l) == 0 {
				if m := numpyParam.FindStringSubmatch(t); m != nil {
					cur = nil
					for _, n := range strings.Split(m[1], ",") {
						p := d.paramOrNew(strings.TrimLeft(strings.TrimSpace(n), "*"), i)
						p.typ = m[2]
						cur = append(cur, p)
					}
					continue
				}
			}
			for _, p := range cur {
				p.desc += "\n" + t
			}
		case "Returns", "Return", "Yields":
			// `type` (or `name : type`) lines at the margin, the
			// description indented below them.
			if indentOf(l) > 0 {
				d.returns += "\n" + t
			}
		}
	}
}

// parseFields reads reST (`:param x:`) and Epydoc (`@param x:`) fields;
// continuation lines are indented.
func parseFields(d *docInfo, lines []string, i int, field *lazyre.Regexp) {
	var target *string
	for ; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		m := field.FindStringSubmatch(t)
		if m == nil {
			if target != nil && t != "" && indentOf(lines[i]) > 0 {
				*target += "\n" + t
			} else {
				target = nil
			}
			continue
		}
		target = nil
		args := strings.Fields(m[2])
		switch m[1] {
		case "param", "parameter", "arg", "argument", "key", "keyword", "kwarg":
			if len(args) == 0 {
				continue
			}
			p := d.paramOrNew(strings.TrimLeft(args[len(args)-1], "*"), i)
			if len(args) > 1 {
				p.typ = strings.Join(args[:len(args)-1], " ")
			}
			p.desc = m[3]
			target = &p.desc
		case "type":
			if len(args) > 0 {
				d.paramOrNew(strings.TrimLeft(args[len(args)-1], "*"), i).typ = m[3]
			}
		case "return", "returns":
			d.returns = m[3]
			target = &d.returns
		}
	}
}

// joinWrapped joins wrapped lines with spaces and keeps paragraph breaks.
func joinWrapped(s string) string {
	var paras []string
	for _, p := range strings.Split(strings.TrimSpace(s), "\n\n") {
		if f := strings.Fields(p); len(f) > 0 {
			paras = append(paras, strings.Join(f, " "))
		}
	}
	return strings.Join(paras, "\n\n")
}

// paramSection names the sections whose entries become parameter
// descriptions; every other section stays in the tool's description.
var paramSection = map[string]bool{"Args": true, "Arguments": true, "Parameters": true, "Params": true,
	"Keyword Args": true, "Keyword Arguments": true, "Other Parameters": true}

// restParamField matches the reST and Epydoc fields that document one
// parameter (`:param x:`, `:type x:`, `@param x:` …).
var restParamField = lazyre.New(`^[:@](param|parameter|arg|argument|key|keyword|kwarg|type)\b[^:]*:`)

// withoutParamSections is the docstring less its parameter sections
// (CONTRACT: the summary, further paragraphs and the Returns, Raises,
// Examples and Notes sections are kept), runs of blank lines left by a
// removal collapsed to one.
func withoutParamSections(lines []string, first int) string {
	var kept []string
	skip := false // inside a Google/NumPy parameter section
	field := false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimSpace(l)
		if i < first {
			kept = append(kept, l)
			continue
		}
		numpy := i+1 < len(lines) && numpyHeader.MatchString(t) && numpyRule.MatchString(strings.TrimSpace(lines[i+1]))
		switch {
		case numpy:
			skip, field = paramSection[t], false
			if !skip {
				kept = append(kept, l, lines[i+1])
			}
			i++
			continue
		case indentOf(l) == 0 && googleHeader.MatchString(t):
			name := strings.TrimSuffix(t, ":")
			skip, field = paramSection[strings.TrimSpace(name)], false
			if !skip {
				kept = append(kept, l)
			}
			continue
		case restParamField.MatchString(t):
			field = true
			continue
		case field && t != "" && indentOf(l) > 0:
			continue
		}
		field = false
		if skip {
			// A Google section ends at the first unindented text; a NumPy
			// one (entries at the margin) at the next header.
			if t == "" || indentOf(l) > 0 || strings.HasPrefix(t, "- ") || !googleSection(lines, first) {
				continue
			}
			skip = false
		}
		kept = append(kept, l)
	}
	var out []string
	for _, l := range kept {
		if strings.TrimSpace(l) == "" && (len(out) == 0 || strings.TrimSpace(out[len(out)-1]) == "") {
			continue
		}
		out = append(out, l)
	}
	return strings.TrimRightFunc(strings.Join(out, "\n"), unicode.IsSpace)
}

func googleSection(lines []string, first int) bool { return lineStyle(lines, first) != "numpy" }
