package inputfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestReadsRegularFiles(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 1, 511, 4096, 100_000} {
		want := bytes.Repeat([]byte{'x'}, size)
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := Read(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d bytes: got %d bytes, %v", size, len(got), err)
		}
	}
}
