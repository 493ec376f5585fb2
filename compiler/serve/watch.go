package serve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"
)

// settle is how long Watch waits after a file event before it looks:
// an editor's save is several events (write, chmod, rename).
const settle = 50 * time.Millisecond

// Watch swaps in a rebuilt tool set when the inputs change, until ctx
// ends. It is told of changes by the operating system (fsnotify: inotify,
// kqueue, ReadDirectoryChangesW), watching the directories of the files a
// build reads, so an editor's rename-over-the-file is seen too. Where
// that is unavailable (no inotify instances left, an unsupported
// platform) it says so and polls every period instead.
func (s *Server) Watch(ctx context.Context, period time.Duration) {
	newWatcher := s.newWatcher
	if newWatcher == nil {
		newWatcher = fsnotify.NewWatcher
	}
	watched := map[string]bool{}
	w, err := newWatcher()
	if err == nil {
		err = s.watchDirs(w, watched)
		if err != nil {
			w.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(s.opts.Stderr, "tscg: watching the inputs by polling every %s (file events unavailable: %v)\n", period, err)
		s.poll(ctx, period)
		return
	}
	defer w.Close()
	s.notified(ctx, w, watched)
}

func (s *Server) notified(ctx context.Context, w *fsnotify.Watcher, watched map[string]bool) {
	last := s.fingerprint()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-w.Events:
			if !ok {
				return
			}
			timer.Reset(settle)
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			fmt.Fprintf(s.opts.Stderr, "tscg: watching the inputs: %v\n", err)
			timer.Reset(settle) // an overflow lost events: look anyway
		case <-timer.C:
			if fp := s.fingerprint(); fp != last {
				last = fp
				s.reload()
			}
			_ = s.watchDirs(w, watched) // a new input directory
		}
	}
}

// watchDirs adds the directories of the watched files (and the watched
// directories themselves) not yet in watched.
func (s *Server) watchDirs(w *fsnotify.Watcher, watched map[string]bool) error {
	for _, f := range s.watchedFiles() {
		dirs := []string{filepath.Dir(f)}
		if st, err := os.Stat(f); err == nil && st.IsDir() {
			dirs = append(dirs, f)
		}
		for _, d := range dirs {
			if watched[d] {
				continue
			}
			if err := w.Add(d); err != nil {
				if os.IsNotExist(err) {
					continue
				}
				return fmt.Errorf("watch %s: %w", d, err)
			}
			watched[d] = true
		}
	}
	return nil
}

// poll is Watch without file events: it compares fingerprints every period.
func (s *Server) poll(ctx context.Context, period time.Duration) {
	last := s.fingerprint()
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if fp := s.fingerprint(); fp != last {
			last = fp
			s.reload()
		}
	}
}
