package cli

import "golang.org/x/sys/unix"

// hideEnvironment makes the process non-dumpable: /proc/<pid>/environ
// (and mem, maps) become readable by root only, so a tool running as the
// same non-root user cannot read the server's secrets from there.
func hideEnvironment() error {
	return unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
}
