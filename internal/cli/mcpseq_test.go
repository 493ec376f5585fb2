package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// mcpseqCmd is "mcpseq requests.jsonl tscg args...": it runs the command
// and writes the requests to its stdin one line at a time, waiting for
// the response to each request with an id before the next is sent, as a
// client that awaits its answers does. `stdin FILE` + `exec` hands the
// server every line at once, and the server answers requests concurrently,
// so a script whose steps depend on each other (a search that unlocks a
// tool, then a call to it) needs this. The server's stdout and stderr
// become the script's.
func mcpseqCmd(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: mcpseq requests.jsonl command [args...]")
	}
	reqs := strings.Split(strings.TrimSpace(ts.ReadFile(args[0])), "\n")
	cmd := exec.Command(args[1], args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	env := os.Environ()
	for _, k := range []string{"HOME", "WORK", "TMPDIR", "PATH"} {
		env = append(env, k+"="+ts.Getenv(k))
	}
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	ts.Check(err)
	out, err := cmd.StdoutPipe()
	ts.Check(err)
	ts.Check(cmd.Start())

	var mu sync.Mutex
	var stdout bytes.Buffer
	seen := map[string]bool{}
	got := make(chan struct{}, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var m struct {
				ID json.RawMessage `json:"id"`
			}
			_ = json.Unmarshal(sc.Bytes(), &m)
			mu.Lock()
			stdout.Write(sc.Bytes())
			stdout.WriteByte('\n')
			if m.ID != nil {
				seen[string(m.ID)] = true
			}
			mu.Unlock()
			select {
			case got <- struct{}{}:
			default:
			}
		}
	}()
	for i, line := range reqs {
		if _, err := in.Write([]byte(line + "\n")); err != nil {
			ts.Fatalf("mcpseq: writing request %d: %v\nstderr:\n%s", i+1, err, stderr.String())
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			ts.Fatalf("mcpseq: request %d is not JSON: %v", i+1, err)
		}
		if m.ID == nil || m.Method == "" {
			continue
		}
		deadline := time.After(30 * time.Second)
		for {
			mu.Lock()
			ok := seen[string(m.ID)]
			mu.Unlock()
			if ok {
				break
			}
			select {
			case <-got:
			case <-done:
				ts.Fatalf("mcpseq: the server closed its stdout before answering id %s\nstderr:\n%s", m.ID, stderr.String())
			case <-deadline:
				_ = cmd.Process.Kill()
				ts.Fatalf("mcpseq: no answer to id %s within 30s", m.ID)
			}
		}
	}
	in.Close()
	<-done
	err = cmd.Wait()
	mu.Lock()
	ts.Stdout().Write(stdout.Bytes())
	mu.Unlock()
	ts.Stderr().Write(stderr.Bytes())
	if err != nil && !neg {
		ts.Fatalf("mcpseq: %v", err)
	}
	if err == nil && neg {
		ts.Fatalf("mcpseq: unexpected success")
	}
}
