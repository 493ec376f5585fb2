package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestRegisteredNames: the name a command is registered under is the one
// cobra finds it by, and no two commands share one, so commandFor builds
// the command that args name and no other.
func TestRegisteredNames(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands {
		if got := c.build(&env{}).Name(); got != c.name {
			t.Errorf("command registered as %q is named %q", c.name, got)
		}
		if seen[c.name] {
			t.Errorf("command %q registered twice", c.name)
		}
		seen[c.name] = true
	}
	if len(seen) != len(commands) || !seen["schema"] || !seen["build"] || !seen["lint"] {
		t.Errorf("registered commands %v", seen)
	}
}

// TestCommandForSameOutput: a command run in the tree commandFor builds
// (the root and that command alone) prints what it prints in the whole
// tree, for its help and for usage errors, with the same exit code.
func TestCommandForSameOutput(t *testing.T) {
	for _, c := range commands {
		for _, args := range [][]string{{c.name, "--help"}, {c.name, "--no-such-flag"}, {c.name, "--version"}, {c.name, "help"}} {
			lazy, lazyCode := runTree(t, args, func(e *env) *cobra.Command { return e.commandFor(args) })
			whole, wholeCode := runTree(t, args, (*env).rootCommand)
			if lazy != whole || lazyCode != wholeCode {
				t.Errorf("%v: alone exit %d:\n%s\nin the whole tree exit %d:\n%s", args, lazyCode, lazy, wholeCode, whole)
			}
		}
	}
	if n := len(commandFor(t, []string{"schema", "x.ts"}).Commands()); n != 1 {
		t.Errorf("schema's tree holds %d commands, want 1", n)
	}
	for _, args := range [][]string{nil, {"help", "schema"}, {"--config", "x", "lint"}, {"nosuchcommand"}} {
		if n := len(commandFor(t, args).Commands()); n < len(commands) {
			t.Errorf("%q: tree holds %d commands, want all %d", args, n, len(commands))
		}
	}
}

func commandFor(t *testing.T, args []string) *cobra.Command {
	t.Helper()
	return (&env{}).commandFor(args)
}

// runTree runs args in the tree tree builds, as Run does, and returns
// what it printed and its exit code.
func runTree(t *testing.T, args []string, tree func(*env) *cobra.Command) (string, int) {
	t.Helper()
	var out bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &out}
	root := tree(e)
	root.SetArgs(args)
	root.SetIn(e.stdin)
	root.SetOut(&out)
	root.SetErr(&out)
	code := e.report(root.Execute())
	return out.String(), code
}
