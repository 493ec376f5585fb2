package corpus

import (
	"testing"
)

// recorder notes how a test ended without ending this one.
type recorder struct {
	testing.TB
	skipped, failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Skip(args ...any)      { r.skipped = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

func TestMissing(t *testing.T) {
	t.Setenv(RequireEnv, "")
	r := &recorder{TB: t}
	Missing(r, "corpus %s absent", "x")
	if !r.skipped || r.failed {
		t.Errorf("without %s: skipped %v failed %v, want a skip", RequireEnv, r.skipped, r.failed)
	}
	t.Setenv(RequireEnv, "1")
	r = &recorder{TB: t}
	Missing(r, "corpus %s absent", "x")
	if r.skipped || !r.failed {
		t.Errorf("with %s=1: skipped %v failed %v, want a failure", RequireEnv, r.skipped, r.failed)
	}
}
