package typescript

import (
	"strings"
)

// jsdoc is a parsed /** … */ comment.
type jsdoc struct {
	desc string
	tags []tag
}

// tag is one @tag of a JSDoc comment.
type tag struct {
	name string
	text string
	off  int // byte offset of the '@' in the file
}

// parseDoc splits a JSDoc comment into its description and tags. Each
// line loses its leading whitespace and '*'; the description keeps its
// line breaks and blank-line paragraphs, trimmed at both ends.
func parseDoc(raw rawDoc) jsdoc {
	desc, tags := parseDocTags(raw, nil)
	return jsdoc{desc: desc, tags: tags}
}

// parseDocTags is parseDoc appending the tags to buf, whose array a
// caller may keep on its stack (the description is a separate result so
// that it can outlive the tags).
func parseDocTags(raw rawDoc, buf []tag) (desc string, tags []tag) {
	tags = buf
	if raw.text == "" {
		return "", tags
	}
	body := strings.TrimSuffix(strings.TrimPrefix(raw.text, "/**"), "*/")
	base := raw.off + 3
	var descBuf [8]string // most descriptions fit without a heap slice
	lines := descBuf[:0]
	cur := -1
	for lineOff := 0; lineOff < len(body); {
		start := lineOff
		line := body[start:]
		if nl := strings.IndexByte(line, '\n'); nl >= 0 {
			line = line[:nl+1]
		}
		lineOff += len(line)
		text, skipped := cleanDocLine(line)
		if strings.HasPrefix(text, "@") && isTagStart(text) {
			name, rest, _ := strings.Cut(text[1:], " ")
			name, rest2, tab := strings.Cut(name, "\t")
			if tab {
				rest = rest2 + " " + rest
			}
			tags = append(tags, tag{name: name, text: strings.TrimSpace(rest), off: base + start + skipped})
			cur = len(tags) - 1
			continue
		}
		if cur >= 0 {
			// t.text is already trimmed, so an empty line changes nothing.
			if text != "" {
				t := &tags[cur]
				t.text = strings.TrimSpace(t.text + "\n" + text)
			}
			continue
		}
		lines = append(lines, text)
	}
	return joinDesc(lines), splitInlineTags(tags)
}

// joinDesc is strings.TrimSpace(strings.Join(lines, "\n")) without the
// join when only one line has text (the usual case).
func joinDesc(lines []string) string {
	only := -1
	for i, l := range lines {
		if l == "" {
			continue
		}
		if only >= 0 {
			return strings.TrimSpace(strings.Join(lines, "\n"))
		}
		only = i
	}
	if only < 0 {
		return ""
	}
	return strings.TrimSpace(lines[only])
}

// splitInlineTags splits `@minimum 0 @maximum 10` written on one line into
// two tags, as TypeScript's JSDoc parser does: an '@' after whitespace
// starts a new tag. @example text is kept whole.
func splitInlineTags(tags []tag) []tag {
	if !hasInlineTags(tags) {
		return tags
	}
	var out []tag
	for _, t := range tags {
		for t.name != "example" && t.name != "examples" {
			i := inlineTagIndex(t.text)
			if i < 0 {
				break
			}
			rest := t.text[i+1:]
			name, text, _ := strings.Cut(rest, " ")
			out = append(out, tag{name: t.name, text: strings.TrimSpace(t.text[:i]), off: t.off})
			t = tag{name: name, text: strings.TrimSpace(text), off: t.off + len(t.name) + 2 + i}
		}
		out = append(out, t)
	}
	return out
}

func hasInlineTags(tags []tag) bool {
	for _, t := range tags {
		if t.name != "example" && t.name != "examples" && inlineTagIndex(t.text) >= 0 {
			return true
		}
	}
	return false
}

func inlineTagIndex(s string) int {
	for i := 1; i < len(s); i++ {
		if s[i] == '@' && (s[i-1] == ' ' || s[i-1] == '\t' || s[i-1] == '\n') && isTagStart(s[i:]) {
			return i
		}
	}
	return -1
}

// cleanDocLine strips a JSDoc line's indentation, its leading '*' and one
// space after it, and trailing space. skipped is how many bytes went.
func cleanDocLine(line string) (text string, skipped int) {
	// strings.TrimRight and TrimLeft with a cutset, by hand: this runs
	// for every line of every JSDoc comment.
	end := len(line)
	for end > 0 && (line[end-1] == ' ' || line[end-1] == '\t' || line[end-1] == '\r' || line[end-1] == '\n') {
		end--
	}
	line = line[:end]
	start := 0
	for start < len(line) && (line[start] == ' ' || line[start] == '\t') {
		start++
	}
	t := line[start:]
	if strings.HasPrefix(t, "*") {
		t = t[1:]
		t = strings.TrimPrefix(t, " ")
	}
	return t, len(line) - len(t)
}

func isTagStart(s string) bool {
	return len(s) > 1 && (s[1] >= 'a' && s[1] <= 'z' || s[1] >= 'A' && s[1] <= 'Z')
}

// lookup returns the first tag with the given name.
func (d jsdoc) lookup(name string) (tag, bool) {
	for _, t := range d.tags {
		if t.name == name {
			return t, true
		}
	}
	return tag{}, false
}

// paramDoc returns the @param description of the named parameter.
func (d jsdoc) paramDoc(name string) string {
	for _, t := range d.tags {
		if t.name != "param" {
			continue
		}
		text := t.text
		if strings.HasPrefix(text, "{") {
			if end := strings.IndexByte(text, '}'); end >= 0 {
				text = strings.TrimSpace(text[end+1:])
			}
		}
		n, rest, _ := strings.Cut(text, " ")
		n = strings.Trim(n, "[]")
		n, _, _ = strings.Cut(n, "=")
		if n == name {
			rest = strings.TrimSpace(rest)
			rest = strings.TrimPrefix(rest, "- ")
			return strings.TrimSpace(rest)
		}
	}
	return ""
}
