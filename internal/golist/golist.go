// Package golist runs the one go list command the Go frontend loads its
// packages from (frontends/golang's listLoad). When internal/golist/early
// started that very run as tscg started (program, arguments, directory
// and environment, as os/exec would run it), Start takes it; otherwise
// the early run is stopped and the run asked for starts then.
package golist

import (
	"bytes"
	"io"
	"os/exec"
	"sync"

	"github.com/tscg/tscg/internal/golist/early"
	"github.com/tscg/tscg/internal/golist/early/boot"
)

// Args is the go command's arguments (after "go") for the listing of
// patterns: packages.Load's main go list, with export data.
func Args(patterns []string) []string { return boot.Args(patterns) }

// Env is the go command's environment: the process's own with
// GOTOOLCHAIN set (last wins) to toolchain, "local" by default, so that
// loading never downloads and runs a toolchain a go.mod asks for.
func Env(toolchain string) []string { return boot.Env(toolchain) }

// A Run is a started go list.
type Run struct {
	// Stdout is go list's output as it writes it; read it to the end
	// before Wait.
	Stdout io.Reader
	// Early says the run was started as tscg started (internal/golist/early).
	Early bool

	early  *early.Run
	cmd    *exec.Cmd     // a run started by Start
	stderr *bytes.Buffer // cmd's
}

// Wait waits for the run to end, after Stdout was read to the end (or
// not: what is left is discarded). It reports whether go list exited 0
// and wrote nothing to stderr.
func (r *Run) Wait() bool {
	io.Copy(io.Discard, r.Stdout)
	if r.cmd != nil {
		return r.cmd.Wait() == nil && r.stderr.Len() == 0
	}
	r.early.Stdout.Close()
	stderr := <-r.early.Stderr
	st, err := r.early.Proc.Wait()
	return err == nil && st.Success() && len(stderr) == 0
}

// Start starts go list with args (Args) in dir with env plus PWD=dir, or
// takes the early run when it is that same command.
func Start(dir string, env []string, args []string) (*Run, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(env[:len(env):len(env)], "PWD="+dir)
	if er, ok := early.Take(early.Command{Path: cmd.Path, Args: cmd.Args, Dir: dir, Env: cmd.Environ()}, cmd.Err == nil); ok {
		return &Run{Stdout: er.Stdout, Early: true, early: er}, nil
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	r := &Run{Stdout: stdout, cmd: cmd, stderr: new(bytes.Buffer)}
	cmd.Stderr = r.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return r, nil
}

// Stop stops the early run if nothing took it (the command failed before
// it loaded, or loaded something else); tscg calls it before it exits.
func Stop() { early.Stop() }

// idle is the work for tscg's own goroutine while a go list runs.
var idle struct {
	sync.Mutex
	f func()
}

// WhileListing sets the work the next Go load does while its go list
// runs (nil: none), on the goroutine that would otherwise only wait for
// it; it is done once.
func WhileListing(f func()) {
	idle.Lock()
	defer idle.Unlock()
	idle.f = f
}

// Idle does the work WhileListing set, if any is left; the Go frontend
// calls it right after it starts go list (or takes the early run).
func Idle() {
	idle.Lock()
	f := idle.f
	idle.f = nil
	idle.Unlock()
	if f != nil {
		f()
	}
}
