// Package tokens counts BPE tokens offline with OpenAI's o200k_base and
// cl100k_base encodings. The vocabularies are compiled into the binary, so
// counting never needs the network: o200k_base as o200k_base.bin with this
// package's own split and merge (bpe.go, split.go), cl100k_base (and
// o200k_base of text that is not valid UTF-8) through
// github.com/tiktoken-go/tokenizer, whose counts the tests compare with.
package tokens

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/tiktoken-go/tokenizer"
)

// Encodings tscg supports.
const (
	O200kBase  = "o200k_base"
	Cl100kBase = "cl100k_base"
	// Default is the encoding of current OpenAI models.
	Default = O200kBase
)

// Encodings returns the supported encoding names.
func Encodings() []string { return []string{Cl100kBase, O200kBase} }

var (
	mu     sync.Mutex
	codecs = map[string]tokenizer.Codec{}
)

// codec loads an encoding once; loading builds the vocabulary maps, which
// takes tens of milliseconds, so it is cached for the process.
func codec(encoding string) (tokenizer.Codec, error) {
	if encoding == "" {
		encoding = Default
	}
	mu.Lock()
	defer mu.Unlock()
	if c, ok := codecs[encoding]; ok {
		return c, nil
	}
	switch encoding {
	case O200kBase, Cl100kBase:
	default:
		return nil, fmt.Errorf("unknown token encoding %q (want %s or %s)", encoding, O200kBase, Cl100kBase)
	}
	c, err := tokenizer.Get(tokenizer.Encoding(encoding))
	if err != nil {
		return nil, fmt.Errorf("load encoding %s: %w", encoding, err)
	}
	codecs[encoding] = c
	return c, nil
}

// Count returns the number of tokens text encodes to ("" encoding means
// Default). It is safe for concurrent use. o200k_base counts of valid
// UTF-8 are this package's own (splitO200k and bpeVocab, the counts the
// tokenizer library gives); the rest is the library's.
func Count(encoding, text string) (int, error) {
	if (encoding == "" || encoding == O200kBase) && utf8.ValidString(text) {
		return countPieces(o200k(), text), nil
	}
	c, err := codec(encoding)
	if err != nil {
		return 0, err
	}
	n, err := c.Count(text)
	if err != nil {
		return 0, fmt.Errorf("count tokens (%s): %w", encoding, err)
	}
	return n, nil
}

// CountBytes is Count for text held as bytes, which it does not copy:
// nothing may write to text while it counts. (Nothing it keeps refers to
// text: cached pieces are copies.)
func CountBytes(encoding string, text []byte) (int, error) {
	return Count(encoding, unsafe.String(unsafe.SliceData(text), len(text)))
}

// pieceCache holds the token counts of o200k_base pre-tokens already
// counted: tool definitions repeat the same few thousand pieces ("type",
// `":"`, " the", …), so most are counted once per process. It is bounded
// (maxCachedPieces; a piece is copied, not kept as a substring of the
// text it came from), and pieces past the bound are counted each time.
var pieceCache struct {
	sync.RWMutex
	m map[string]int
}

const maxCachedPieces = 1 << 15

// countPieces counts text (valid UTF-8) piece by piece: splitO200k cuts
// it as the encoding's pattern does, and each piece is counted by v's
// merge or found in pieceCache.
func countPieces(v *bpeVocab, text string) int {
	total := 0
	splitO200k(text, func(p string) {
		pieceCache.RLock()
		n, ok := pieceCache.m[p]
		pieceCache.RUnlock()
		if !ok {
			n = countPiece(v, p)
			pieceCache.Lock()
			if pieceCache.m == nil {
				pieceCache.m = map[string]int{}
			}
			if len(pieceCache.m) < maxCachedPieces {
				pieceCache.m[strings.Clone(p)] = n
			}
			pieceCache.Unlock()
		}
		total += n
	})
	return total
}

// countPiece is v.count of a pre-token, except that DEL alone, which
// the tokenizer library steps over (splitO200k), counts for nothing.
// FuzzSplitMatchesLibrary found the difference.
func countPiece(v *bpeVocab, p string) int {
	if p == "\x7f" {
		return 0
	}
	return v.count(p)
}

// Valid reports whether encoding is supported ("" counts as Default).
func Valid(encoding string) bool {
	return encoding == "" || encoding == O200kBase || encoding == Cl100kBase
}
