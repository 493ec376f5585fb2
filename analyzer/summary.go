package analyzer

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"text/tabwriter"

	"github.com/tscg/tscg/compiler/diag"
)

// Summary is lint's closing line, as ruff and golangci-lint end theirs:
// "N errors, M warnings in T tools from F files" (", K infos" when there
// are any), or "checked T tools from F files, no findings".
func Summary(fs []Finding, tools, files int) string {
	from := plural(tools, "tool") + " from " + plural(files, "file")
	if len(fs) == 0 {
		return "checked " + from + ", no findings"
	}
	n := map[diag.Severity]int{}
	for _, f := range fs {
		n[f.Severity]++
	}
	counts := plural(n[diag.Error], "error") + ", " + plural(n[diag.Warning], "warning")
	if n[diag.Info] > 0 {
		counts += ", " + plural(n[diag.Info], "info")
	}
	return counts + " in " + from
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Statistic is the number of findings of one rule at one severity.
type Statistic struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Count    int    `json:"count"`
}

// Statistics counts fs per rule and severity, most frequent first (ties
// by rule id, then severity).
func Statistics(fs []Finding) []Statistic {
	type key struct {
		rule string
		sev  diag.Severity
	}
	n := map[key]int{}
	for _, f := range fs {
		n[key{f.RuleID, f.Severity}]++
	}
	keys := make([]key, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if n[a] != n[b] {
			return n[a] > n[b]
		}
		if a.rule != b.rule {
			return a.rule < b.rule
		}
		return a.sev < b.sev
	})
	out := make([]Statistic, len(keys))
	for i, k := range keys {
		out[i] = Statistic{Rule: k.rule, Severity: k.sev.String(), Count: n[k]}
	}
	return out
}

// WriteStatistics prints Statistics(fs): a table in the text format
// (COUNT RULE SEVERITY), {"statistics": [...]} in json.
func WriteStatistics(w io.Writer, format string, fs []Finding) error {
	st := Statistics(fs)
	switch format {
	case "", "text":
		width := 1
		if len(st) > 0 {
			width = len(strconv.Itoa(st[0].Count)) // the largest count comes first
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, s := range st {
			fmt.Fprintf(tw, "%*d\t%s\t%s\n", width, s.Count, s.Rule, s.Severity)
		}
		return tw.Flush()
	case "json":
		if st == nil {
			st = []Statistic{}
		}
		return encode(w, struct {
			Statistics []Statistic `json:"statistics"`
		}{st})
	}
	return fmt.Errorf("--statistics prints text or json, not %q", format)
}
