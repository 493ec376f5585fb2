package workerproc

import (
	"os"
	"runtime"
	"testing"
)

func TestRetireDue(t *testing.T) {
	r := Retire{}.WithDefaults()
	for _, c := range []struct {
		calls     int
		rss0, rss int64
		want      bool
	}{
		{0, 0, 0, false},
		{999, 10 << 20, 20 << 20, false},
		{1000, 10 << 20, 20 << 20, true},
		{1, 10 << 20, 10<<20 + 256<<20, false},
		{1, 10 << 20, 10<<20 + 256<<20 + 1, true},
		{1, 0, 1 << 40, false}, // no start figure: memory is not judged
	} {
		if _, got := r.Due(c.calls, c.rss0, c.rss); got != c.want {
			t.Errorf("Due(%d, %d, %d) = %v", c.calls, c.rss0, c.rss, got)
		}
	}
	if _, due := (Retire{MaxCalls: -1, MaxRSSGrowth: -1}).WithDefaults().Due(1<<30, 1, 1<<50); due {
		t.Error("negative limits retire")
	}
}

func TestRSS(t *testing.T) {
	got := RSS(os.Getpid())
	if runtime.GOOS == "linux" && got <= 0 {
		t.Fatalf("RSS of this process = %d", got)
	}
	if RSS(-1) != 0 {
		t.Error("RSS of no process")
	}
}
