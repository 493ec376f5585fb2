package workerproc

import "sync"

// Set is a pool's live workers and whether the pool is closed. Add after
// Close refuses the worker, so a worker that finished starting while the
// pool closed is stopped by its starter instead of outliving the pool.
// The zero value is an open, empty set.
type Set[W comparable] struct {
	mu     sync.Mutex
	closed bool
	all    map[W]bool
}

// Closed reports whether Close was called.
func (s *Set[W]) Closed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// Add records a started worker; it reports false when the set is closed
// (the caller stops w).
func (s *Set[W]) Add(w W) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	if s.all == nil {
		s.all = map[W]bool{}
	}
	s.all[w] = true
	return true
}

// Forget drops a worker that was stopped or retired.
func (s *Set[W]) Forget(w W) {
	s.mu.Lock()
	delete(s.all, w)
	s.mu.Unlock()
}

// Close marks the set closed and returns every worker in it, for the
// caller to stop.
func (s *Set[W]) Close() []W {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	ws := make([]W, 0, len(s.all))
	for w := range s.all {
		ws = append(ws, w)
	}
	s.all = nil
	return ws
}
