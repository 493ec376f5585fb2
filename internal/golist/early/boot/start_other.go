//go:build !linux

package boot

// started is never set here: the early run starts from
// internal/golist/early's initialiser.
var started *Started
