package tokens

import (
	_ "embed"
	"encoding/binary"
	"sync"
)

// o200kData is o200k_base's vocabulary, the tokens in rank order, each a
// length byte and the token's bytes. TestVocabularyFile writes it from the
// tokenizer library's Decode of every rank (TSCG_UPDATE=1) and checks it
// against the library otherwise.
//
//go:embed o200k_base.bin
var o200kData string

// o200kIndex is buildIndex(o200kData), written and checked by
// TestVocabularyFile too.
//
//go:embed o200k_base.idx
var o200kIndex string

// bpeVocab is a byte-pair vocabulary as a compact table over the embedded
// data and index, read in place: they stay the binary's read-only pages,
// not heap, and nothing is built at start. The tokenizer library holds the
// same vocabulary as a Go map of ~200k string keys (~7 MiB of heap, live
// to the end of the process, built from ~5.5 MiB of static tables).
//
// The index (little-endian uint32s) is: the number of ranks n, the table's
// size (a power of two), where each rank's bytes start in data (n words;
// its length byte is the one before), and an open-addressing hash table
// by fnv64a of the token's bytes with linear probing, each slot 0 or
// rank+1 in the low rankBits bits under a tag of the hash's top bits.
type bpeVocab struct {
	data, index string
	n           uint32
	mask        uint32
}

const (
	rankBits = 18 // o200k_base has 199,998 ranks
	rankMask = 1<<rankBits - 1
	tagShift = 64 - (32 - rankBits)
)

var (
	o200kOnce  sync.Once
	o200kVocab *bpeVocab
)

// o200k returns the o200k_base vocabulary.
func o200k() *bpeVocab {
	o200kOnce.Do(func() { o200kVocab = newBPEVocab(o200kData, o200kIndex) })
	return o200kVocab
}

// newBPEVocab reads index's header; it panics when index does not fit it
// (the files are embedded and checked by the tests).
func newBPEVocab(data, index string) *bpeVocab {
	if len(index) < 8 {
		panic("tokens: vocabulary index too short")
	}
	v := &bpeVocab{data: data, index: index, n: le32(index, 0)}
	size := le32(index, 4)
	v.mask = size - 1
	if size&v.mask != 0 || len(index) != 8+4*int(v.n)+4*int(size) || v.n >= rankMask {
		panic("tokens: malformed vocabulary index")
	}
	return v
}

