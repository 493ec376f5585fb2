package golist

import (
	"io"
	"os"
	"path"
	"runtime"
	"strings"
)

// This package imports only packages that the Go runtime initialises
// first (os and what it needs), so that its init runs ~1 ms into the
// process, before the ~180 packages tscg links (the Go spec initialises
// packages in import-path order as soon as their imports are); it must
// stay so, and must not import path/filepath or os/exec here (both are
// initialised late).
func init() {
	startEarly(os.Args[1:])
}

// startEarly starts the go list that `tscg schema <input>` will ask for,
// when the command line names it plainly (guess). Nothing is reported
// here: a guess that does not work out is no early run, and the command
// then does what it always does.
func startEarly(args []string) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		return // PWD and the path rules below are Unix's
	}
	wd, err := os.Getwd()
	if err != nil {
		return
	}
	if c, ok := earlyCommand(args, wd); ok {
		startCommand(c)
	}
}

// earlyCommand is the go list run the Go frontend will ask for, as
// os/exec would run it, when guess knows it.
func earlyCommand(args []string, wd string) (command, bool) {
	dir, pattern, ok := guess(args, wd)
	if !ok {
		return command{}, false
	}
	goPath, ok := lookGo()
	if !ok {
		return command{}, false
	}
	return command{path: goPath, args: append([]string{"go"}, Args([]string{pattern})...), dir: dir,
		env: dedupEnv(append(Env(""), "PWD="+dir))}, true
}

// startCommand starts c as the early run.
func startCommand(c command) bool {
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
	proc, err := os.StartProcess(c.path, c.args, &os.ProcAttr{Dir: c.dir, Env: c.env, Files: []*os.File{null, outW, errW}})
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return false
	}
	r := &Run{Stdout: outR, Early: true, proc: proc, errc: make(chan []byte, 1), closer: outR}
	go func() {
		b, _ := io.ReadAll(errR)
		errR.Close()
		r.errc <- b
	}()
	early.Lock()
	early.cmd, early.run = c, r
	early.Unlock()
	return true
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
	if len(args) < 2 || args[0] != "schema" {
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
	for d := wd; ; d = path.Dir(d) {
		if exists(path.Join(d, "tscg.yaml")) || exists(path.Join(d, "tscg.yml")) {
			return "", "", false
		}
		if d == "/" || d == "." {
			break
		}
	}
	abs := input
	if !path.IsAbs(abs) {
		abs = path.Join(wd, abs)
	}
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
// command (Start compares the two, so a difference only costs the early
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
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
