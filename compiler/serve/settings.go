package serve

import (
	"path/filepath"
	"time"

	"github.com/tscg/tscg/compiler"
)

// Settings is the serve: section of tscg.yaml (or the file named by
// --serve-config, whose top level is that section), decoded and checked
// by the compiler's one configuration decoder.
type Settings struct {
	compiler.ServeConfig

	dir string // relative paths are relative to it
}

// httpExecutor posts a tool's arguments to URL; Headers (${VAR} expanded)
// go to that host only, never to one it redirects to.
type httpExecutor = compiler.ServeHTTP

// executorConfig runs one tool: exactly one of HTTP or Command.
type executorConfig = compiler.ServeTool

// LoadSettings returns the serve section: from file when named, else
// the configuration's serve: section.
func LoadSettings(cfg *compiler.Config, file string) (*Settings, error) {
	sc := &Settings{dir: cfg.Dir}
	switch {
	case file != "":
		s, ds := compiler.LoadServeConfig(file)
		if ds.HasErrors() {
			return nil, &Error{Diags: ds}
		}
		sc.ServeConfig, sc.dir = *s, filepath.Dir(file)
	case cfg.Serve != nil:
		sc.ServeConfig = *cfg.Serve
	}
	return sc, nil
}

func (sc *Settings) timeout() (time.Duration, error) {
	if sc.Timeout == 0 {
		return 30 * time.Second, nil
	}
	return sc.Timeout, nil
}

// retire is serve.retire in the pools' terms: 0 keeps a pool's default,
// a negative value means never.
func (sc *Settings) retire() (calls int, rssGrowth int64) {
	r := sc.Retire
	if r.MaxCalls != nil {
		calls = *r.MaxCalls
		if calls == 0 {
			calls = -1
		}
	}
	if r.MaxRSSGrowthMiB != nil {
		rssGrowth = int64(*r.MaxRSSGrowthMiB) << 20
		if rssGrowth == 0 {
			rssGrowth = -1
		}
	}
	return calls, rssGrowth
}

// resolve makes a configured path relative to the config's directory.
func (sc *Settings) resolve(p string) string {
	if p == "" || filepath.IsAbs(p) || sc.dir == "" {
		return p
	}
	return filepath.Join(sc.dir, p)
}
