package tokens

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tiktoken-go/tokenizer"

	"github.com/tscg/tscg/internal/corpus"
	"github.com/tscg/tscg/internal/golden"
)

// libraryVocabulary is o200k_base's vocabulary as o200k_base.bin holds it,
// read from the tokenizer library: each rank's bytes (Decode of the rank
// alone), length-prefixed, in rank order, up to the first rank Decode
// rejects.
func libraryVocabulary(t *testing.T) []byte {
	c, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for r := uint(0); ; r++ {
		tok, err := c.Decode([]uint{r})
		if err != nil {
			break
		}
		if len(tok) == 0 || len(tok) > 255 {
			t.Fatalf("rank %d: token of %d bytes does not fit a length byte", r, len(tok))
		}
		out.WriteByte(byte(len(tok)))
		out.WriteString(tok)
	}
	return out.Bytes()
}

// TestVocabularyFile checks the embedded vocabulary against the library's;
// TSCG_UPDATE=1 rewrites o200k_base.bin from it.
func TestVocabularyFile(t *testing.T) {
	want := libraryVocabulary(t)
	index := buildIndex(string(want))
	if golden.Updating() {
		if err := os.WriteFile("o200k_base.bin", want, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("o200k_base.idx", index, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if o200kData != string(want) {
		t.Fatalf("o200k_base.bin (%d bytes) differs from the library's vocabulary (%d bytes); TSCG_UPDATE=1 rewrites it", len(o200kData), len(want))
	}
	if o200kIndex != string(index) {
		t.Fatalf("o200k_base.idx (%d bytes) is not the index of o200k_base.bin (%d bytes); TSCG_UPDATE=1 rewrites it", len(o200kIndex), len(index))
	}
	if v := o200k(); v.n != 199998 {
		t.Fatalf("%d ranks, want o200k_base's 199,998", v.n)
	}
}

// TestVocabularyRanks looks every token up: each finds its own rank (the
// hash table loses none and no two ranks share bytes).
func TestVocabularyRanks(t *testing.T) {
	v := o200k()
	for r := range v.n {
		tok := v.token(r)
		if got, ok := v.rank(tok); !ok || got != r {
			t.Fatalf("rank(%q) = %d, %v; want %d", tok, got, ok, r)
		}
	}
	for _, s := range []string{"", "\xff\xfe\xfd\xfc", "zzqxzzqxzzqx", strings.Repeat(" ", 300)} {
		if r, ok := v.rank(s); ok {
			t.Errorf("rank(%q) = %d, want none", s, r)
		}
	}
}

// longPieces are pre-tokens long enough for countHeap.
var longPieces = []string{
	strings.Repeat("a", heapFrom), strings.Repeat("ab", 200), strings.Repeat(" ", 1000),
	strings.Repeat("=-", 300), " " + strings.Repeat("!?", 77), strings.Repeat("x", 5000),
	"Pneumonoultramicroscopicsilicovolcanoconiosis" + strings.Repeat("antidisestablishmentarianism", 9),
	strings.Repeat("日本語", 60), strings.Repeat("é", 120), strings.Repeat("\n", 200),
	"\x7f", " \x7f!", "a\x7fb", "\x7f\x7f'", strings.Repeat("!\x7f", 100),
}

func libraryCount(t testing.TB, text string) int {
	c, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	n, err := c.Count(text)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestBPEMatchesLibrary(t *testing.T) {
	v := o200k()
	for _, text := range append(splitCases, longPieces...) {
		splitO200k(text, func(p string) {
			if got, want := countPiece(v, p), libraryCount(t, p); got != want {
				t.Errorf("count(%q) = %d, library %d", p, got, want)
			}
		})
	}
	// Scan and heap agree below heapFrom too.
	for _, text := range splitCases {
		splitO200k(text, func(p string) {
			if _, ok := v.rank(p); !ok && len(p) > 1 {
				if got, want := v.countHeap(p), v.count(p); got != want {
					t.Errorf("countHeap(%q) = %d, count %d", p, got, want)
				}
			}
		})
	}
}

// bfclDir is BFCL in the shared corpora beside the checkout, or under
// TSCG_CORPORA (as the frontends' corpus tests).
func bfclDir() string {
	if d := os.Getenv("TSCG_CORPORA"); d != "" {
		return filepath.Join(d, "bfcl")
	}
	return "../../../shared/corpora/bfcl"
}

// TestCountMatchesLibraryOnBFCL counts every BFCL function definition (its
// compact JSON, as token-budget counts rendered forms) and every
// description in it, and compares with the library.
func TestCountMatchesLibraryOnBFCL(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(bfclDir(), "BFCL_v4_*.json"))
	if len(files) == 0 {
		corpus.Missing(t, "BFCL corpus absent under %s (TSCG_CORPORA)", bfclDir())
		return
	}
	texts := 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var rec struct {
				Function []json.RawMessage `json:"function"`
			}
			if json.Unmarshal(sc.Bytes(), &rec) != nil {
				continue
			}
			for _, fn := range rec.Function {
				var compact bytes.Buffer
				if err := json.Compact(&compact, fn); err != nil {
					t.Fatal(err)
				}
				check := func(text string) {
					texts++
					got, err := Count(O200kBase, text)
					if err != nil {
						t.Fatal(err)
					}
					if want := libraryCount(t, text); got != want {
						t.Errorf("%s: Count(%.80q…) = %d, library %d", filepath.Base(path), text, got, want)
					}
				}
				check(compact.String())
				var walk func(any)
				walk = func(x any) {
					switch x := x.(type) {
					case map[string]any:
						for k, e := range x {
							if s, ok := e.(string); ok && k == "description" {
								check(s)
							}
							walk(e)
						}
					case []any:
						for _, e := range x {
							walk(e)
						}
					}
				}
				var doc any
				if err := json.Unmarshal(fn, &doc); err != nil {
					t.Fatal(err)
				}
				walk(doc)
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if texts < 10000 {
		t.Fatalf("only %d texts from %d BFCL files", texts, len(files))
	}
	t.Logf("%d texts from %d files", texts, len(files))
}
