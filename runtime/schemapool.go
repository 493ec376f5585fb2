package runtime

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// maxIdleCopies bounds the compiled copies a pooled schema keeps between
// validations; more may exist while more validations run at once.
const maxIdleCopies = 64

// schemaPool holds the compiled copies of a schema with a pattern that
// needs the backtracking engine. The validator calls a pattern's
// MatchString with nothing but the string, and a compiled schema is
// shared by every call of its tool, so the only way for a match to know
// its own call's context and budget is for each validation to run on a
// copy whose patterns point at a patternBudget of their own. Schemas
// without such a pattern (RE2 compiles all of theirs) have no pool and
// validate on the one shared copy, as before.
type schemaPool struct {
	name string
	doc  any

	// budget is PatternBudget; tests lower it.
	budget time.Duration
	// runs counts the backtracking matches run, for tests; onRun, when
	// set, is called after each with the count.
	runs  atomic.Int64
	onRun func(n int64)

	mu   sync.Mutex
	free []*Schema
}

func newSchemaPool(name string, doc any, first *Schema) *schemaPool {
	p := &schemaPool{name: name, doc: doc, budget: PatternBudget}
	p.adopt(first)
	p.free = []*Schema{first}
	return p
}

func (p *schemaPool) adopt(s *Schema) {
	s.pool, s.patterns.pool = p, p
}

func (p *schemaPool) ran() {
	n := p.runs.Add(1)
	if p.onRun != nil {
		p.onRun(n)
	}
}

// acquire returns the copy to validate one value on under ctx: s itself
// when s has no pool, else an idle copy (compiled when none is idle)
// with its budget armed. Give it back with release.
func (s *Schema) acquire(ctx context.Context) (*Schema, error) {
	p := s.pool
	if p == nil {
		return s, nil
	}
	p.mu.Lock()
	var in *Schema
	if n := len(p.free); n > 0 {
		in, p.free = p.free[n-1], p.free[:n-1]
	}
	p.mu.Unlock()
	if in == nil {
		var err error
		if in, err = compileCopy(p.name, p.doc); err != nil {
			return nil, fmt.Errorf("compile a copy of %w", err) // unreachable: the same document compiled before
		}
		p.adopt(in)
	}
	in.patterns.arm(ctx, p.budget)
	return in, nil
}

// release gives back a copy acquire returned.
func (s *Schema) release(in *Schema) {
	p := s.pool
	if p == nil {
		return
	}
	in.patterns.ctx = nil
	p.mu.Lock()
	if len(p.free) < maxIdleCopies {
		p.free = append(p.free, in)
	}
	p.mu.Unlock()
}
