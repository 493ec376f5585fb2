package cli

import (
	"bufio"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// gateTool waits, once started, until a release file exists: a call in
// flight for as long as the test wants, without timing.
const gateTool = `"""Tools."""
import os
import time


def gate(started: str, release: str) -> str:
    """Marks itself started and waits for the release file.

    Args:
        started: File written when the call starts.
        release: File whose existence ends the call.
    """
    open(started, "w").close()
    while not os.path.exists(release):
        time.sleep(0.02)
    return "released"


def environment() -> str:
    """What the tool can see of the server's environment."""
    seen = ",".join(sorted(k for k in os.environ if k.startswith("TSCG_TEST_")))
    try:
        with open("/proc/%d/environ" % os.getppid(), "rb") as f:
            parent = "readable:" + str(b"TSCG_TEST_SECRET" in f.read())
    except OSError as e:
        parent = "refused:" + type(e).__name__
    return seen + "|" + parent
`

// httpServe starts tscg serve over HTTP on a loopback port with a Python
// tool directory and returns the process, its MCP URL and its stderr.
type served struct {
	cmd    *exec.Cmd
	url    string
	stderr *strings.Builder
	dir    string
	sess   string
	exited chan error
}

func startHTTPServe(t *testing.T, extra ...string) *served {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skipf("python3 runs the Python tools: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "gate.py"), []byte(gateTool), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"serve", dir, "--http", "127.0.0.1:0", "--timeout", "1h"}, extra...)
	cmd := exec.Command("tscg", args...)
	cmd.Env = append(os.Environ(), "TSCG_TEST_SECRET=s3cret")
	pr, pw := io.Pipe()
	cmd.Stderr = pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &served{cmd: cmd, stderr: &strings.Builder{}, dir: dir, exited: make(chan error, 1)}
	go func() { s.exited <- cmd.Wait(); pw.Close() }()
	t.Cleanup(func() { cmd.Process.Kill() })
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			s.stderr.WriteString(sc.Text() + "\n")
			if m := regexp.MustCompile(`serving MCP at (http://\S+)`).FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	select {
	case s.url = <-urls:
	case err := <-s.exited:
		t.Fatalf("serve exited: %v\n%s", err, s.stderr)
	}
	code, body, hdr := s.post(t, initBody)
	if code != 200 {
		t.Fatalf("initialize: %d %s", code, body)
	}
	s.sess = hdr.Get("Mcp-Session-Id")
	s.post(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

func (s *served) post(t *testing.T, body string) (int, string, http.Header) {
	req, _ := http.NewRequest(http.MethodPost, s.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if s.sess != "" {
		req.Header.Set("Mcp-Session-Id", s.sess)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err.Error(), nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

// gateCall starts a gate call and returns once the tool runs; the
// channel receives the call's answer.
func (s *served) gateCall(t *testing.T) (release string, answer chan string) {
	started, release := filepath.Join(s.dir, "started"), filepath.Join(s.dir, "release")
	answer = make(chan string, 1)
	go func() {
		_, body, _ := s.post(t, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"gate","arguments":{"started":"`+started+`","release":"`+release+`"}}}`)
		answer <- body
	}()
	for i := 0; i < 1200; i++ { // bounded: a Python start on a loaded machine
		if _, err := os.Stat(started); err == nil {
			return release, answer
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the gate call never started\n%s", s.stderr)
	return "", nil
}

// wait is the process's end, bounded far below any grace period used.
func (s *served) wait(t *testing.T) error {
	select {
	case err := <-s.exited:
		return err
	case <-time.After(2 * time.Minute):
		_ = s.cmd.Process.Signal(syscall.SIGQUIT)
		time.Sleep(2 * time.Second)
		t.Fatalf("tscg serve did not exit\n%s", s.stderr)
		return nil
	}
}

// TestServeShutdownGrace: on SIGTERM a call in flight completes within
// --shutdown-grace and gets its answer, and serve then exits 0; with a
// grace that runs out, serve exits anyway, naming the calls it cut.
func TestServeShutdownGrace(t *testing.T) {
	s := startHTTPServe(t, "--shutdown-grace", "1h")
	release, answer := s.gateCall(t)
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// The call is still running; the server waits for it (an hour).
	if err := os.WriteFile(release, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := <-answer; !strings.Contains(got, `"text":"released"`) {
		t.Errorf("the call in flight during shutdown: %s", got)
	}
	if err := s.wait(t); err != nil {
		t.Errorf("serve after a clean shutdown: %v\n%s", err, s.stderr)
	}

	cut := startHTTPServe(t, "--shutdown-grace", "1s")
	cut.gateCall(t) // never released
	if err := cut.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cut.wait(t)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() <= 0 || !strings.Contains(cut.stderr.String(), "shutdown: 1 calls still running after 1s") {
		t.Errorf("serve with a call past its grace: %v\n%s", err, cut.stderr)
	}
}

// TestServeSecondSignal: a second signal ends serve at once, while the
// first is still waiting out an hour's grace for a call in flight.
func TestServeSecondSignal(t *testing.T) {
	s := startHTTPServe(t, "--shutdown-grace", "1h")
	s.gateCall(t)
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// The second signal must find the first handled (its default action
	// restored): resend until the process ends, boundedly.
	var err error
	for i := 0; i < 600; i++ {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err = <-s.exited:
			i = 600
		case <-time.After(100 * time.Millisecond):
		}
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("serve did not end on a second signal: %v\n%s", err, s.stderr)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("serve ended by %v, want the second SIGTERM's default action\n%s", ee, s.stderr)
	}
}

// TestServeEnvironmentHidden: a Python tool does not see the server's
// environment (TSCG_TEST_SECRET) in its own, and, unless it runs as
// root, cannot read it from /proc/$PPID/environ either (serve is not
// dumpable). Root reads any process's environ: docs/security.md says so.
func TestServeEnvironmentHidden(t *testing.T) {
	s := startHTTPServe(t)
	_, body, _ := s.post(t, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"environment","arguments":{}}}`)
	m := regexp.MustCompile(`"text":"([^"|\\]*)\|([^"\\]*)"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("environment: %s", body)
	}
	if m[1] != "" {
		t.Errorf("the tool sees the server's variables %s", m[1])
	}
	if os.Geteuid() == 0 {
		if m[2] != "readable:True" {
			t.Errorf("as root /proc/$PPID/environ: %s; docs/security.md says root reads it", m[2])
		}
		t.Log("running as root: /proc/$PPID/environ is readable, as documented; only the tool's own environment is clean")
		return
	}
	if !strings.HasPrefix(m[2], "refused:") {
		t.Errorf("a non-root tool read the server's /proc/$PPID/environ: %s", m[2])
	}
}
