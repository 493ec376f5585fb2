// Package early starts, as tscg's process starts, the go list run that
// the Go frontend will ask for (internal/golist takes it), when the
// command line says which: `tscg schema <Go input> --type T`. go list is
// most of that command's time, and the ~8 ms tscg then spends starting
// (its packages' initialisers, page faults) overlap it.
//
// On Linux the run is started by internal/golist/early/boot, whose
// initialiser runs ~1 ms into the process (it imports only syscall); this
// package takes it over in its own initialiser. Elsewhere this package's
// initialiser starts it, from os.Args. This package imports only os,
// packages os imports and boot (TestEarlyImports), so that its
// initialiser runs early too.
package early

import (
	"io"
	"os"
	"runtime"
	"sync"

	"github.com/tscg/tscg/internal/golist/early/boot"
)

// A Command is a run as os/exec runs it: the program's path, its
// arguments (the first is its name), the directory and the environment
// (os/exec's Cmd.Environ).
type Command = boot.Command

// A Run is the started early run.
type Run struct {
	Proc   *os.Process
	Stdout *os.File      // go list's output, as it writes it
	Stderr <-chan []byte // what it wrote to stderr, once it closed it
}

// early is the run init started, until Take takes it or Stop stops it.
var early struct {
	sync.Mutex
	cmd Command
	run *Run
}

func init() {
	if b := boot.Take(); b != nil {
		adopt(b)
		return
	}
	if runtime.GOOS != "linux" {
		if wd, err := os.Getwd(); err == nil {
			StartFor(os.Args[1:], wd)
		}
	}
}

// adopt makes the run boot started the early run.
func adopt(b *boot.Started) {
	proc, err := os.FindProcess(b.Pid)
	if err != nil {
		return
	}
	outR := os.NewFile(uintptr(b.Stdout), "|0")
	errR := os.NewFile(uintptr(b.Stderr), "|0")
	set(b.Cmd, proc, outR, errR)
}

// StartFor starts, as the early run, the go list that the tscg command
// line args (without the program name) run in wd will ask for, when
// boot.Guess reads it; it reports whether it did. Nothing is reported
// otherwise: a guess that does not work out is no early run, and the
// command does what it always does.
func StartFor(args []string, wd string) bool {
	c, ok := boot.CommandFor(args, wd)
	return ok && start(c)
}

// start starts c as the early run (stopping any other).
func start(c Command) bool {
	Stop()
	null, err := os.Open(os.DevNull)
	if err != nil {
		return false
	}
	defer null.Close()
	outR, outW, err := os.Pipe()
	if err != nil {
		return false
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return false
	}
	proc, err := os.StartProcess(c.Path, c.Args, &os.ProcAttr{Dir: c.Dir, Env: c.Env, Files: []*os.File{null, outW, errW}})
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return false
	}
	set(c, proc, outR, errR)
	return true
}

// set makes the started run c the early run, reading its stderr until it
// closes it.
func set(c Command, proc *os.Process, outR, errR *os.File) {
	errc := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(errR)
		errR.Close()
		errc <- b
	}()
	early.Lock()
	early.cmd, early.run = c, &Run{Proc: proc, Stdout: outR, Stderr: errc}
	early.Unlock()
}

// Take returns the early run if it runs want (and runnable says want can
// run as it stands); any other early run is stopped. Either way there is
// no early run afterwards.
func Take(want Command, runnable bool) (*Run, bool) {
	early.Lock()
	defer early.Unlock()
	r := early.run
	if r == nil {
		return nil, false
	}
	early.run = nil
	if runnable && early.cmd.Equal(want) {
		return r, true
	}
	r.stop()
	return nil, false
}

// Pending reports an early run that nothing took yet.
func Pending() bool {
	early.Lock()
	defer early.Unlock()
	return early.run != nil
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

// stop kills the run and waits for it.
func (r *Run) stop() {
	r.Proc.Kill()
	io.Copy(io.Discard, r.Stdout)
	r.Stdout.Close()
	<-r.Stderr
	r.Proc.Wait()
}
