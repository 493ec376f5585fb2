package toolsearch

import (
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/tscg/tscg/compiler/ir"
)

// Params are the ranking's knobs. Default is tscg's ranking; BM25 is the
// plain BM25 over name and description that providers document, kept as
// the baseline the retrieval test compares against.
type Params struct {
	K1     float64
	Weight [NumFields]float64 // a field's term frequency weight; 0 leaves it out
	B      [NumFields]float64 // a field's length normalisation
	Stem   bool               // fold word forms (stem)
	Stop   bool               // drop stop words
	// Names: a word's IDF counts the distinct tool names that have it,
	// not the definitions (a catalog pooled from many sources defines
	// some names many times; repetition does not make a word common).
	Names bool
	// Re-ranking of the best Rerank candidates of the BM25F stage.
	Rerank    int
	Coverage  float64 // × the IDF share of the tool's name words the request has
	Described float64 // × the IDF share of the tool's description words the request has
	Bigram    float64 // × the IDF of each word pair of the request in the tool's text
	Numeric   float64 // when the request has a number and the tool a numeric parameter
	Required  float64 // × the share of the tool's required parameters the request names
	Query     float64 // × the IDF share of the request's words the tool has
	Kinds     float64 // × the request's kinds of value (Kind) the tool's parameters take, over √ the kinds it holds
	NoNumber  float64 // when the request has no number and no required parameter takes one
	// Prefix weighs a request word's match with a shorter word of a
	// tool name it starts with (hypotenuse → hypot, probability → prob,
	// calculate → calc): names abbreviate what requests spell out. 0
	// leaves it out; PrefixMin is the shortest such name word.
	Prefix    float64
	PrefixMin int
	// Shared moves a description's sentences that at least Shared tools
	// (by name) have word for word into the group field: text an API
	// repeats on each of its tools says which API, not which tool. 0
	// leaves descriptions whole.
	Shared int
	// Compound joins adjacent words into one term (zip code ↔ zipcode,
	// time_zone ↔ timezone): tool names and parameter names add their
	// joined pairs, and a request's joined pair that some tool has is a
	// request term weighing Compound.
	Compound float64
	// Clauses weighs, for a request of several sentences, each tool's best
	// score for one sentence alone (see Index.clauses); 0 leaves it out.
	Clauses float64
	// Synonym weighs a request word's synonyms (synonymGroups); 0 leaves
	// them out.
	Synonym float64
	// Likelihood weighs a second scoring model in the re-ranking: the
	// request's query likelihood under each tool's language model, its
	// field-weighted term frequencies smoothed by the catalog's with a
	// Dirichlet prior of Mu words, per request word, less the best
	// candidate's. 0 leaves it out.
	Likelihood float64
	Mu         float64
	// Unneeded is added for each tool none of whose required parameters
	// takes a kind of value (Kind) the request does not hold: a tool
	// that needs a URL or a date is passed over when the request gives
	// none, as NoNumber does for numbers.
	Unneeded float64
}

// Default is tscg's ranking; its values were tuned on BFCL's non-live
// categories, its multi-turn turns, ToolBench and tau-bench (see
// docs/search.md).
var Default = Params{
	K1:        0.675,
	Weight:    [NumFields]float64{0.75, 0.665, 0.665, 0.5, 0.94, 0.3, 0},
	B:         [NumFields]float64{1, 0.95, 0.85, 0.85, 0.15, 0.25, 0.3},
	Stem:      true,
	Stop:      true,
	Names:     true,
	Rerank:    50,
	Coverage:  2.6875,
	Described: 0.75,
	Bigram:    0.25,
	Numeric:   0.1875,
	Required:  0.5,
	Query:     0.84375,
	Prefix:    0.225,
	PrefixMin: 4,
	Shared:    3,
	Compound:  0.5,
	Clauses:   0.5,
	Synonym:   0.5,
	Kinds:     4,
	NoNumber:  0.4,

	Likelihood: 0.5,
	Mu:         5,
	Unneeded:   1.85,
}

// BM25 is plain BM25 (k1 1.2, b 0.75) over the name and the description
// as one bag of words, without stemming or re-ranking: the baseline.
var BM25 = Params{
	K1:     1.2,
	Weight: [NumFields]float64{FieldName: 1, FieldDescription: 1},
	B:      [NumFields]float64{FieldName: 0.75, FieldDescription: 0.75},
}

