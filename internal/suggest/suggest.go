// Package suggest is tscg's one "did you mean" policy: the names nearest
// to a misspelt one by edit distance (agnivade/levenshtein, over runes),
// leaving out those too far to be a typo. The runtime (unknown tools,
// properties and enum values), workflow checking and configuration keys
// all use it, so a model and a user get the same suggestions.
package suggest

import (
	"fmt"
	"sort"

	"github.com/agnivade/levenshtein"
)

// Limit is the largest edit distance still taken for a typo of name: half
// its length in runes, and at least 2.
func Limit(name string) int { return max(2, len([]rune(name))/2) }

// Closest returns up to n of names nearest to name, nearest first (ties
// in name order), leaving out name itself and names farther than Limit.
func Closest(name string, names []string, n int) []string {
	type cand struct {
		name string
		dist int
	}
	limit := Limit(name)
	runes := len([]rune(name))
	var cs []cand
	for _, k := range names {
		// The distance is at least the difference in length: a name far
		// longer than any candidate (a 4 MiB tool name) costs no
		// quadratic comparison.
		if diff := runes - len([]rune(k)); diff > limit || -diff > limit {
			continue
		}
		if d := levenshtein.ComputeDistance(name, k); d > 0 && d <= limit {
			cs = append(cs, cand{k, d})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].dist != cs[j].dist {
			return cs[i].dist < cs[j].dist
		}
		return cs[i].name < cs[j].name
	})
	out := make([]string, 0, min(n, len(cs)))
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, cs[i].name)
	}
	return out
}

// DidYouMean is ` (did you mean "x"?)` for the nearest name, or "".
func DidYouMean(name string, names []string) string {
	if s := Closest(name, names, 1); len(s) > 0 {
		return fmt.Sprintf(" (did you mean %q?)", s[0])
	}
	return ""
}
