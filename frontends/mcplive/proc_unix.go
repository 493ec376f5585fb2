//go:build unix && !linux

package mcplive

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the server in its own process group, so stop
// also kills what it started.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
