package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
)

// allNearPairs is nearPairs without its filters: every pair compared.
func allNearPairs(keys []string, rel float64) []namePair {
	var out []namePair
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			a, b := keys[i], keys[j]
			la, lb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
			long := max(la, lb)
			d := maxEdits(long, rel)
			if long < 4 || abs(la-lb) > d {
				continue
			}
			if dist := levenshtein.ComputeDistance(a, b); dist > 0 && dist <= d && !onlyDigitsDiffer(a, b) {
				out = append(out, namePair{a: a, b: b, dist: dist})
			}
		}
	}
	slices.SortFunc(out, func(x, y namePair) int {
		sx, sy := fmt.Sprint(x), fmt.Sprint(y)
		if sx < sy {
			return -1
		} else if sx > sy {
			return 1
		}
		return 0
	})
	return out
}

// TestNearPairsFiltersLoseNothing: the bigram count filter and the length
// window only skip pairs nearPair would reject (at the relative distances
// lint uses; from ~0.5 on, names sharing no bigram can be near, and the
// bigram index never pairs them).
func TestNearPairsFiltersLoseNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 2))
	stems := []string{"get_weather", "getweather", "search", "calculate_area", "send_email", "list_files", "book_flight", "find_restaurant", "é_café", "数据_查询"}
	seen := map[string]bool{}
	var keys []string
	for len(keys) < 600 {
		k := []rune(stems[rng.IntN(len(stems))])
		for range rng.IntN(4) { // a few random edits
			switch pos := rng.IntN(len(k) + 1); rng.IntN(3) {
			case 0:
				k = slices.Insert(k, pos, rune('a'+rng.IntN(26)))
			case 1:
				if pos < len(k) {
					k = slices.Delete(k, pos, pos+1)
				}
			default:
				if pos < len(k) {
					k[pos] = rune('0' + rng.IntN(10))
				}
			}
		}
		if s := string(k); !seen[s] {
			seen[s] = true
			keys = append(keys, s)
		}
	}
	for _, rel := range []float64{0.05, 0.1, 0.15, 0.2, 0.3} {
		got, want := nearPairs(keys, rel), allNearPairs(keys, rel)
		if len(want) == 0 {
			t.Fatalf("rel %v: no near pairs among the keys; the test needs some", rel)
		}
		if !slices.Equal(got, want) {
			t.Errorf("rel %v: nearPairs found %d pairs, all pairs %d", rel, len(got), len(want))
		}
	}
}

// TestBigramsAreRunePairs checks the substring bigrams against the pairs
// of the string's runes, valid UTF-8 or not.
func TestBigramsAreRunePairs(t *testing.T) {
	for _, s := range []string{"", "a", "ab", "get_weather", "日本語", "aé日🙂b", "a\xffb", "\xff\xfe", "é"} {
		rs := []rune(s)
		var want []string
		for i := 0; i+1 < len(rs); i++ {
			want = append(want, string(rs[i:i+2]))
		}
		if got := bigrams(s); !slices.Equal(got, want) {
			t.Errorf("bigrams(%q) = %q, want %q", s, got, want)
		}
	}
	if got := uniq([]string{"b", "a", "b", "c", "a"}); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("uniq = %q", got)
	}
}