// BM25Params is the same BM25 over the parameter names and descriptions
// too: the second baseline.
var BM25Params = Params{
	K1:     1.2,
	Weight: [NumFields]float64{FieldName: 1, FieldDescription: 1, FieldParamName: 1, FieldParamDescription: 1},
	B:      [NumFields]float64{FieldName: 0.75, FieldDescription: 0.75, FieldParamName: 0.75, FieldParamDescription: 0.75},
}

// posting is a term's weight in one tool: BM25F's saturated, length-
// normalised term frequency, which depends on the tool alone, so a query
// only sums IDF × sat over its terms' postings.
type posting struct {
	doc int32
	sat float32
}

type docInfo struct {
	name      string
	numeric   bool
	lens      [NumFields]float64
	nameTerms []string           // distinct terms of the name field
	descTerms []string           // distinct terms of the description field
	pairs     map[[2]string]bool // adjacent term pairs of the name, description and parameter names
	required  [][]string         // the terms of each required parameter's name
	kinds     Kind
	reqKinds  Kind // the kinds of value its required parameters take
	needsNum  bool
	tf        map[string]float32 // every term of the tool: its field-weighted frequency
	length    float64            // the field-weighted number of terms
}

// Index is a searchable catalog. It is read-only once built, so one index
// serves concurrent searches.
type Index struct {
	p        Params
	docs     []docInfo
	postings map[string][]posting
	idf      map[string]float64
	names    map[string]bool    // the terms of every tool's name field
	scores   *sync.Pool         // []float64 per tool, all zero between searches
	ctf      map[string]float64 // a term's field-weighted frequency in the catalog
	clen     float64            // the catalog's field-weighted number of terms
}

// New indexes a catalog's tools with the Default ranking.
func New(tools []*ir.Tool) *Index {
	docs := make([]Doc, len(tools))
	for i, t := range tools {
		docs[i] = DocOf(t)
	}
	return NewDocs(docs, Default)
}

// NewDocs indexes docs with the ranking p.
func NewDocs(docs []Doc, p Params) *Index {
	if p.Shared > 0 {
		docs = shareSentences(docs, p.Shared)
	}
	ix := &Index{p: p, docs: make([]docInfo, len(docs)), postings: map[string][]posting{}, idf: map[string]float64{}, names: map[string]bool{}}
	ix.scores = &sync.Pool{New: func() any { return make([]float64, len(docs)) }}
	var avg [NumFields]float64
	tfs := make([]map[string]*[NumFields]uint16, len(docs))
	orders := make([][]string, len(docs))
	for i, d := range docs {
		info := &ix.docs[i]
		info.name, info.numeric = d.Name, d.Numeric
		for _, r := range d.Required {
			info.required = append(info.required, terms(r, p.Stem, false))
		}
		info.kinds, info.needsNum, info.reqKinds = d.Kinds, d.NeedsNumber, d.RequiredKinds
		info.tf = map[string]float32{}
		tf := map[string]*[NumFields]uint16{}
		var order []string
		for f := Field(0); f < NumFields; f++ {
			if p.Weight[f] == 0 {
				continue
			}
			for _, text := range d.Text[f] {
				ts := terms(text, p.Stem, p.Stop)
				info.lens[f] += float64(len(ts))
				own := len(ts) // the words; joined pairs follow
				if p.Compound > 0 && (f == FieldName || f == FieldParamName) {
					ts = append(ts, compounds(text, p.Stem)...)
				}
				for j, t := range ts {
					info.tf[t] += float32(p.Weight[f])
					info.length += p.Weight[f]
					c := tf[t]
					if c == nil {
						c = new([NumFields]uint16)
						tf[t] = c
						order = append(order, t)
					}
					if c[f] < math.MaxUint16 {
						c[f]++
					}
					if j >= own {
						continue
					}
					if f == FieldDescription && c[f] == 1 {
						info.descTerms = append(info.descTerms, t)
					}
					if f == FieldName && c[f] == 1 {
						info.nameTerms = append(info.nameTerms, t)
						ix.names[t] = true
					}
					if j > 0 && (f == FieldName || f == FieldDescription || f == FieldParamName) {
						if info.pairs == nil {
							info.pairs = map[[2]string]bool{}
						}
						info.pairs[[2]string{ts[j-1], t}] = true
					}
				}
			}
			avg[f] += info.lens[f]
		}
		tfs[i], orders[i] = tf, order
	}
	n := float64(len(docs))
	for f := range avg {
		if n > 0 {
			avg[f] /= n
		}
		if avg[f] == 0 {
			avg[f] = 1
		}
	}
	ix.ctf = map[string]float64{}
	for i := range ix.docs {
		for t, c := range ix.docs[i].tf {
			ix.ctf[t] += float64(c)
		}
		ix.clen += ix.docs[i].length
	}
	for i := range docs {
		info := &ix.docs[i]
		for _, t := range orders[i] {
			var w float64
			for f, c := range tfs[i][t] {
				if c > 0 {
					w += p.Weight[f] * float64(c) / (1 - p.B[f] + p.B[f]*info.lens[f]/avg[f])
				}
			}
			ix.postings[t] = append(ix.postings[t], posting{doc: int32(i), sat: float32(w / (p.K1 + w))})
		}
	}
	if p.Names {
		names := map[string]bool{}
		for _, d := range docs {
			names[d.Name] = true
		}
		n = float64(len(names))
	}
	for t, ps := range ix.postings {
		df := float64(len(ps))
		if p.Names {
			seen := map[string]bool{}
			for _, p := range ps {
				seen[ix.docs[p.doc].name] = true
			}
			df = float64(len(seen))
		}
		ix.idf[t] = math.Log(1 + (n-df+0.5)/(df+0.5))
	}
	return ix
}

