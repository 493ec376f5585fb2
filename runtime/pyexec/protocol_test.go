package pyexec

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestRepliesMatchRequests is issue 18's fourth finding: a tool that
// forks and forgets os._exit, or writes a line to the protocol
// descriptor, shifted every later answer on its worker by one, so calls
// of other sessions got each other's results. Every reply now carries
// its request's id; a worker that answers out of turn is replaced and
// only the call waiting on it fails.
func TestRepliesMatchRequests(t *testing.T) {
	t.Parallel()
	e := newExec(t, Config{Workers: 2, Timeout: 20 * time.Second})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var wrong []string
	failed := 0
	for s := 0; s < 8; s++ {
		wg.Add(1)
		go func(s int) {
			defer wg.Done()
			for i := 0; i < 12; i++ {
				fn, arg := "echo", fmt.Sprintf("s%d-%d", s, i)
				switch i % 4 {
				case 1:
					fn = "fork_and_forget"
				case 3:
					fn, arg = "write_protocol", fmt.Sprint(3+i%5)
				}
				args := fmt.Sprintf(`{"text": %q}`, arg)
				if fn == "fork_and_forget" {
					args = fmt.Sprintf(`{"tag": %q}`, arg)
				} else if fn == "write_protocol" {
					args = fmt.Sprintf(`{"fd": %s}`, arg)
				}
				got, err := call(t, e, fn, args)
				mu.Lock()
				switch {
				case err != nil && (errors.Is(err, ErrProtocol) || errors.Is(err, ErrCrashed)):
					failed++
				case err != nil:
					wrong = append(wrong, fmt.Sprintf("%s(%s): %v", fn, arg, err))
				case fn == "write_protocol" && got != `"wrote"`, fn != "write_protocol" && got != fmt.Sprintf("%q", arg):
					wrong = append(wrong, fmt.Sprintf("%s(%s) = %s", fn, arg, got))
				}
				mu.Unlock()
			}
		}(s)
	}
	wg.Wait()
	if len(wrong) > 0 {
		t.Errorf("%d calls got another call's answer or an unexpected error (%d failed cleanly):\n%s", len(wrong), failed, strings.Join(wrong, "\n"))
	}
	if got, err := call(t, e, "add", `{"a": 1, "b": 2}`); err != nil || got != "3" {
		t.Errorf("after the misbehaving tools: %s %v", got, err)
	}
}

// TestSurrogateSurvives: a lone surrogate is a valid JSON string escape
// the validator accepts; it killed the worker when echoed back.
func TestSurrogateSurvives(t *testing.T) {
	t.Parallel()
	modes(t, Config{}, func(t *testing.T, e *Executor) {
		got, err := call(t, e, "echo", `{"text": "a\ud800b"}`)
		if err != nil || !strings.HasPrefix(got, `"a`) {
			t.Fatalf("echo of a lone surrogate: %s %v", got, err)
		}
		if got, err := call(t, e, "add", `{"a": 1, "b": 2}`); err != nil || got != "3" {
			t.Errorf("after the surrogate: %s %v", got, err)
		}
	})
}

// TestGrandchildrenDieWithTheWorker: a process a tool started is in the
// worker's process group, which Close kills.
func TestGrandchildrenDieWithTheWorker(t *testing.T) {
	t.Parallel()
	e := newExec(t, Config{Workers: 1})
	got, err := call(t, e, "spawn_sleeper", `{"seconds": 120}`)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	fmt.Sscan(got, &pid)
	if pid <= 0 || syscall.Kill(pid, 0) != nil {
		t.Fatalf("no grandchild running: %s", got)
	}
	e.Close()
	for i := 0; i < 100 && alive(pid); i++ {
		time.Sleep(50 * time.Millisecond) // the kernel reaps asynchronously
	}
	if alive(pid) {
		t.Errorf("grandchild %d outlived Close", pid)
	}
}

// alive reports a running (not zombie) process.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := readFile(fmt.Sprintf("/proc/%d/stat", pid))
	return err != nil || !strings.Contains(b, ") Z ")
}

func readFile(p string) (string, error) {
	b, err := os.ReadFile(p)
	return string(b), err
}
