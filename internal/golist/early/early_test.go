package early

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/golist/early/boot"
	"github.com/tscg/tscg/internal/testfiles"
)

// guess and dedupEnv are boot's, which this package's early run uses.
var (
	guess    = boot.Guess
	dedupEnv = boot.DedupEnv
)

// module writes a module example.com/m with the files given (name →
// contents) into a new directory and returns it.
func module(t testing.TB, files map[string]string) string {
	t.Helper()
	files["go.mod"] = "module example.com/m\n\ngo 1.22\n"
	return testfiles.Tree(t, files)
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

// asked is the command internal/golist runs for patterns in dir with the
// toolchain, as os/exec would run it.
func asked(dir, toolchain string, patterns ...string) (Command, bool) {
	cmd := exec.Command("go", boot.Args(patterns)...)
	cmd.Dir = dir
	cmd.Env = append(boot.Env(toolchain), "PWD="+dir)
	return Command{Path: cmd.Path, Args: cmd.Args, Dir: dir, Env: cmd.Environ()}, cmd.Err == nil
}

// TestTake: the early run of `schema p --type T` is the command asked
// for ./p and is taken; one for other patterns or another toolchain is
// not, and is killed and waited for, as Stop does to one nothing took.
func TestTake(t *testing.T) {
	absolutePath(t)
	dir := module(t, map[string]string{"p/p.go": "package p\n", "q/q.go": "package q\n"})
	start := func() *os.Process {
		t.Helper()
		if !StartFor([]string{"schema", "p", "--type", "T"}, dir) {
			t.Fatal("no early run")
		}
		early.Lock()
		defer early.Unlock()
		return early.run.Proc
	}
	proc := start()
	want, ok := asked(dir, "", "./p")
	r, taken := Take(want, ok)
	if !taken || r.Proc != proc {
		t.Fatal("the early run of ./p was not taken for ./p")
	}
	r.stop()
	for _, c := range []struct {
		name      string
		toolchain string
		pattern   string
	}{{"other patterns", "", "./q"}, {"another toolchain", "auto", "./p"}} {
		proc := start()
		want, ok := asked(dir, c.toolchain, c.pattern)
		if _, taken := Take(want, ok); taken {
			t.Errorf("%s: the early run was taken", c.name)
		}
		if err := proc.Signal(os.Kill); err != os.ErrProcessDone {
			t.Errorf("%s: the early run was not waited for (%v)", c.name, err)
		}
		if Pending() {
			t.Errorf("%s: an early run is left", c.name)
		}
	}
	proc = start()
	Stop()
	if err := proc.Signal(os.Kill); err != os.ErrProcessDone {
		t.Errorf("Stop: the early run was not waited for (%v)", err)
	}
	if Pending() {
		t.Error("Stop left the early run in place")
	}
}

// TestEarlyImports: the package depends on nothing os does not, but
// boot, so that its initialiser, which takes boot's run over, runs right
// after os's, before those of tscg's other packages (see the package
// comment); boot depends on nothing syscall does not.
func TestEarlyImports(t *testing.T) {
	const bootPath = "github.com/tscg/tscg/internal/golist/early/boot"
	deps := func(pkg string) []string {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg).Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.Fields(string(out))
	}
	beyond := func(pkg, base string) []string {
		baseDeps := deps(base)
		var extra []string
		for _, d := range deps(pkg) {
			if !slices.Contains(baseDeps, d) {
				extra = append(extra, d)
			}
		}
		return extra
	}
	if extra := beyond(".", "os"); !slices.Equal(extra, []string{bootPath, "github.com/tscg/tscg/internal/golist/early"}) {
		t.Errorf("the package depends on %v beyond os: want only boot", extra)
	}
	if extra := beyond(bootPath, "syscall"); !slices.Equal(extra, []string{bootPath}) {
		t.Errorf("boot depends on %v beyond syscall", extra)
	}
}

// FuzzGuess: any command line, read in a module, is no guess or one
// that names the schema command, a directory holding go.mod at or above
// the input, and a pattern inside it; never a panic.
func FuzzGuess(f *testing.F) {
	dir := module(f, map[string]string{"a.go": "package m\n", "p/p.go": "package p\n", "p/x_test.go": "package p\n"})
	for _, s := range []string{"schema p --type T", "schema --type=T ./p/p.go", "schema a.go --tool x --draft 7",
		"schema ../p --type T", "schema . --type", "build p", "schema p/x_test.go --type T", "schema --tool= --type= p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		d, p, ok := guess(args, dir)
		if !ok {
			if d != "" || p != "" {
				t.Fatalf("guess(%q): no guess, yet %q, %q", args, d, p)
			}
			return
		}
		if args[0] != "schema" {
			t.Fatalf("guess(%q): a guess for another command", args)
		}
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err != nil {
			t.Fatalf("guess(%q): dir %q holds no go.mod", args, d)
		}
		if p != "." && (!strings.HasPrefix(p, "./") || slices.Contains(strings.Split(p, "/"), "..")) {
			t.Fatalf("guess(%q): pattern %q leaves the module", args, p)
		}
	})
}
