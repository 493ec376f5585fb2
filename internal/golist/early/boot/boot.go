// Package boot reads, as tscg's process starts, which go list run the Go
// frontend will ask for, and on Linux starts it (internal/golist/early
// takes it over). It imports only syscall (and what syscall imports), so
// that its initialiser runs right after syscall's, about 1 ms into the
// process, before the initialisers of the ~180 packages tscg links: the
// Go spec runs a package's initialiser once those of all its imports have
// run, taking the ready packages in import-path order, and a package that
// imports os or strings waits behind every ready package whose path sorts
// before theirs (TestBootImports, TestBootInitOrder). Hence the small
// string and path helpers below in place of the standard library's.
package boot

import "syscall"

// Fields are the fields of go list's JSON that the Go frontend reads:
// those packages.Load asks for less the lists of files it does not
// read (ignored, C, assembly, SWIG and object files), a third of the
// output. The go command's work is the same (the flags decide it), so
// is its build cache.
const Fields = "Name,ImportPath,Error,Dir,GoFiles,CgoFiles,CompiledGoFiles,DepOnly,Imports,ImportMap,Export,Module"

// Args is the go command's arguments (after "go") for the listing of
// patterns: packages.Load's main go list, with export data.
func Args(patterns []string) []string {
	return append([]string{"list", "-e", "-json=" + Fields, "-compiled=true", "-test=false", "-export=true",
		"-deps=true", "-find=false", "-buildvcs=false", "-pgo=off", "--"}, patterns...)
}

// Env is the go command's environment: the process's own with
// GOTOOLCHAIN set (last wins) to toolchain, "local" by default, so that
// loading never downloads and runs a toolchain a go.mod asks for.
func Env(toolchain string) []string {
	if toolchain == "" {
		toolchain = "local"
	}
	return append(syscall.Environ(), "GOTOOLCHAIN="+toolchain)
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

// Equal reports whether c and d are the same run.
func (c Command) Equal(d Command) bool {
	return c.Path == d.Path && c.Dir == d.Dir && equal(c.Args, d.Args) && equal(c.Env, d.Env)
}

// DedupEnv keeps the last of each key, as os/exec does before it runs a
// command (early.Take compares the two, so a difference only costs the
// early run).
func DedupEnv(env []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(env))
	for i := len(env) - 1; i >= 0; i-- {
		kv := env[i]
		if index(kv, 0) >= 0 {
			continue
		}
		eq := index(kv, '=')
		if eq < 0 {
			if kv != "" {
				out = append(out, kv)
			}
			continue
		}
		if k := kv[:eq]; !seen[k] {
			seen[k] = true
			out = append(out, kv)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// The string and slash-separated path helpers (strings' and path's,
// which this package may not import).

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }
func hasSuffix(s, p string) bool { return len(s) >= len(p) && s[len(s)-len(p):] == p }

func index(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// split is strings.Split(s, string(sep)).
func split(s string, sep byte) []string {
	var out []string
	for {
		i := index(s, sep)
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i])
		s = s[i+1:]
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A Started is the go list run init started: its process and the read
// ends of its stdout and stderr pipes (the stdout one non-blocking). Only
// on Linux (start_linux.go); elsewhere internal/golist/early starts it
// from its own initialiser.
type Started struct {
	Cmd            Command
	Pid            int
	Stdout, Stderr int
}

// Take hands over the run init started (nil if none), once.
func Take() *Started {
	s := started
	started = nil
	return s
}