func le32(s string, i int) uint32 {
	_ = s[i+3]
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

// fnv64a is FNV-1a, 64 bits.
func fnv64a(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// buildIndex makes the index of data (length-prefixed tokens in rank
// order): what o200k_base.idx holds for o200k_base.bin.
func buildIndex(data string) []byte {
	var starts []uint32
	for i := 0; i < len(data); i += 1 + int(data[i]) {
		starts = append(starts, uint32(i+1))
	}
	n := len(starts)
	size := 1
	for size < n+n/4 { // load factor at most 0.8
		size <<= 1
	}
	table := make([]uint32, size)
	mask := uint32(size - 1)
	for r, st := range starts {
		h := fnv64a(data[st : st+uint32(data[st-1])])
		for j := uint32(h) & mask; ; j = (j + 1) & mask {
			if table[j] == 0 {
				table[j] = uint32(h>>tagShift)<<rankBits | uint32(r+1)
				break
			}
		}
	}
	out := make([]byte, 0, 8+4*(n+size))
	out = binary.LittleEndian.AppendUint32(out, uint32(n))
	out = binary.LittleEndian.AppendUint32(out, uint32(size))
	for _, w := range append(starts, table...) {
		out = binary.LittleEndian.AppendUint32(out, w)
	}
	return out
}

// token returns rank r's bytes.
func (v *bpeVocab) token(r uint32) string {
	s := le32(v.index, 8+4*int(r))
	return v.data[s : s+uint32(v.data[s-1])]
}

// rank returns s's rank, or false when s is not a token.
func (v *bpeVocab) rank(s string) (uint32, bool) {
	h := fnv64a(s)
	tag := uint32(h>>tagShift) << rankBits
	table := 8 + 4*int(v.n)
	for j := uint32(h) & v.mask; ; j = (j + 1) & v.mask {
		e := le32(v.index, table+4*int(j))
		if e == 0 {
			return 0, false
		}
		if e&^rankMask == tag {
			if r := e&rankMask - 1; v.token(r) == s {
				return r, true
			}
		}
	}
}

const noRank = ^uint32(0)

// pairRank is the rank of piece[i:j], or noRank.
func (v *bpeVocab) pairRank(piece string, i, j int) uint32 {
	if r, ok := v.rank(piece[i:j]); ok {
		return r
	}
	return noRank
}

// heapFrom is the piece length from which count merges with a heap
// (O(n log n)) instead of scanning all pairs after each merge (O(n²)).
const heapFrom = 96

// count returns the number of tokens byte-pair encoding makes of piece, a
// single pre-token: the piece itself if it is a token, else the parts left
// after merging, again and again, the adjacent pair of parts whose bytes
// make the token of lowest rank (the leftmost of equal ones) until no pair
// makes a token. That is tiktoken's merge; TestBPEMatchesLibrary and
// FuzzSplitMatchesLibrary compare the counts with the tokenizer library's.
func (v *bpeVocab) count(piece string) int {
	if len(piece) == 0 {
		return 0
	}
	if _, ok := v.rank(piece); ok {
		return 1
	}
	if len(piece) >= heapFrom {
		return v.countHeap(piece)
	}
	// parts[k]: where the k-th part starts, and the rank of it merged
	// with the next part (noRank if none). The last two entries are the
	// last part and the end.
	type part struct {
		start int32
		rank  uint32
	}
	var buf [heapFrom + 1]part
	parts := buf[:len(piece)+1]
	for i := range parts {
		parts[i] = part{int32(i), noRank}
	}
	for i := 0; i+2 <= len(piece); i++ {
		parts[i].rank = v.pairRank(piece, i, i+2)
	}
	// rankAt is the rank of part k merged with part k+1 once part k+1
	// and k+2 are one.
	rankAt := func(k int) uint32 {
		if k+3 < len(parts) {
			return v.pairRank(piece, int(parts[k].start), int(parts[k+3].start))
		}
		return noRank
	}
	for {
		best, k := noRank, -1
		for i := 0; i < len(parts)-1; i++ {
			if parts[i].rank < best {
				best, k = parts[i].rank, i
			}
		}
		if k < 0 {
			break
		}
		if k > 0 {
			parts[k-1].rank = rankAt(k - 1)
		}
		parts[k].rank = rankAt(k)
		parts = append(parts[:k+1], parts[k+2:]...)
	}
	return len(parts) - 1
}

// countHeap is count's merge for long pieces: the parts are a linked list
// and the candidate pairs a min-heap by (rank, start), stale entries
// skipped when popped; the same merges in the same order as the scan.
func (v *bpeVocab) countHeap(piece string) int {
	n := len(piece)
	next := make([]int32, n) // next part's start, or n
	prev := make([]int32, n) // previous part's start, or -1
	gen := make([]uint32, n) // bumped when the pair starting here changes
	for i := range n {
		next[i], prev[i] = int32(i+1), int32(i-1)
	}
	h := mergeHeap{}
	push := func(i int32) {
		j := next[i]
		if int(j) >= n {
			return
		}
		if r := v.pairRank(piece, int(i), int(next[j])); r != noRank {
			h.push(candidate{r, i, gen[i]})
		}
	}
	for i := int32(0); int(i)+1 < n; i++ {
		if r := v.pairRank(piece, int(i), int(i)+2); r != noRank {
			h.push(candidate{r, i, 0})
		}
	}
	parts := n
	for len(h) > 0 {
		c := h.pop()
		if c.gen != gen[c.start] {
			continue
		}
		i := c.start
		j := next[i] // merged into i
		next[i] = next[j]
		if int(next[j]) < n {
			prev[next[j]] = i
		}
		gen[j]++ // j is no part any more: its pairs are stale
		parts--
		gen[i]++
		push(i)
		if p := prev[i]; p >= 0 {
			gen[p]++
			push(p)
		}
	}
	return parts
}

type candidate struct {
	rank  uint32
	start int32
	gen   uint32
}

// mergeHeap is a binary min-heap of candidates by (rank, start).
type mergeHeap []candidate

func (h mergeHeap) less(a, b int) bool {
	if h[a].rank != h[b].rank {
		return h[a].rank < h[b].rank
	}
	return h[a].start < h[b].start
}

func (h *mergeHeap) push(c candidate) {
	*h = append(*h, c)
	s := *h
	for i := len(s) - 1; i > 0; {
		p := (i - 1) / 2
		if !s.less(i, p) {
			break
		}
		s[i], s[p] = s[p], s[i]
		i = p
	}
}

func (h *mergeHeap) pop() candidate {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < len(s) && s.less(l, m) {
			m = l
		}
		if r := l + 1; r < len(s) && s.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
	*h = s
	return top
}
