//go:build !linux

package cli

import (
	"errors"
	"io/fs"
)

var errNoExchange = errors.New("atomic exchange not supported")

// exchange is not available: writeDir falls back to two renames (and the
// next build restores or removes what a kill between them left).
func exchange(a, b string) error { return errNoExchange }

func umask() fs.FileMode { return 0o022 }
