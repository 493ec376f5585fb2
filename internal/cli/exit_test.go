package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestPanicIsInternalError checks that a crash anywhere below Run becomes
// exit code 3 with a message, never a dead process.
func TestPanicIsInternalError(t *testing.T) {
	saved := commands
	defer func() { commands = saved }()
	register("boom", func(e *env) *cobra.Command {
		return &cobra.Command{Use: "boom", Hidden: true, RunE: func(*cobra.Command, []string) error { panic("kaboom") }}
	})
	var out, errOut bytes.Buffer
	if code := Run([]string{"boom"}, strings.NewReader(""), &out, &errOut); code != ExitInternal {
		t.Fatalf("exit %d, want %d", code, ExitInternal)
	}
	if !strings.Contains(errOut.String(), "internal error: kaboom") {
		t.Errorf("stderr = %q", errOut.String())
	}
}

func TestUsageErrorsExit2(t *testing.T) {
	for _, args := range [][]string{{"nosuchcommand"}, {"build", "--nosuchflag"}, {"schema"}} {
		var out, errOut bytes.Buffer
		if code := Run(args, strings.NewReader(""), &out, &errOut); code != ExitInput {
			t.Errorf("%v: exit %d, want %d (stderr %q)", args, code, ExitInput, errOut.String())
		}
	}
}
