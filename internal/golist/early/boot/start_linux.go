package boot

import "syscall"

// started is the run init started, until Take hands it over.
var started *Started

func init() {
	args, ok := cmdline()
	if !ok {
		return
	}
	wd, ok := getwd()
	if !ok {
		return
	}
	if c, ok := CommandFor(args, wd); ok {
		started = start(c)
	}
}

// getwd is os.Getwd: $PWD when it names the working directory (a path
// through a symbolic link, as the shell keeps it), else the kernel's.
// tscg's own paths come from os.Getwd, and the early run is taken only
// for the very directory listLoad runs in.
func getwd() (string, bool) {
	var dot syscall.Stat_t
	if syscall.Stat(".", &dot) != nil {
		return "", false
	}
	if pwd, _ := syscall.Getenv("PWD"); isAbs(pwd) {
		var st syscall.Stat_t
		if syscall.Stat(pwd, &st) == nil && st.Dev == dot.Dev && st.Ino == dot.Ino {
			return pwd, true
		}
	}
	wd, err := syscall.Getwd()
	return wd, err == nil
}

// cmdline is the process's arguments after the program name, from
// /proc/self/cmdline (os.Args is set by os's initialiser, later).
func cmdline() ([]string, bool) {
	data, ok := readFile("/proc/self/cmdline")
	if !ok || data == "" {
		return nil, false
	}
	if data[len(data)-1] == 0 {
		data = data[:len(data)-1]
	}
	args := split(data, 0)
	return args[1:], true
}

// start starts c with stdin from /dev/null and its stdout and stderr
// into pipes, as os/exec would (nil if it cannot).
func start(c Command) *Started {
	null, err := syscall.Open("/dev/null", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer syscall.Close(null)
	var out, errp [2]int
	if syscall.Pipe2(out[:], syscall.O_CLOEXEC) != nil {
		return nil
	}
	if syscall.Pipe2(errp[:], syscall.O_CLOEXEC) != nil {
		syscall.Close(out[0])
		syscall.Close(out[1])
		return nil
	}
	pid, err := syscall.ForkExec(c.Path, c.Args, &syscall.ProcAttr{Dir: c.Dir, Env: c.Env, Files: []uintptr{uintptr(null), uintptr(out[1]), uintptr(errp[1])}})
	syscall.Close(out[1])
	syscall.Close(errp[1])
	if err != nil {
		syscall.Close(out[0])
		syscall.Close(errp[0])
		return nil
	}
	syscall.SetNonblock(out[0], true)
	return &Started{Cmd: c, Pid: pid, Stdout: out[0], Stderr: errp[0]}
}
