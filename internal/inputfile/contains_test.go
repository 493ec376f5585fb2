package inputfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestContains finds the needle wherever it falls against the 64 KiB
// reads (at the start, across a read boundary, at the very end), and
// refuses what Read refuses.
func TestContains(t *testing.T) {
	dir := t.TempDir()
	const needle = "tscg:ignore"
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fill := strings.Repeat("x", 200<<10)
	for _, at := range []int{0, 64<<10 - 5, 64<<10 - len(needle) + 1, 128<<10 - 1, len(fill)} {
		p := write("f", fill[:at]+needle+fill[at:])
		if ok, err := Contains(p, needle); err != nil || !ok {
			t.Errorf("needle at %d: Contains = %v, %v; want true", at, ok, err)
		}
	}
	p := write("g", fill+needle[:len(needle)-1])
	if ok, err := Contains(p, needle); err != nil || ok {
		t.Errorf("no needle: Contains = %v, %v; want false", ok, err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tooLarge *TooLargeError
	if _, err := containsLimited(f, needle, 1<<10); !errors.As(err, &tooLarge) {
		t.Errorf("over the limit: err = %v, want a TooLargeError", err)
	}
	if _, err := Contains(dir, needle); err == nil {
		t.Error("a directory: want an error")
	}
}