// prefixes are the name words that request words start with and that the
// request does not hold itself.
func (ix *Index) prefixes(uniq []string, seen map[string]bool) []string {
	if ix.p.Prefix == 0 {
		return nil
	}
	var out []string
	for _, t := range uniq {
		for l := max(ix.p.PrefixMin, 1); l < len(t); l++ {
			if w := t[:l]; ix.names[w] && !seen[w] && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// Len is the number of tools indexed.
func (ix *Index) Len() int { return len(ix.docs) }

// Result is one ranked tool.
type Result struct {
	Name  string
	Index int // the tool's position in what was indexed
	Score float64
}

// Search ranks the indexed tools for query and returns the best limit of
// them, one per name (the best-scoring definition where a name repeats),
// best first; tools sharing no word with the query are not returned.
func (ix *Index) Search(query string, limit int) []Result {
	if limit <= 0 || len(ix.docs) == 0 {
		return nil
	}
	res := ix.rank(query, limit, ix.p.Rerank)
	top := 2 * max(ix.p.Rerank, limit)
	if ix.p.Clauses > 0 {
		if ss := sentences(query); len(ss) > 1 && len(res) > 0 {
			ix.clauses(res, ss, limit)
			topK(res, top)
		}
	}
	out, ok := firstNames(res[:min(len(res), top)], limit)
	if ok || len(res) <= top {
		return out
	}
	// The re-ranked candidates only gained, so they stay ahead of the rest.
	sortResults(res)
	out, _ = firstNames(res, limit)
	return out
}

// clauseRerank is how many of one sentence's candidates are re-ranked:
// fewer than for the whole request, which keeps a request of several
// sentences fast, and as good on the tuning sets.
const clauseRerank = 10

// clauses adds to each result Clauses × its best normalised score for one
// sentence of the request alone, after normalising res's own scores: a
// request asking for several things ("… the density of this material.
// Also, what is the rating of this product?") needs each ask's best tools
// near the top, even where another ask's words weigh more.
func (ix *Index) clauses(res []Result, ss []string, limit int) {
	boost := map[int]float64{}
	for _, s := range ss {
		r := ix.rank(s, limit, clauseRerank)
		n := min(len(r), 2*max(clauseRerank, limit)) // the ordered part
		if n == 0 || r[0].Score <= 0 {
			continue
		}
		for _, x := range r[:n] {
			if v := x.Score / r[0].Score; v > boost[x.Index] {
				boost[x.Index] = v
			}
		}
	}
	top := res[0].Score
	for i := range res {
		res[i].Score = res[i].Score/top + ix.p.Clauses*boost[res[i].Index]
	}
}

// rank scores the tools for query: every tool sharing a word with it,
// the best of them ordered and re-ranked.
func (ix *Index) rank(query string, limit, rerank int) []Result {
	p := ix.p
	qterms := terms(query, p.Stem, p.Stop)
	seen := map[string]bool{}
	uniq := qterms[:0:0]
	for _, t := range qterms {
		if !seen[t] {
			seen[t] = true
			uniq = append(uniq, t)
		}
	}
	scores := ix.scores.Get().([]float64) // all zero
	defer ix.scores.Put(scores)
	var touched []int32
	add := func(t string, w float64) {
		idf := w * ix.idf[t]
		for _, ps := range ix.postings[t] {
			if scores[ps.doc] == 0 {
				touched = append(touched, ps.doc)
			}
			scores[ps.doc] += idf * float64(ps.sat)
		}
	}
	for _, t := range uniq {
		add(t, 1)
	}
	for _, t := range ix.queryCompounds(query, seen) {
		add(t, p.Compound)
		seen[t] = true
	}
	for _, t := range ix.prefixes(uniq, seen) {
		add(t, p.Prefix)
		seen[t] = true // the re-ranking's name coverage counts it met
	}
	for _, t := range ix.synonymTerms(uniq, seen) {
		add(t, p.Synonym)
	}
	res := make([]Result, 0, len(touched))
	for _, i := range touched {
		res = append(res, Result{Name: ix.docs[i].name, Index: int(i), Score: scores[i]})
		scores[i] = 0
	}
	// Only the best few need an order: the candidates the re-ranking
	// sees and, beyond them, enough for limit names. A name repeated
	// among them needs the whole order after all.
	top := max(rerank, limit)
	topK(res, 2*top)
	if rerank > 0 {
		n := min(rerank, len(res))
		all := map[string]bool{}
		for _, t := range terms(query, p.Stem, false) {
			all[t] = true
		}
		ix.rerank(res[:n], qterms, uniq, seen, all, freeNumber(query), requestKinds(query))
		sortResults(res[:n])
	}
	return res
}

// firstNames keeps the first result of each name, up to limit; ok says
// limit was reached.
func firstNames(res []Result, limit int) ([]Result, bool) {
	out := make([]Result, 0, limit)
	names := map[string]bool{}
	for _, r := range res {
		if len(out) == limit {
			break
		}
		if !names[r.Name] {
			names[r.Name] = true
			out = append(out, r)
		}
	}
	return out, len(out) == limit
}

// topK moves the best k results of res to its front, in order.
func topK(res []Result, k int) {
	if len(res) <= k {
		sortResults(res)
		return
	}
	sortResults(res[:k])
	for i := k; i < len(res); i++ {
		if less(res[i], res[k-1]) {
			// insert res[i] in order, dropping res[k-1] to its place
			j := sort.Search(k, func(j int) bool { return less(res[i], res[j]) })
			r := res[i]
			res[i] = res[k-1]
			copy(res[j+1:k], res[j:k-1])
			res[j] = r
		}
	}
}

func less(a, b Result) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	if a.Name != b.Name {
		return a.Name < b.Name
	}
	return a.Index < b.Index
}

// rerank adds the re-ranking features to res: qterms are the request's
// terms in order, uniq each once, qset the same as a set, qall its words
// stop words included (parameters are often named "a" or "to"), and qnum
// whether it holds a number (freeNumber).
func (ix *Index) rerank(res []Result, qterms, uniq []string, qset, qall map[string]bool, qnum bool, qkinds Kind) {
	p := ix.p
	var ql []float64
	if p.Likelihood != 0 {
		ql = ix.likelihood(res, uniq)
	}
	for i := range res {
		d := &ix.docs[res[i].Index]
		if p.Coverage != 0 && len(d.nameTerms) > 0 {
			var have, all float64
			for _, t := range d.nameTerms {
				all += ix.idf[t]
				if qset[t] {
					have += ix.idf[t]
				}
			}
			if all > 0 {
				res[i].Score += p.Coverage * have / all
			}
		}
		if p.Described != 0 {
			res[i].Score += p.Described * ix.share(d.descTerms, qset)
		}
		if p.Bigram != 0 && d.pairs != nil {
			for j := 1; j < len(qterms); j++ {
				if d.pairs[[2]string{qterms[j-1], qterms[j]}] {
					res[i].Score += p.Bigram * math.Min(ix.idf[qterms[j-1]], ix.idf[qterms[j]])
				}
			}
		}
		if p.Required != 0 && len(d.required) > 0 {
			res[i].Score += p.Required * named(d.required, qall)
		}
		if p.Kinds != 0 && qkinds != 0 {
			// Over the square root of the request's kinds, not their
			// number: a tool taking two of them (an id and a date) is
			// told apart more from one taking one than a share would.
			res[i].Score += p.Kinds * float64(bits(qkinds&d.kinds)) / math.Sqrt(float64(bits(qkinds)))
		}
		if p.Query != 0 {
			var have, all float64
			for _, t := range uniq {
				all += ix.idf[t]
				if d.tf[t] > 0 {
					have += ix.idf[t]
				}
			}
			if all > 0 {
				res[i].Score += p.Query * have / all
			}
		}
		if p.Unneeded != 0 && d.reqKinds&^qkinds == 0 {
			res[i].Score += p.Unneeded
		}
		if p.NoNumber != 0 && !qnum && !d.needsNum {
			res[i].Score += p.NoNumber
		}
		if p.Numeric != 0 && qnum && d.numeric {
			res[i].Score += p.Numeric
		}
		if ql != nil {
			res[i].Score += p.Likelihood * ql[i]
		}
	}
}

// likelihood is, per tool of res, the log-likelihood of the request's
// words (uniq, those the catalog has) under the tool's language model,
// Dirichlet-smoothed by the catalog's (rank-equivalent form), per word,
// less the best of res: 0 for the likeliest tool, negative for the
// others. Where BM25F saturates a word's frequency, this model charges
// every request word a tool lacks and favours short tools less.
func (ix *Index) likelihood(res []Result, uniq []string) []float64 {
	mu := ix.p.Mu
	var ws []string
	for _, t := range uniq {
		if ix.ctf[t] > 0 {
			ws = append(ws, t)
		}
	}
	out := make([]float64, len(res))
	if len(ws) == 0 || ix.clen == 0 {
		return out
	}
	n := float64(len(ws))
	best := math.Inf(-1)
	for i := range res {
		d := &ix.docs[res[i].Index]
		var l float64
		for _, t := range ws {
			l += math.Log1p(float64(d.tf[t]) * ix.clen / (mu * ix.ctf[t]))
		}
		out[i] = (l + n*math.Log(mu/(d.length+mu))) / n
		best = max(best, out[i])
	}
	for i := range out {
		out[i] -= best
	}
	return out
}

// named is the share of params (each a parameter name's terms) that
// have a term in set.
func named(params [][]string, set map[string]bool) float64 {
	n := 0
	for _, ts := range params {
		for _, t := range ts {
			if set[t] {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(params))
}

// share is the IDF share of ts that set holds.
func (ix *Index) share(ts []string, set map[string]bool) float64 {
	var have, all float64
	for _, t := range ts {
		all += ix.idf[t]
		if set[t] {
			have += ix.idf[t]
		}
	}
	if all == 0 {
		return 0
	}
	return have / all
}

// freeNumber says s holds a number that is no part of a code, a date or
// a time: a word of digits (signs, separators, $ and % aside) with no
// letter, no underscore and no -, / or : after its first character.
// USR001, 19th, 2024-05-20, 5/20 and 10:30 hold digits, not numbers a
// numeric parameter takes; -5, 3.5, 1,000, $300 and 20% are numbers.
func freeNumber(s string) bool {
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, ",.?!;:()[]{}'\"`")
		if !hasNumber(w) || strings.ContainsAny(w[1:], "-/:_") {
			continue
		}
		letter := false
		for _, r := range w {
			if unicode.IsLetter(r) {
				letter = true
				break
			}
		}
		if !letter {
			return true
		}
	}
	return false
}

func hasNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		if '0' <= s[i] && s[i] <= '9' {
			return true
		}
	}
	return false
}

func sortResults(res []Result) {
	sort.Slice(res, func(i, j int) bool { return less(res[i], res[j]) })
}
