package runtime

import "sort"

// closest returns up to n of names nearest to name by Levenshtein
// distance, nearest first, ignoring those too far to be a typo (more than
// half the name's length, at least 2 edits allowed).
func closest(name string, names []string, n int) []string {
	type cand struct {
		name string
		dist int
	}
	limit := max(2, len([]rune(name))/2)
	var cs []cand
	for _, k := range names {
		if d := levenshtein(name, k); d <= limit {
			cs = append(cs, cand{k, d})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].dist != cs[j].dist {
			return cs[i].dist < cs[j].dist
		}
		return cs[i].name < cs[j].name
	})
	out := make([]string, 0, n)
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, cs[i].name)
	}
	return out
}

// levenshtein is the edit distance between a and b over runes, in
// O(len(b)) space.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
