package pyexec

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the interpreter in its own process group, so a
// timeout or shutdown also kills the processes a tool started, and has
// the kernel kill it when tscg dies (even by SIGKILL).
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
