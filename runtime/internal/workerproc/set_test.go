package workerproc

import (
	"slices"
	"testing"
)

func TestSet(t *testing.T) {
	var s Set[int]
	if s.Closed() || !s.Add(1) || !s.Add(2) || !s.Add(3) {
		t.Fatal("an open set refused a worker")
	}
	s.Forget(2)
	got := s.Close()
	slices.Sort(got)
	if !slices.Equal(got, []int{1, 3}) || !s.Closed() {
		t.Fatalf("Close returned %v, closed %v; want [1 3], true", got, s.Closed())
	}
	// A worker that finished starting after Close is refused, so its
	// starter stops it instead of it outliving the pool.
	if s.Add(4) {
		t.Fatal("a closed set took a worker")
	}
	if again := s.Close(); len(again) != 0 {
		t.Fatalf("second Close returned %v", again)
	}
}
