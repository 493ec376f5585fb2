package lazyre

import (
	"sync"
	"testing"
)

func TestCompilesOnFirstUseOnly(t *testing.T) {
	r := New(`^a(b+)$`)
	if r.re != nil {
		t.Fatal("compiled before use")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !r.MatchString("abb") || r.MatchString("ac") {
				t.Error("MatchString disagrees with the pattern")
			}
		}()
	}
	wg.Wait()
	first := r.Get()
	if m := r.FindStringSubmatch("abbb"); len(m) != 2 || m[1] != "bbb" {
		t.Errorf("FindStringSubmatch = %q", m)
	}
	if r.Get() != first {
		t.Error("compiled twice")
	}
	if got := New(`b+`).ReplaceAllString("abba", "-"); got != "a-a" {
		t.Errorf("ReplaceAllString = %q", got)
	}
	if got := New(`b+`).FindString("abba"); got != "bb" {
		t.Errorf("FindString = %q", got)
	}
	if r.String() != `^a(b+)$` {
		t.Errorf("String = %q", r.String())
	}
}

func TestBadPatternPanicsOnUse(t *testing.T) {
	r := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("a pattern that does not compile did not panic on use")
		}
	}()
	r.MatchString("x")
}
