package mcplive

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the server in its own process group, so stop
// also kills what it started, and has the kernel kill it if tscg dies.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

func killGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
