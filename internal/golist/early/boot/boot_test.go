//go:build unix

package boot

import (
	"path"
	"strings"
	"testing"
)

// FuzzPaths: the path and string helpers are path's and strings' for
// the paths Guess gives them (absolute ones).
func FuzzPaths(f *testing.F) {
	for _, s := range []string{"/", "/a/b", "//a//b/", "/a/./b/../c", "/../..", "/a/b/..", "/.", "/a/../../b/./c//"} {
		f.Add(s, "x/../y")
	}
	f.Fuzz(func(t *testing.T, p, name string) {
		p = "/" + p
		if got, want := clean(p), path.Clean(p); got != want {
			t.Fatalf("clean(%q) = %q, path.Clean: %q", p, got, want)
		}
		if got, want := join(p, name), path.Join(p, name); got != want {
			t.Fatalf("join(%q, %q) = %q, path.Join: %q", p, name, got, want)
		}
		c := clean(p)
		if got, want := dirOf(c), path.Dir(c); got != want {
			t.Fatalf("dirOf(%q) = %q, path.Dir: %q", c, got, want)
		}
		if got, want := split(name, ':'), strings.Split(name, ":"); !equal(got, want) {
			t.Fatalf("split(%q) = %q, strings.Split: %q", name, got, want)
		}
		if got, want := contains(p, name), strings.Contains(p, name); got != want {
			t.Fatalf("contains(%q, %q) = %v", p, name, got)
		}
	})
}
