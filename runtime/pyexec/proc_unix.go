//go:build unix

package pyexec

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the interpreter in its own process group, so a
// timeout also kills the processes a tool started.
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
