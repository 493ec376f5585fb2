package golist

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMain runs the test binary as a command when the helper variable
// says so: the package's init has then seen os.Args, as in tscg.
func TestMain(m *testing.M) {
	if os.Getenv("GOLIST_TEST_EARLY") == "1" {
		early.Lock()
		started := early.run != nil
		early.Unlock()
		if started {
			os.Stdout.WriteString("early run started\n")
		}
		Stop()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// module writes a module example.com/m with the files given (name →
// contents) into a new directory and returns it.
func module(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.22\n"
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// absolutePath makes PATH hold only the go command's directory, so that
// lookGo can stand for os/exec's LookPath.
func absolutePath(t *testing.T) {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(goCmd)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", filepath.Dir(abs))
}

func TestGuess(t *testing.T) {
	dir := module(t, map[string]string{
		"a.go":           "package m\n",
		"p/p.go":         "package p\n",
		"p/p_test.go":    "package p\n",
		"p/data.json":    "{}\n",
		"q/q.go":         "package q\n",
		"q/sub/s.go":     "package sub\n",
		"t/only_test.go": "package t\n",
		"cfg/tscg.yaml":  "inputs: [c.go]\n",
		"cfg/c.go":       "package cfg\n",
	})
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "x.go"), []byte("package x\n"), 0o644)
	for _, c := range []struct {
		args         []string
		wd           string
		dir, pattern string // "" when no guess
	}{
		{[]string{"schema", "p", "--type", "T"}, dir, dir, "./p"},
		{[]string{"schema", "--type=T", "./p/p.go"}, dir, dir, "./p"},
		{[]string{"schema", "p.go", "--tool", "x", "--draft", "7"}, filepath.Join(dir, "p"), dir, "./p"},
		{[]string{"schema", "a.go", "--type", "*"}, dir, dir, "."},
		{[]string{"schema", ".", "--type", "T"}, filepath.Join(dir, "p"), dir, "./p"},
		{[]string{"schema", filepath.Join(dir, "p"), "--type", "T"}, outside, dir, "./p"},
		{[]string{"schema", "q", "--type", "T"}, dir, "", ""},                          // a subdirectory: the walk may list more
		{[]string{"schema", "t", "--type", "T"}, dir, "", ""},                          // tests only
		{[]string{"schema", "p/p_test.go", "--type", "T"}, dir, "", ""},                // a test file
		{[]string{"schema", "p/data.json", "--type", "T"}, dir, "", ""},                // not Go
		{[]string{"schema", "./...", "--type", "T"}, dir, "", ""},                      // a pattern
		{[]string{"schema", "p", "q", "--type", "T"}, dir, "", ""},                     // two inputs
		{[]string{"schema", "p", "--config", "x.yaml"}, dir, "", ""},                   // another flag
		{[]string{"build", "p"}, dir, "", ""},                                          // another command
		{[]string{"schema", "c.go", "--type", "T"}, filepath.Join(dir, "cfg"), "", ""}, // a configuration
		{[]string{"schema", "x.go", "--type", "T"}, outside, "", ""},                   // no module
		{[]string{"schema", "missing.go", "--type", "T"}, dir, "", ""},
		{[]string{"schema", "p"}, dir, "", ""},                               // neither --type nor --tool: a usage error
		{[]string{"schema", "p", "--type", "T", "--tool", "x"}, dir, "", ""}, // both
		{[]string{"schema", "p", "--draft=7", "--tool=x"}, dir, dir, "./p"},
	} {
		d, p, ok := guess(c.args, c.wd)
		if ok != (c.dir != "") || d != c.dir || p != c.pattern {
			t.Errorf("guess(%q) in %s = %q, %q, %v; want %q, %q", c.args, c.wd, d, p, ok, c.dir, c.pattern)
		}
	}
	t.Setenv("GOARCH", "arm64")
	if _, _, ok := guess([]string{"schema", "p", "--type", "T"}, dir); ok {
		t.Error("guess with GOARCH set: want none (listLoad does not run go list then)")
	}
}

// TestDedupEnv: the early run's environment is the one os/exec computes
// for the same Env (Start compares them, so a difference would only cost
// the early run; this keeps it from costing it always).
func TestDedupEnv(t *testing.T) {
	env := []string{"A=1", "B=2", "A=3", "junk", "", "C=", "B=4", "GOTOOLCHAIN=auto", "GOTOOLCHAIN=local", "PWD=/x"}
	cmd := exec.Command("go")
	cmd.Env = env
	if got, want := dedupEnv(env), cmd.Environ(); !slices.Equal(got, want) {
		t.Errorf("dedupEnv = %q, os/exec's = %q", got, want)
	}
}

// listOutput runs go list for pattern in dir without an early run.
func listOutput(t *testing.T, dir, pattern string) []byte {
	t.Helper()
	r, err := Start(dir, Env(""), Args([]string{pattern}))
	if err != nil {
		t.Fatal(err)
	}
	if r.Early {
		t.Fatal("an early run where none was started")
	}
	out, _ := io.ReadAll(r.Stdout)
	if !r.Wait() {
		t.Fatalf("go list %s failed", pattern)
	}
	return out
}

// TestEarlyRunTaken: the early run of `schema p --type T` is the run the
// frontend asks for, taken rather than started again, with the output a
// run started then gives.
func TestEarlyRunTaken(t *testing.T) {
	absolutePath(t)
	dir := module(t, map[string]string{"p/p.go": "package p\n\nimport \"time\"\n\ntype T struct{ When time.Time }\n"})
	c, ok := earlyCommand([]string{"schema", "p", "--type", "T"}, dir)
	if !ok {
		t.Fatal("no early command for `schema p --type T`")
	}
	if !startCommand(c) {
		t.Fatal("the early run did not start")
	}
	r, err := Start(dir, Env(""), Args([]string{"./p"}))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Early {
		t.Fatalf("the early run %q in %s was not taken", c.args, c.dir)
	}
	got, _ := io.ReadAll(r.Stdout)
	if !r.Wait() {
		t.Fatal("the early go list failed")
	}
	want := listOutput(t, dir, "./p")
	if !bytes.Equal(got, want) || !bytes.Contains(got, []byte(`"ImportPath": "example.com/m/p"`)) {
		t.Errorf("early run's output differs from a later run's:\n%s\n---\n%s", got, want)
	}
}

// TestEarlyRunStopped: an early run that is not the run asked for (other
// patterns, another toolchain) is killed and waited for, and Stop does
// the same to one nothing took.
func TestEarlyRunStopped(t *testing.T) {
	absolutePath(t)
	dir := module(t, map[string]string{"p/p.go": "package p\n", "q/q.go": "package q\n"})
	start := func() *Run {
		t.Helper()
		c, ok := earlyCommand([]string{"schema", "p", "--type", "T"}, dir)
		if !ok || !startCommand(c) {
			t.Fatal("no early run")
		}
		early.Lock()
		defer early.Unlock()
		return early.run
	}
	for _, c := range []struct {
		name string
		run  func() *Run
	}{
		{"other patterns", func() *Run {
			r, err := Start(dir, Env(""), Args([]string{"./q"}))
			if err != nil {
				t.Fatal(err)
			}
			return r
		}},
		{"another toolchain", func() *Run {
			r, err := Start(dir, Env("auto"), Args([]string{"./p"}))
			if err != nil {
				t.Fatal(err)
			}
			return r
		}},
	} {
		e := start()
		r := c.run()
		if r.Early {
			t.Errorf("%s: the early run was taken", c.name)
		}
		io.Copy(io.Discard, r.Stdout)
		r.Wait()
		if err := e.proc.Signal(os.Kill); err != os.ErrProcessDone {
			t.Errorf("%s: the early run was not waited for (%v)", c.name, err)
		}
	}
	e := start()
	Stop()
	if err := e.proc.Signal(os.Kill); err != os.ErrProcessDone {
		t.Errorf("Stop: the early run was not waited for (%v)", err)
	}
	early.Lock()
	defer early.Unlock()
	if early.run != nil {
		t.Error("Stop left the early run in place")
	}
}

// TestInitStartsEarly: the package's init starts the early run from the
// process's own command line (the test binary run as `schema p --type T`
// in the module).
func TestInitStartsEarly(t *testing.T) {
	absolutePath(t)
	dir := module(t, map[string]string{"p/p.go": "package p\n"})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"schema", "p", "--type", "T"}, "early run started\n"},
		{[]string{"lint", "p"}, ""},
	} {
		cmd := exec.Command(os.Args[0], c.args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOLIST_TEST_EARLY=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", c.args, err, out)
		}
		if string(out) != c.want {
			t.Errorf("%q: %q, want %q", strings.Join(c.args, " "), out, c.want)
		}
	}
}

// TestIdle: the work WhileListing sets is done once, by the next Idle,
// and WhileListing(nil) takes it back.
func TestIdle(t *testing.T) {
	n := 0
	WhileListing(func() { n++ })
	Idle()
	Idle()
	WhileListing(func() { n += 10 })
	WhileListing(nil)
	Idle()
	if n != 1 {
		t.Errorf("the work ran %d times, want once", n)
	}
}
