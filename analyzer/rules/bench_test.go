package rules

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tscg/tscg/analyzer"
)

// BenchmarkLintBFCL runs every rule on all BFCL definitions.
func BenchmarkLintBFCL(b *testing.B) {
	cat := loadCorpus(corpusInputs(b)["bfcl"])
	s := analyzer.Defaults()
	b.ReportMetric(float64(len(cat.Tools)), "tools")
	for b.Loop() {
		if _, err := analyzer.Run(cat, All(), s); err != nil {
			b.Fatal(err)
		}
	}
}

// synthetic returns n tool descriptions of 12-25 words drawn from a
// Zipf-distributed vocabulary, the shape of real catalogs' text.
func synthetic(n int) []string {
	r := rand.New(rand.NewSource(1))
	z := rand.NewZipf(r, 1.1, 2, 20000)
	out := make([]string, n)
	for i := range out {
		k := 12 + r.Intn(14)
		ws := make([]string, k)
		for j := range ws {
			ws[j] = fmt.Sprintf("w%d", z.Uint64())
		}
		out[i] = strings.Join(ws, " ")
	}
	return out
}

// BenchmarkSimilarity shows how description-similarity grows with the
// catalog: with candidate pruning the time grows far slower than n².
func BenchmarkSimilarity(b *testing.B) {
	for _, n := range []int{1000, 4000, 9000} {
		texts := synthetic(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				SimilarPairs(texts, 0.8)
			}
		})
	}
}

// BenchmarkSimilarityAllPairs is the quadratic baseline the pruning is
// measured against.
func BenchmarkSimilarityAllPairs(b *testing.B) {
	for _, n := range []int{1000, 4000, 9000} {
		texts := synthetic(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				vecs, _ := tfidf(texts)
				hits := 0
				for i := range vecs {
					for j := i + 1; j < len(vecs); j++ {
						if dot(vecs[i], vecs[j]) >= 0.8 {
							hits++
						}
					}
				}
			}
		})
	}
}

func TestSimilarPairsMatchesAllPairs(t *testing.T) {
	texts := synthetic(500)
	texts = append(texts, texts[3]+" extra", texts[7])
	got := SimilarPairs(texts, 0.8)
	vecs, _ := tfidf(texts)
	var want []Pair
	for i := range vecs {
		for j := i + 1; j < len(vecs); j++ {
			if s := dot(vecs[i], vecs[j]); s >= 0.8 {
				want = append(want, Pair{i, j, s})
			}
		}
	}
	if len(want) < 2 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("pruned pairs %v, all pairs %v", got, want)
	}
}

// BenchmarkNearPairsBFCL is name-collision's candidate search over the
// names of all BFCL definitions.
func BenchmarkNearPairsBFCL(b *testing.B) {
	cat := loadCorpus(corpusInputs(b)["bfcl"])
	var names []string
	for _, t := range cat.Tools {
		names = append(names, t.Name)
	}
	b.ReportAllocs()
	for b.Loop() {
		nearPairs(names, analyzer.Defaults().NameDistance)
	}
}

// BenchmarkProviderLimitsBFCL runs provider-limits alone on all BFCL
// definitions (each tool's rendered schema walked for three targets).
func BenchmarkProviderLimitsBFCL(b *testing.B) {
	cat := loadCorpus(corpusInputs(b)["bfcl"])
	s := analyzer.Defaults()
	rules := []*analyzer.Rule{ProviderLimits}
	for b.Loop() {
		if _, err := analyzer.Run(cat, rules, s); err != nil {
			b.Fatal(err)
		}
	}
}
