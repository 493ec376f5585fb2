package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"tscg": func() { os.Exit(Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScript runs the CLI end to end: testdata/script/*.txtar.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       os.Getenv("TSCG_UPDATE") == "1",
		RequireExplicitExec: true,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"exit": exitCmd, "fakemodel": fakeModelCmd, "mcpseq": mcpseqCmd},
		// [pydantic]: python3 can import pydantic, which tools served
		// with Field(...) defaults import at run time.
		Condition: func(cond string) (bool, error) {
			if cond != "pydantic" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			return exec.Command("python3", "-c", "import pydantic").Run() == nil, nil
		},
		Setup: func(env *testscript.Env) error {
			// The Go frontend runs go list: give it the real caches, and
			// keep it offline (the scripts' modules have no dependencies).
			for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT"} {
				env.Setenv(k, goEnv(k))
			}
			root, err := filepath.Abs("../..")
			if err != nil {
				return err
			}
			env.Setenv("TSCG_ROOT", root)
			env.Setenv("GOPROXY", "off")
			env.Setenv("GOFLAGS", "-mod=mod")
			return nil
		},
	})
}

// exitCmd is the scripts' "exit N prog args...": it runs prog like exec
// and asserts its exit status is exactly N (! exec only says "not 0";
// the contract gives 1, 2 and 3 different meanings).
func exitCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exit N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exit: status %q is not a number", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exit: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// goEnv reads a go env variable, so scripts share the test's caches.
func goEnv(key string) string {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// TestScriptsAssertExitCodes keeps every failing tscg call in the
// scripts asserting its exact status (exit N), not just "not 0".
func TestScriptsAssertExitCodes(t *testing.T) {
	files, err := filepath.Glob("testdata/script/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts (%v)", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		script, _, _ := strings.Cut(string(data), "\n-- ")
		for i, line := range strings.Split(script, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "! exec tscg") {
				t.Errorf("%s:%d: %q: write exit N tscg ... with the status the contract gives", f, i+1, line)
			}
		}
	}
}
