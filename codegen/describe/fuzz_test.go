package describe

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/tscg/tscg/frontends/compact"
)

// FuzzParseCompact feeds arbitrary text to the parser: it must not panic,
// and whatever it accepts must render to text that parses back to the
// same rendering (the grammar's fixed point). Invalid UTF-8 is only
// checked for panics: JSON encoding replaces it, so the first rendering
// differs from the input by design.
func FuzzParseCompact(f *testing.F) {
	for _, seed := range []string{
		"%objects closed\nget: Get one.\n id str 1..: Identifier\n n? int = 3\n",
		"t(x?: any) -> { v: int[] }\n",
		"type T = {: doc\n a str /^[a-z]+$/ titled\n b? (str | null)[]\n}\nf(...T) @readonly\n",
		"g: x\n) closed #\"params\" -> num @example:{\"a\":1}\n",
		"group tools: rules\nh\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		cat, err := compact.Parse(src)
		if err != nil || !utf8.Valid(src) {
			return // catalogs come from decoded JSON and source text: valid UTF-8
		}
		once := Compact(cat, LevelCompact)
		again, err := compact.Parse(once)
		if err != nil {
			t.Fatalf("rendering does not parse: %v\n%s", err, once)
		}
		if twice := Compact(again, LevelCompact); !bytes.Equal(once, twice) {
			t.Fatalf("not a fixed point:\n%s\n---\n%s", once, twice)
		}
	})
}
