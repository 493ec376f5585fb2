package orderedjson

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzEncodeString checks the hand-written string escaper against
// encoding/json (HTML escaping off), including invalid UTF-8.
func FuzzEncodeString(f *testing.F) {
	for _, s := range []string{"", "plain", "quote\" back\\slash", "\n\r\t\x00\x1f", "中文 <tag> &", "\u2028\u2029", "\xff\xfe bad", "emoji 😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		got := AppendString([]byte("x"), s)
		if !bytes.Equal(got[1:], bytes.TrimRight(want.Bytes(), "\n")) {
			t.Errorf("AppendString(%q) = %s, want %s", s, got[1:], want.Bytes())
		}
	})
}
