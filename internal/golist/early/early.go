// Package early starts, as tscg's process starts, the go list run that
// the Go frontend will ask for (internal/golist takes it), when the
// command line says which: `tscg schema <Go input> --type T`. go list is
// most of that command's time, and the ~8 ms tscg then spends starting
// (its packages' initialisers, page faults) overlap it.
//
// The package's init must run first among tscg's ~180 package
// initialisers: the Go spec runs a package's as soon as those of all its
// imports have run, taking packages in import-path order, so this
// package imports only os, packages os imports (errors, io, path, sync,
// runtime, slices) and strings. It must not import os/exec or
// path/filepath, whose initialisers run late (TestEarlyImports).
package early

import (
	"io"
	"os"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// fields are the fields of go list's JSON that the Go frontend reads:
// those packages.Load asks for less the lists of files it does not
// read (ignored, C, assembly, SWIG and object files), a third of the
// output. The go command's work is the same (the flags decide it), so
// is its build cache.
const fields = "Name,ImportPath,Error,Dir,GoFiles,CgoFiles,CompiledGoFiles,DepOnly,Imports,ImportMap,Export,Module"

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

// A Command is a run as os/exec runs it: the program's path, its
// arguments (the first is its name), the directory and the environment
// (os/exec's Cmd.Environ).
type Command struct {
	Path string
	Args []string
	Dir  string
	Env  []string
}

func (c Command) equal(d Command) bool {
	return c.Path == d.Path && c.Dir == d.Dir && slices.Equal(c.Args, d.Args) && slices.Equal(c.Env, d.Env)
}

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
	if wd, err := os.Getwd(); err == nil {
		StartFor(os.Args[1:], wd)
	}
}

// StartFor starts, as the early run, the go list that the tscg command
// line args (without the program name) run in wd will ask for, when
// guess reads it; it reports whether it did. Nothing is reported
// otherwise: a guess that does not work out is no early run, and the
// command does what it always does.
func StartFor(args []string, wd string) bool {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		return false // PWD and the path rules below are Unix's
	}
	c, ok := command(args, wd)
	return ok && start(c)
}

// command is the go list run the Go frontend will ask for, as os/exec
// would run it, when guess knows it.
func command(args []string, wd string) (Command, bool) {
	dir, pattern, ok := guess(args, wd)
	if !ok {
		return Command{}, false
	}
	goPath, ok := lookGo()
	if !ok {
		return Command{}, false
	}
	return Command{Path: goPath, Args: append([]string{"go"}, Args([]string{pattern})...), Dir: dir,
		Env: dedupEnv(append(Env(""), "PWD="+dir))}, true
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
	errc := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(errR)
		errR.Close()
		errc <- b
	}()
	early.Lock()
	early.cmd, early.run = c, &Run{Proc: proc, Stdout: outR, Stderr: errc}
	early.Unlock()
	return true
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
	if runnable && early.cmd.equal(want) {
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

// guess reads `schema <input> (--type T | --tool T) [--draft D]` (flags
// with their value as the next word or after "=", in any order) where
// <input> is a Go file, or a directory holding Go files and no
// subdirectory, in a module, with no tscg.yaml or tscg.yml from wd up:
// the directory of the go list run (the module's root) and its pattern,
// as tscg's own path from the command line to listLoad makes them.
// Anything else (another command or flag, several inputs, a
// configuration that may set the go command's toolchain, GOARCH, GOENV
// or GOPACKAGESDRIVER set: listLoad does not run go list then) is no
// guess.
func guess(args []string, wd string) (dir, pattern string, ok bool) {
	if len(args) < 2 || args[0] != "schema" || !path.IsAbs(wd) {
		return "", "", false
	}
	input, selectors := "", 0
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--type" || a == "--tool" || a == "--draft":
			if a != "--draft" {
				selectors++
			}
			i++
		case strings.HasPrefix(a, "--type=") || strings.HasPrefix(a, "--tool="):
			selectors++
		case strings.HasPrefix(a, "--draft="):
		case strings.HasPrefix(a, "-") || input != "":
			return "", "", false
		default:
			input = a
		}
	}
	// The command itself wants exactly one of --type and --tool.
	if input == "" || selectors != 1 || strings.HasSuffix(input, "...") {
		return "", "", false
	}
	for _, kv := range os.Environ() {
		for _, k := range []string{"GOPACKAGESDRIVER=", "GOARCH=", "GOENV="} {
			if strings.HasPrefix(kv, k) {
				return "", "", false
			}
		}
	}
	if cfg, err := os.UserConfigDir(); err != nil || goEnvFileSetsArch(path.Join(cfg, "go", "env")) {
		return "", "", false
	}
	wd = path.Clean(wd)
	for d := wd; ; d = path.Dir(d) {
		if exists(path.Join(d, "tscg.yaml")) || exists(path.Join(d, "tscg.yml")) {
			return "", "", false
		}
		if d == "/" {
			break
		}
	}
	abs := input
	if !path.IsAbs(abs) {
		abs = path.Join(wd, abs)
	}
	abs = path.Clean(abs)
	st, err := os.Stat(abs)
	switch {
	case err != nil:
		return "", "", false
	case st.IsDir():
		if !plainGoDir(abs) {
			return "", "", false
		}
	case strings.HasSuffix(abs, ".go") && !strings.HasSuffix(abs, "_test.go"):
		abs = path.Dir(abs)
	default:
		return "", "", false
	}
	for d := abs; ; d = path.Dir(d) {
		if st, err := os.Stat(path.Join(d, "go.mod")); err == nil && !st.IsDir() {
			if d == abs {
				return d, ".", true
			}
			return d, "./" + strings.TrimPrefix(abs, strings.TrimSuffix(d, "/")+"/"), true
		}
		if d == "/" {
			return "", "", false
		}
	}
}

// plainGoDir reports a directory with a Go file (not a test) and no
// subdirectory: the walk of a directory input lists it alone.
func plainGoDir(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	goFile := false
	for _, e := range entries {
		if e.IsDir() {
			return false
		}
		n := e.Name()
		goFile = goFile || !strings.HasPrefix(n, ".") && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go")
	}
	return goFile
}

// goEnvFileSetsArch reports a go env file that may set GOARCH (listLoad
// then leaves loading to packages.Load).
func goEnvFileSetsArch(name string) bool {
	data, err := os.ReadFile(name)
	return err == nil && strings.Contains(string(data), "GOARCH")
}

func exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// lookGo is os/exec's LookPath("go") where PATH holds only absolute
// directories before the go it finds (else false: os/exec's own answer
// may be an error).
func lookGo() (string, bool) {
	for _, dir := range strings.Split(os.Getenv("PATH"), ":") {
		if !path.IsAbs(dir) {
			return "", false
		}
		p := path.Join(dir, "go")
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, true
		}
	}
	return "", false
}

// dedupEnv keeps the last of each key, as os/exec does before it runs a
// command (Take compares the two, so a difference only costs the early
// run).
func dedupEnv(env []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(env))
	for i := len(env) - 1; i >= 0; i-- {
		kv := env[i]
		if strings.IndexByte(kv, 0) >= 0 {
			continue
		}
		k, _, ok := strings.Cut(kv, "=")
		if !ok {
			if kv != "" {
				out = append(out, kv)
			}
			continue
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, kv)
	}
	slices.Reverse(out)
	return out
}
