package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestGrandchildrenDieWithServe is issue 18's "workers outlive the
// server, grandchildren left running": a Python tool starts a sleeping
// process and returns; tscg serve is then killed with SIGKILL, which no
// handler sees. The worker dies by its parent-death signal, and its
// watchdog kills the worker's process group, so the grandchild is gone.
func TestGrandchildrenDieWithServe(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skipf("python3 runs the Python tools: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "spawn.py"), []byte(`"""Tools."""
import subprocess


def spawn(seconds: float) -> int:
    """Starts a sleeping process and returns its pid.

    Args:
        seconds: How long it sleeps.
    """
    return subprocess.Popen(["sleep", str(seconds)]).pid
`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("tscg", "serve", dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"spawn","arguments":{"seconds":300}}}
`)
	pid := grandchildPid(t, stdout)
	if !running(pid) {
		t.Fatalf("grandchild %d is not running", pid)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	for i := 0; i < 400 && running(pid); i++ {
		time.Sleep(50 * time.Millisecond) // the kernel delivers and reaps asynchronously
	}
	if running(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("grandchild %d outlived tscg serve killed with SIGKILL", pid)
	}
}

// grandchildPid reads serve's answers until the tool call's.
func grandchildPid(t *testing.T, r io.Reader) int {
	t.Helper()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		var msg struct {
			ID     int `json:"id"`
			Result struct {
				Content []struct{ Text string } `json:"content"`
				IsError bool                    `json:"isError"`
			} `json:"result"`
		}
		if json.Unmarshal(sc.Bytes(), &msg) != nil || msg.ID != 2 {
			continue
		}
		if msg.Result.IsError || len(msg.Result.Content) != 1 {
			t.Fatalf("spawn failed: %s", sc.Text())
		}
		pid, err := strconv.Atoi(msg.Result.Content[0].Text)
		if err != nil {
			t.Fatal(err)
		}
		return pid
	}
	t.Fatalf("no answer to the tool call (%v)", sc.Err())
	return 0
}

// running reports a process that exists and is not a zombie.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	return err == nil && !strings.Contains(string(b), ") Z ")
}
