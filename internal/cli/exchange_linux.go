package cli

import (
	"errors"
	"io/fs"
	"syscall"

	"golang.org/x/sys/unix"
)

// errNoExchange says the system cannot swap two paths atomically.
var errNoExchange = errors.New("atomic exchange not supported")

// exchange swaps a and b atomically (renameat2 with RENAME_EXCHANGE).
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOTSUP) {
		return errNoExchange
	}
	return err
}

// umask is the process's file mode creation mask.
func umask() fs.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return fs.FileMode(m)
}
