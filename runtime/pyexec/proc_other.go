//go:build !unix

package pyexec

import (
	"os"
	"os/exec"
)

func setProcessGroup(cmd *exec.Cmd) {}

func killProcess(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

// watchPipe: no watchdog outside unix (no inherited descriptors).
func watchPipe(cmd *exec.Cmd) (*os.File, error) { return nil, nil }

func closeReadEnd(cmd *exec.Cmd) {}
