package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tscg/tscg/compiler"
	"github.com/tscg/tscg/compiler/diag"
	"github.com/tscg/tscg/compiler/ir"
	"github.com/tscg/tscg/compiler/jsonschema"
)

func (e *env) schemaCommand() *cobra.Command {
	var typeName, toolName, draft string
	cmd := &cobra.Command{
		Use:   "schema <path> (--type <Name> | --type '*' | --tool <name>)",
		Short: "Print the JSON Schema of one named type or one tool's input",
		Long: `schema compiles <path> and prints one JSON Schema: --type Name for a named type,
--tool name for a tool's input schema, or --type '*' for one object mapping every exported
type name (for JSON inputs: every tool name) to its schema.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if (typeName == "") == (toolName == "") {
				return usageErr("schema needs exactly one of --type or --tool")
			}
			cfg, opts, err := e.schemaConfig(cmd, draft)
			if err != nil {
				return err
			}
			// Only the selected type or tool and what it references must
			// compile; --type '*' selects every exported type, so any
			// error fails it (a map silently missing a type would be
			// wrong, and ts-json-schema-generator fails the same way).
			sel := &compiler.Selection{Tools: []string{toolName}}
			switch typeName {
			case "*":
				sel = &compiler.Selection{Types: []string{"*"}, Tools: []string{"*"}}
			case "":
			default:
				sel = &compiler.Selection{Types: []string{typeName}}
			}
			c, err := e.compileWith(cfg, args, "", sel, false)
			if err != nil {
				return err
			}
			e.printWarnings(c)
			if typeName == "*" {
				for _, u := range c.catalog.Unconverted {
					if u.Exported {
						fmt.Fprintf(e.stderr, "%s: warning: type %s has no JSON Schema, so --type '*' leaves it out: %s\n", u.Pos, u.Name, u.Why)
					}
				}
				return writeSchemaMap(e.stdout, c.catalog, opts)
			}
			out, err := renderSchema(c.catalog, typeName, toolName, opts)
			if err != nil {
				return err
			}
			_, err = e.stdout.Write(out)
			return err
		},
	}
	cmd.Flags().StringVar(&typeName, "type", "", "named type to print (`NAME`), or '*' for all exported types")
	cmd.Flags().StringVar(&toolName, "tool", "", "tool (`NAME`) whose input schema to print")
	cmd.Flags().StringVar(&draft, "draft", "", "JSON Schema `DRAFT`: 2020-12 (default) or 7")
	return cmd
}

// writeSchemaMap streams `--type '*'`: one object of every exported type,
// or of every tool's input when the inputs declare no types (JSON
// catalogs). Large catalogs make megabytes of output, which go out in
// pieces instead of being held whole; an error partway (a failed write,
// or an IR the renderer cannot handle) leaves the output cut short.
func writeSchemaMap(w io.Writer, cat *ir.Catalog, opts jsonschema.Options) error {
	exported := exportedTypes(cat)
	if len(exported) == 0 && len(cat.Tools) > 0 {
		return jsonschema.WriteToolMap(w, cat.Tools, opts)
	}
	return jsonschema.WriteNamedMap(w, exported, opts)
}

func renderSchema(cat *ir.Catalog, typeName, toolName string, opts jsonschema.Options) ([]byte, error) {
	switch {
	case typeName != "":
		n := cat.Type(typeName)
		if u := cat.UnconvertedType(typeName); n == nil && u != nil {
			return nil, inputErr(diag.List{{Pos: u.Pos, Severity: diag.Error, Message: fmt.Sprintf("type %s has no JSON Schema: %s", u.Name, u.Why)}})
		}
		if n == nil {
			names := make([]string, 0, len(cat.Types))
			for _, t := range exportedTypes(cat) {
				names = append(names, t.Name)
			}
			return nil, usageErr("no type named %q%s", typeName, known(names))
		}
		return jsonschema.Named(n, opts)
	default:
		t := cat.Tool(toolName)
		if t == nil {
			names := make([]string, 0, len(cat.Tools))
			for _, t := range cat.Tools {
				names = append(names, t.Name)
			}
			return nil, usageErr("no tool named %q%s", toolName, known(names))
		}
		return jsonschema.Type(t.Params, opts)
	}
}

func exportedTypes(cat *ir.Catalog) []*ir.Named {
	var out []*ir.Named
	for _, n := range cat.Types {
		if n.Exported {
			out = append(out, n)
		}
	}
	return out
}

// known lists candidate names for an error message, shortened when long.
func known(names []string) string {
	if len(names) == 0 {
		return " (the input defines none)"
	}
	sort.Strings(names)
	if len(names) > 20 {
		names = append(names[:20], "…")
	}
	return "; known: " + strings.Join(names, ", ")
}
