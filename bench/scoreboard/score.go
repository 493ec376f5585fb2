package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// score adds up results.
type score struct {
	entries, built, tools, exact, model int
	classes                             map[string]int
}

func (s *score) add(r result) {
	s.entries++
	if r.built {
		s.built++
	}
	for _, t := range r.tools {
		s.tools++
		if len(t.classes) == 0 {
			s.exact++
		}
		if t.model {
			s.model++
		}
		for _, c := range t.classes {
			s.classes[c]++
		}
	}
}

func (s *score) print(w io.Writer, label string) {
	fmt.Fprintf(w, "%-12s built as written %d/%d, tools listing-exact %d/%d, model-equivalent %d/%d\n",
		label, s.built, s.entries, s.exact, s.tools, s.model, s.tools)
	if len(s.classes) == 0 {
		return
	}
	classes := make([]string, 0, len(s.classes))
	for c := range s.classes {
		classes = append(classes, c)
	}
	sort.Slice(classes, func(i, j int) bool {
		if s.classes[classes[i]] != s.classes[classes[j]] {
			return s.classes[classes[i]] > s.classes[classes[j]]
		}
		return classes[i] < classes[j]
	})
	parts := make([]string, len(classes))
	for i, c := range classes {
		parts[i] = fmt.Sprintf("%s %d", c, s.classes[c])
	}
	fmt.Fprintf(w, "%-12s   differences (tools): %s\n", "", strings.Join(parts, ", "))
}

func (r result) print(w io.Writer) {
	status := "built"
	if !r.built {
		status = "NOT BUILT"
	}
	fmt.Fprintf(w, "%s: %s\n", r.entry, status)
	if r.buildErr != "" {
		fmt.Fprintf(w, "    %s\n", strings.ReplaceAll(r.buildErr, "\n", "\n    "))
	}
	for _, t := range r.tools {
		if len(t.classes) == 0 {
			continue
		}
		model := ""
		if t.model {
			model = " (model-equivalent)"
		}
		fmt.Fprintf(w, "    %s%s: %s\n", t.name, model, strings.Join(t.classes, ", "))
	}
}
