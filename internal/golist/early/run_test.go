package early_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/tscg/tscg/internal/golist"
	"github.com/tscg/tscg/internal/golist/early"
)

// TestMain runs the test binary as a command when the helper variable
// says so: early's init has then seen os.Args, as in tscg.
func TestMain(m *testing.M) {
	switch os.Getenv("GOLIST_TEST_EARLY") {
	case "1":
		if early.Pending() {
			os.Stdout.WriteString("early run started\n")
		}
		early.Stop()
		os.Exit(0)
	case "take":
		// As the frontend asks: go list of ./p from the module root,
		// found from os.Getwd.
		wd, _ := os.Getwd()
		r, err := golist.Start(wd, golist.Env(""), golist.Args([]string{"./p"}))
		if err == nil && r.Early {
			io.Copy(io.Discard, r.Stdout)
			r.Wait()
			os.Stdout.WriteString("early run taken\n")
		}
		early.Stop()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// listOutput runs go list for pattern in dir without an early run.
func listOutput(t *testing.T, dir, pattern string) []byte {
	t.Helper()
	r, err := golist.Start(dir, golist.Env(""), golist.Args([]string{pattern}))
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
	early.AbsolutePath(t)
	dir := early.Module(t, map[string]string{"p/p.go": "package p\n\nimport \"time\"\n\ntype T struct{ When time.Time }\n"})
	if !early.StartFor([]string{"schema", "p", "--type", "T"}, dir) {
		t.Fatal("no early run for `schema p --type T`")
	}
	r, err := golist.Start(dir, golist.Env(""), golist.Args([]string{"./p"}))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Early {
		t.Fatalf("the early run in %s was not taken", dir)
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

// TestInitStartsEarly: early's init starts the early run from the
// process's own command line (the test binary run as `schema p --type T`
// in the module).
func TestInitStartsEarly(t *testing.T) {
	early.AbsolutePath(t)
	dir := early.Module(t, map[string]string{"p/p.go": "package p\n"})
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

// TestBootInitOrder: on Linux the early run starts from boot's
// initialiser, which runs before os's (and so before those of tscg's
// other packages): its imports are syscall's, whose initialiser runs
// ~1 ms into the process.
func TestBootInitOrder(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("boot starts the early run on Linux only")
	}
	early.AbsolutePath(t)
	dir := early.Module(t, map[string]string{"p/p.go": "package p\n"})
	cmd := exec.Command(os.Args[0], "schema", "p", "--type", "T")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLIST_TEST_EARLY=1", "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || string(out) != "early run started\n" {
		t.Fatalf("%v: %q", err, out)
	}
	var order []string
	for _, line := range strings.Split(stderr.String(), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			order = append(order, f[1])
		}
	}
	b, o := slices.Index(order, "github.com/tscg/tscg/internal/golist/early/boot"), slices.Index(order, "os")
	if b < 0 || o < 0 || b > o {
		t.Errorf("boot's initialiser is %dth, os's %dth of %v: want boot's first", b, o, order)
	}
}

// TestInitStartsEarlyThroughLink: run from a directory reached through a
// symbolic link (the shell's $PWD names the link), the early run is the
// one the frontend asks for and is taken, as os.Getwd names the directory.
func TestInitStartsEarlyThroughLink(t *testing.T) {
	early.AbsolutePath(t)
	dir := early.Module(t, map[string]string{"p/p.go": "package p\n"})
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	cmd := exec.Command(os.Args[0], "schema", "p", "--type", "T")
	cmd.Dir = link
	cmd.Env = append(os.Environ(), "GOLIST_TEST_EARLY=take", "PWD="+link)
	out, err := cmd.CombinedOutput()
	if err != nil || string(out) != "early run taken\n" {
		t.Errorf("%v: %q, want the early run taken", err, out)
	}
}
