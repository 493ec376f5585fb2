// Package golist runs the one go list command the Go frontend loads its
// packages from (frontends/golang's listLoad), and starts it before the
// rest of tscg has initialised when the command line says which run
// `tscg schema` will ask for (early.go): go list is most of that
// command's time, and the ~8 ms tscg spends starting (package
// initialisation, page faults) then overlaps it. The early run is used
// only when the run asked for is the same command (program, arguments,
// directory and environment, as os/exec would run it); otherwise it is
// stopped and the run asked for starts then.
package golist

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"slices"
	"sync"
)

// fields are the fields of go list's JSON that packages.Load asks for (so
// that the go command does the same work and shares its build cache).
const fields = "Name,ImportPath,Error,Dir,GoFiles,IgnoredGoFiles,IgnoredOtherFiles,CFiles,CgoFiles,CXXFiles,MFiles,HFiles,FFiles,SFiles,SwigFiles,SwigCXXFiles,SysoFiles,CompiledGoFiles,DepOnly,Imports,ImportMap,Export,Module"

// Args is the go command's arguments (after "go") for the listing of
// patterns: packages.Load's main go list, with export data.
func Args(patterns []string) []string {
	return append([]string{"list", "-e", "-json=" + fields, "-compiled=true", "-test=false", "-export=true",
		"-deps=true", "-find=false", "-buildvcs=false", "-pgo=off", "--"}, patterns...)
}

// Env is the go command's environment: the process's own with
// GOTOOLCHAIN set (last wins) to toolchain, "local" by default, so that
// loading never downloads and runs a toolchain a go.mod asks for.
func Env(toolchain string) []string {
	if toolchain == "" {
		toolchain = "local"
	}
	return append(os.Environ(), "GOTOOLCHAIN="+toolchain)
}

// A Run is a started go list.
type Run struct {
	// Stdout is go list's output as it writes it; read it to the end
	// before Wait.
	Stdout io.Reader
	// Early says the run was started before tscg initialised (early.go).
	Early bool

	proc   *os.Process   // an early run's
	cmd    *exec.Cmd     // a run started by Start
	stderr *bytes.Buffer // cmd's
	errc   chan []byte   // an early run's stderr, once it is closed
	closer io.Closer     // an early run's stdout
}

// Wait waits for the run to end, after Stdout was read to the end (or
// not: what is left is discarded). It reports whether go list exited 0
// and wrote nothing to stderr.
func (r *Run) Wait() bool {
	io.Copy(io.Discard, r.Stdout)
	if r.cmd != nil {
		return r.cmd.Wait() == nil && r.stderr.Len() == 0
	}
	r.closer.Close()
	stderr := <-r.errc
	st, err := r.proc.Wait()
	return err == nil && st.Success() && len(stderr) == 0
}

// command is what a run is: os/exec's program path, arguments,
// directory and environment.
type command struct {
	path string
	args []string
	dir  string
	env  []string
}

func (c command) equal(d command) bool {
	return c.path == d.path && c.dir == d.dir && slices.Equal(c.args, d.args) && slices.Equal(c.env, d.env)
}

// early is the run the init started, until Start takes it or Stop stops it.
var early struct {
	sync.Mutex
	cmd command
	run *Run
}

// Start starts go list with args (Args) in dir with env plus PWD=dir, or
// takes the early run when it is that same command.
func Start(dir string, env []string, args []string) (*Run, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(env[:len(env):len(env)], "PWD="+dir)
	if r := take(command{cmd.Path, cmd.Args, dir, cmd.Environ()}, cmd.Err == nil); r != nil {
		return r, nil
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

// take returns the early run if it runs want (and same says want is
// runnable as it stands); any other early run is stopped.
func take(want command, same bool) *Run {
	early.Lock()
	defer early.Unlock()
	r := early.run
	if r == nil {
		return nil
	}
	early.run = nil
	if same && early.cmd.equal(want) {
		return r
	}
	r.stop()
	return nil
}

// Stop stops the early run if nothing took it (the command failed before
// it loaded, or loaded something else); tscg calls it before it exits.
func Stop() {
	early.Lock()
	defer early.Unlock()
	if early.run != nil {
		early.run.stop()
		early.run = nil
	}
}

// stop kills an early run and waits for it.
func (r *Run) stop() {
	r.proc.Kill()
	r.Wait()
}
