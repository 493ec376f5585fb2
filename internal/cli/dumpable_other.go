//go:build !linux

package cli

// hideEnvironment has no portable equivalent outside Linux; docs/security.md
// says what that means for tools.
func hideEnvironment() error { return nil }
