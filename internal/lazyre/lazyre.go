// Package lazyre holds regular expressions that compile on first use.
//
// A package-level regexp.MustCompile runs in init, and Go runs the init
// of every package linked into a binary: tscg's provider name patterns
// (counted repetitions like {1,128}), docstring and skill patterns cost
// about 1.5 ms and 700 KB at every start of every command, used or not.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled the first time it is used. Its
// methods are safe for concurrent use, like regexp.Regexp's.
type Regexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

// New returns a Regexp for src. A src that does not compile panics on
// first use, as regexp.MustCompile would at init; tests that use each
// pattern catch it.
func New(src string) *Regexp { return &Regexp{src: src} }

// Get returns the compiled expression.
func (r *Regexp) Get() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.src) })
	return r.re
}

// String returns the source text.
func (r *Regexp) String() string { return r.src }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.Get().MatchString(s) }

// FindString is regexp.Regexp.FindString.
func (r *Regexp) FindString(s string) string { return r.Get().FindString(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.Get().FindStringSubmatch(s) }

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.Get().ReplaceAllString(src, repl)
}
