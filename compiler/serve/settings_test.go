package serve

import (
	"testing"

	"github.com/tscg/tscg/compiler"
)

// TestRetireSettings: serve.retire reaches the pools in their terms —
// absent keeps a pool's default (0), 0 in the file means never (a
// negative value for the pools), a size is MiB.
func TestRetireSettings(t *testing.T) {
	n := func(v int) *int { return &v }
	for _, c := range []struct {
		in    compiler.ServeRetire
		calls int
		rss   int64
	}{
		{compiler.ServeRetire{}, 0, 0},
		{compiler.ServeRetire{MaxCalls: n(0), MaxRSSGrowthMiB: n(0)}, -1, -1},
		{compiler.ServeRetire{MaxCalls: n(50), MaxRSSGrowthMiB: n(512)}, 50, 512 << 20},
		{compiler.ServeRetire{MaxRSSGrowthMiB: n(1 << 20)}, 0, 1 << 40},
	} {
		sc := &Settings{ServeConfig: compiler.ServeConfig{Retire: c.in}}
		if calls, rss := sc.retire(); calls != c.calls || rss != c.rss {
			t.Errorf("%+v: calls %d, rss %d; want %d, %d", c.in, calls, rss, c.calls, c.rss)
		}
	}
}
