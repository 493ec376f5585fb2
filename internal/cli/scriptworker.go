package cli

import (
	"github.com/spf13/cobra"

	"github.com/tscg/tscg/runtime/script"
)

// ScriptWorkerCommand is the hidden subcommand serve's script pool runs:
// one process per worker, serving scripts on stdin/stdout.
const ScriptWorkerCommand = "__script-worker"

func init() {
	register(func(e *env) *cobra.Command {
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
