package script

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dlclark/regexp2/v2"
)

// MaxMemoryEnv names the environment variable through which a Pool tells
// its workers how many bytes of address space they may add to what they
// use at start.
const MaxMemoryEnv = "TSCG_SCRIPT_MAX_MEMORY"

// workerMaxStack bounds a worker goroutine's stack: a builtin that
// recurses per nesting level (JSON.parse of "[[[[…") dies at 64 MiB, not
// at Go's 1 GiB default.
const workerMaxStack = 64 << 20

// limitWorker applies the process-wide limits of a script worker.
func limitWorker() {
	debug.SetMaxStack(workerMaxStack)
	if n, err := strconv.ParseInt(os.Getenv(MaxMemoryEnv), 10, 64); err == nil && n > 0 {
		limit := uint64(addressSpace() + n)
		_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: limit})
	}
	xcpu := make(chan os.Signal, 1)
	signal.Notify(xcpu, syscall.SIGXCPU)
	go func() {
		<-xcpu
		fmt.Fprintln(os.Stderr, cpuLimitMessage)
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
	}()
}

// cpuLimitMessage is what a worker prints when it passes its CPU limit.
const cpuLimitMessage = "tscg script worker: CPU time limit exceeded"

// limitRun sets the limits of one run: CPU time (the soft RLIMIT_CPU,
// counted from what the worker has used so far) and the match timeout of
// the regexps the script compiles (goja's regexp2 engine backtracks; a
// backreference pattern can run for hours).
func limitRun(timeout time.Duration) {
	regexp2.DefaultMatchTimeout = timeout
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return
	}
	used := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_CPU, &lim) != nil {
		return
	}
	lim.Cur = uint64((used + timeout + time.Second).Seconds()) + 1
	if lim.Max != ^uint64(0) && lim.Cur > lim.Max {
		lim.Cur = lim.Max
	}
	_ = syscall.Setrlimit(syscall.RLIMIT_CPU, &lim)
}

// addressSpace is the process's current virtual size in bytes.
func addressSpace() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[0], 10, 64)
	return pages * int64(os.Getpagesize())
}

// workerAttr puts a worker in its own process group (a kill reaches
// anything it started) and makes the kernel kill it when its host dies.
func workerAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
