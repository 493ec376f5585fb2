package rules

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/tscg/tscg/analyzer"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
)

// DescriptionSimilarity finds tools whose descriptions a model cannot
// choose between.
var DescriptionSimilarity = &analyzer.Rule{
	Meta: analyzer.Meta{
		ID:              "description-similarity",
		Summary:         "pairs of tools whose descriptions are nearly the same (TF-IDF cosine)",
		DefaultSeverity: diag.Warning,
		Category:        catNaming,
		Since:           since,
		Doc: "Descriptions are split into words (CJK text into character bigrams), weighted by TF-IDF and\n" +
			"compared by cosine; pairs at or above `similarity` (default 0.8) are reported. Candidate pairs come\n" +
			"from an inverted index over the rarer terms, so large catalogs are not compared all-pairs.",
	},
	Run: runDescriptionSimilarity,
}

func runDescriptionSimilarity(p *analyzer.Pass) {
	var docs []*ir.Tool
	var texts []string
	for _, t := range p.Tools {
		if strings.TrimSpace(t.Description) != "" {
			docs = append(docs, t)
			texts = append(texts, t.Description)
		}
	}
	for _, pr := range SimilarPairs(texts, p.Settings.Similarity) {
		a, b := docs[pr.A], docs[pr.B]
		if b.Pos.Before(a.Pos) {
			a, b = b, a
		}
		p.Report(b.Pos, b.Name, "description of %q is %.0f%% similar to that of %q (%s); a model may not be able to choose between them",
			b.Name, 100*pr.Score, a.Name, a.Pos)
		p.Hint("say what sets each tool apart: its inputs, its scope, when to use it instead of the other")
	}
}

// Pair is two similar documents (indices A < B) and their cosine.
type Pair struct {
	A, B  int
	Score float64
}

// maxPosting bounds the document frequency of terms used to find
// candidates. Terms in more documents than this carry little weight
// (low IDF) and would make candidate generation quadratic; they still
// count in the cosine of the candidates found through rarer terms.
const maxPosting = 200

// SimilarPairs returns the pairs of texts whose TF-IDF cosine is at least
// threshold, sorted by (A, B).
func SimilarPairs(texts []string, threshold float64) []Pair {
	vecs, index := tfidf(texts)
	var out []Pair
	seen := make([]int, len(texts))
	for i := range seen {
		seen[i] = -1
	}
	for i, v := range vecs {
		for _, term := range v.terms {
			post := index[term.id]
			if len(post) > maxPosting {
				continue
			}
			for _, j := range post {
				if j <= i || seen[j] == i {
					continue
				}
				seen[j] = i
				if s := dot(v, vecs[j]); s >= threshold {
					out = append(out, Pair{A: i, B: j, Score: s})
				}
			}
		}
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].A != out[b].A {
			return out[a].A < out[b].A
		}
		return out[a].B < out[b].B
	})
	return out
}

type weighted struct {
	id int
	w  float64
}

// vector is a sparse, L2-normalised TF-IDF vector sorted by term id.
type vector struct{ terms []weighted }

func dot(a, b vector) float64 {
	var s float64
	i, j := 0, 0
	for i < len(a.terms) && j < len(b.terms) {
		switch {
		case a.terms[i].id < b.terms[j].id:
			i++
		case a.terms[i].id > b.terms[j].id:
			j++
		default:
			s += a.terms[i].w * b.terms[j].w
			i++
			j++
		}
	}
	return s
}

func tfidf(texts []string) ([]vector, [][]int) {
	ids := map[string]int{}
	var df []int
	// counts[i] holds text i's terms sorted by id, each with its count in
	// w until the weights are known.
	counts := make([][]weighted, len(texts))
	var seq []int
	for i, t := range texts {
		seq = seq[:0]
		for _, tok := range Tokenize(t) {
			id, ok := ids[tok]
			if !ok {
				id = len(df)
				ids[tok] = id
				df = append(df, 0)
			}
			seq = append(seq, id)
		}
		slices.Sort(seq)
		var terms []weighted
		for k, id := range seq {
			if k > 0 && seq[k-1] == id {
				terms[len(terms)-1].w++
				continue
			}
			df[id]++
			terms = append(terms, weighted{id: id, w: 1})
		}
		counts[i] = terms
	}
	n := float64(len(texts))
	index := make([][]int, len(df))
	vecs := make([]vector, len(texts))
	for i, terms := range counts {
		// Summed in term order, so the norm (and every score) is the same
		// bit for bit on every run.
		var norm float64
		for k, t := range terms {
			index[t.id] = append(index[t.id], i)
			w := (1 + math.Log(t.w)) * (1 + math.Log(n/float64(df[t.id])))
			terms[k].w = w
			norm += w * w
		}
		norm = math.Sqrt(norm)
		for k := range terms {
			terms[k].w /= norm
		}
		vecs[i] = vector{terms: terms}
	}
	return vecs, index
}

// Tokenize splits text into lower-case word tokens without stop words;
// runs of CJK characters become overlapping character bigrams (a lone
// CJK character is its own token).
func Tokenize(text string) []string { return tokenize(text, -1) }

// tokenize is Tokenize stopping once it has more than limit tokens
// (limit < 0: no limit), for a caller that only needs to know that.
func tokenize(text string, limit int) []string {
	var out []string
	var cjk []rune
	start := -1 // where the current word began, -1 outside a word
	flushWord := func(end int) {
		if start >= 0 {
			w := strings.ToLower(text[start:end]) // no copy when already lower case
			if !stopWords[w] {
				out = append(out, stem(w))
			}
			start = -1
		}
	}
	flushCJK := func() {
		switch {
		case len(cjk) == 1:
			out = append(out, string(cjk))
		case len(cjk) > 1:
			for i := 0; i+1 < len(cjk); i++ {
				out = append(out, string(cjk[i:i+2]))
			}
		}
		cjk = cjk[:0]
	}
	for i, r := range text {
		if limit >= 0 && len(out) > limit {
			return out
		}
		switch {
		case isCJK(r):
			flushWord(i)
			cjk = append(cjk, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			flushCJK()
			if start < 0 {
				start = i
			}
		default: // an invalid byte decodes as U+FFFD: a separator
			flushWord(i)
			flushCJK()
		}
	}
	flushWord(len(text))
	flushCJK()
	return out
}

func isCJK(r rune) bool {
	if r < firstCJK {
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// firstCJK is below every rune of the scripts isCJK accepts (Hangul
// Jamo, U+1100, is the first); TestFirstCJK checks it.
const firstCJK = 0x1100

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or of to in on for with by from at as is are be this that
		it its into if then else when which will can may should must not no do does all any each given
		returns return`) {
		m[w] = true
	}
	return m
}()

// stem strips the commonest English inflections (matching → match,
// documents → document), enough for descriptions that differ in form only.
func stem(w string) string {
	if len(w) <= 4 {
		return w
	}
	for _, suf := range []string{"ing", "ies", "ed", "es", "s"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
			w = strings.TrimSuffix(w, suf)
			if suf == "ies" {
				w += "y"
			}
			return w
		}
	}
	return w
}
