package cli

import (
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/frontends/python"
	"github.com/tscg/tscg/internal/inputfile"
)

func init() { register("py-outline", (*env).pyOutlineCommand) }

func (e *env) pyOutlineCommand() *cobra.Command {
	return &cobra.Command{
		Use:    "py-outline <file.py>",
		Hidden: true, // a debugging aid (CONTRACT: may be hidden from help)
		Short:  "Print the top-level functions of a Python file as JSON",
		Long: `py-outline parses a Python file with tscg's own parser (no Python needed) and prints
{"functions": [{"name", "line", "async", "params": [{"name", "kind", "annotation", "default"}],
"returns", "docstring"}]} for the module's top-level functions, in source order. Docstrings are
cleaned as inspect.cleandoc does; annotations and defaults are source text.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			src, err := inputfile.Read(args[0])
			if err != nil {
				return inputErr(diag.List{diag.Errorf(diag.Pos{File: args[0]}, "cannot read: %v", err)})
			}
			out, ds := python.Outline(args[0], src)
			if ds.HasErrors() {
				return inputErr(ds)
			}
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			return enc.Encode(out)
		},
	}
}
