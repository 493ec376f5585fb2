//go:build unix

package golang

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tscg/tscg/internal/golist"
)

// TestRememberedListingPipe: a remembered listing naming a named pipe as
// export data is no guess, and does not wait for a writer.
func TestRememberedListingPipe(t *testing.T) {
	t.Setenv("TSCG_CACHE", t.TempDir())
	dir := rememberedModule(t)
	want := offDump(t, dir, "./p")
	loadDump(t, dir, "./p") // remembers the listing
	fifo := filepath.Join(t.TempDir(), "export")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	file := rememberedFile(dir, goEnv(""), golist.Args([]string{"./p"}))
	data := readFile(t, file)
	var b strings.Builder
	for _, line := range strings.SplitAfter(data, "\n") {
		if i := strings.Index(line, `"Export": "`); i >= 0 {
			line = line[:i] + `"Export": "` + fifo + "\",\n"
		}
		b.WriteString(line)
	}
	writeFile(t, file, b.String())
	n := counts()
	done := make(chan string, 1)
	go func() { done <- loadDump(t, dir, "./p") }()
	select {
	case got := <-done:
		if got != want {
			t.Errorf("Load differs:\n%s\nwant:\n%s", got, want)
		}
		if kept, redone := n(); kept != 0 || redone != 0 {
			t.Errorf("%d guesses kept, %d redone: want no guess", kept, redone)
		}
	case <-time.After(time.Minute):
		t.Fatal("Load waits on the named pipe")
	}
}
