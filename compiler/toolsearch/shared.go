package toolsearch

import "strings"

// shareSentences returns docs with each description sentence that at
// least min tools (counted by name) share moved to the group field. The
// docs given are not changed.
func shareSentences(docs []Doc, min int) []Doc {
	names := map[string]map[string]bool{} // sentence → names having it
	for _, d := range docs {
		for _, text := range d.Text[FieldDescription] {
			for _, s := range sentences(text) {
				if names[s] == nil {
					names[s] = map[string]bool{}
				}
				names[s][d.Name] = true
			}
		}
	}
	out := make([]Doc, len(docs))
	for i, d := range docs {
		out[i] = d
		var own, shared []string
		for _, text := range d.Text[FieldDescription] {
			for _, s := range sentences(text) {
				if len(names[s]) >= min {
					shared = append(shared, s)
				} else {
					own = append(own, s)
				}
			}
		}
		if len(shared) == 0 {
			continue
		}
		out[i].Text[FieldDescription] = []string{strings.Join(own, " ")}
		out[i].Text[FieldGroup] = append(append([]string(nil), d.Text[FieldGroup]...), shared...)
	}
	return out
}

// sentences splits text after each '.', '!' or '?' that a space or the
// end follows, and at line breaks; each sentence trimmed, none empty.
func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		end := c == '\n' || (c == '.' || c == '!' || c == '?') && (i+1 == len(text) || text[i+1] == ' ')
		if !end {
			continue
		}
		if s := strings.TrimSpace(text[start : i+1]); s != "" {
			out = append(out, s)
		}
		start = i + 1
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}
