package cli

import (
	"os"
	"os/exec"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/runtime/script"
)

// ScriptWorkerCommand is the hidden subcommand serve's script pool runs:
// one process per worker, serving scripts on stdin/stdout.
const ScriptWorkerCommand = "__script-worker"

func init() {
	register(ScriptWorkerCommand, func(e *env) *cobra.Command {
		return &cobra.Command{
			Use:    ScriptWorkerCommand,
			Short:  "Run tool_call_scripts for tscg serve (internal)",
			Hidden: true,
			Args:   cobra.NoArgs,
			RunE: func(*cobra.Command, []string) error {
				if err := script.ServeWorker(e.stdin, e.stdout); err != nil {
					return &exitError{code: ExitInternal, err: err}
				}
				return nil
			},
		}
	})
}

// scriptWorker is the command line of one script worker: this program
// running ScriptWorkerCommand. The program is found by the name it was
// started under (a multi-call binary, like testscript's tscg, tells its
// commands apart by it), else by os.Executable.
func scriptWorker() ([]string, error) {
	if p, err := exec.LookPath(os.Args[0]); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			return []string{abs, ScriptWorkerCommand}, nil
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return []string{exe, ScriptWorkerCommand}, nil
}
