// Package deps holds tscg's dependency test (deps_test.go), in the style of
// Go's own go/build/deps_test.go: it states which packages of this module
// may import which, and fails on any other edge. docs/architecture.md
// explains the rules; this package has no code of its own.
package deps
