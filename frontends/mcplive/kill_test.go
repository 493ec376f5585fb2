//go:build unix

package mcplive

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHangKillsProcessGroup: a server that never answers initialize is
// given up on at the start-up timeout, and it and the child it started
// are gone when Take returns (checked by pid).
func TestHangKillsProcessGroup(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pids")
	_, err := take(t, pyServer(t, "hang", pidfile), Limits{Start: 1500 * time.Millisecond})
	wantErr(t, err, "no answer to initialize within 1.5s (--start-timeout)")
	noneAlive(t, pidfile)
}

// TestSuccessKillsProcessGroup: after a good snapshot too, nothing the
// server started is left running.
func TestSuccessKillsProcessGroup(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pids")
	if _, err := take(t, pyServer(t, "spawn", pidfile), Limits{}); err != nil {
		t.Fatal(err)
	}
	noneAlive(t, pidfile)
}

// noneAlive checks the pids a test server wrote: its own and its child's.
func noneAlive(t *testing.T, pidfile string) {
	t.Helper()
	var server, child int
	b, rerr := os.ReadFile(pidfile)
	if _, serr := fmt.Sscan(string(b), &server, &child); rerr != nil || serr != nil {
		t.Fatalf("the server wrote no pids (%v, %v): is 1.5s too short to start it here?", rerr, serr)
	}
	for _, pid := range []int{server, child} {
		if alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d outlived Take", pid)
		}
	}
}

// alive reports a process that exists and is not a zombie waiting for a
// parent that is not us.
func alive(pid int) bool {
	for range 40 {
		if syscall.Kill(pid, 0) != nil {
			return false
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err == nil && strings.Contains(string(b), ") Z ") {
			return false
		}
		if err != nil && !os.IsNotExist(err) {
			return true // no /proc: the signal said it exists
		}
		time.Sleep(50 * time.Millisecond) // the kernel reaps asynchronously
	}
	return true
}
