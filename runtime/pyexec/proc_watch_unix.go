//go:build unix

package pyexec

import (
	"os"
	"os/exec"
	"strconv"
)

// watchPipe gives the driver the read end of a pipe whose only write end
// this process keeps (close-on-exec, so no other child inherits it) and
// never writes. The driver's watchdog reads it: end-of-file, when the
// worker is closed or this process dies in any way, SIGKILL included, has
// it kill the worker's process group, so what a tool started dies too.
// The descriptor's number is the driver's argument.
func watchPipe(cmd *exec.Cmd) (*os.File, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.ExtraFiles = append(cmd.ExtraFiles, r)
	cmd.Args = append(cmd.Args, strconv.Itoa(2+len(cmd.ExtraFiles)))
	return w, nil
}

// closeReadEnd drops this process's copy of the read end once the driver
// has its own.
func closeReadEnd(cmd *exec.Cmd) {
	for _, f := range cmd.ExtraFiles {
		_ = f.Close()
	}
}
