//go:build !linux

package script

import (
	"os/exec"
	"time"
)

// MaxMemoryEnv names the environment variable through which a Pool tells
// its workers their memory budget; only Linux workers enforce it.
const MaxMemoryEnv = "TSCG_SCRIPT_MAX_MEMORY"

const cpuLimitMessage = "tscg script worker: CPU time limit exceeded"

// Outside Linux a worker has no address-space or CPU limit of its own;
// the host still kills it at its deadline.
func limitWorker()             {}
func limitRun(time.Duration)   {}
func workerAttr(cmd *exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
