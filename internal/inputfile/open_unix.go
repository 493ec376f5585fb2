//go:build unix

package inputfile

import "syscall"

// openFlags opens a named pipe without waiting for a writer; for a
// regular file O_NONBLOCK changes nothing.
const openFlags = syscall.O_NONBLOCK
