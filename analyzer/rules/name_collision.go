package rules

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// NameCollision finds tools a model cannot tell apart by name.
var NameCollision = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "name-collision",
		Summary:         "tool names that are equal, equal after normalisation, or nearly equal",
		DefaultSeverity: diag.Error,
		Category:        catNaming,
		Since:           since,
		Doc: "Exact duplicates across all inputs are errors (outputs would overwrite each other). Names that\n" +
			"differ only in case or separators (`get_user`, `getUser`, `get-user`, `get.user`) and names within\n" +
			"a small Levenshtein distance of each other (`nameDistance`, relative to the longer name, default 0.1)\n" +
			"are warnings: a model picks between tools by name first.",
	},
	Run: runNameCollision,
}

func runNameCollision(p *analyzer.Pass) {
	for _, d := range p.Catalog.DuplicateTools() {
		p.Report(d.Tool.Pos, d.Tool.Name, "duplicate tool name %q (first defined at %s)", d.Tool.Name, d.First.Pos)
	}
	byNorm := map[string]*ir.Tool{}
	var keys []string
	for _, t := range p.Tools {
		k := normalName(t.Name)
		if prev, ok := byNorm[k]; ok {
			p.ReportSeverity(diag.Warning, t.Pos, t.Name, "tool name %q collides with %q after normalising case and separators (%s)", t.Name, prev.Name, prev.Pos)
			continue
		}
		byNorm[k] = t
		keys = append(keys, k)
	}
	for _, pr := range nearPairs(keys, p.Settings.NameDistance) {
		a, b := byNorm[pr.a], byNorm[pr.b]
		if b.Pos.Before(a.Pos) {
			a, b = b, a
		}
		p.ReportSeverity(diag.Warning, b.Pos, b.Name, "tool name %q is %d edit(s) away from %q (%s); a model may confuse them", b.Name, pr.dist, a.Name, a.Pos)
	}
}

type namePair struct {
	a, b string
	dist int
}

// maxEdits is the distance allowed between names of length n.
func maxEdits(n int, rel float64) int {
	d := int(rel * float64(n))
	if d < 1 {
		d = 1
	}
	return d
}

// nearPairs returns pairs of keys within the relative edit distance. It
// prunes with a q-gram count filter over an inverted index of bigrams:
// strings within d edits share at least max(len)-1-2d bigrams, so most
// pairs are never compared.
func nearPairs(keys []string, rel float64) []namePair {
	if rel <= 0 {
		return nil
	}
	grams := make([][]string, len(keys))
	runes := make([]int, len(keys)) // counted once: nearPair sees each key many times
	index := map[string][]int{}
	for i, k := range keys {
		runes[i] = utf8.RuneCountInString(k)
		grams[i] = uniq(bigrams(k))
		for _, g := range grams[i] {
			index[g] = append(index[g], i)
		}
	}
	// Below rel 1, a key of la runes can only pair with keys of lengths
	// in lengthWindow: postings sorted by length let the loop below skip
	// the rest (on BFCL, most of each posting) instead of counting their
	// shared bigrams for nearPair to reject.
	windowed := rel < 1
	if windowed {
		for _, post := range index {
			slices.SortStableFunc(post, func(a, b int) int { return runes[a] - runes[b] })
		}
	}
	var out []namePair
	shared := make([]int, len(keys))
	var touched []int
	for i, k := range keys {
		touched = touched[:0]
		lo, hi := 0, math.MaxInt
		if windowed {
			lo, hi = lengthWindow(runes[i], rel)
		}
		for _, g := range grams[i] {
			post := index[g]
			from := 0
			if windowed {
				from = sort.Search(len(post), func(x int) bool { return runes[post[x]] >= lo })
			}
			for _, j := range post[from:] {
				if runes[j] > hi {
					break
				}
				if j <= i {
					continue
				}
				if shared[j] == 0 {
					touched = append(touched, j)
				}
				shared[j]++
			}
		}
		for _, j := range touched {
			minSet := min(len(grams[i]), len(grams[j]))
			if pr, ok := nearPair(k, keys[j], runes[i], runes[j], shared[j]-minSet, rel); ok {
				out = append(out, pr)
			}
			shared[j] = 0
		}
	}
	// In the order of the pairs' printed forms, each printed once.
	type keyed struct {
		key string
		p   namePair
	}
	ks := make([]keyed, len(out))
	for i, pr := range out {
		ks[i] = keyed{fmt.Sprint(pr), pr}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return strings.Compare(a.key, b.key) })
	for i := range ks {
		out[i] = ks[i].p
	}
	return out
}

// lengthWindow returns the rune lengths a key of la runes can be near
// (nearPair rejects |la-lb| > maxEdits(max(la, lb))), for rel < 1: then
// l - maxEdits(l) never decreases as l grows, so the lengths above la
// that pass form one run.
func lengthWindow(la int, rel float64) (lo, hi int) {
	lo = la - maxEdits(la, rel)
	hi = la
	for hi+1-maxEdits(hi+1, rel) <= la {
		hi++
	}
	return lo, hi
}

// nearPair compares a and b, of la and lb runes; lost is how many fewer
// distinct bigrams they share than the smaller set holds, and each edit
// loses at most two.
func nearPair(a, b string, la, lb, lost int, rel float64) (namePair, bool) {
	long := max(la, lb)
	d := maxEdits(long, rel)
	if abs(la-lb) > d || -lost > 2*d || long < 4 {
		return namePair{}, false
	}
	dist := levenshtein.ComputeDistance(a, b)
	if dist == 0 || dist > d || onlyDigitsDiffer(a, b) {
		return namePair{}, false
	}
	return namePair{a: a, b: b, dist: dist}, true
}

// onlyDigitsDiffer keeps versioned families (tool_v1, tool_v2) quiet:
// their names are deliberate.
func onlyDigitsDiffer(a, b string) bool {
	strip := func(s string) string {
		var r []rune
		for _, c := range s {
			if c < '0' || c > '9' {
				r = append(r, c)
			}
		}
		return string(r)
	}
	return a != b && strip(a) == strip(b)
}

// bigrams returns the pairs of adjacent runes of s, as substrings of s
// when it is valid UTF-8 (no copies), else as the strings of its runes
// (an invalid byte is U+FFFD).
func bigrams(s string) []string {
	if !utf8.ValidString(s) {
		rs := []rune(s)
		var out []string
		for i := 0; i+1 < len(rs); i++ {
			out = append(out, string(rs[i:i+2]))
		}
		return out
	}
	out := make([]string, 0, len(s))
	for i := 0; i < len(s); {
		_, n := utf8.DecodeRuneInString(s[i:])
		if i+n >= len(s) {
			break
		}
		_, m := utf8.DecodeRuneInString(s[i+n:])
		out = append(out, s[i:i+n+m])
		i += n
	}
	return out
}

// uniq returns the distinct strings of ss, sorted; it reorders ss.
func uniq(ss []string) []string {
	slices.Sort(ss)
	return slices.Compact(ss)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
