package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/internal/version"
)

func init() { register("version", (*env).versionCommand) }

// versionCommand prints the version on one line, as tscg --version does.
func (e *env) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print tscg's version",
		Long: `version prints one line: tscg, its module version (a release tag, a pseudo-version for
a build from a checkout, or (devel)), and the Go toolchain and platform it was built with.
The same line is what tscg --version prints. Generated Go code names the module version
in its header.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintln(e.stdout, version.Line())
			return err
		},
	}
}
