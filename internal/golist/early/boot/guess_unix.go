//go:build unix

package boot

import (
	"runtime"
	"syscall"
)

// CommandFor is the go list run the Go frontend will ask for, as os/exec
// would run it, for the tscg command line args (without the program
// name) run in wd, when Guess reads it.
func CommandFor(args []string, wd string) (Command, bool) {
	dir, pattern, ok := Guess(args, wd)
	if !ok {
		return Command{}, false
	}
	goPath, ok := lookGo()
	if !ok {
		return Command{}, false
	}
	return Command{Path: goPath, Args: append([]string{"go"}, Args([]string{pattern})...), Dir: dir,
		Env: DedupEnv(append(Env(""), "PWD="+dir))}, true
}

// Guess reads `schema <input> (--type T | --tool T) [--draft D]` (flags
// with their value as the next word or after "=", in any order) where
// <input> is a Go file, or a directory holding Go files and no
// subdirectory, in a module, with no tscg.yaml or tscg.yml from wd up:
// the directory of the go list run (the module's root) and its pattern,
// as tscg's own path from the command line to listLoad makes them.
// Anything else (another command or flag, several inputs, a
// configuration that may set the go command's toolchain, GOARCH, GOENV
// or GOPACKAGESDRIVER set: listLoad does not run go list then) is no
// guess.
func Guess(args []string, wd string) (dir, pattern string, ok bool) {
	if len(args) < 2 || args[0] != "schema" || !isAbs(wd) {
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
		case hasPrefix(a, "--type=") || hasPrefix(a, "--tool="):
			selectors++
		case hasPrefix(a, "--draft="):
		case hasPrefix(a, "-") || input != "":
			return "", "", false
		default:
			input = a
		}
	}
	// The command itself wants exactly one of --type and --tool.
	if input == "" || selectors != 1 || hasSuffix(input, "...") {
		return "", "", false
	}
	// The input first: most schema commands name a file of another
	// language, and one stat says so.
	wd = clean(wd)
	abs := input
	if !isAbs(abs) {
		abs = join(wd, abs)
	}
	abs = clean(abs)
	var st syscall.Stat_t
	switch {
	case syscall.Stat(abs, &st) != nil:
		return "", "", false
	case st.Mode&syscall.S_IFMT == syscall.S_IFDIR:
		if !plainGoDir(abs) {
			return "", "", false
		}
	case hasSuffix(abs, ".go") && !hasSuffix(abs, "_test.go"):
		abs = dirOf(abs)
	default:
		return "", "", false
	}
	for _, kv := range syscall.Environ() {
		for _, k := range []string{"GOPACKAGESDRIVER=", "GOARCH=", "GOENV="} {
			if hasPrefix(kv, k) {
				return "", "", false
			}
		}
	}
	if cfg, ok := userConfigDir(); !ok || goEnvFileSetsArch(cfg+"/go/env") {
		return "", "", false
	}
	for d := wd; ; d = dirOf(d) {
		if exists(join(d, "tscg.yaml")) || exists(join(d, "tscg.yml")) {
			return "", "", false
		}
		if d == "/" {
			break
		}
	}
	for d := abs; ; d = dirOf(d) {
		if syscall.Stat(join(d, "go.mod"), &st) == nil && st.Mode&syscall.S_IFMT != syscall.S_IFDIR {
			if d == abs {
				return d, ".", true
			}
			prefix := d
			if prefix != "/" {
				prefix += "/"
			}
			return d, "./" + abs[len(prefix):], true
		}
		if d == "/" {
			return "", "", false
		}
	}
}

// userConfigDir is os.UserConfigDir.
func userConfigDir() (string, bool) {
	switch runtime.GOOS {
	case "darwin", "ios":
		home, _ := syscall.Getenv("HOME")
		return home + "/Library/Application Support", home != ""
	}
	if dir, _ := syscall.Getenv("XDG_CONFIG_HOME"); dir != "" {
		return dir, isAbs(dir)
	}
	home, _ := syscall.Getenv("HOME")
	return home + "/.config", home != ""
}

// goEnvFileSetsArch reports a go env file that may set GOARCH (listLoad
// then leaves loading to packages.Load).
func goEnvFileSetsArch(name string) bool {
	data, ok := readFile(name)
	return ok && contains(data, "GOARCH")
}

// readFile reads a whole file (up to 1 MiB: a go env file).
func readFile(name string) (string, bool) {
	fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return "", false
	}
	defer syscall.Close(fd)
	var out []byte
	buf := make([]byte, 4096)
	for len(out) < 1<<20 {
		n, err := syscall.Read(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return "", false
		}
		if n == 0 {
			break
		}
		out = append(out, buf[:n]...)
	}
	return string(out), true
}

func exists(name string) bool {
	var st syscall.Stat_t
	return syscall.Stat(name, &st) == nil
}

// lookGo is os/exec's LookPath("go") where PATH holds only absolute
// directories before the go it finds (else false: os/exec's own answer
// may be an error).
func lookGo() (string, bool) {
	path, _ := syscall.Getenv("PATH")
	for _, dir := range split(path, ':') {
		if !isAbs(dir) {
			return "", false
		}
		p := join(dir, "go")
		var st syscall.Stat_t
		if syscall.Stat(p, &st) == nil && st.Mode&syscall.S_IFMT != syscall.S_IFDIR && st.Mode&0o111 != 0 {
			return p, true
		}
	}
	return "", false
}

func isAbs(p string) bool { return hasPrefix(p, "/") }

// clean is path.Clean for an absolute path: "." elements dropped, ".."
// taking the element before it (none above the root), one slash between
// elements, none at the end but the root's.
func clean(p string) string {
	var elems []string
	for _, e := range split(p, '/') {
		switch e {
		case "", ".":
		case "..":
			if len(elems) > 0 {
				elems = elems[:len(elems)-1]
			}
		default:
			elems = append(elems, e)
		}
	}
	out := ""
	for _, e := range elems {
		out += "/" + e
	}
	if out == "" {
		return "/"
	}
	return out
}

// join is path.Join(dir, name) for an absolute dir.
func join(dir, name string) string { return clean(dir + "/" + name) }

// dirOf is path.Dir of a clean absolute path.
func dirOf(p string) string {
	i := len(p) - 1
	for i > 0 && p[i] != '/' {
		i--
	}
	if i == 0 {
		return "/"
	}
	return p[:i]
}

// plainGoDir reports a directory with a Go file (not a test) and no
// subdirectory: the walk of a directory input lists it alone. (A link is
// not a subdirectory, as os.ReadDir's entries say.)
func plainGoDir(dir string) bool {
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	defer syscall.Close(fd)
	var names []string
	buf := make([]byte, 8192)
	for {
		n, err := syscall.ReadDirent(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return false
		}
		if n <= 0 {
			break
		}
		_, _, names = syscall.ParseDirent(buf[:n], -1, names)
	}
	goFile := false
	for _, name := range names {
		var st syscall.Stat_t
		if syscall.Lstat(dir+"/"+name, &st) != nil {
			return false
		}
		if st.Mode&syscall.S_IFMT == syscall.S_IFDIR {
			return false
		}
		goFile = goFile || !hasPrefix(name, ".") && hasSuffix(name, ".go") && !hasSuffix(name, "_test.go")
	}
	return goFile
}
