//go:build unix && !linux

package pyexec

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the interpreter in its own process group, so a
// timeout or shutdown also kills the processes a tool started. (No
// parent-death signal outside Linux: a worker outlives a killed tscg
// until its stdin closes.)
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
