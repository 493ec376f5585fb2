package cli

import (
	"os"
	"os/exec"
	"path/filepath"
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

// goEnv reads a go env variable, so scripts share the test's caches.
func goEnv(key string) string {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
